"""Reference for variant Sudoku in the tests: the rules stated directly, pure Python.

Why it is trusted: each rule is a few lines read off its definition (a thermometer's
digits increase from the bulb; a killer cage's digits differ and sum to its total ...),
checked on a complete grid, with no propagation and no shared code with the engine (it
imports nothing from fastsudoku's core; it reads the fields of the constraint objects,
which are plain data).  `brute_count` is textbook backtracking in reading order over the
digits, checking after each placement every rule whose cells are all filled (and the
"all differ" rules on the cells filled so far).

A grid is a flat list of N*N ints, row by row; 0 is empty.  Its digits 1..N stand for
the numbers first..first+N-1 (first=1 but for grids of 0..N-1, Variant.first): the
rules are read on those numbers.
"""

import itertools
import re

_RC = re.compile(r"^[Rr](\d+)[Cc](\d+)$")


def cell_index(ref, n):
    """(row, col) from 0 or 'R1C1' from 1 -> row * n + col."""
    if isinstance(ref, str):
        m = _RC.match(ref.strip())
        return (int(m.group(1)) - 1) * n + int(m.group(2)) - 1
    row, col = ref
    return row * n + col


def _cells(refs, n):
    return [cell_index(r, n) for r in refs]


def _neighbour_pairs(n, steps):
    for row in range(n):
        for col in range(n):
            for dr, dc in steps:
                r2, c2 = row + dr, col + dc
                if 0 <= r2 < n and 0 <= c2 < n:
                    yield row * n + col, r2 * n + c2


def houses(n, box, regions):
    """Rows, columns, and the boxes (box=(r, c)) or the jigsaw regions (lists of cells)."""
    out = [[i * n + j for j in range(n)] for i in range(n)]
    out += [[i * n + j for i in range(n)] for j in range(n)]
    if regions is not None:
        if isinstance(regions, str):
            labels = "".join(regions.split())
            groups = {}
            for x, ch in enumerate(labels):
                groups.setdefault(ch, []).append(x)
            out += list(groups.values())
        else:
            out += [_cells(r, n) for r in regions]
    elif box is not None:
        r, c = box
        boxes = {}
        for i in range(n):
            for j in range(n):
                boxes.setdefault((i // r, j // c), []).append(i * n + j)
        out += list(boxes.values())
    return out


def _outside_line(con, n):
    """An outside clue's row or column ('R3', 'C5' from 1), read from its end."""
    k = int(con.line[1:]) - 1
    line = [k * n + c for c in range(n)] if con.line[0] in "Rr" else [r * n + k for r in range(n)]
    if getattr(con, "reverse", False):
        line.reverse()
    return line


def _windows(d, size):
    return [d[i : i + size] for i in range(max(1, len(d) - size + 1))]


def _rules(n, constraints, box=None, regions=None, first=1):
    """Each constraint as (cells, predicate on their values, 'distinct' flag)."""
    rules = []
    region_of = {}
    for k, house in enumerate(houses(n, box, regions)[2 * n :]):
        for x in house:
            region_of[x] = k
    dots, marks = {}, {}
    for con in constraints:
        kind = type(con).__name__
        if kind == "Kropki":
            a, b = cell_index(con.a, n), cell_index(con.b, n)
            dots[frozenset((a, b))] = con.kind
        if kind == "XV":
            a, b = cell_index(con.a, n), cell_index(con.b, n)
            marks[frozenset((a, b))] = con.kind.upper()
    for con in constraints:
        kind = type(con).__name__
        if kind == "Region":
            rules.append((_cells(con.cells, n), None, True))
        elif kind == "Diagonals":
            if con.main:
                rules.append(([i * n + i for i in range(n)], None, True))
            if con.anti:
                rules.append(([i * n + n - 1 - i for i in range(n)], None, True))
        elif kind in ("AntiKnight", "AntiKing"):
            steps = (
                [(1, 2), (2, 1), (1, -2), (2, -1)]
                if kind == "AntiKnight"
                else [(0, 1), (1, 0), (1, 1), (1, -1)]
            )
            for a, b in _neighbour_pairs(n, steps):
                rules.append(([a, b], None, True))
        elif kind == "NonConsecutive":
            for a, b in _neighbour_pairs(n, [(0, 1), (1, 0)]):
                rules.append(([a, b], lambda d: abs(d[0] - d[1]) != 1, False))
        elif kind == "Cage":
            total = con.total
            rules.append(
                (
                    _cells(con.cells, n),
                    None if total is None else (lambda d, t=total: sum(d) == t),
                    True,
                )
            )
        elif kind == "Sum":
            coefs = con.coefficients or [1] * len(con.cells)
            rules.append(
                (
                    _cells(con.cells, n),
                    lambda d, t=con.total, k=tuple(coefs): sum(a * b for a, b in zip(k, d)) == t,
                    False,
                )
            )
        elif kind in ("Sandwich", "XSum"):
            line = _outside_line(con, n)
            if kind == "Sandwich":

                def sandwich(d, t=con.total):
                    i, j = sorted((d.index(1), d.index(n)))
                    return sum(d[i + 1 : j]) == t

                rules.append((line, sandwich, False))
            else:
                rules.append((line, lambda d, t=con.total: sum(d[: d[0]]) == t, False))
        elif kind == "Between":
            cells = _cells(con.cells, n)
            if len(cells) > 2:

                def between(d):
                    lo, hi = sorted((d[0], d[-1]))
                    return all(lo < x < hi for x in d[1:-1])

                rules.append((cells, between, False))
        elif kind == "Lockout":

            def lockout(d, gap=con.difference):
                lo, hi = sorted((d[0], d[-1]))
                return lo != hi and hi - lo >= gap and all(x < lo or x > hi for x in d[1:-1])

            rules.append((_cells(con.cells, n), lockout, False))
        elif kind == "Thermo":
            rules.append(
                (_cells(con.cells, n), lambda d: all(x < y for x, y in zip(d, d[1:])), False)
            )
        elif kind == "Arrow":
            circle = con.circle
            if isinstance(circle, str) or (
                isinstance(circle, tuple) and len(circle) == 2 and isinstance(circle[0], int)
            ):
                circle = [circle]
            head = _cells(circle, n)
            body = _cells(con.cells, n)
            k = len(head)

            def arrow(d, k=k):
                number = int("".join(str(x) for x in d[:k]))
                return number == sum(d[k:])

            rules.append((head + body, arrow, False))
        elif kind == "Whisper":
            rules.append(
                (
                    _cells(con.cells, n),
                    lambda d, g=con.difference: all(abs(x - y) >= g for x, y in zip(d, d[1:])),
                    False,
                )
            )
        elif kind == "Renban":
            rules.append((_cells(con.cells, n), lambda d: max(d) - min(d) == len(d) - 1, True))
        elif kind == "Zipper":
            cells = _cells(con.cells, n)

            def zipper(d):
                k = len(d)
                sums = [d[i] + d[k - 1 - i] for i in range(k // 2)]
                if k % 2:
                    return all(t == d[k // 2] for t in sums)
                return len(set(sums)) <= 1

            rules.append((cells, zipper, False))
        elif kind == "RegionSumLine":
            cells = _cells(con.cells, n)
            if region_of:
                starts = [
                    i
                    for i in range(len(cells))
                    if i == 0 or region_of[cells[i]] != region_of[cells[i - 1]]
                ]

                def region_sums(d, starts=starts):
                    bounds = [*starts, len(d)]
                    return len({sum(d[a:b]) for a, b in zip(bounds, bounds[1:])}) <= 1

                rules.append((cells, region_sums, False))
        elif kind == "Modular":
            rules.append(
                (
                    _cells(con.cells, n),
                    lambda d, m=con.mod: all(
                        len({x % m for x in w}) == len(w) for w in _windows(d, m)
                    ),
                    False,
                )
            )
        elif kind == "Entropic":
            third = n // 3
            rules.append(
                (
                    _cells(con.cells, n),
                    lambda d, t=third: all(
                        len({(x - first) // t for x in w}) == len(w) for w in _windows(d, 3)
                    ),
                    False,
                )
            )
        elif kind == "NumberedRoom":
            line = _outside_line(con, n)
            rules.append((line, lambda d, t=con.clue: d[d[0] - 1] == t, False))
        elif kind == "Skyscraper":
            line = _outside_line(con, n)

            def seen(d, t=con.clue):
                return sum(1 for i, x in enumerate(d) if all(x > y for y in d[:i])) == t

            rules.append((line, seen, False))
        elif kind == "CountingCircles":

            def counting(d):
                # Each number in a circle is how many circles hold it.
                return all(d.count(x) == x for x in d)

            rules.append((_cells(con.cells, n), counting, False))
        elif kind == "HiddenSkyscraper":
            line = _outside_line(con, n)

            def first_hidden(d, t=con.clue):
                # The first number lower than the tallest before it is the clue.
                for i in range(1, len(d)):
                    if d[i] < max(d[:i]):
                        return d[i] == t
                return False

            rules.append((line, first_hidden, False))
        elif kind == "Indexing":
            for x in _cells(con.cells, n):
                row, col = divmod(x, n)
                if con.by == "column":
                    rules.append(
                        (
                            [row * n + j for j in range(n)],
                            lambda d, c=col: d[d[c] - 1] == c + 1,
                            False,
                        )
                    )
                else:
                    rules.append(
                        (
                            [i * n + col for i in range(n)],
                            lambda d, r=row: d[d[r] - 1] == r + 1,
                            False,
                        )
                    )
        elif kind == "AntiTaxicab":
            for a in range(n * n):
                for b in range(a + 1, n * n):
                    dist = abs(a // n - b // n) + abs(a % n - b % n)
                    rules.append(([a, b], lambda d, t=dist: not (d[0] == d[1] == t), False))
        elif kind == "EqualityCage":
            # From the rule: as many even numbers as odd, as many in the low half of the
            # numbers first..first+n-1 as in the high half, none in neither (the middle).
            half = n // 2
            low = set(range(first, first + half))
            high = set(range(first + n - half, first + n))

            def equality(d, low=low, high=high):
                even = sum(1 for x in d if x % 2 == 0)
                below = sum(1 for x in d if x in low)
                above = sum(1 for x in d if x in high)
                return 2 * even == len(d) and below == above and below + above == len(d)

            rules.append((_cells(con.cells, n), equality, True))
        elif kind == "RellikCage":

            def rellik(d, t=con.total):
                return not any(
                    sum(combo) == t
                    for r in range(1, len(d) + 1)
                    for combo in itertools.combinations(d, r)
                )

            rules.append((_cells(con.cells, n), rellik, True))
        elif kind == "Relation":
            cells = _cells(con.cells, n)
            allowed = {tuple(pair) for pair in con.allowed}
            if con.every_pair:
                pairs = [(a, b) for i, a in enumerate(cells) for b in cells[i + 1 :]]
            else:
                pairs = list(zip(cells, cells[1:]))
            for a, b in pairs:
                rules.append(([a, b], lambda d, s=allowed: (d[0], d[1]) in s, False))
        elif kind == "Palindrome":
            rules.append((_cells(con.cells, n), lambda d: list(d) == list(reversed(d)), False))
        elif kind == "Kropki":
            a, b = cell_index(con.a, n), cell_index(con.b, n)
            if con.kind == "white":
                rules.append(([a, b], lambda d: abs(d[0] - d[1]) == 1, False))
            else:
                rules.append(([a, b], lambda d: d[0] == 2 * d[1] or d[1] == 2 * d[0], False))
        elif kind == "XV":
            a, b = cell_index(con.a, n), cell_index(con.b, n)
            total = 10 if con.kind.upper() == "X" else 5
            rules.append(([a, b], lambda d, t=total: d[0] + d[1] == t, False))
        elif kind == "NoOtherDots":
            for a, b in _neighbour_pairs(n, [(0, 1), (1, 0)]):
                if frozenset((a, b)) in dots:
                    continue
                rules.append(
                    (
                        [a, b],
                        lambda d, w=con.white, k=con.black: (
                            not (w and abs(d[0] - d[1]) == 1)
                            and not (k and (d[0] == 2 * d[1] or d[1] == 2 * d[0]))
                        ),
                        False,
                    )
                )
        elif kind == "NoOtherXV":
            for a, b in _neighbour_pairs(n, [(0, 1), (1, 0)]):
                if frozenset((a, b)) in marks:
                    continue
                rules.append(
                    (
                        [a, b],
                        lambda d, x=con.x, v=con.v: (
                            not (x and d[0] + d[1] == 10) and not (v and d[0] + d[1] == 5)
                        ),
                        False,
                    )
                )
        elif kind == "Odd":
            for x in _cells(con.cells, n):
                rules.append(([x], lambda d: d[0] % 2 == 1, False))
        elif kind == "Even":
            for x in _cells(con.cells, n):
                rules.append(([x], lambda d: d[0] % 2 == 0, False))
        elif kind == "Lunchbox":

            def lunchbox(d, t=con.total):
                i, j = sorted((d.index(min(d)), d.index(max(d))))
                return sum(d[i + 1 : j]) == t

            rules.append((_cells(con.cells, n), lunchbox, True))
        elif kind == "SumLine":

            def cuttable(d, t=con.total, loop=con.loop):
                # Some rotation (any for a loop, none for a line) cut into runs of t.
                for rot in range(len(d) if loop else 1):
                    e = d[rot:] + d[:rot]
                    run = 0
                    ok = True
                    for x in e:
                        run += x
                        if run == t:
                            run = 0
                        elif run > t:
                            ok = False
                            break
                    if ok and run == 0:
                        return True
                return False

            rules.append((_cells(con.cells, n), cuttable, False))
        elif kind == "Contains":

            def contains(d, want=tuple(con.values), exact=con.exactly):
                return all(
                    (d.count(v) == want.count(v)) if exact else (d.count(v) >= want.count(v))
                    for v in want
                )

            rules.append((_cells(con.cells, n), contains, False))
        elif kind == "Candidates":
            rules.append(([cell_index(con.cell, n)], lambda d, s=set(con.values): d[0] in s, False))
        else:
            raise ValueError(f"the reference does not know {kind}")
    return rules


def check_variant(n, box, regions, constraints, givens, solution, first=1):
    """None if `solution` keeps the givens and every rule; AssertionError saying which
    rule it breaks otherwise."""
    assert len(solution) == n * n
    for x, (g, v) in enumerate(zip(givens, solution)):
        assert 1 <= v <= n, f"cell {x} holds {v}"
        assert g == 0 or g == v, f"cell {x}: given {g}, solution {v}"
    for house in houses(n, box, regions):
        digits = [solution[x] for x in house]
        assert len(set(digits)) == len(digits), f"house {house} repeats a digit: {digits}"
    for cells, pred, distinct in _rules(n, constraints, box, regions, first):
        digits = [solution[x] for x in cells]
        if distinct:
            assert len(set(digits)) == len(digits), f"cells {cells} repeat a digit: {digits}"
        if pred is not None:
            values = [d + first - 1 for d in digits]
            assert pred(values), f"cells {cells} break their rule with {values}"


def brute_count(n, box, regions, constraints, givens, limit=None, first=1):
    """The number of solutions (stopping at limit), by plain backtracking."""
    rules = [(cells, None, True) for cells in houses(n, box, regions)]
    rules += _rules(n, constraints, box, regions, first)
    by_cell = [[] for _ in range(n * n)]
    for rule in rules:
        for x in rule[0]:
            by_cell[x].append(rule)
    grid = list(givens)
    for rule in rules:  # the givens alone must not break a rule
        if not _holds(rule, grid, first):
            return 0
    empty = [x for x in range(n * n) if grid[x] == 0]
    count = 0

    def place(k):
        nonlocal count
        if k == len(empty):
            count += 1
            return limit is not None and count >= limit
        x = empty[k]
        for v in range(1, n + 1):
            grid[x] = v
            if all(_holds(rule, grid, first) for rule in by_cell[x]) and place(k + 1):
                grid[x] = 0
                return True
        grid[x] = 0
        return False

    place(0)
    return count


def _holds(rule, grid, first=1):
    cells, pred, distinct = rule
    digits = [grid[x] for x in cells]
    filled = [d for d in digits if d]
    if distinct and len(set(filled)) != len(filled):
        return False
    if pred is not None and len(filled) == len(digits):
        return pred([d + first - 1 for d in digits])
    return True
