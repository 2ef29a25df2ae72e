"""Canonical forms: minimality against a brute-force canonicalizer written from the rules,
invariance under random isomorphs, the published minlex 17-clue list, class counts,
transformations, batches, errors and the CLI."""

import itertools
import os
import pickle
import random
import signal
import threading
import time

import numpy as np
import pytest

import fastsudoku as fs
from conftest import dataset
from fastsudoku import _core

# ---------------------------------------------------------------------------------------
# An independent oracle: every transformation enumerated, relabelling by first appearance.
# ---------------------------------------------------------------------------------------


def _orders(block, blocks):
    """Every order of blocks*block items that keeps the blocks whole."""
    out = []
    inner = list(itertools.permutations(range(block)))
    for outer in itertools.permutations(range(blocks)):
        for each in itertools.product(inner, repeat=blocks):
            out.append([outer[i] * block + each[i][j] for i in range(blocks) for j in range(block)])
    return out


def brute_canonical(values, r, c, form="minlex"):
    """The least (minlex) or greatest (maxlex) string of every equivalent grid, read row by
    row with empty cells as 0, or (patminlex) the least string among those of the least
    pattern (0 empty, 1 given): every row order, column order, transposition (square boxes)
    and the relabelling that makes the string least / greatest (values by first
    appearance, ascending for minlex, descending from n for maxlex)."""
    n = r * c
    maxlex = form == "maxlex"
    sources = [list(values)]
    if r == c:
        sources.append([values[j * n + i] for i in range(n) for j in range(n)])
    best = None
    for g in sources:
        for rows in _orders(r, c):
            for cols in _orders(c, r):
                labels = {}
                out = []
                for i in range(n):
                    for j in range(n):
                        v = g[rows[i] * n + cols[j]]
                        if v and v not in labels:
                            labels[v] = len(labels) + 1 if not maxlex else n - len(labels)
                        out.append(labels[v] if v else 0)
                key = ([int(x > 0) for x in out], out) if form == "patminlex" else out
                if best is None or (key > best if maxlex else key < best):
                    best = key
    return bytes(best[1] if form == "patminlex" else best)


def _fits(g, i, v, r, c):
    """May value v go in cell i of the partial grid g (0 empty) by the rules?"""
    n = r * c
    row, col = divmod(i, n)
    if any(g[row * n + k] == v or g[k * n + col] == v for k in range(n)):
        return False
    br, bc = row - row % r, col - col % c
    return all(g[a * n + b] != v for a in range(br, br + r) for b in range(bc, bc + c))


def random_grid(r, c, rng):
    """A random solution grid by randomized backtracking (no package code)."""
    n = r * c
    g = [0] * (n * n)

    def fill(i):
        if i == n * n:
            return True
        for v in rng.sample(range(1, n + 1), n):
            if _fits(g, i, v, r, c):
                g[i] = v
                if fill(i + 1):
                    return True
        g[i] = 0
        return False

    assert fill(0)
    return g


def random_puzzle(r, c, rng):
    g = random_grid(r, c, rng)
    mode = rng.random()
    density = 1.0 if mode < 0.2 else 0.0 if mode < 0.27 else rng.random()
    return [v if rng.random() < density else 0 for v in g]


def transformed(values, t):
    return list(t.apply_values(bytes(values)))


SMALL_SHAPES = [(1, 1), (1, 2), (2, 1), (1, 3), (3, 1), (2, 2), (1, 4), (4, 1), (2, 3), (3, 2)]


@pytest.mark.parametrize("box", SMALL_SHAPES)
@pytest.mark.parametrize("form", ["minlex", "maxlex", "patminlex"])
def test_minimal_against_brute_force(box, form):
    r, c = box
    rng = random.Random(hash((box, form)) & 0xFFFF)
    for _ in range(60 if r * c <= 4 else 12):
        values = random_puzzle(r, c, rng)
        want = brute_canonical(values, r, c, form)
        got = fs.canonical(values_list(values, r * c), box=box, form=form)
        assert flat(got) == list(want), values
        t = fs.canonical_transform(values_list(values, r * c), box=box, form=form)
        assert bytes(transformed(values, t)) == want


def values_list(values, n):
    return [list(values[i * n : (i + 1) * n]) for i in range(n)]


def text(values):
    return "".join(str(v) if v else "." for v in values)


def flat(rows):
    return [v for row in rows for v in row]


# ---------------------------------------------------------------------------------------
# Published lists, invariance, class counts
# ---------------------------------------------------------------------------------------


def _array(lines):
    return np.array([[0 if ch == "." else int(ch) for ch in s] for s in lines], dtype=np.uint8)


def test_seventeen_clue_list_minlex_and_one_puzzle_a_class():
    # The list is published in minlex form but for 1,505 of its 49,158 puzzles, whose
    # minlex forms are smaller (each found equivalent by an explicit transformation); it
    # holds one puzzle of each class.  The full set when it is beside the checkout.
    lines = dataset("puzzles2_17_clue")
    arr = _array(lines)
    found = fs.canonical_many(arr, threads=2)
    assert (found.status == fs.SOLVED).all()
    differ = np.flatnonzero((found.canonical != arr).any(axis=1))
    assert len(differ) <= 0.035 * len(lines)
    for i in differ[:: max(1, len(differ) // 40)]:
        assert found.canonical[i].tobytes() < arr[i].tobytes()
        listed = "".join(str(v) if v else "." for v in arr[i])
        mine = "".join(str(v) if v else "." for v in found.canonical[i])
        assert fs.equivalent(listed, mine).apply(listed) == mine
    # Each form is a valid grid and its own canonical form.
    again = fs.canonical_many(found.canonical, threads=2)
    assert (again.status == fs.SOLVED).all() and np.array_equal(again.canonical, found.canonical)
    classes = fs.unique_classes(arr, threads=2)
    assert len(classes.representatives) == len(lines)
    assert classes.classes.tolist() == list(range(len(lines)))


@pytest.mark.heavy
def test_random_isomorph_of_every_17_clue_puzzle_canonicalizes_back():
    lines = dataset("puzzles2_17_clue")
    rng = random.Random(17)
    arr = _array(lines)
    copies = np.array(
        [list(fs.Transform.random((3, 3), rng).apply_values(bytes(row))) for row in arr],
        dtype=np.uint8,
    )
    for form in ("minlex", "patminlex"):
        want = fs.canonical_many(arr, form=form, threads=1).canonical
        assert np.array_equal(fs.canonical_many(copies, form=form, threads=2).canonical, want)


@pytest.mark.parametrize("name", ["puzzles3_magictour_top1465", "puzzles6_forum_hardest_1106"])
def test_isomorphs_agree_on_published_sets(name):
    lines = dataset(name)[:300]
    rng = random.Random(3)
    arr = _array(lines)
    copies = np.array(
        [list(fs.Transform.random((3, 3), rng).apply_values(bytes(row))) for row in arr],
        dtype=np.uint8,
    )
    a = fs.canonical_many(arr, threads=1).canonical
    b = fs.canonical_many(copies, threads=2).canonical
    assert np.array_equal(a, b)
    for form in ("minlex", "maxlex", "patminlex"):
        for k in range(0, 300, 37):
            t = fs.canonical_transform(lines[k], form=form)
            assert t.apply(lines[k]) == fs.canonical(lines[k], form=form)


def test_solution_grids_isomorphs_and_first_row():
    rng = random.Random(11)
    for line in dataset("puzzles2_17_clue")[:60]:
        grid = fs.solve(line)
        form = fs.canonical(grid)
        assert form[:9] == "123456789"
        assert fs.canonical(fs.isomorph(grid, seed=rng.random())) == form
        assert fs.canonical(form) == form


SYMMETRIC_9X9 = [
    # Grids with many automorphisms (every band made of shifted copies of one row, or of
    # boxes): the most ties for the top-band table.
    lambda i, j: (3 * (i % 3) + i // 3 + j) % 9 + 1,
    lambda i, j: 3 * ((i % 3 + j // 3) % 3) + (i // 3 + j % 3) % 3 + 1,
    lambda i, j: 3 * ((i % 3 + j // 3) % 3) + (i // 3 + 2 * (j % 3)) % 3 + 1,
]


def test_9x9_grid_table_agrees_with_the_general_search():
    # Full 9x9 grids take the top-band table (_core_canon9.pxi); the general search is the
    # oracle, checked against brute force on the small shapes above.
    rng = random.Random(29)
    grids = [random_grid(3, 3, rng) for _ in range(40)]
    grids += [
        list(fs.Transform.random((3, 3), k).apply_values(bytes(g)))
        for k, g in enumerate(grids[:20])
    ]
    grids += [[int(ch) for ch in fs.solve(line)] for line in dataset("puzzles2_17_clue")[:40]]
    for rule in SYMMETRIC_9X9:
        g = [rule(i, j) for i in range(9) for j in range(9)]
        units = [[(i, j) for j in range(9)] for i in range(9)]
        units += [[(i, j) for i in range(9)] for j in range(9)]
        units += [[(b // 3 * 3 + k // 3, b % 3 * 3 + k % 3) for k in range(9)] for b in range(9)]
        assert all(sorted(g[i * 9 + j] for i, j in u) == list(range(1, 10)) for u in units)
        grids += [g, list(fs.Transform.random((3, 3), 1).apply_values(bytes(g)))]
    assert len(grids) == 106
    for g in grids:
        values = bytes(g)
        for form in (0, 1, 2):
            fast = _core._canonical(values, 3, 3, form, 10**9)
            general = _core._canonical(values, 3, 3, form, 10**9, 1)
            assert fast[0] == general[0], (text(g), form)
            out, transposed, rows, cols, digits = fast[:5]
            src = [values[j * 9 + i] for i in range(9) for j in range(9)] if transposed else values
            assert (
                bytes(digits[src[rows[i] * 9 + cols[j]]] for i in range(9) for j in range(9)) == out
            )
        form = fs.canonical(text(g))
        assert form[:9] == "123456789" and fs.canonical(form) == form
    # The batch, on two threads, reads the same forms (the table is shared, read only).
    many = fs.canonical_many(np.array(grids, dtype=np.uint8), threads=2)
    assert (many.status == fs.SOLVED).all()
    assert [bytes(row) for row in many.canonical] == [
        _core._canonical(bytes(g), 3, 3, 0, 10**9, 1)[0] for g in grids
    ]


@pytest.mark.parametrize(
    "box", [(2, 2), (1, 4), (4, 1), (2, 3), (3, 2), (3, 3), (2, 4), (4, 2), (3, 4), (1, 6)]
)
def test_full_grid_search_agrees_with_the_general_search(box):
    # Full grids up to 36x36 take their own search (path 2 forces it for 9x9 too); the
    # general search (path 1) is the oracle, checked against brute force above.
    r, c = box
    n = r * c
    rng = random.Random(n * 7 + r)
    grids = [random_grid(r, c, rng) for _ in range(12)]
    grids.append([((i % r) * c + i // r + j) % n + 1 for i in range(n) for j in range(n)])
    for g in grids:
        values = bytes(g)
        want = _core._canonical(values, r, c, 0, 10**9, 1)[0]
        for path in (0, 2):
            out, transposed, rows, cols, digits = _core._canonical(values, r, c, 0, 10**9, path)[:5]
            assert out == want, (box, text(g), path)
            src = [values[j * n + i] for i in range(n) for j in range(n)] if transposed else values
            got = bytes(digits[src[rows[i] * n + cols[j]]] for i in range(n) for j in range(n))
            assert got == out


@pytest.mark.parametrize("box", [(4, 4), (8, 2), (5, 3), (5, 5)])
def test_large_full_grids_agree_with_the_general_search(box):
    # The solver's grid of an empty puzzle (many automorphisms), the pattern grid, and a
    # grid with a random first row, each under a random transformation.
    r, c = box
    n = r * c
    rng = random.Random(n)
    first = [[0] * n for _ in range(n)]
    first[0] = rng.sample(range(1, n + 1), n)
    grids = [
        [v for row in fs.solve([[0] * n for _ in range(n)], box=box) for v in row],
        [((i % r) * c + i // r + j) % n + 1 for i in range(n) for j in range(n)],
        [v for row in fs.solve(first, box=box) for v in row],
    ]
    moved = [fs.Transform.random(box, k).apply_values(bytes(g)) for k, g in enumerate(grids)]
    want = [_core._canonical(values, r, c, 0, 10**9, 1)[0] for values in moved]
    assert [_core._canonical(values, r, c, 0, 10**9)[0] for values in moved] == want
    many = fs.canonical_many(np.array([list(v) for v in moved], dtype=np.uint8), box=box, threads=2)
    assert [bytes(row) for row in many.canonical] == want


def _all_grids(r, c):
    n = r * c
    out = []
    g = [0] * (n * n)

    def fill(i):
        if i == n * n:
            out.append(list(g))
        else:
            for v in range(1, n + 1):
                if _fits(g, i, v, r, c):
                    g[i] = v
                    fill(i + 1)
            g[i] = 0

    fill(0)
    return out


def test_the_288_4x4_grids_fall_into_two_classes():
    grids = _all_grids(2, 2)
    assert len(grids) == 288
    classes = fs.unique_classes(np.array(grids, dtype=np.uint8), box=(2, 2))
    assert len(classes.representatives) == 2
    # Each class is closed: its members are exactly the images of its representative.
    members = {}
    for g, k in zip(grids, classes.classes.tolist()):
        members.setdefault(k, set()).add(bytes(g))
    for k, rep in enumerate(classes.representatives.tolist()):
        images = set()
        for _ in range(3000):
            images.add(
                fs.Transform.random((2, 2), random.Random(_ * 7 + k)).apply_values(
                    bytes(grids[rep])
                )
            )
        assert images == members[k]


@pytest.mark.parametrize("box", [(2, 4), (4, 2), (3, 4), (4, 3), (4, 4), (1, 6), (5, 5)])
def test_larger_shapes_invariant_under_isomorphs(box):
    r, c = box
    n = r * c
    rng = random.Random(n)
    grid = fs.solve("." * (n * n), box=box) if n < 25 else None
    if grid is None:
        solved = fs.solve(values_list([0] * (n * n), n), box=box)
        grid_values = flat(solved)
    else:
        grid_values = flat(fs.solve(values_list([0] * (n * n), n), box=box))
    base = fs.Transform.random(box, rng).apply_values(bytes(grid_values))
    for density in (1.0, 0.7, 0.35, 0.12):
        values = [v if rng.random() < density else 0 for v in base]
        want = fs.canonical(values_list(values, n), box=box)
        t = fs.canonical_transform(values_list(values, n), box=box)
        assert flat(want) == transformed(values, t)
        for _ in range(3):
            other = transformed(values, fs.Transform.random(box, rng))
            assert fs.canonical(values_list(other, n), box=box) == want


def test_hard_16x16_puzzles_invariant(data_dir):
    lines = [
        s.split()[0]
        for s in (data_dir / "hard" / "16x16_tough.txt").read_text().split("\n")
        if s.strip() and not s.startswith("#")
    ][:20]
    rng = random.Random(5)
    for line in lines:
        want = fs.canonical(line)
        assert fs.canonical(fs.isomorph(line, seed=rng.random())) == want
        assert fs.canonical(fs.solve(line)) == fs.canonical(fs.isomorph(fs.solve(line), seed=1))


def test_empty_and_single_clue_grids():
    for n, box in ((9, (3, 3)), (16, (4, 4)), (64, (8, 8)), (12, (3, 4))):
        assert flat(fs.canonical(values_list([0] * (n * n), n), box=box)) == [0] * (n * n)
        one = [0] * (n * n)
        one[n + 3] = 5
        assert flat(fs.canonical(values_list(one, n), box=box)) == [0] * (n * n - 1) + [1]
        assert flat(fs.canonical(values_list(one, n), box=box, form="maxlex")) == [n] + [0] * (
            n * n - 1
        )


# ---------------------------------------------------------------------------------------
# Transformations, equivalence, isomorphs
# ---------------------------------------------------------------------------------------


def test_equivalent_returns_a_transform_or_none():
    lines = dataset("puzzles2_17_clue")[:30]
    rng = random.Random(2)
    for line in lines:
        other = fs.isomorph(line, seed=rng.random())
        t = fs.equivalent(line, other)
        assert t is not None and t.apply(line) == other
        assert t.inverse().apply(other) == line
    assert fs.equivalent(lines[0], lines[1]) is None
    assert fs.equivalent("." * 16, "." * 81) is None


def test_transform_algebra_and_validation():
    rng = random.Random(4)
    p = dataset("puzzles2_17_clue")[5]
    for box in ((3, 3), (2, 3)):
        n = box[0] * box[1]
        values = bytes(random_puzzle(*box, rng)) if box != (3, 3) else bytes(_array([p])[0])
        a, b = fs.Transform.random(box, rng), fs.Transform.random(box, rng)
        assert a.then(b).apply_values(values) == b.apply_values(a.apply_values(values))
        assert a.inverse().apply_values(a.apply_values(values)) == values
        assert a.then(a.inverse()) == fs.Transform.identity(box)
        assert pickle.loads(pickle.dumps(a)) == a and hash(a) == hash(pickle.loads(pickle.dumps(a)))
        assert fs.Transform.identity(box).apply_values(values) == values
        assert len(a.rows) == n
    with pytest.raises(ValueError, match="band must stay whole"):
        fs.Transform((2, 2), False, (0, 2, 1, 3), range(4), range(5))
    with pytest.raises(ValueError, match="stack must stay whole"):
        fs.Transform((2, 2), False, range(4), (0, 2, 1, 3), range(5))
    with pytest.raises(ValueError, match="no transposition"):
        fs.Transform((2, 3), True, range(6), range(6), range(7))
    with pytest.raises(ValueError, match="digits"):
        fs.Transform((2, 2), False, range(4), range(4), (1, 0, 2, 3, 4))
    with pytest.raises(AttributeError):
        fs.Transform.identity((2, 2)).rows = (0, 1, 2, 3)
    with pytest.raises(ValueError, match="expected 16 cells"):
        fs.Transform.identity((2, 2)).apply("." * 81)


def test_isomorph_is_uniform_over_the_class():
    # A single clue of a 4x4 grid has 16 places x 4 values = 64 equivalent puzzles.
    seen = {}
    for seed in range(6400):
        q = fs.isomorph("1" + "." * 15, seed=seed)
        seen[q] = seen.get(q, 0) + 1
    assert len(seen) == 64
    assert min(seen.values()) > 55 and max(seen.values()) < 150


def test_isomorph_keeps_the_form_and_is_reproducible():
    p = dataset("puzzles2_17_clue")[9].replace(".", "0")
    q = fs.isomorph(p, seed=12)
    assert q == fs.isomorph(p, seed=12) and "." not in q and q.count("0") == 64
    rows = values_list(list(_array([p])[0]), 9)
    assert isinstance(fs.isomorph(rows, seed=1), list)


# ---------------------------------------------------------------------------------------
# Batches and errors
# ---------------------------------------------------------------------------------------


def test_canonical_many_statuses_threads_and_forms():
    lines = dataset("puzzles6_forum_hardest_1106")[:200]
    arr = _array(lines)
    arr[3, :2] = 7  # repeats
    arr[5, 0] = 200  # out of range
    one = fs.canonical_many(arr, threads=1)
    two = fs.canonical_many(arr, threads=2)
    assert np.array_equal(one.status, two.status) and np.array_equal(one.canonical, two.canonical)
    assert one.status[3] == fs.INVALID and one.status[5] == fs.INVALID
    assert not one.canonical[3].any()
    assert (np.delete(one.status, [3, 5]) == fs.SOLVED).all()
    texts = [*list(lines[:10]), "not a puzzle", "." * 16]
    found = fs.canonical_many(texts, form="maxlex")
    assert found.status.tolist() == [fs.SOLVED] * 10 + [fs.INVALID, fs.INVALID]
    assert found.canonical[:10] == [fs.canonical(s, form="maxlex") for s in lines[:10]]
    assert found.canonical[10] is None
    assert found.values.shape == (12, 81) and not found.values[10:].any()
    assert [fs.canonical(text(v), form="maxlex") for v in found.values[:3]] == found.canonical[:3]
    wide = fs.canonical_many(np.zeros((3, 16, 16), dtype=np.int64))
    assert wide.canonical.shape == (3, 256)


def test_budget_and_bad_options():
    grid = fs.solve("." * 256)
    with pytest.raises(fs.SearchLimitError, match="search steps"):
        fs.canonical(grid, budget=5)
    assert fs.canonical_many([grid], budget=5).status.tolist() == [fs.NODE_LIMIT]
    with pytest.raises(ValueError, match="form must be one of"):
        fs.canonical("." * 81, form="smallest")
    with pytest.raises(ValueError, match="budget"):
        fs.canonical("." * 81, budget=0)
    with pytest.raises(fs.ConflictError, match="repeats in row 1"):
        fs.canonical("11" + "." * 79)
    with pytest.raises(fs.ParseError):
        fs.canonical("x" * 81)


def test_unique_classes_marks_bad_puzzles():
    p = dataset("puzzles2_17_clue")[0]
    got = fs.unique_classes([p, "bad", fs.isomorph(p, seed=3), p.replace(".", "0")])
    assert got.classes.tolist() == [0, -1, 0, 0]
    assert got.representatives.tolist() == [0]


def test_rater_isomorphs_come_from_the_transform():
    from fastsudoku._rate import _isomorphic

    p = bytes(_array([dataset("puzzles2_17_clue")[0]])[0])
    a = _isomorphic(p, 3, 3, random.Random(8))
    b = fs.Transform.random((3, 3), random.Random(8)).apply_values(p)
    assert a == b and _core._canonical(a, 3, 3, False, 10**6)[0] == p


@pytest.mark.skipif(os.name != "posix", reason="needs SIGINT delivery to this process")
@pytest.mark.usefixtures("sigint")
@pytest.mark.parametrize("batch", [False, True])
def test_ctrl_c_stops_a_long_canonicalization(batch):
    # A 36x36 solution grid runs past any budget we give it here: only Ctrl-C ends it.
    n = 36
    grid = fs.solve(values_list([0] * (n * n), n), box=(6, 6))
    timer = threading.Timer(0.5, os.kill, (os.getpid(), signal.SIGINT))
    start = time.perf_counter()
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            if batch:
                fs.canonical_many(np.array([flat(grid)], dtype=np.uint8), budget=10**12)
            else:
                fs.canonical(grid, box=(6, 6), budget=10**12)
    finally:
        timer.cancel()
    assert time.perf_counter() - start < 5.0
    assert fs.canonical("1" + "." * 80) == "." * 80 + "1"
