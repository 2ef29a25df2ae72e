"""Variant Sudoku on the variant engine, against the rules checked directly and brute force
(tests/variant_reference.py) on small grids, and the errors of malformed rules."""

import itertools
import random

import pytest
from hypothesis import given, settings, strategies as st

import fastsudoku as fs
from fastsudoku.variants import (
    XV,
    AntiKing,
    AntiKnight,
    AntiTaxicab,
    Arrow,
    Between,
    Cage,
    Candidates,
    Contains,
    CountingCircles,
    Diagonals,
    Entropic,
    EqualityCage,
    Even,
    HiddenSkyscraper,
    Indexing,
    Kropki,
    Lockout,
    Lunchbox,
    Modular,
    NonConsecutive,
    NoOtherDots,
    NoOtherXV,
    NumberedRoom,
    Odd,
    Palindrome,
    Region,
    RegionSumLine,
    Relation,
    RellikCage,
    Renban,
    Sandwich,
    Skyscraper,
    Sum,
    SumLine,
    Thermo,
    Variant,
    VariantError,
    Whisper,
    XSum,
    Zipper,
    from_iss,
    from_json,
    to_iss,
    to_json,
)
from variant_reference import brute_count, check_variant

SOLUTION9 = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"


def _values(text):
    return [0 if ch in ".0" else int(ch) for ch in text]


def _check(variant, n, box=(3, 3), regions=None, limit=None):
    """solve() keeps every rule and count_solutions() agrees with brute force."""
    givens = _values(variant.givens)
    expected = brute_count(n, box, regions, list(variant.constraints), givens, limit)
    assert fs.count_solutions(variant, limit=limit) == expected
    out = fs.solve(variant)
    if expected == 0:
        assert out is None
    else:
        check_variant(n, box, regions, list(variant.constraints), givens, _values(out))
    return expected


def _check_or_refused(variant, n, box, limit=None):
    """_check, or, for random givens that repeat in a house (a random Region), the
    VariantError saying so -- and the reference agreeing that no grid keeps them."""
    try:
        variant.model()
    except VariantError as e:
        assert "repeat" in str(e)
        givens = _values(variant.givens)
        assert brute_count(n, box, None, list(variant.constraints), givens, 1) == 0
    else:
        _check(variant, n, box=box, limit=limit)


# -- each constraint type on a 9x9 grid made from a known solution -----------------------


def _cage_cells(rng, start, size):
    cells = [start]
    while len(cells) < size:
        r, c = rng.choice(cells)
        dr, dc = rng.choice([(0, 1), (1, 0), (0, -1), (-1, 0)])
        nxt = (r + dr, c + dc)
        if 0 <= nxt[0] < 9 and 0 <= nxt[1] < 9 and nxt not in cells:
            cells.append(nxt)
    return cells


def _digit(rc):
    return int(SOLUTION9[rc[0] * 9 + rc[1]])


def test_killer_made_from_a_solution_is_solved_to_it():
    """Cages tiling the grid with the solution's totals (and no givens) lead back to a
    grid that keeps every cage; with a few givens it is the solution itself."""
    rng = random.Random(5)
    free = {(r, c) for r in range(9) for c in range(9)}
    cages = []
    while free:
        start = min(free)
        cells = [start]
        while len(cells) < 3:
            r, c = rng.choice(cells)
            dr, dc = rng.choice([(0, 1), (1, 0), (0, -1), (-1, 0)])
            nxt = (r + dr, c + dc)
            if nxt in free and nxt not in cells:
                cells.append(nxt)
            elif all(
                (r + a, c + b) not in free or (r + a, c + b) in cells
                for r, c in cells
                for a, b in [(0, 1), (1, 0), (0, -1), (-1, 0)]
            ):
                break
        digits = [_digit(x) for x in cells]
        if len(set(digits)) < len(digits):
            cells = cells[:1]
        free -= set(cells)
        cages.append(Cage(cells, sum(_digit(x) for x in cells)))
    puzzle = Variant("." * 81, constraints=cages)
    out = fs.solve(puzzle)
    assert out is not None
    check_variant(9, (3, 3), None, cages, [0] * 81, _values(out))
    hinted = Variant(SOLUTION9[:20] + "." * 61, constraints=cages)
    assert fs.count_solutions(hinted, limit=2) >= 1
    check_variant(9, (3, 3), None, cages, _values(hinted.givens), _values(fs.solve(hinted)))


def _solution_constraints():
    """One constraint of each kind that SOLUTION9 keeps."""
    grid = [[int(SOLUTION9[r * 9 + c]) for c in range(9)] for r in range(9)]
    out = []
    # A thermometer along a row where the digits increase (5 < 6 < 7 ... found by search).
    for r in range(9):
        for c in range(7):
            if grid[r][c] < grid[r][c + 1] < grid[r][c + 2]:
                out.append(Thermo([(r, c), (r, c + 1), (r, c + 2)]))
                break
        if out:
            break
    # An arrow from R9C9 along the cells before it whose digits sum to R9C9's, if any.
    for r, c in [(8, 7), (7, 8), (7, 7)]:
        if grid[r][c] < grid[8][8] and grid[8][8] - grid[r][c] in (
            grid[r2][c2] for r2, c2 in [(8, 6), (6, 8), (6, 6)]
        ):
            break
    # Kropki and XV marks from the solution, and a whisper where the difference is >= 5.
    for r in range(9):
        for c in range(9):
            for p, q in [(r, c + 1), (r + 1, c)]:
                if p > 8 or q > 8:
                    continue
                a, b = grid[r][c], grid[p][q]
                if abs(a - b) == 1:
                    out.append(Kropki((r, c), (p, q), "white"))
                elif a == 2 * b or b == 2 * a:
                    out.append(Kropki((r, c), (p, q), "black"))
                if a + b == 10:
                    out.append(XV((r, c), (p, q), "X"))
                elif a + b == 5:
                    out.append(XV((r, c), (p, q), "V"))
    out.append(Odd([(r, c) for r in range(9) for c in range(9) if grid[r][c] % 2][:6]))
    out.append(Even([(r, c) for r in range(9) for c in range(9) if grid[r][c] % 2 == 0][:6]))
    out.append(Candidates("R5C5", [grid[4][4], 1 + grid[4][4] % 9]))
    return out


def test_each_marked_constraint_keeps_the_solution():
    cons = _solution_constraints()
    check_variant(9, (3, 3), None, cons, _values(SOLUTION9), _values(SOLUTION9))
    puzzle = Variant(SOLUTION9[:27] + "." * 54, constraints=cons)
    out = fs.solve(puzzle)
    check_variant(9, (3, 3), None, cons, _values(puzzle.givens), _values(out))
    # With every kropki/XV mark given and the negative rules on, few grids are left.
    negative = [*cons, NoOtherDots(), NoOtherXV()]
    puzzle = Variant(SOLUTION9[:18] + "." * 63, constraints=negative)
    assert fs.solve(puzzle) == SOLUTION9
    check_variant(9, (3, 3), None, negative, _values(SOLUTION9), _values(SOLUTION9))


# -- small grids: every constraint kind against brute force ------------------------------


def _path(rng, n, length, diagonal=False):
    steps = [(0, 1), (1, 0), (0, -1), (-1, 0)]
    if diagonal:
        steps += [(1, 1), (1, -1), (-1, 1), (-1, -1)]
    for _ in range(100):
        cells = [(rng.randrange(n), rng.randrange(n))]
        while len(cells) < length:
            r, c = cells[-1]
            options = [
                (r + a, c + b)
                for a, b in steps
                if 0 <= r + a < n and 0 <= c + b < n and (r + a, c + b) not in cells
            ]
            if not options:
                break
            cells.append(rng.choice(options))
        if len(cells) == length:
            return cells
    return cells


def _random_relation(rng, n, first):
    """A Relation: any pairs of numbers, or a symmetric one that never pairs a number
    with itself (its cells all differ: the digit sets path)."""
    cells = rng.sample([(r, c) for r in range(n) for c in range(n)], rng.randint(2, 4))
    values = range(first, first + n)
    if rng.random() < 0.5:
        allowed = [(x, y) for x in values for y in values if rng.random() < 0.6]
        return Relation(cells, allowed, every_pair=rng.random() < 0.5)
    gap = rng.randint(1, 2)
    allowed = [(x, y) for x in values for y in values if abs(x - y) >= gap]
    return Relation(cells, allowed, every_pair=True)


def _random_constraint(rng, n, first=1):
    kind = rng.randrange(33)
    if kind == 32:
        return _random_relation(rng, n, first)
    if first == 1 and kind == 31:
        cells = rng.sample([(r, c) for r in range(n) for c in range(n)], rng.randint(2, n))
        return Lunchbox(cells, rng.randint(0, n * (n - 1) // 2))
    if first == 1 and kind == 30:
        cells = _path(rng, n, rng.randint(1, 2 * n), diagonal=True)
        return SumLine(cells, rng.randint(1, 2 * n), loop=rng.random() < 0.3, check_path=False)
    if kind == 29:
        cells = rng.sample([(r, c) for r in range(n) for c in range(n)], rng.randint(1, 4))
        values = [rng.randrange(first, first + n) for _ in range(rng.randint(1, len(cells)))]
        return Contains(cells, values, exactly=rng.random() < 0.3)
    if first == 1 and kind == 28:
        line = f"{rng.choice('RC')}{rng.randint(1, n)}"
        return Skyscraper(line, rng.randint(1, n), reverse=rng.random() < 0.5)
    if kind == 21:
        return Zipper(_path(rng, n, rng.randint(2, 6), diagonal=True))
    if kind == 22:
        return RegionSumLine(_path(rng, n, rng.randint(2, 2 * n), diagonal=True))
    if kind == 23:
        return Modular(_path(rng, n, rng.randint(2, n), diagonal=True), rng.randint(1, 4))
    if kind == 24:
        if n % 3 == 0:
            return Entropic(_path(rng, n, rng.randint(2, n), diagonal=True))
        return Zipper(_path(rng, n, rng.randint(3, 5), diagonal=True))
    if first == 1 and kind == 25:
        line = f"{rng.choice('RC')}{rng.randint(1, n)}"
        return NumberedRoom(line, rng.randint(1, n), reverse=rng.random() < 0.5)
    if first == 1 and kind == 26:
        cells = rng.sample([(r, c) for r in range(n) for c in range(n)], rng.randint(1, 3))
        return Indexing(cells, rng.choice(["column", "row"]))
    if first == 1 and kind == 27:
        return AntiTaxicab()
    if kind == 0:
        return AntiKnight()
    if kind == 1:
        return AntiKing()
    if kind == 2:
        return NonConsecutive()
    if kind == 3:
        return Diagonals(main=rng.random() < 0.7, anti=rng.random() < 0.7)
    if kind == 4:
        size = rng.randint(1, n)
        cells = rng.sample([(r, c) for r in range(n) for c in range(n)], size)
        return Cage(cells, rng.randint(size, n * size) if rng.random() < 0.8 else None)
    if kind == 5:
        cells = rng.sample([(r, c) for r in range(n) for c in range(n)], rng.randint(2, 4))
        if rng.random() < 0.5:
            return Sum(cells, rng.randint(len(cells), n * len(cells)))
        coefs = [rng.choice([-3, -2, -1, 1, 2, 3]) for _ in cells]
        return Sum(cells, rng.randint(-2 * n, 2 * n), coefs)
    if kind == 6:
        return Thermo(_path(rng, n, rng.randint(2, n), diagonal=True))
    if kind == 7:
        cells = _path(rng, n, rng.randint(2, 4), diagonal=True)
        return Arrow(cells[0], cells[1:])
    if kind == 8:
        return Whisper(_path(rng, n, rng.randint(2, 4), diagonal=True), rng.randint(1, n - 1))
    if kind == 9:
        return Renban(_path(rng, n, rng.randint(2, n), diagonal=True))
    if kind == 10:
        return Palindrome(_path(rng, n, rng.randint(2, 5), diagonal=True))
    if kind in (11, 12):
        a = (rng.randrange(n), rng.randrange(n - 1))
        b = (a[0], a[1] + 1)
        if rng.random() < 0.5:
            a, b = (a[1], a[0]), (b[1], b[0])
        return (
            Kropki(a, b, "white" if kind == 11 else "black")
            if rng.random() < 0.6
            else XV(a, b, rng.choice("XV"))
        )
    if kind == 13:
        return rng.choice([NoOtherDots(), NoOtherXV(), NoOtherDots(white=False)])
    if kind == 14:
        cells = rng.sample([(r, c) for r in range(n) for c in range(n)], rng.randint(1, 3))
        return rng.choice([Odd, Even])(cells)
    if kind == 15:
        values = rng.sample(range(first, first + n), rng.randint(1, n - 1))
        return Candidates((rng.randrange(n), rng.randrange(n)), values)
    if kind in (17, 18):
        line = f"{rng.choice('RC')}{rng.randint(1, n)}"
        if kind == 17:
            return Sandwich(line, rng.randint(0, n * (n - 1) // 2 - 1))
        return XSum(line, rng.randint(1, n * (n + 1) // 2), reverse=rng.random() < 0.5)
    if kind == 19:
        return Between(_path(rng, n, rng.randint(2, n), diagonal=True))
    if kind == 20:
        return Lockout(_path(rng, n, rng.randint(2, 4), diagonal=True), rng.randint(0, n - 1))
    cells = rng.sample([(r, c) for r in range(n) for c in range(n)], n)
    return Region(cells)


@settings(deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from([(2, 2), (2, 2), (1, 4), None]))
def test_random_constraints_agree_with_brute_force_4x4(seed, box):
    rng = random.Random(seed)
    n = 4
    constraints = [_random_constraint(rng, n) for _ in range(rng.randint(1, 4))]
    givens = [0] * 16
    for x in rng.sample(range(16), rng.randint(0, 3)):
        givens[x] = rng.randint(1, n)
    text = "".join(str(v) if v else "." for v in givens)
    variant = Variant(text, box=None if box is None else box, constraints=constraints)
    _check_or_refused(variant, n, box)


@settings(deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from([(2, 2), (1, 4), None]))
def test_random_constraints_on_a_grid_of_0_to_3_agree_with_brute_force(seed, box):
    """first=0: the digits stand for 0..3 and every rule reads them so (cage and sum
    totals, arrows, dots, X and V, odd and even, candidate sets); the reference reads the
    rules on those numbers too.  Sandwich and X-sum clues are refused by name."""
    rng = random.Random(seed)
    n = 4
    constraints = [_random_constraint(rng, n, first=0) for _ in range(rng.randint(1, 4))]
    givens = [0] * 16
    for x in rng.sample(range(16), rng.randint(0, 3)):
        givens[x] = rng.randint(1, n)
    text = "".join(str(v - 1) if v else "." for v in givens)
    variant = Variant(text, box=box, constraints=constraints, first=0)
    if any(isinstance(c, (Sandwich, XSum)) for c in constraints):
        # Their clues name the digits 1..N: refused by name on a grid of 0..3.
        with pytest.raises(VariantError, match=r"only on grids of the digits 1\.\.4"):
            variant.model()
    elif _repeated_givens(variant):
        # Random givens that repeat in a house (a random Region): no grid keeps them.
        assert brute_count(n, box, None, constraints, givens, 1, first=0) == 0
    else:
        expected = brute_count(n, box, None, constraints, givens, first=0)
        assert fs.count_solutions(variant) == expected
        out = fs.solve(variant)
        if expected == 0:
            assert out is None
        else:
            assert set(out) <= set("0123")
            digits = [int(ch) + 1 for ch in out]
            check_variant(n, box, None, constraints, givens, digits, first=0)


def _repeated_givens(variant):
    """True if building the model refuses givens that repeat in a house (the only
    VariantError random rules and givens can meet); False if it builds."""
    try:
        variant.model()
    except VariantError as e:
        assert "repeat" in str(e)
        return True
    return False


def test_first_zero_reads_every_sum_and_relation_on_the_numbers_0_to_8():
    """One 9x9 solution with 0..8: each rule built from it keeps it (cages, sums with
    coefficients, an arrow with a two-cell circle, black and white dots, X and V, odd and
    even), and the rules that read 1..9 would not."""
    grid = [int(ch) - 1 for ch in SOLUTION9]  # 0..8
    n = 9

    def v(r, c):
        return grid[r * n + c]

    def cell(value):
        x = grid.index(value)
        return divmod(x, n)

    rules = [
        Cage([(0, 0), (0, 1), (1, 0)], v(0, 0) + v(0, 1) + v(1, 0)),
        Sum([(4, 4), (5, 5)], 2 * v(4, 4) - 3 * v(5, 5), [2, -3]),
        # A two-cell circle led by a 0 reads as its second digit.
        Arrow([cell(0), cell(7)], [cell(3), cell(4)], check_path=False),
        Odd([(r, c) for r in range(n) for c in range(n) if v(r, c) % 2][:5]),
        Even([(r, c) for r in range(n) for c in range(n) if v(r, c) % 2 == 0][:5]),
    ]
    for r in range(n):
        for c in range(n - 1):
            a, b = v(r, c), v(r, c + 1)
            if a == 2 * b or b == 2 * a:
                rules.append(Kropki((r, c), (r, c + 1), "black"))
            if a + b in (5, 10):
                rules.append(XV((r, c), (r, c + 1), "V" if a + b == 5 else "X"))
    text = "".join(str(x) for x in grid)
    zero = Variant(text, constraints=rules, first=0)
    assert fs.solve(zero) == text
    # The same numbers read as 1..9 break the cage (its total is 3 less than 1..9 make).
    one = Variant(SOLUTION9, constraints=rules)
    assert fs.solve(one) is None
    # Half the givens left out: the rules still admit the grid, and nothing that breaks
    # them (every solution found is checked on the numbers 0..8).
    half = "".join(ch if k % 2 else "." for k, ch in enumerate(text))
    found = list(fs.solutions(Variant(half, constraints=rules, first=0), limit=50))
    assert text in found
    for sol in found:
        check_variant(9, (3, 3), None, rules, [0] * 81, [int(ch) + 1 for ch in sol], first=0)


def test_first_and_its_alphabet():
    # The default alphabet is the numbers themselves when they are single digits.
    assert fs.solve(Variant("0" + "." * 15, box=(2, 2), first=0))[0] == "0"
    assert fs.solve(Variant("." * 16, box=(2, 2), first=5)) is not None
    assert set(fs.solve(Variant("." * 16, box=(2, 2), first=5))) == set("5678")
    # Beyond single digits, the alphabet is the usual one (digits by their place).
    big = Variant("." * 16, box=(2, 2), first=9)
    assert set(fs.solve(big)) == set("1234")
    with pytest.raises(VariantError, match="Variant first"):
        Variant("." * 16, box=(2, 2), first="0").model()
    with pytest.raises(VariantError, match=r"outside 0\.\.3"):
        Variant("." * 16, box=(2, 2), first=0, constraints=[Candidates((0, 0), [4])]).model()
    # Pickled with its first value (fastsudoku.dask sends Variants as their rules).
    import pickle

    back = pickle.loads(pickle.dumps(Variant("." * 16, box=(2, 2), first=0)))
    assert back.first == 0


@settings(deadline=None, max_examples=40)
@given(st.integers(0, 2**32 - 1))
def test_random_constraints_agree_with_brute_force_6x6(seed):
    rng = random.Random(seed)
    n = 6
    solution = [
        [1, 2, 3, 4, 5, 6],
        [4, 5, 6, 1, 2, 3],
        [2, 3, 1, 5, 6, 4],
        [5, 6, 4, 2, 3, 1],
        [3, 1, 2, 6, 4, 5],
        [6, 4, 5, 3, 1, 2],
    ]
    relabel = list(range(1, 7))
    rng.shuffle(relabel)
    grid = [relabel[v - 1] for row in solution for v in row]
    givens = [v if rng.random() < 0.4 else 0 for v in grid]
    constraints = [_random_constraint(rng, n) for _ in range(rng.randint(1, 3))]
    text = "".join(str(v) if v else "." for v in givens)
    variant = Variant(text, box=(2, 3), constraints=constraints)
    _check_or_refused(variant, n, (2, 3), limit=20)


@pytest.mark.parametrize("kind", ["Sandwich", "XSum", "XSum reversed", "Skyscraper"])
@pytest.mark.parametrize("box", [(2, 2), None])
def test_line_clues_agree_with_brute_force_on_every_total(kind, box):
    """Every total of a sandwich or X-sum clue, on a row and on a column of a 4x4 grid
    (with and without boxes), and two clues at once: the counts agree with brute force
    over the rules as stated (tests/variant_reference.py), and the solutions keep them."""
    n = 4
    for line in ("R2", "C3"):
        for total in range(-1, 12):
            if kind == "Sandwich":
                clue = Sandwich(line, total)
            elif kind == "Skyscraper":
                clue = Skyscraper(line, total, reverse=total % 2 == 0)
            else:
                clue = XSum(line, total, reverse=kind.endswith("reversed"))
            _check(Variant("." * 16, box=box, constraints=[clue]), n, box=box)
    if kind == "Sandwich":
        two = [Sandwich("R1", 5), Sandwich("C1", 0)]
    elif kind == "Skyscraper":
        two = [Skyscraper("R1", 3), Skyscraper("R1", 2, reverse=True), Skyscraper("C2", 1)]
    else:
        two = [XSum("R1", 6), XSum("C4", 3, reverse=True)]
    _check(Variant("." * 16, box=box, constraints=two), n, box=box)


def test_lunchboxes_agree_with_brute_force_on_every_total():
    """A lunchbox of a whole 4x4 row, of three cells of a column and of four scattered
    cells, every total: the counts agree with brute force over the rule as stated."""
    for cells in (
        [(1, c) for c in range(4)],
        [(0, 2), (1, 2), (3, 2)],
        ["R1C1", "R2C3", "R4C2", "R3C4"],
    ):
        for total in range(-1, 8):
            rule = Lunchbox(cells, total)
            _check(Variant("." * 16, box=(2, 2), constraints=[rule]), 4, box=(2, 2))


@pytest.mark.parametrize("loop", [False, True])
def test_sum_lines_agree_with_brute_force_on_every_total(loop):
    """A sum line through the whole 4x4 grid (a snake) and a short one, every total, as a
    line and as a loop: the counts agree with brute force over the rule as stated (some
    rotation cut into runs of the total), and the solutions keep it."""
    snake = [(r, c if r % 2 == 0 else 3 - c) for r in range(4) for c in range(4)]
    for cells in (snake, snake[:5]):
        for total in range(0, 22, 1 if len(cells) == 5 else 3):
            rule = SumLine(cells, total, loop=loop, check_path=not loop)
            _check(Variant("." * 16, box=(2, 2), constraints=[rule]), 4, box=(2, 2))


def test_sum_loops_read_packed_keep_what_every_rotation_keeps():
    """A sum loop of total up to 31 is read once with all its cuts side by side
    (v_sumloop_packed); reading it from each of its first `total` cells (as longer totals
    still are, and as the brute-force test above checks) must give the same answer and
    keep the same values in every cell, on random candidates of 4x4 to 25x25 values."""
    from fastsudoku import _core

    rng = random.Random(12)
    packed = feasible = 0
    for _ in range(3000):
        n = rng.choice([4, 6, 9, 9, 16, 25])
        total = rng.randint(1, min(31, 2 * n))
        density = rng.random()
        masks = []
        for _ in range(rng.randint(1, 40)):
            m = sum(1 << v for v in range(n) if rng.random() < density)
            masks.append(m or 1 << rng.randrange(n))
        by_rotations, by_packing = _core._sumloop_both(masks, total)
        if by_packing is None:
            continue
        packed += 1
        feasible += by_rotations[0]
        assert by_packing == by_rotations, (n, total, masks)
    assert packed > 2500 and 500 < feasible < packed - 500


def test_equal_sums_against_the_first_agree_with_brute_force(monkeypatch):
    """Zippers and region sum lines of many runs make each run's sum equal to the first's
    (not every two's): with that from 2 sets on, every 4x4 zipper and region sum line
    along a snake still counts as brute force does."""
    import fastsudoku.variants as variants

    monkeypatch.setattr(variants, "_EQUAL_ALL", 1)
    snake = [(r, c if r % 2 == 0 else 3 - c) for r in range(4) for c in range(4)]
    for k in range(4, 17, 3):
        for rule in (Zipper(snake[:k]), RegionSumLine(snake[:k])):
            _check(Variant("." * 16, box=(2, 2), constraints=[rule]), 4, box=(2, 2))


def test_long_modular_line_keeps_its_rule():
    """A 27-cell modular line on 9x9 (pairs within a period, not every two): every
    solution found keeps the rule as the reference states it."""
    snake = [(r, c if r % 2 == 0 else 8 - c) for r in range(9) for c in range(9)][:27]
    rule = Modular(snake, 3)
    found = list(fs.solutions(Variant("." * 81, constraints=[rule]), limit=3))
    assert len(found) == 3
    for sol in found:
        check_variant(9, (3, 3), None, [rule], [0] * 81, _values(sol))


def test_skyscraper_clues_of_a_9x9_solution_keep_it():
    """Every skyscraper clue of a 9x9 solution, both ends of every row and column: the
    grid is their solution (checked by the reference) and no other grid keeps them all
    with the givens of one row."""
    n = 9
    grid = [int(ch) for ch in SOLUTION9]
    clues = []
    for k in range(n):
        for line, cells in ((f"R{k + 1}", grid[k * n : k * n + n]), (f"C{k + 1}", grid[k::n])):
            for reverse in (False, True):
                d = cells[::-1] if reverse else cells
                seen = sum(1 for i, x in enumerate(d) if all(x > y for y in d[:i]))
                clues.append(Skyscraper(line, seen, reverse=reverse))
    givens = SOLUTION9[:9] + "." * 72
    result = fs.search(Variant(givens, constraints=clues), limit=2)
    assert result.count >= 1
    for sol in fs.solutions(Variant(givens, constraints=clues), limit=5):
        check_variant(n, (3, 3), None, clues, _values(givens), _values(sol))


@pytest.mark.parametrize("box", [(2, 2), None])
def test_between_and_lockout_lines_agree_with_brute_force(box):
    """Lines of every length along a row, a column and a bend on a 4x4 grid, with each
    least difference for lockouts: counts agree with brute force over the rules as stated,
    and the solutions keep them."""
    n = 4
    paths = [
        ["R1C1", "R1C2", "R1C3", "R1C4"],
        ["R1C2", "R2C2", "R3C2"],
        ["R2C1", "R3C2", "R3C3", "R2C4"],
        ["R4C1", "R4C2"],
    ]
    for path in paths:
        _check(Variant("." * 16, box=box, constraints=[Between(path)]), n, box=box)
        for gap in range(0, 5):
            _check(Variant("." * 16, box=box, constraints=[Lockout(path, gap)]), n, box=box)
    both = [Between(paths[1]), Lockout(paths[2], 2)]
    _check(Variant("1..." + "." * 12, box=box, constraints=both), n, box=box)


def test_line_clues_refuse_a_line_that_is_not_a_row_or_column():
    for bad in ("R0", "R5", "X1", "R1C1", 3, None):
        with pytest.raises(VariantError, match="line"):
            fs.solve(Variant("." * 16, constraints=[Sandwich(bad, 3)]))
        with pytest.raises(VariantError, match="line"):
            fs.solve(Variant("." * 16, constraints=[XSum(bad, 3)]))


def test_jigsaw_regions_replace_the_boxes():
    regions = "AABBAABBCCDDCCDD"
    assert _check(Variant("." * 16, regions=regions), 4, box=None, regions=regions) == 288
    odd = "AAABCABBCCDBCDDD"  # brute force: 96 grids
    assert _check(Variant("." * 16, regions=odd), 4, box=None, regions=odd) == 96
    assert _check(Variant("1..." + "." * 12, regions=odd), 4, box=None, regions=odd) > 0
    none = "AAABACBBCCDBCDDD"  # brute force: no Latin square fits these
    assert _check(Variant("." * 16, regions=none), 4, box=None, regions=none) == 0
    # 5x5 (not a square side, no boxes): rows, columns and the five regions.
    five = "AAABBAABBBCCCDDCCEDDEEEED"
    _check(Variant("." * 25, regions=five), 5, box=None, regions=five, limit=50)
    _check(Variant("1...." + "." * 20, regions=five), 5, box=None, regions=five)


def test_no_boxes_is_a_latin_square():
    assert fs.count_solutions(Variant("." * 16, box=None)) == 576
    assert fs.count_solutions(Variant("." * 25, box=None), limit=100) == 100


def test_impossible_rules_mean_no_solution_not_an_error():
    assert fs.solve(Variant("." * 81, constraints=[Cage([(0, 0), (0, 1)], 30)])) is None
    # Totals far beyond 64 bits are unreachable, not an overflow.
    for total in (10**30, -(10**30), 2**63):
        assert fs.solve(Variant("." * 81, constraints=[Cage([(0, 0), (0, 1)], total)])) is None
        assert fs.count_solutions(Variant("." * 81, constraints=[Sum([(0, 0)], total)])) == 0
    big = Sum([(0, 0), (0, 1)], 3 * 2**20, [2**20, 2**20])  # the largest coefficients: 1 + 2
    assert fs.count_solutions(Variant("." * 16, constraints=[big]), limit=100) > 0
    assert (
        fs.count_solutions(Variant("." * 81, constraints=[Cage(["R1C1", "R1C2"], 3)]), limit=2) == 2
    )
    assert (
        fs.count_solutions(
            Variant("." * 81, constraints=[Thermo([(r, 0) for r in range(9)])]), limit=1
        )
        == 1
    )
    assert (
        fs.solve(
            Variant(
                "." * 16,
                constraints=[
                    Thermo([(0, 0), (0, 1), (0, 2), (0, 3)]),
                    Kropki((0, 1), (0, 2), "black"),
                ],
            )
        )
        is None
    )


def test_search_and_is_unique_take_a_variant():
    puzzle = Variant(SOLUTION9[:40] + "." * 41, constraints=[AntiKnight()])
    result = fs.search(puzzle, limit=2)
    assert result.count == fs.count_solutions(puzzle, limit=2)
    assert fs.is_unique(puzzle) == (result.count == 1)
    with pytest.raises(ValueError, match="classic Sudoku only"):
        fs.solve(puzzle, engine="bitmask")
    assert fs.solve(puzzle, engine="variant") == fs.solve(puzzle)
    with pytest.raises(TypeError, match="own box"):
        fs.solve(puzzle, box=(3, 3))


def test_solutions_iterates_a_variant():
    puzzle = Variant("." * 16, constraints=[Diagonals()])
    every = list(fs.solutions(puzzle))
    assert len(every) == len(set(every)) == fs.count_solutions(puzzle)
    for out in every:
        check_variant(4, (2, 2), None, [Diagonals()], [0] * 16, _values(out))
    assert len(every) == brute_count(4, (2, 2), None, [Diagonals()], [0] * 16)
    assert len(list(fs.solutions(puzzle, limit=3))) == 3


def test_node_limit_stops_a_variant_search():
    puzzle = Variant("." * 256, constraints=[AntiKnight(), Diagonals()])
    with pytest.raises(fs.SearchLimitError) as info:
        fs.count_solutions(puzzle, node_limit=5)
    assert "node limit of 5" in str(info.value) and "probes" not in str(info.value)
    with pytest.raises(fs.SearchLimitError) as info:
        list(fs.solutions(puzzle, node_limit=5))
    assert "node limit of 5" in str(info.value) and "probes" not in str(info.value)


@pytest.mark.parametrize(
    "make, message",
    [
        (lambda: Variant("." * 81, constraints=[Cage([(0, 0), (0, 0)], 5)]), "listed twice"),
        (lambda: Variant("." * 81, constraints=[Cage([(0, 0), (9, 0)], 5)]), "off the 9x9 grid"),
        (lambda: Variant("." * 81, constraints=[Thermo(["R1C1", "R1C3"])]), "not neighbours"),
        (lambda: Variant("." * 81, constraints=[Thermo(["X1C1", "R1C2"])]), "R1C1"),
        (lambda: Variant("." * 81, constraints=[Kropki((0, 0), (1, 1))]), "orthogonal"),
        (lambda: Variant("." * 81, constraints=[Kropki((0, 0), (0, 1), "grey")]), "grey"),
        (lambda: Variant("." * 81, constraints=[XV((0, 0), (0, 1), "Y")]), "neither"),
        (lambda: Variant("." * 81, constraints=["thermo"]), "not a constraint"),
        (lambda: Variant("." * 16, regions="AABBAABBCCDDCCDC"), "4 regions of 4"),
        (lambda: Variant("." * 16, regions="AABB", box=(2, 2)), "not both"),
        (lambda: Variant("11" + "." * 79), "repeat 1"),
        (lambda: Variant("1" + "." * 9 + "1" + "." * 70, constraints=[Diagonals()]), "repeat 1"),
        (lambda: Variant("." * 81, constraints=[Candidates((0, 0), [0, 1])]), "outside"),
        (
            lambda: Variant("." * 81, constraints=[Sum([(0, 0), (0, 1)], 3, [10**18, 1])]),
            "coefficient 1000000000000000000 is out of range",
        ),
        (
            lambda: Variant(
                "." * 81, constraints=[Cage([(0, c) for c in range(9)] + [(1, 0)], 50)]
            ),
            "cannot hold",
        ),
        (lambda: Variant("." * 81, constraints=[Modular([(0, 0), (0, 1)], 0)]), "mod 0"),
        (lambda: Variant("." * 16, constraints=[Entropic([(0, 0), (0, 1)])]), "in thirds"),
        (lambda: Variant("." * 81, constraints=[Indexing([(0, 0)], "box")]), "neither"),
        (
            lambda: Variant("." * 81, constraints=[NumberedRoom("R1", 3)], first=0),
            r"NumberedRoom 3: only on grids of the digits 1\.\.9",
        ),
        (
            lambda: Variant("." * 81, constraints=[AntiTaxicab()], first=0),
            "AntiTaxicab: only on grids",
        ),
        (lambda: Variant("." * 81, constraints=[Zipper([(0, 0), (2, 2)])]), "not neighbours"),
        (lambda: Variant("." * 1296, constraints=[AntiTaxicab()]), "up to 25x25"),
        (lambda: Variant("." * 81, constraints=[SumLine([], 10)]), "at least one cell"),
    ],
)
def test_malformed_rules_raise_naming_them(make, message):
    with pytest.raises(VariantError, match=message):
        fs.solve(make())


def test_cell_references_both_ways():
    a = Variant("." * 81, constraints=[Cage(["R1C1", "r1c2"], 3)])
    b = Variant("." * 81, constraints=[Cage([(0, 0), (0, 1)], 3)])
    assert fs.solve(a) == fs.solve(b)
    assert sorted(fs.solve(a)[:2]) == ["1", "2"]


def test_solve_many_takes_variants_and_marks_the_bad_ones():
    rng = random.Random(7)
    good = []
    for k in range(30):
        givens = "".join(ch if rng.random() < 0.35 else "." for ch in SOLUTION9)
        good.append(Variant(givens, constraints=[AntiKnight()] if k % 2 else [Diagonals()]))
    bad_rule = Variant("." * 81, constraints=[Cage([(0, 0), (0, 0)], 3)])
    impossible = Variant("." * 81, constraints=[Cage([(0, 0), (0, 1)], 30)])
    batch = [*good, "not a variant", bad_rule, impossible, None]
    one = fs.solve_many(batch, limit=2, threads=1)
    two = fs.solve_many(batch, limit=2, threads=2)
    assert one.status.tolist() == two.status.tolist()
    assert one.counts.tolist() == two.counts.tolist()
    assert one.solutions == two.solutions
    for i, puzzle in enumerate(good):
        try:
            expected = fs.count_solutions(puzzle, limit=2)
        except VariantError:  # SOLUTION9 is no X-Sudoku: its givens may repeat on a diagonal
            assert one.status[i] == fs.INVALID
            continue
        assert one.counts[i] == expected
        assert one.status[i] == [fs.NO_SOLUTION, fs.SOLVED, fs.NOT_UNIQUE][expected]
        if expected:
            givens = _values(puzzle.givens)
            check_variant(
                9, (3, 3), None, list(puzzle.constraints), givens, _values(one.solutions[i])
            )
    assert one.status[30:].tolist() == [fs.INVALID, fs.INVALID, fs.NO_SOLUTION, fs.INVALID]
    assert fs.count_many(batch).tolist()[30:] == [-1, -1, 0, -1]
    limited = fs.solve_many(
        [Variant("." * 256, constraints=[AntiKnight()])], limit=None, node_limit=10
    )
    assert limited.status.tolist() == [fs.NODE_LIMIT]


def _tiling_cages(rng, grid, n, most=3):
    """Cages tiling an n x n grid (each of up to `most` orthogonally joined cells with
    distinct digits of `grid`), with grid's totals."""
    free = {(r, c) for r in range(n) for c in range(n)}
    cages = []
    while free:
        cells = [min(free)]
        free.discard(cells[0])
        for _ in range(rng.randint(0, most - 1)):
            r, c = rng.choice(cells)
            options = [
                (r + a, c + b)
                for a, b in [(0, 1), (1, 0), (0, -1), (-1, 0)]
                if (r + a, c + b) in free
                and grid[(r + a) * n + c + b] not in {grid[p * n + q] for p, q in cells}
            ]
            if options:
                nxt = rng.choice(options)
                cells.append(nxt)
                free.discard(nxt)
        cages.append(Cage(cells, sum(grid[r * n + c] for r, c in cells)))
    return cages


@pytest.mark.parametrize("seed", range(12))
def test_killers_tiling_a_6x6_agree_with_brute_force(seed):
    """Many cages wholly inside houses: the innies the model adds must not cut a solution."""
    rng = random.Random(seed)
    base = [
        1,
        2,
        3,
        4,
        5,
        6,
        4,
        5,
        6,
        1,
        2,
        3,
        2,
        3,
        1,
        5,
        6,
        4,
        5,
        6,
        4,
        2,
        3,
        1,
        3,
        1,
        2,
        6,
        4,
        5,
        6,
        4,
        5,
        3,
        1,
        2,
    ]
    relabel = rng.sample(range(1, 7), 6)
    grid = [relabel[v - 1] for v in base]
    cages = _tiling_cages(rng, grid, 6)
    givens = [v if rng.random() < 0.15 else 0 for v in grid]
    text = "".join(str(v) if v else "." for v in givens)
    count = _check(Variant(text, box=(2, 3), constraints=cages), 6, box=(2, 3), limit=30)
    assert count >= 1  # grid itself keeps every cage


def test_a_variant_pickles_without_its_model():
    import pickle

    puzzle = Variant(
        SOLUTION9[:30] + "." * 51, constraints=[AntiKnight(), Cage(["R9C9", "R9C8"], 15)]
    )
    first = fs.count_solutions(puzzle, limit=2)  # builds the model
    again = pickle.loads(pickle.dumps(puzzle))
    assert again == puzzle
    assert fs.count_solutions(again, limit=2) == first
    assert Variant("." * 16, box=None) == pickle.loads(pickle.dumps(Variant("." * 16, box=None)))


def _shuffled_grid(rng, grid, n=9, r=3):
    """A valid grid from another: digits relabelled, rows within bands, bands, and maybe
    the transpose."""
    relabel = rng.sample(range(1, n + 1), n)
    bands = rng.sample(range(r), r)
    rows = [b * r + i for b in bands for i in rng.sample(range(r), r)]
    out = [relabel[grid[rows[i] * n + j] - 1] for i in range(n) for j in range(n)]
    if rng.random() < 0.5:
        out = [out[j * n + i] for i in range(n) for j in range(n)]
    return out


def _classic_builder(r):
    """A _Builder with the rows, columns and boxes of an r*r grid (r x r boxes)."""
    from fastsudoku.variants import _Builder

    n = r * r
    b = _Builder(n)
    b.houses += [[row * n + c for c in range(n)] for row in range(n)]
    b.houses += [[row * n + c for row in range(n)] for c in range(n)]
    b.houses += [
        [(br * r + i) * n + bc * r + j for i in range(r) for j in range(r)]
        for br in range(r)
        for bc in range(r)
    ]
    b.nboxes = n
    return b


@pytest.mark.parametrize("seed", range(20))
def test_leftover_sums_hold_in_the_solution_of_9x9_killers(seed):
    """The law of leftovers adds sums (innies, outies, cages counted on their larger side):
    every one of them must hold in a grid that keeps every cage, and the puzzle's
    solutions keep the cages and the grid's rules (the independent checker)."""
    from fastsudoku.variants import _innies, _new_sums

    rng = random.Random(seed)
    grid = _shuffled_grid(rng, [int(ch) for ch in SOLUTION9])
    cages = _tiling_cages(rng, grid, 9, most=rng.choice([3, 5, 7]))
    b = _classic_builder(3)
    for cage in cages:
        cage._add(b)
    known = len(b.sums)
    b.sums += _new_sums(b.sums, _innies(b, list(b.sums)))
    derived = b.sums[known:]
    assert derived  # a tiling always leaves something: the whole grid's leftover at least
    # No equation twice (the leftovers of a row and of a box can be one sum either way
    # round): every derived sum differs from the others and from the cages, up to sign.
    equations = set()
    for cells, coefs, total, _ in b.sums:
        terms = {(x, k) for x, k in zip(cells, coefs)}
        flipped = frozenset((x, -k) for x, k in terms), -total
        assert flipped not in equations and (frozenset(terms), total) not in equations
        equations.add((frozenset(terms), total))
    for cells, coefs, total, distinct in derived:
        assert sum(k * grid[x] for x, k in zip(cells, coefs)) == total, (cells, coefs, total)
        if distinct:
            assert len({grid[x] for x in cells}) == len(cells)
    givens = "".join(str(v) if rng.random() < 0.1 else "." for v in grid)
    puzzle = Variant(givens, constraints=cages)
    result = fs.search(puzzle, limit=2)
    assert result.count >= 1  # the grid itself keeps every rule
    check_variant(9, (3, 3), None, cages, _values(givens), _values(result.solution))


@pytest.mark.parametrize("seed", range(12))
def test_propagation_keeps_the_grid_a_killer_was_cut_from(seed):
    """Soundness of every propagator together (sums, leftovers, houses, locked values):
    from a killer cut from a grid, with some of the grid's values placed, propagation
    before any guess keeps the grid's value in every cell and the placed values; both
    cells of a two-cell cage placed off its total is a contradiction (None)."""
    rng = random.Random(seed)
    grid = _shuffled_grid(rng, [int(ch) for ch in SOLUTION9])
    cages = _tiling_cages(rng, grid, 9, most=rng.choice([3, 5, 7]))
    model = Variant("." * 81, constraints=cages).model()
    for _ in range(20):
        values = bytearray(81)
        for x in rng.sample(range(81), rng.randint(0, 30)):
            values[x] = grid[x]
        cand = model.propagated(bytes(values))
        assert cand is not None
        for x in range(81):
            assert cand[x] >> (grid[x] - 1) & 1, (x, grid[x], bin(cand[x]))
            if values[x]:
                assert cand[x] == 1 << (values[x] - 1)
    # Both cells of a two-cell cage placed with values that miss its total: contradiction.
    pairs = [c for c in cages if len(c.cells) == 2]
    for cage in pairs:
        (r0, c0), (r1, c1) = cage.cells
        a = 1 if cage.total != 3 else 2
        b = 3 if cage.total != a + 3 else 4
        values = bytearray(81)
        values[r0 * 9 + c0], values[r1 * 9 + c1] = a, b
        assert model.propagated(bytes(values)) is None, (cage, a, b)
    with pytest.raises(ValueError):
        model.propagated(bytes(80))


def test_models_from_the_layout_cache_propagate_as_fresh_ones():
    """The crossings of the houses of N cells are cached by layout: a model built from the
    cache (a second classic killer, a jigsaw met again after another) propagates and
    searches exactly as one built with the cache empty."""
    from fastsudoku import _core

    rng = random.Random(7)
    grid = _shuffled_grid(rng, [int(ch) for ch in SOLUTION9])
    killers = [Variant("." * 81, constraints=_tiling_cages(rng, grid, 9, most=5)) for _ in range(2)]
    jigsaws = [Variant("." * 16, regions=r) for r in ("0011001122332233", "0001011122232333")]
    puzzles = killers + jigsaws + [killers[0], jigsaws[0]]
    states = []
    for x, puzzle in enumerate(puzzles):
        values = bytearray(puzzle.grid().n ** 2)
        if x < 2 or x == 4:
            for cell in rng.sample(range(81), 12):
                values[cell] = grid[cell]
        states.append(bytes(values))

    def outcome(fresh):
        out = []
        for puzzle, values in zip(puzzles, states):
            if fresh:
                _core._cross_cache(clear=True)
            rebuilt = Variant(
                puzzle.givens,
                box=puzzle.box,
                regions=puzzle.regions,
                constraints=puzzle.constraints,
            )
            result = fs.search(rebuilt, limit=2)
            out.append(
                (rebuilt.model().propagated(values), result.count, result.guesses, result.solution)
            )
        return out

    fresh = outcome(True)
    assert _core._cross_cache() == 1  # the last layout built
    assert outcome(False) == fresh
    assert _core._cross_cache() == 3  # the classic 9x9 houses and the two jigsaws


def _sees9(a, b):
    """Whether cells a and b (row, column) of a 9x9 grid share a row, column or box."""
    return a[0] == b[0] or a[1] == b[1] or (a[0] // 3, a[1] // 3) == (b[0] // 3, b[1] // 3)


@pytest.mark.parametrize("seed", range(40))
def test_sums_of_two_or_three_open_cells_keep_exactly_their_solutions(seed):
    """A sum of 2 or 3 open cells (random coefficients and total, often two of them in
    one row, with up to two more of its cells placed) leaves, on an otherwise empty 9x9
    grid, exactly the values that take part in a solution of the sum with cells that
    see each other different -- brute force over the open cells' values.  (x + y = 12
    in one row keeps no 6.)"""
    rng = random.Random(seed)
    n = 9
    nopen = rng.choice([2, 3])
    row = rng.randrange(n)
    a, b = rng.sample(range(n), 2)
    cells = [(row, a), (row, b)] if rng.random() < 0.7 else []
    everywhere = [(r, c) for r in range(n) for c in range(n)]
    cells += rng.sample([x for x in everywhere if x not in cells], nopen - len(cells))
    values = {}
    for cell in rng.sample([x for x in everywhere if x not in cells], rng.choice([0, 1, 2])):
        free = [
            v for v in range(1, n + 1) if all(not _sees9(cell, y) or values[y] != v for y in values)
        ]
        values[cell] = rng.choice(free)
    placed = list(values)
    coefs = [rng.choice([1, 1, 1, -1, 2, -2, 3]) for _ in cells + placed]
    fixed = sum(k * values[c] for k, c in zip(coefs[nopen:], placed))
    solutions = []
    for vs in itertools.product(range(1, n + 1), repeat=nopen):
        assigned = dict(zip(cells, vs))
        assigned.update(values)
        if not any(
            _sees9(x, y) and assigned[x] == assigned[y]
            for x, y in itertools.combinations(assigned, 2)
        ):
            solutions.append(vs)
    assert solutions  # the open cells can always take distinct values beside two givens
    target = rng.choice(solutions)
    total = sum(k * v for k, v in zip(coefs, target)) + fixed
    keep = [set() for _ in cells]
    for vs in solutions:
        if sum(k * v for k, v in zip(coefs, vs)) + fixed == total:
            for i, v in enumerate(vs):
                keep[i].add(v)
    givens = ["."] * (n * n)
    for (r, c), v in values.items():
        givens[r * n + c] = str(v)
    puzzle = Variant("".join(givens), constraints=[Sum(cells + placed, total, coefs)])
    cand = puzzle.model().propagated(bytes(puzzle.grid().values))
    got = [{v + 1 for v in range(n) if cand[r * n + c] >> v & 1} for r, c in cells]
    assert got == keep, (cells, coefs, total, values)


@pytest.mark.parametrize("seed", range(5))
def test_leftover_sums_hold_in_16x16_killers(seed):
    """The compiled leftovers on a larger grid (cells past 64, a fifth of the cages
    left out so that some cells are in none): every derived sum holds in the grid the
    cages were cut from, and its cells are distinct."""
    from fastsudoku import _core
    from fastsudoku.variants import _LEFTOVER_MOST

    rng = random.Random(seed)
    base = [int(ch, 17) for ch in fs.solve("." * 256, alphabet="123456789ABCDEFG")]
    grid = _shuffled_grid(rng, base, 16, 4)
    cages = _tiling_cages(rng, grid, 16, most=rng.choice([2, 4, 6]))
    cages = [cage for cage in cages if rng.random() < 0.8]
    b = _classic_builder(4)
    for cage in cages:
        cage._add(b)
    derived = _core.leftover_sums(16, b.houses, b.nboxes, b.sums, _LEFTOVER_MOST)
    assert derived
    for cells, coefs, total, distinct in derived:
        assert len(set(cells)) == len(cells)
        assert sum(k * grid[x] for x, k in zip(cells, coefs)) == total, (cells, coefs, total)
        if distinct:
            assert len({grid[x] for x in cells}) == len(cells)


def test_variant_model_refuses_cells_off_the_grid():
    """The compiled model checks every cell it is given (it indexes C arrays with them)."""
    from fastsudoku import _core

    rows = [[r * 4 + c for c in range(4)] for r in range(4)]
    init = [15] * 16
    bad = [
        ([[0, 16]], [], [], []),
        ([[-1, 3]], [], [], []),
        (rows, [(0, 99)], [], []),
        (rows, [], [(0, 16, [1, 2, 4, 8])], []),
        (rows, [], [], [([-1, 2], [1, 1], 3, False)]),
        (rows, [], [], [([0, 1], [1], 3, False)]),
    ]
    for houses, differ, arcs, sums in bad:
        with pytest.raises(ValueError):
            _core.VariantModel(4, houses, differ, arcs, sums, init)


def test_new_sums_drop_equations_already_made_whatever_their_order_or_sign():
    """_core.new_sums keeps a derived sum only if its equation (terms in any order, the
    whole equation negated) is neither a linear sum already made nor met earlier; line
    clues (a sixth field) are not linear sums.  Against a plain key on random sums."""
    import random

    from fastsudoku import _core

    made = [([0, 1, 2], [1, 1, 1], 6, True), ([3, 4], [1, 1], 5, False, None, _core.LINE_XSUM)]
    derived = [
        ([2, 1, 0], [1, 1, 1], 6, False),  # made, reordered
        ([0, 1, 2], [-1, -1, -1], -6, False),  # made, negated
        ([3, 4], [1, 1], 5, False),  # a line clue's cells, as a linear sum: new
        ([5, 6], [1, -1], 2, False),  # new
        ([6, 5], [-1, 1], 2, False),  # the one before, reordered
        ([5, 6], [-1, 1], -2, False),  # the one before, negated
        ([5, 6], [1, -1], 3, False),  # another total: new
    ]
    assert _core.new_sums(made, derived) == [derived[2], derived[3], derived[6]]

    def key(entry):
        terms = sorted(zip(entry[0], entry[1]))
        if terms and terms[0][1] < 0:
            terms = sorted((x, -k) for x, k in terms)
            return tuple(terms), -entry[2]
        return tuple(terms), entry[2]

    rng = random.Random(5)
    for _ in range(200):
        entries = []
        for _ in range(rng.randint(0, 12)):
            cells = [rng.randrange(6) for _ in range(rng.randint(0, 3))]
            coefs = [rng.choice([-2, -1, 1, 2]) for _ in cells]
            entries.append((cells, coefs, rng.randint(-3, 3), False))
        cut = rng.randint(0, len(entries))
        seen = {key(e) for e in entries[:cut]}
        expected = []
        for e in entries[cut:]:
            if key(e) not in seen:
                seen.add(key(e))
                expected.append(e)
        assert _core.new_sums(entries[:cut], entries[cut:]) == expected


def test_combined_sums_hold_in_the_grid_they_come_from():
    """Merged sums (disjoint sums that see each other, added up) on the ISS's little killer
    example: there are some, each is a union of the puzzle's sums, and each holds in the
    example's stored solution (the sums' own totals added)."""
    from pathlib import Path

    from fastsudoku import _core
    from fastsudoku.variants import from_iss

    data = Path(__file__).resolve().parent / "data" / "variants" / "iss_examples.txt"
    block = next(b for b in data.read_text().split("\n\n") if "Little Killer Sudoku" in b)
    _, text, solution = block.strip().split("\n")
    grid = [int(ch) for ch in solution]
    puzzle = from_iss(text)
    b = _classic_builder(3)
    sums = []
    for con in puzzle.constraints:
        if isinstance(con, Sum):
            cells = [b.cell(ref, "Sum") for ref in con.cells]
            assert sum(grid[x] for x in cells) == con.total
            sums.append((cells, [1] * len(cells), con.total, False))
    derived = _core.combined_sums(9, b.houses, [], sums)
    assert derived
    for cells, coefs, total, distinct in derived:
        assert coefs == [1] * len(cells) and not distinct and len(set(cells)) == len(cells)
        assert sum(grid[x] for x in cells) == total
        parts = [s for s in sums if set(s[0]) <= set(cells)]
        assert sorted(x for s in parts for x in s[0]) == sorted(cells)
    # Sums that share cells, or too few, are never merged.
    assert _core.combined_sums(9, b.houses, [], sums[:1]) == []
    assert _core.combined_sums(9, b.houses, [], [sums[0], sums[0]]) == []


def test_four_long_diagonals_combine_into_one_tight_sum():
    """The ISS's 'Zero solution: Little Killer': eight diagonals of 49 and no solution.
    Grouped as cliques (each group grown from the cell that sees most of the rest), the
    four diagonals next to the anti-diagonal add up to one sum of 196 over 32 cells whose
    groups leave it two units of slack; with it the search proves there is no solution in
    a few thousand guesses (first-fit groups found no merge: 5M guesses, no answer)."""
    from fastsudoku import _core
    from fastsudoku.variants import from_iss

    text = "".join(
        f".LittleKiller~49~{ref}"
        for ref in ("R1C9", "R1C8", "R9C2", "R9C3", "R7C9", "R1C1", "R2C1", "R3C1")
    )
    puzzle = from_iss(text + ".")
    b = _classic_builder(3)
    for con in puzzle.constraints:
        con._add(b)
    derived = _core.combined_sums(9, b.houses, b.differ, list(b.sums))
    upper = [x for x in range(81) if x // 9 + x % 9 in (7, 8, 9, 10)]
    assert (upper, 196) in [(sorted(cells), total) for cells, _, total, _ in derived]
    result = fs.search(puzzle, limit=2, node_limit=200_000)
    assert result.count == 0 and result.complete


def test_sums_crossing_a_diagonal_give_its_outside_cells_a_total():
    """The ISS's 'Hailstone - little killer': X-Sudoku with little killers.  The little
    killers crossing a diagonal cover it (with the boxes' other cells filling the gaps),
    so the cells they hold off the diagonal sum to their totals less 45 -- the ISS's two
    sums of 12 cells (81 and 83); each holds in the puzzle's one solution, checked by the
    reference rules."""
    from fastsudoku import _core
    from fastsudoku.variants import Diagonals, from_iss

    text = (
        ".Cage~14~R5C3~R5C4~R6C4.Cage~19~R6C6~R6C5~R7C5.Cage~14~R4C4~R4C5~R3C5"
        ".Cage~14~R4C6~R5C6~R5C7.Diagonal~1.Diagonal~-1.LittleKiller~47~R3C1"
        ".LittleKiller~49~R2C1.LittleKiller~30~R8C9.LittleKiller~45~R7C9"
        ".LittleKiller~43~R1C7.LittleKiller~44~R1C8.LittleKiller~34~R9C2.LittleKiller~52~R9C3"
    )
    puzzle = from_iss(text)
    result = fs.search(puzzle, limit=2)
    assert result.count == 1
    grid = [int(ch) for ch in result.solution]
    check_variant(9, (3, 3), None, list(puzzle.constraints), [0] * 81, grid)
    b = _classic_builder(3)
    for con in puzzle.constraints:
        con._add(b)
    assert any(isinstance(con, Diagonals) for con in puzzle.constraints)
    derived = _core.intersection_sums(9, b.houses, b.differ, list(b.sums))
    found = {(tuple(cells), total) for cells, _, total, _ in derived}
    assert ((12, 21, 22, 28, 29, 38, 42, 51, 52, 58, 59, 68), 81) in found
    assert ((14, 22, 23, 33, 34, 38, 42, 46, 47, 57, 58, 66), 83) in found
    for cells, coefs, total, distinct in derived:
        assert coefs == [1] * len(cells) and not distinct
        assert sum(grid[x] for x in cells) == total


def test_sums_crossing_a_house_hold_wherever_their_sums_hold():
    """Sound on any grid: on 300 random full 9x9 grids, sums that cross random houses
    (each house cut into runs of 1-3 cells, each run with up to three cells from outside,
    no cell in two sums; totals read off the grid); every sum derived by crossing them
    over the houses holds in that grid too, and some are derived."""
    from fastsudoku import _core

    b = _classic_builder(3)
    base = [int(ch) for ch in fs.solve("." * 81)]
    derived_any = 0
    for seed in range(300):
        rng = random.Random(seed)
        labels = rng.sample(range(1, 10), 9)
        bands = [rng.sample(range(3), 3) for _ in range(3)]
        order = [3 * band + i for band in rng.sample(range(3), 3) for i in bands[band]]
        grid = [labels[base[order[x // 9] * 9 + x % 9] - 1] for x in range(81)]
        used = set()
        sums = []
        for house in rng.sample(b.houses, rng.randint(1, 3)):
            free = [x for x in house if x not in used]
            rng.shuffle(free)
            while free:
                part = [free.pop() for _ in range(min(len(free), rng.randint(1, 3)))]
                out = [x for x in rng.sample(range(81), 6) if x not in used and x not in house]
                cells = part + out[: rng.randint(0, 3)]
                used.update(cells)
                sums.append((cells, [1] * len(cells), sum(grid[x] for x in cells), False))
        derived = _core.intersection_sums(9, b.houses, [], sums)
        derived_any += bool(derived)
        for cells, coefs, total, _ in derived:
            assert coefs == [1] * len(cells) and cells
            assert sum(grid[x] for x in cells) == total
    assert derived_any >= 30


def test_a_cage_one_cell_out_of_a_box_gives_the_house_outie():
    """Wecoc #1 (an ISS example): cage r1c1 r1c2 r2c1 r3c1 r4c1 (24) has one cell outside
    box 1, so box 1's other cells less r4c1 sum to 45 - 24 = 21 -- the ISS's outie, which
    counting cages on their larger side does not make; every derived sum holds in the
    stored solution."""
    from pathlib import Path

    from fastsudoku.variants import _innies, _new_sums, from_iss

    data = Path(__file__).resolve().parent / "data" / "variants" / "iss_examples.txt"
    block = next(b for b in data.read_text().split("\n\n") if "Wecoc #1 (" in b)
    _, text, solution = block.strip().split("\n")
    grid = [int(ch) for ch in solution]
    b = _classic_builder(3)
    for con in from_iss(text).constraints:
        con._add(b)
    known = len(b.sums)
    b.sums += _new_sums(b.sums, _innies(b, list(b.sums)))
    derived = b.sums[known:]
    equations = {(tuple(sorted(zip(cells, coefs))), total) for cells, coefs, total, _ in derived}
    outie = tuple(sorted([(2, 1), (10, 1), (11, 1), (19, 1), (20, 1), (27, -1)]))
    assert (outie, 21) in equations
    for cells, coefs, total, _ in derived:
        assert sum(k * grid[x] for x, k in zip(cells, coefs)) == total


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_pencil_marks_on_the_bitmask_engine_agree_with_brute_force(data):
    # A classic grid whose only rules are candidate sets is searched by the bitmask engine
    # with the sets as masks (fastsudoku._api._pencil_marks).  On 4x4 plain backtracking
    # counts every case; on 6x6 (where backtracking can take minutes to prove a bad set of
    # marks unsolvable) the variant engine is the second opinion and every answer is checked
    # against the rules.
    n, box = data.draw(st.sampled_from([(4, (2, 2)), (6, (2, 3))]))
    cells = data.draw(st.lists(st.integers(0, n * n - 1), min_size=1, max_size=8, unique=True))
    rules = [
        Candidates(
            divmod(x, n),
            data.draw(st.lists(st.integers(1, n), min_size=0, max_size=n - 1, unique=True)),
        )
        for x in cells
    ]
    puzzle = Variant("." * (n * n), box=box, constraints=rules)
    count = fs.count_solutions(puzzle, limit=50)
    assert count == fs.count_solutions(puzzle, limit=50, engine="variant")
    if n == 4:
        assert count == brute_count(n, box, None, rules, [0] * (n * n), limit=50)
    out = fs.solve(puzzle)
    if count:
        check_variant(n, box, None, rules, [0] * (n * n), [int(ch) for ch in out])
    else:
        assert out is None


def test_pencil_mark_grid_runs_on_the_bitmask_engine():
    from fastsudoku.variants import from_iss

    # The ISS's HARD_PENCILMARKS #1 (MIT): a 9x9 grid given as 729 pencil marks.
    marks = (
        "..34..7.91.34567..1.34567.91234567891.3..6...1.34567....3.56.8.1.3..6789123456789"
        "1234.67891234.67.9123..67891234567891.345678.123456789123456789123..678.12..56.89"
        "1.345.7.912....7..12345678912345.7.91.34567..1..456789123456789123.5.78912..56789"
        "..34.....12345.7...2345678..234567891234567891234567891.3456789.23...7..123456789"
        "12345.7.912345678912345.78912345.7891.3456789.2...6.891.345.789123...7891234.6789"
        "1234567.91234567...2.4567...2.456..9123456789.2.456789..345678.123456789.2.4567.9"
        "12345678912345678.12..56.8.12345.7891234567..12.4567891.34.....123.5678912.456..."
        "12345.7..12345.78.12345678..2345.7.9123456789.2.4567891234567891234567.9123456789"
        "1.345..891234567891.3456789...45...91.345678912345.789..345...91234567891..456.89"
    )
    assert len(marks) == 729
    puzzle = from_iss(marks)
    fast = fs.search(puzzle, limit=2)
    slow = fs.search(puzzle, limit=2, engine="variant")
    assert fast.count == slow.count == 1
    assert fast.solution == slow.solution
    check_variant(
        9, (3, 3), None, list(puzzle.constraints), [0] * 81, [int(ch) for ch in fast.solution]
    )
    # A batch takes the same road, puzzle by puzzle (and marks a bad one and goes on).
    batch = fs.solve_many([puzzle, "not a variant", puzzle], limit=2, threads=2)
    assert batch.status.tolist() == [fs.SOLVED, fs.INVALID, fs.SOLVED]
    assert batch.solutions[0] == batch.solutions[2] == fast.solution


def _distinct_support(cands, rule):
    """Brute force: the values each cell takes in some assignment of distinct values, one
    from each cell's candidates, that `rule` accepts."""
    keep = [set() for _ in cands]
    for vs in itertools.product(*[sorted(c) for c in cands]):
        if len(set(vs)) == len(vs) and rule(vs):
            for i, v in enumerate(vs):
                keep[i].add(v)
    return keep


def _sum_rule(total):
    return lambda vs: sum(vs) == total


def _run_rule(vs):
    return max(vs) - min(vs) == len(vs) - 1


@pytest.mark.parametrize("seed", range(60))
def test_cages_and_renbans_of_few_cells_keep_exactly_their_solutions(seed):
    """A killer cage or a renban of 2-3 cells, its cells each given a random candidate set,
    on a 9x9 grid without boxes and no other rule, leaves exactly the values that take
    part in an assignment of distinct values the rule accepts (brute force): for so few
    cells, the singles of each value set decide it.  Longer ones (4-5 cells) keep every
    such value.  (A renban of 1..9, 3..9, 3..9 keeps no 1 in its first cell.)"""
    rng = random.Random(seed)
    n = 9
    k = rng.choice([2, 3, 3, 4, 5])
    # In one row, or scattered (then only the rule makes them differ).
    if rng.random() < 0.5:
        row = rng.randrange(n)
        cells = [(row, c) for c in rng.sample(range(n), k)]
    else:
        cells = rng.sample([(r, c) for r in range(n) for c in range(n)], k)
    cands = [set(rng.sample(range(1, n + 1), rng.randint(1, 6))) for _ in cells]
    renban = rng.random() < 0.5
    if renban:
        rule = _run_rule
        main = Renban(cells, check_path=False)
    else:
        sums = [sum(vs) for vs in itertools.product(*[sorted(c) for c in cands])]
        total = rng.choice(sums) if rng.random() < 0.8 else rng.randint(k, 9 * k)
        rule = _sum_rule(total)
        main = Cage(cells, total)
    keep = _distinct_support(cands, rule)
    rules = [main] + [Candidates(x, sorted(c)) for x, c in zip(cells, cands)]
    model = Variant("." * (n * n), box=None, constraints=rules).model()
    cand = model.propagated(bytes(n * n))
    if not all(keep):  # no assignment: a contradiction before any guess
        assert cand is None, (cells, cands, keep)
    else:
        assert cand is not None, (cells, cands, keep)
        got = [{v + 1 for v in range(n) if cand[r * n + c] >> v & 1} for r, c in cells]
        if k <= 3:
            assert got == keep, (cells, cands, got, keep)
        else:
            assert all(g >= s for g, s in zip(got, keep)), (cells, cands, got, keep)
        # Cells in no row or column of the rule's keep every value.
        rows, cols = {r for r, _ in cells}, {c for _, c in cells}
        free = [r * n + c for r in range(n) for c in range(n) if r not in rows and c not in cols]
        assert all(cand[x] == (1 << n) - 1 for x in free)


def test_a_renban_needs_its_values_in_different_cells():
    """The Interactive Sudoku Solver's HARD_RENBAN 1 case: R3C3 can hold 1..9 and R4C4,
    R5C5 only 3..9; the run 1-2-3 would need 3 in both, so R3C3 loses 1 (2 stays: 2-3-4)."""
    cells = [(2, 2), (3, 3), (4, 4)]
    rules = [Renban(cells), Candidates((3, 3), range(3, 10)), Candidates((4, 4), range(3, 10))]
    cand = Variant("." * 81, box=None, constraints=rules).model().propagated(bytes(81))
    assert {v + 1 for v in range(9) if cand[2 * 9 + 2] >> v & 1} == set(range(2, 10))


def _small_grid(seed):
    """A random 4x4 grid for the tests of one rule: (rng, side, boxes or none, the first
    number: 1 or 0)."""
    rng = random.Random(seed)
    return rng, 4, rng.choice([(2, 2), None]), rng.choice([0, 1])


def _check_numbers(rng, n, box, constraints, first, limit, most_givens):
    """Up to `most_givens` random givens written in the numbers first..: the count up to
    `limit` and the first solutions agree with the reference; random givens that repeat
    in a house are refused, and no grid keeps them."""
    givens = [0] * (n * n)
    for x in rng.sample(range(n * n), rng.randint(0, most_givens)):
        givens[x] = rng.randint(1, n)
    text = "".join(str(v - 1 + first) if v else "." for v in givens)
    variant = Variant(text, box=box, constraints=constraints, first=first)
    try:
        variant.model()
    except VariantError as e:
        assert "repeat" in str(e)
        assert brute_count(n, box, None, constraints, givens, 1, first=first) == 0
    else:
        expected = brute_count(n, box, None, constraints, givens, limit=limit, first=first)
        assert fs.count_solutions(variant, limit=limit) == expected
        for out in fs.solutions(variant, limit=5):
            digits = [int(ch) - first + 1 for ch in out]
            check_variant(n, box, None, constraints, givens, digits, first=first)


@pytest.mark.parametrize("seed", range(40))
def test_counting_circles_agree_with_brute_force(seed):
    """Counting circles (each number in a circle is how many circles hold it) on 4x4
    grids, boxes or none, the numbers 1..4 or 0..3, with a cage or a few givens: counts
    and every solution agree with the brute-force reference reading the rule from its
    definition."""
    rng, n, box, first = _small_grid(seed)
    everywhere = [(r, c) for r in range(n) for c in range(n)]
    constraints = [CountingCircles(rng.sample(everywhere, rng.randint(1, 9)))]
    if rng.random() < 0.5:
        constraints.append(Cage(rng.sample(everywhere, 2)))
    _check_numbers(rng, n, box, constraints, first, limit=200, most_givens=2)


def test_counting_circles_read_write_and_refuse():
    # (Three circles in one box could not hold a 3 three times, nor a 2 twice with
    # the 3: these five are spread out.)
    v = from_iss(".CountingCircles~R1C1~R4C2~R7C3~R2C5~R9C9")
    (circles,) = v.constraints
    assert isinstance(circles, CountingCircles) and len(circles.cells) == 5
    text = to_iss(v)
    assert ".CountingCircles~R1C1~R4C2~R7C3~R2C5~R9C9" in text
    out = [int(ch) for ch in fs.solve(from_iss(text))]
    held = [out[x] for x in (0, 28, 56, 13, 80)]
    assert all(held.count(x) == x for x in held)
    with pytest.raises(VariantError, match="CountingCircles: 1 to 64 cells, got 0"):
        Variant("." * 81, constraints=[CountingCircles([])]).model()
    with pytest.raises(VariantError, match="ISS CountingCircles: expected its cells"):
        from_iss(".CountingCircles")


@pytest.mark.parametrize("seed", range(40))
def test_hidden_skyscrapers_agree_with_brute_force(seed):
    """Hidden skyscraper clues (the first digit lower than one before it, from the clue's
    end), one to three of them on 4x4 grids with boxes or none, on the numbers 1..4 or
    0..3, some clues no digit is: counts and every solution agree with the brute-force
    reference, which reads the rule from its definition."""
    rng, n, box, first = _small_grid(seed)
    constraints = [
        HiddenSkyscraper(
            rng.choice("RC") + str(rng.randint(1, n)),
            rng.randint(first - 1, first + n),
            reverse=rng.random() < 0.5,
        )
        for _ in range(rng.randint(1, 3))
    ]
    _check_numbers(rng, n, box, constraints, first, limit=200, most_givens=2)


def test_hidden_skyscrapers_read_write_and_refuse():
    v = from_iss(".HiddenSkyscraper~R1~3~4.HiddenSkyscraper~C2~~2")
    assert [(c.line, c.clue, c.reverse) for c in v.constraints] == [
        ("R1", 3, False),
        ("R1", 4, True),
        ("C2", 2, True),
    ]
    text = to_iss(v)
    assert ".HiddenSkyscraper~R1~3~" in text and ".HiddenSkyscraper~C2~~2" in text
    assert fs.solve(from_iss(text)) == fs.solve(v)
    out = [int(ch) for ch in fs.solve(v)]
    row = out[:9]
    hidden = next(x for i, x in enumerate(row) if i and x < max(row[:i]))
    assert hidden == 3
    # A clue of 1 or of a digit no grid has: no solution; a side of 64: refused.
    assert fs.count_solutions(Variant("." * 81, constraints=[HiddenSkyscraper("R1", 10)])) == 0
    with pytest.raises(VariantError, match="HiddenSkyscraper 3: on sides up to 63"):
        Variant("." * 64 * 64, box=(8, 8), constraints=[HiddenSkyscraper("R1", 3)]).model()


@pytest.mark.parametrize("seed", range(40))
def test_equality_and_rellik_cages_agree_with_brute_force(seed):
    """Equality cages (as many even as odd, as many low as high) and rellik cages (no
    one or more of their numbers make the total), two or three of them with a few givens,
    on 4x4 grids with boxes or none, on the numbers 1..4 or 0..3: counts and every
    solution agree with the brute-force reference, which reads both rules from their
    definitions."""
    rng, n, box, first = _small_grid(seed)
    everywhere = [(r, c) for r in range(n) for c in range(n)]
    constraints = []
    for _ in range(rng.randint(2, 3)):
        cells = rng.sample(everywhere, rng.randint(2, 4))
        if rng.random() < 0.5:
            constraints.append(EqualityCage(cells))
        else:
            constraints.append(RellikCage(cells, rng.randint(first, 2 * n)))
    _check_numbers(rng, n, box, constraints, first, limit=100, most_givens=3)


def test_equality_and_rellik_cages_read_write_and_refuse():
    """The ISS's forms read and written back; what no digits can satisfy is no solution;
    too many digit sets, a total that is not a number, a repeated cell: errors naming the
    rule."""
    v = from_iss(".RellikCage~10~R1C1~R1C2~R1C3.EqualityCage~R2C1~R2C2")
    rellik, equality = v.constraints
    assert isinstance(rellik, RellikCage) and rellik.total == 10
    assert isinstance(equality, EqualityCage) and len(equality.cells) == 2
    text = to_iss(v)
    assert ".RellikCage~10~R1C1~R1C2~R1C3" in text and ".EqualityCage~R2C1~R2C2" in text
    back = from_iss(text)
    assert back.constraints == v.constraints and fs.solve(back) == fs.solve(v)
    again = from_json(to_json(v))
    assert [type(c) for c in again.constraints] == [RellikCage, EqualityCage]
    assert again.constraints[0].total == 10 and fs.solve(again) == fs.solve(v)
    out = fs.solve(v)
    a, b, c = (int(ch) for ch in out[:3])
    assert 10 not in (a, b, c, a + b, a + c, b + c, a + b + c)
    x, y = int(out[9]), int(out[10])
    assert (x + y) % 2 == 1 and (x < 5) != (y < 5) and 5 not in (x, y)
    # Three cells cannot split evenly; 1 is in every rellik cage of 1..4 with total 1
    # unless it is left out, and four cells of 1..4 must hold it.
    assert (
        fs.count_solutions(Variant("." * 16, constraints=[EqualityCage([(0, 0), (0, 1), (0, 2)])]))
        == 0
    )
    assert (
        fs.count_solutions(
            Variant("." * 16, constraints=[RellikCage([(0, 0), (0, 1), (0, 2), (0, 3)], 1)])
        )
        == 0
    )
    wide = [(r, c) for r in range(6) for c in range(6)][:18]
    with pytest.raises(VariantError, match="EqualityCage: 18 cells on a side of 36"):
        Variant("." * 36 * 36, box=(6, 6), constraints=[EqualityCage(wide)]).model()
    with pytest.raises(VariantError, match="RellikCage x: 'x' is not an integer"):
        Variant("." * 81, constraints=[RellikCage([(0, 0)], "x")]).model()
    with pytest.raises(VariantError, match="listed twice"):
        Variant("." * 81, constraints=[EqualityCage([(0, 0), (0, 0)])]).model()
    with pytest.raises(VariantError, match="RellikCage 5: no cells"):
        Variant("." * 81, constraints=[RellikCage([], 5)]).model()
    with pytest.raises(VariantError, match="ISS RellikCage: expected"):
        from_iss(".RellikCage")


@pytest.mark.parametrize("seed", range(40))
def test_relations_agree_with_brute_force(seed):
    """A Relation (chained or on every pair; any pairs, or a symmetric rule that keeps
    its cells apart) with a second one and a few givens, on 4x4 grids with boxes or
    none: counts and solutions agree with the brute-force reference, and givens that
    repeat are refused where no grid keeps them (relations on the digits 0..3 come up
    in the random-constraint test on those grids)."""
    rng = random.Random(seed)
    n = 4
    box = rng.choice([(2, 2), None])
    constraints = [_random_relation(rng, n, 1) for _ in range(2)]
    givens = [0] * (n * n)
    for x in rng.sample(range(n * n), rng.randint(0, 3)):
        givens[x] = rng.randint(1, n)
    text = "".join(str(v) if v else "." for v in givens)
    _check_or_refused(Variant(text, box=box, constraints=constraints), n, box, limit=50)


def test_relation_reads_and_writes_the_iss_keys():
    """The ISS's binary key (bit (x - 1) * 9 + (y - 1), six a base64 character, lowest
    first) read into pairs and written back; Binary/BinaryX swap '-' and '_'; a relation
    on every pair that is not symmetric is written as a Pair of each two cells (the ISS's
    PairX must be symmetric)."""
    from fastsudoku.variants import from_iss, to_iss

    # x + y == 10 on 9x9, the ISS's own key for it (fnToBinaryKey).
    tens = [(x, 10 - x) for x in range(1, 10)]
    v = Variant("." * 81, constraints=[Relation([(0, 0), (0, 4), (5, 5)], tens)])
    text = to_iss(v)
    key = text.split(".Pair~")[1].split("~")[0]
    assert set(from_iss(text).constraints[0].allowed) == set(tens)
    assert set(
        from_iss(f".Binary~{key.translate(str.maketrans('-_', '_-'))}~R1C1~R1C2")
        .constraints[0]
        .allowed
    ) == set(tens)
    assert from_iss(text).constraints[0].every_pair is False
    grid = fs.solve(from_iss(text))
    assert int(grid[0]) + int(grid[4]) == 10 and int(grid[4]) + int(grid[50]) == 10
    # Named groups ('_name'), groups split by an empty item, one-cell groups dropped.
    two = from_iss(f".PairX~{key}~_left~R1C1~R2C1~~R5C5~~R9C9~R8C8")
    assert [len(c.cells) for c in two.constraints] == [2, 2]
    assert all(c.every_pair for c in two.constraints)
    with pytest.raises(VariantError, match="base64"):
        from_iss(".Pair~A*~R1C1~R1C2")
    with pytest.raises(VariantError, match="too long"):
        from_iss(".Pair~" + "A" * 14 + "B~R1C1~R1C2")
    # A rule on every pair that is not symmetric: written as a Pair of each two cells.
    less = [(x, y) for x in range(1, 10) for y in range(1, 10) if x < y]
    cells = [(0, 0), (4, 4), (8, 8)]
    one_way = Variant("." * 81, constraints=[Relation(cells, less, every_pair=True)])
    text = to_iss(one_way)
    assert ".PairX" not in text and text.count("~~") == 2
    grid = fs.solve(from_iss(text))
    assert grid[0] < grid[40] < grid[80]


@pytest.mark.parametrize(
    "rule, message",
    [
        (lambda: Relation([(0, 0)], [(1, 2)]), "two cells"),
        (lambda: Relation([(0, 0), (0, 1)], [(1, 10)]), "outside"),
        (lambda: Relation([(0, 0), (0, 1)], [(1, 2, 3)]), "pair"),
        (lambda: Relation([(0, 0), (0, 1)], 5), "pairs"),
        (lambda: Relation([(0, 0), (0, 0)], [(1, 2)]), "twice"),
    ],
)
def test_malformed_relations_raise_naming_them(rule, message):
    with pytest.raises(VariantError, match=message):
        Variant("." * 81, constraints=[rule()]).model()


def test_a_relation_that_keeps_every_pair_apart_is_a_set_of_digit_sets():
    """A symmetric relation with no number paired with itself, on every pair of 3+ cells,
    keeps only the digits of the sets whose every two digits it allows (the ISS's
    'Nabner': no two of the cells consecutive).  Three cells of 1..5 keep 1, 3, 5: each
    of 2 and 4 has a partner alone, but no third cell."""
    apart = [(x, y) for x in range(1, 10) for y in range(1, 10) if abs(x - y) >= 2]
    cells = [(0, 0), (2, 4), (7, 8)]
    rules = [Relation(cells, apart, every_pair=True)]
    rules += [Candidates(x, range(1, 6)) for x in cells]
    cand = Variant("." * 81, box=None, constraints=rules).model().propagated(bytes(81))
    for r, c in cells:
        assert {v + 1 for v in range(9) if cand[r * 9 + c] >> v & 1} == {1, 3, 5}
