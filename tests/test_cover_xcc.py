"""Colours (XCC, Knuth's Algorithm C) and multiplicities (MCC, Algorithm M) in exact cover:
a brute-force oracle written from the rules, known counts from counting arguments, bad
input, limits, and the engines that refuse them."""

import itertools
import os
import random
from math import comb

import numpy as np
import pytest

import fastsudoku as fs
from fastsudoku import ExactCoverError, SearchLimitError


def xcc_valid(rows, ncols, secondary, colors, mult, chosen):
    """Is `chosen` (row indices) a cover under the rules: a primary column c is in lo..hi
    of the chosen rows (mult.get(c, (1, 1))); a secondary column is either in at most one
    chosen row, without a colour there, or in any number that all give it one colour."""
    sec = set(secondary)
    count = [0] * ncols
    plain = [0] * ncols
    seen_colors = [set() for _ in range(ncols)]
    for r in chosen:
        for k, c in enumerate(rows[r]):
            count[c] += 1
            color = colors[r][k] if colors is not None and colors[r] is not None else None
            if color in (None, 0):
                plain[c] += 1
            else:
                seen_colors[c].add(color)
    for c in range(ncols):
        if c in sec:
            if plain[c] > 1 or (plain[c] == 1 and count[c] > 1) or len(seen_colors[c]) > 1:
                return False
        else:
            lo, hi = mult.get(c, (1, 1))
            if not lo <= count[c] <= hi:
                return False
    return True


def xcc_brute_force(rows, ncols, secondary=(), colors=None, mult=None):
    """Every set of rows that touch a primary column (a row with secondary columns only is
    never chosen, as in Knuth's algorithms) that is a cover: exponential, small only."""
    mult = {c: (b, b) if isinstance(b, int) else tuple(b) for c, b in (mult or {}).items()}
    sec = set(secondary)
    usable = [r for r, row in enumerate(rows) if any(c not in sec for c in row)]
    found = set()
    for k in range(len(usable) + 1):
        for subset in itertools.combinations(usable, k):
            if xcc_valid(rows, ncols, secondary, colors, mult, subset):
                found.add(subset)
    return found


def random_problem(rng, colored, multi):
    ncols = rng.randint(1, 6)
    nrows = rng.randint(0, 11)
    secondary = sorted(rng.sample(range(ncols), rng.randint(0, ncols - 1)))
    rows = [sorted(rng.sample(range(ncols), rng.randint(1, ncols))) for _ in range(nrows)]
    colors = None
    if colored:
        colors = [
            [rng.choice([0, "red", "blue"]) if c in secondary else 0 for c in row] for row in rows
        ]
    mult = None
    if multi:
        mult = {}
        for c in range(ncols):
            if c not in secondary and rng.random() < 0.6:
                lo = rng.randint(0, 2)
                mult[c] = (lo, rng.randint(max(lo, 1), 3))
    return rows, ncols, secondary, colors, mult


@pytest.mark.parametrize("colored,multi", [(True, False), (False, True), (True, True)])
@pytest.mark.parametrize("seed", range(6))
def test_random_problems_against_brute_force(seed, colored, multi):
    rng = random.Random(1000 * seed + 10 * colored + multi)
    for _ in range(60):
        rows, ncols, secondary, colors, mult = random_problem(rng, colored, multi)
        expect = xcc_brute_force(rows, ncols, secondary, colors, mult)
        kw = dict(columns=ncols, secondary=secondary, colors=colors, multiplicity=mult)
        got = list(fs.exact_covers(rows, **kw))
        assert len(got) == len(set(map(tuple, got))), "a cover found twice"
        assert set(map(tuple, got)) == expect, (rows, secondary, colors, mult)
        if not multi:
            # Colours on both engines: the same covers.
            for engine in ("dlx", "bitset"):
                other = list(fs.exact_covers(rows, engine=engine, **kw))
                assert sorted(map(tuple, other)) == sorted(expect), engine
        assert fs.count_exact_covers(rows, **kw) == len(expect)
        first = fs.exact_cover(rows, **kw)
        assert (first is None) == (not expect)
        if first is not None:
            assert first == got[0]
        result = fs.search_exact_cover(rows, limit=None, **kw)
        assert (result.count, result.complete) == (len(expect), True)


def test_knuths_colour_example():
    # TAOCP 7.2.2.1: primary p q r, secondary x y; the one cover is "q x:A" and
    # "p r x:A y" (x coloured A twice, y uncoloured once).
    p, q, r, x, y = range(5)
    rows = [[p, q, x, y], [p, r, x, y], [p, x], [q, x], [r, y]]
    colors = [[0, 0, 0, "A"], [0, 0, "A", 0], [0, "B"], [0, "A"], [0, "B"]]
    assert list(fs.exact_covers(rows, secondary=[x, y], colors=colors)) == [[1, 3]]
    # Without colours every secondary entry is plain: no cover.
    assert fs.count_exact_covers(rows, secondary=[x, y]) == 0


def no_adjacent(n, k, forbidden):
    """Strings of length n over 0..k-1 without a consecutive pair in `forbidden`, as XCC:
    window i (primary) chooses its pair (a, b); the secondary item of position i takes the
    colour of its letter, so that neighbouring windows agree on the letter they share."""
    rows, colors = [], []
    for i in range(n - 1):
        for a in range(k):
            for b in range(k):
                if (a, b) not in forbidden:
                    rows.append([i, n - 1 + i, n + i])
                    colors.append([0, f"letter{a}", f"letter{b}"])
    return rows, colors, list(range(n - 1, 2 * n - 1))


def strings_by_transfer(n, k, forbidden):
    """The same count by dynamic programming over the last letter."""
    ways = [1] * k
    for _ in range(n - 1):
        ways = [sum(ways[a] for a in range(k) if (a, b) not in forbidden) for b in range(k)]
    return sum(ways)


@pytest.mark.parametrize(
    "n,k,forbidden",
    [(10, 2, {(1, 1)}), (12, 3, {(0, 0), (1, 2)}), (8, 4, {(0, 1), (1, 0), (2, 2), (3, 0)})],
)
def test_colours_carry_a_letter_between_windows(n, k, forbidden):
    rows, colors, secondary = no_adjacent(n, k, forbidden)
    expect = strings_by_transfer(n, k, forbidden)
    assert fs.count_exact_covers(rows, secondary=secondary, colors=colors) == expect
    for engine in ("dlx", "bitset"):
        assert fs.count_exact_covers(rows, secondary=secondary, colors=colors, engine=engine) == (
            expect
        )
    # The covers, read back as strings, are all different and avoid the pairs.
    strings = set()
    for cover in fs.exact_covers(rows, secondary=secondary, colors=colors, limit=500):
        letters = {}
        for r in cover:
            i = rows[r][0]
            letters[i] = colors[r][1]
            letters[i + 1] = colors[r][2]
        word = tuple(int(letters[i][-1]) for i in range(n))
        assert all((a, b) not in forbidden for a, b in zip(word, word[1:]))
        strings.add(word)
    assert len(strings) == min(expect, 500)


# 0/1 matrices n x n with every row and column sum 2 (OEIS A001499).
TWO_PER_LINE = {2: 1, 3: 6, 4: 90, 5: 2040, 6: 67950}


@pytest.mark.parametrize("n", sorted(TWO_PER_LINE))
def test_two_per_row_and_column(n):
    rows = [[i, n + j] for i in range(n) for j in range(n)]
    mult = {c: 2 for c in range(2 * n)}
    assert fs.count_exact_covers(rows, multiplicity=mult) == TWO_PER_LINE[n]


@pytest.mark.parametrize("n,k", [(5, 2), (6, 3), (7, 1), (7, 7)])
def test_choose_k_of_n(n, k):
    # One primary column taken by k of n rows: C(n, k) covers, each once.
    rows = [[0] for _ in range(n)]
    covers = list(fs.exact_covers(rows, multiplicity={0: (k, k)}))
    assert sorted(map(tuple, covers)) == list(itertools.combinations(range(n), k))
    assert len(covers) == comb(n, k)
    # 0..1 of them: the empty cover (last: the column closed without a row) and each row.
    covers = list(fs.exact_covers(rows, multiplicity={0: (0, 1)}))
    assert covers == [[r] for r in range(n)] + [[]]


def test_ranges_of_multiplicity():
    # Column 0 takes 1..3 of 4 rows, column 1 (in rows 0 and 1) 0..1.
    rows = [[0, 1], [0, 1], [0], [0]]
    got = set(map(tuple, fs.exact_covers(rows, multiplicity={0: (1, 3), 1: (0, 1)})))
    assert got == xcc_brute_force(rows, 2, (), None, {0: (1, 3), 1: (0, 1)})
    # An empty column that may take no row does not make the problem unsolvable.
    assert fs.count_exact_covers([[0]], columns=3, multiplicity={1: (0, 2), 2: (0, 1)}) == 1
    assert fs.count_exact_covers([[0]], columns=3, multiplicity={1: (0, 2)}) == 0


def test_colours_from_a_matrix():
    p, q, r, x, y = range(5)
    rows = [[p, q, x, y], [p, r, x, y], [p, x], [q, x], [r, y]]
    matrix = np.zeros((5, 5), dtype=np.int8)
    colors = np.zeros((5, 5), dtype=np.int32)
    for i, row in enumerate(rows):
        matrix[i, row] = 1
    colors[0, y] = 7
    colors[1, x] = 7
    colors[2, x] = 9
    colors[3, x] = 7
    colors[4, y] = 9
    assert fs.exact_cover(matrix, secondary=[x, y], colors=colors) == [1, 3]
    colors[2, p] = 0
    colors[2, q] = 5  # a colour where the matrix has no 1
    with pytest.raises(ExactCoverError) as info:
        fs.exact_cover(matrix, secondary=[x, y], colors=colors)
    assert (info.value.row, info.value.column) == (2, q)


@pytest.mark.parametrize(
    "kw,message",
    [
        (dict(colors=[[0, "A"], None]), "primary column"),
        (dict(colors=[[0], None]), "1 colours for 2 columns"),
        (dict(colors=[[0, 0]]), "one a row"),
        (dict(colors="AB"), "one entry a row"),
        (dict(colors=[[0, []], None], secondary=[1]), "not hashable"),
        (dict(multiplicity={1: 2}, secondary=[1]), "is secondary"),
        (dict(multiplicity={5: 2}), "out of range"),
        (dict(multiplicity={0: (2, 1)}), "not a range"),
        (dict(multiplicity={0: (0, 0)}), "not a range"),
        (dict(multiplicity={0: "2"}), "not an integer"),
        (dict(multiplicity=[2, 2]), "mapping"),
        (dict(multiplicity={0: 2}, engine="dlx"), "engine='dlx'"),
    ],
)
def test_bad_colours_and_multiplicities(kw, message):
    with pytest.raises(ExactCoverError, match=message):
        fs.exact_cover([[0, 1], [0]], **kw)


def test_colour_error_names_the_place():
    with pytest.raises(ExactCoverError) as info:
        fs.exact_cover([[0, 1], [0, 2]], secondary=[1], colors=[None, [0, "A"]])
    assert (info.value.row, info.value.column) == (1, 2)


def test_node_limit_and_limit():
    rows = [[i, 8 + j] for i in range(8) for j in range(8)]
    mult = {c: 2 for c in range(16)}
    with pytest.raises(SearchLimitError):
        fs.count_exact_covers(rows, multiplicity=mult, node_limit=50)
    assert fs.count_exact_covers(rows, multiplicity=mult, limit=7) == 7
    assert len(list(fs.exact_covers(rows, multiplicity=mult, limit=3))) == 3
    first = fs.exact_cover(rows, multiplicity=mult)
    assert first is not None and len(first) == 16
    assert xcc_valid(rows, 16, (), None, {c: (2, 2) for c in range(16)}, first)


def test_plain_problems_unchanged_by_trivial_extras():
    # multiplicity 1 everywhere and no colours: the same search as without them, on dlx too.
    rows = [[0, 1], [2], [0], [1], [1, 2]]
    plain = list(fs.exact_covers(rows, engine="dlx"))
    assert list(fs.exact_covers(rows, multiplicity={0: 1, 1: (1, 1)}, engine="dlx")) == plain
    assert list(fs.exact_covers(rows, colors=[None] * 5, engine="dlx")) == plain


# -- named items and Knuth's format ------------------------------------------------------

KNUTH_DLX3_EXAMPLE = """\
| A simple example of color controls
A B 2:3|C | X Y
A B X:0 Y:0
A C X:1 Y:1
C X:0
B X:1
C Y:1
"""


def test_knuths_multiplicity_example():
    # DLX3's documentation: the unique solution is "A C X:1 Y:1", "B X:1", "C Y:1".
    p = fs.parse_cover(KNUTH_DLX3_EXAMPLE)
    assert p.primary == ("A", "B", "C") and p.secondary == ("X", "Y")
    assert p.multiplicity == {"C": (2, 3)}
    covers = list(p.covers())
    assert [[p.format_option(i) for i in c] for c in covers] == [["A C X:1 Y:1", "B X:1", "C Y:1"]]


def test_format_round_trip(tmp_path):
    p = fs.parse_cover(KNUTH_DLX3_EXAMPLE)
    text = fs.format_cover(p)
    assert text.splitlines()[0] == "A B 2:3|C | X Y"
    assert fs.parse_cover(text) == p
    path = tmp_path / "p.dlx"
    fs.write_cover(p, path)
    assert fs.read_cover(path) == p
    with open(path) as f:
        assert fs.read_cover(f) == p
    exact = fs.CoverProblem([["a", "b"], ["a"], ["a"], ["b"]], multiplicity={"a": 2})
    assert fs.format_cover(exact).splitlines()[0] == "2|a b"
    assert fs.parse_cover(fs.format_cover(exact)).count() == exact.count() == 3


@pytest.mark.parametrize(
    "text,line,message",
    [
        ("", None, "no item line"),
        ("| only a comment\n", None, "no item line"),
        ("a b | c | d\na\n", 1, "twice"),
        ("a x:y\n", 1, "may not hold ':'"),
        ("a 0|b\n", 1, "upper bound is zero"),
        ("a 3:2|b\n", 1, "lower bound exceeds"),
        ("a q:2|b\n", 1, "decimal integers"),
        ("a 2|\n", 1, "no item name"),
        ("a a\n", 1, "named twice"),
        ("a | x\na\n\nb\n", 4, "unknown item 'b'"),
        ("a | x\na x:1 x\n", 2, "appears twice"),
        ("a | x\n| comment\na:1\n", 3, "primary item 'a' takes no colour"),
        ("a | x\na x:\n", 2, "empty colour"),
    ],
)
def test_knuth_format_errors_name_the_line(text, line, message):
    with pytest.raises(ExactCoverError, match=message) as info:
        fs.parse_cover(text)
    assert info.value.line == line


def test_named_items_infer_primary_and_secondary():
    # Primary by default: every item not secondary, in order of first appearance.
    p = fs.CoverProblem([[3, 1], [2], [1, 2, 3]])
    assert p.primary == (3, 1, 2) and p.secondary == ()
    assert list(p.covers()) == [[0, 1], [2]]
    # primary given, secondary None: the rest are secondary (colours split off).
    p = fs.CoverProblem([["p", "x:A"], ["q", "x:A"], ["q", "x:B"]], primary=["p", "q"])
    assert p.secondary == ("x",)
    assert list(p.covers()) == [[0, 1]]
    # A colon in a primary item's name is part of the name.
    p = fs.CoverProblem([["r1:c1", "x:A"], ["r1:c1"]], secondary=["x"])
    assert p.primary == ("r1:c1",) and p.count() == 2
    p = fs.CoverProblem([["r1:c1", "x:A"], ["r1:c1"]], primary=["r1:c1"])
    assert p.secondary == ("x",) and p.count() == 2
    with pytest.raises(ExactCoverError, match="both primary and secondary"):
        fs.CoverProblem([["a"]], primary=["a"], secondary=["a"])
    with pytest.raises(ExactCoverError, match="not a primary item"):
        fs.CoverProblem([["a", "x"]], secondary=["x"], multiplicity={"x": 2})
    with pytest.raises(ExactCoverError, match="cannot be written"):
        fs.format_cover(fs.CoverProblem([["a b"]]))
    assert "2 options" in repr(fs.CoverProblem([["a"], ["a"]]))


def test_named_problem_search_and_limits():
    n = 5
    options = [[f"r{i}", f"c{j}"] for i in range(n) for j in range(n)]
    p = fs.CoverProblem(options, multiplicity={x: 2 for o in options for x in o})
    assert p.count(limit=10) == 10
    result = p.search(limit=None)
    assert (result.count, result.complete) == (TWO_PER_LINE[n], True)
    assert result.nodes >= result.count and p.first() is not None
    with pytest.raises(SearchLimitError):
        p.count(node_limit=5)


# -- fastsudoku cover ---------------------------------------------------------------------


def test_cli_cover(tmp_path, capsys):
    import json

    from fastsudoku.cli import main

    f = tmp_path / "p.dlx"
    f.write_text(KNUTH_DLX3_EXAMPLE)
    assert main(["cover", str(f)]) == 0
    assert capsys.readouterr().out.splitlines() == ["A C X:1 Y:1", "B X:1", "C Y:1"]
    assert main(["cover", str(f), "--count"]) == 0
    assert capsys.readouterr().out == "1\n"
    # Every cover, a blank line between two; --limit stops early.
    g = tmp_path / "q.dlx"
    g.write_text("a b | x\na x:1\nb x:1\na b\nb x:2\n")
    assert main(["cover", str(g), "--all"]) == 0
    assert capsys.readouterr().out == "a x:1\nb x:1\n\na b\n"
    assert main(["cover", str(g), "--count", "--limit", "1"]) == 0
    assert capsys.readouterr().out == "1\n"
    assert main(["cover", str(g), "--count", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert (summary["count"], summary["complete"]) == (2, True)
    # No cover: exit 1; the node limit: exit 1 with a message; bad input: 65 at its line.
    h = tmp_path / "none.dlx"
    h.write_text("a b\na\n")
    assert main(["cover", str(h)]) == 1
    assert "no cover" in capsys.readouterr().err
    pieces = tmp_path / "queens.dlx"
    n = 10
    rows = [[f"r{i}", f"c{j}", f"a{i + j}", f"b{i - j + n}"] for i in range(n) for j in range(n)]
    diagonals = sorted({x for r in rows for x in r[2:]})
    fs.write_cover(fs.CoverProblem(rows, secondary=diagonals), pieces)
    assert main(["cover", str(pieces), "--count"]) == 0
    assert capsys.readouterr().out == "724\n"
    assert main(["cover", str(pieces), "--count", "--node-limit", "50"]) == 1
    out = capsys.readouterr()
    assert "node limit of 50 reached" in out.err and int(out.out) < 724
    # The count split over threads: the same number; --threads only with --count and
    # without a node limit.
    for threads in ("2", "0"):
        assert main(["cover", str(pieces), "--count", "--threads", threads]) == 0
        assert capsys.readouterr().out == "724\n"
    assert main(["cover", str(pieces), "--count", "--threads", "2", "--limit", "5"]) == 0
    assert capsys.readouterr().out == "5\n"
    assert main(["cover", str(pieces), "--count", "--threads", "2", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert (summary["count"], summary["complete"]) == (724, True)
    assert main(["cover", str(h), "--count", "--threads", "2"]) == 1
    assert capsys.readouterr().out == "0\n"
    assert main(["cover", str(pieces), "--threads", "2"]) == 2
    assert "--count only" in capsys.readouterr().err
    assert main(["cover", str(pieces), "--count", "--threads", "2", "--node-limit", "9"]) == 2
    assert main(["cover", str(pieces), "--count", "--threads", "-1"]) == 2
    bad = tmp_path / "bad.dlx"
    bad.write_text("a | x\n\na y\n")
    assert main(["cover", str(bad)]) == 65
    assert f"{bad}:3:" in capsys.readouterr().err
    assert main(["cover", str(tmp_path / "missing.dlx")]) == 65
    assert main(["cover", str(f), "--limit", "0", "--count"]) == 2
    assert main(["cover", str(f), "--engine", "dlx"]) == 65  # dlx takes no multiplicities
    assert "engine='dlx'" in capsys.readouterr().err


def test_cover_search_runs_in_stretches():
    n = 8
    rows = [[f"r{i}", f"c{j}", f"a{i + j}", f"b{i - j + n}"] for i in range(n) for j in range(n)]
    diagonals = sorted({x for r in rows for x in r[2:]})
    p = fs.CoverProblem(rows, secondary=diagonals)
    whole = [sorted(c) for c in p.covers()]
    s = p.search_steps()
    seen, budget = [], 0
    while not s.exhausted:
        budget += 7
        cover = s.next_cover(max_guesses=budget)
        if cover is not None:
            seen.append(sorted(cover))
        else:
            assert s.stopped or s.exhausted
    assert seen == whole and s.found == 92
    s = p.search_steps(engine="dlx")
    total, budget = 0, 0
    while not s.exhausted:
        budget += 50
        total += s.count(max_guesses=budget)
    assert total == 92 == s.found and s.count() == 0
    s = p.search_steps()
    assert s.count(limit=10) == 10 and not s.exhausted and s.count() == 82


def hard_squares(n):
    """n x n 0/1 grids without two adjacent 1s, as XCC: each row and column chooses its
    word, the cells are secondary items coloured by their bit (OEIS A006506)."""
    words = [w for w in itertools.product((0, 1), repeat=n) if (1, 1) not in zip(w, w[1:])]
    rows, colors = [], []
    cell = lambda i, j: 2 * n + i * n + j  # noqa: E731
    for line in range(2 * n):
        for w in words:
            if line < n:
                rows.append([line] + [cell(line, j) for j in range(n)])
            else:
                rows.append([line] + [cell(i, line - n) for i in range(n)])
            colors.append([0] + [b + 1 for b in w])
    return rows, colors, list(range(2 * n, 2 * n + n * n))


def test_colours_on_both_engines_and_the_fallback(monkeypatch):
    rows, colors, secondary = hard_squares(5)
    for engine in ("auto", "dlx", "bitset"):
        assert (
            fs.count_exact_covers(rows, secondary=secondary, colors=colors, engine=engine) == 55447
        )
    # A problem whose bitsets would be too large: "auto" takes dancing links.
    import fastsudoku._cover as cover

    monkeypatch.setattr(cover, "BITSET_MAX_BYTES", 64)
    assert fs.count_exact_covers(rows, secondary=secondary, colors=colors) == 55447
    with pytest.raises(ExactCoverError, match="too large for engine='bitset'"):
        fs.count_exact_covers(rows, secondary=secondary, colors=colors, engine="bitset")
    with pytest.raises(ExactCoverError, match="only engine that takes multiplicity"):
        fs.count_exact_covers([[0], [0]], multiplicity={0: 2})


@pytest.mark.parametrize("engine", ["auto", "dlx", "bitset"])
def test_counts_split_over_threads(engine):
    rows, colors, secondary = hard_squares(4)
    kw = dict(secondary=secondary, colors=colors, engine=engine)
    assert fs.count_exact_covers(rows, threads=2, **kw) == 1234  # OEIS A006506
    assert fs.count_exact_covers(rows, threads=None, **kw) == 1234
    assert fs.count_exact_covers(rows, threads=2, limit=100, **kw) == 100
    n = 5
    grid = [[i, n + j] for i in range(n) for j in range(n)]
    if engine != "dlx":
        mult = {c: 2 for c in range(2 * n)}
        assert fs.count_exact_covers(grid, multiplicity=mult, threads=2, engine=engine) == 2040
        # Columns that may stay empty: the root's "no more rows" branch is counted too.
        loose = {c: (0, 1) for c in range(2 * n)}
        expect = sum(1 for _ in fs.exact_covers(grid, multiplicity=loose, engine=engine))
        assert fs.count_exact_covers(grid, multiplicity=loose, threads=2, engine=engine) == expect
    # Random problems against the brute force, on two threads.
    rng = random.Random(7)
    for _ in range(80):
        rows, ncols, sec, colors, mult = random_problem(rng, True, engine != "dlx")
        expect = xcc_brute_force(rows, ncols, sec, colors, mult)
        got = fs.count_exact_covers(
            rows,
            columns=ncols,
            secondary=sec,
            colors=colors,
            multiplicity=mult,
            threads=2,
            engine=engine,
        )
        assert got == len(expect), (rows, sec, colors, mult)
    # A node limit runs on one thread; a bad thread count is refused.
    with pytest.raises(SearchLimitError):
        fs.count_exact_covers(grid, threads=2, node_limit=3)
    with pytest.raises(ValueError):
        fs.count_exact_covers(grid, threads=0)


@pytest.mark.skipif(os.name != "posix", reason="needs SIGINT delivery")
@pytest.mark.usefixtures("sigint")
def test_ctrl_c_stops_a_count_on_threads():
    import signal
    import threading
    import time

    from problems import queens

    rows, ncols, sec = queens(16)  # 14,772,512 solutions: far longer than the timer
    timer = threading.Timer(0.3, os.kill, (os.getpid(), signal.SIGINT))
    timer.start()
    start = time.monotonic()
    try:
        with pytest.raises(KeyboardInterrupt):
            fs.count_exact_covers(rows, columns=ncols, secondary=sec, threads=2)
    finally:
        timer.cancel()
    assert time.monotonic() - start < 20
    rows, ncols, sec = queens(6)
    assert fs.count_exact_covers(rows, columns=ncols, secondary=sec, threads=2) == 4
