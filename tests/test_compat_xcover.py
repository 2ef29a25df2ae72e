"""fastsudoku.compat.xcover: the xcover package's interface (0.2.6) on our engines.

Checked four ways:

1. the original's own tests, ported (its ZDD tests left out: no ZDDs here), with the
   problem files written here by generators and their counts known independently;
2. an oracle written from the rules of exact cover with colours, trusted because it is
   the definition read literally and slow: the covers are the sets of options (each
   naming a primary item) that :func:`_cover_faults` passes, found by trying every set;
   and Knuth's Algorithm C in a few lines of Python (:func:`_algorithm_c`: the first
   primary item with the fewest compatible options, its options in index order) gives
   the order of the covers and of the options in each, which ours must match exactly;
3. the original side by side on random problems when it is installed
   (``pip install xcover==0.2.6``; it needs Numba): the same set of covers, the same
   files read and written, the same verdicts of ``verify_exact_cover``;
4. the differences the package docstring documents, on both.
"""

import doctest
import importlib
import itertools
import random
import time
import warnings
from collections import Counter
from typing import Any, List, Optional, Tuple

import numpy as np
import pytest

import problems
from fastsudoku import ExactCoverError
from fastsudoku.compat import xcover as xc
from fastsudoku.compat.xcover import covers, covers_bool
from fastsudoku.compat.xcover.io import read_xcover_from_file, write_xcover_to_file
from fastsudoku.compat.xcover.solvers import ItemTypeError, UnknownItemError, items
from fastsudoku.compat.xcover.utils import bool_array_to_options, verify_exact_cover

# ------------------------------------------------------------------------------ oracle


def _split(entry: Any, colored: bool) -> Tuple[Any, Optional[str]]:
    """(item, colour): with colours, the item before the first colon, the colour after
    the last."""
    if colored and ":" in entry:
        return entry.split(":")[0], entry.split(":")[-1]
    return entry, None


def _resolved(options, primary, secondary, colored):
    """The item lists the package docstring's rules give (names in the order the options
    first name them)."""
    named: List[Any] = []
    for option in options:
        for entry in option:
            name = _split(entry, colored)[0]
            if name not in named:
                named.append(name)
    if primary is None and secondary is None:
        return named, []
    if primary is None:
        return [n for n in named if n not in secondary], list(secondary)
    if secondary is None:
        return list(primary), [n for n in named if n not in primary]
    return list(primary), list(secondary)


def _cover_faults(chosen, options, primary, secondary, colored) -> List[str]:
    """What keeps the chosen options from being an exact cover (empty: nothing): every
    primary item exactly once; a secondary item at most once without a colour, or any
    number of times all in one colour; no item outside the lists."""
    count: Counter = Counter()
    colours: dict = {}
    faults = []
    for i in chosen:
        for entry in set(options[i]):
            name, colour = _split(entry, colored)
            if name in primary:
                count[name] += 1
            elif name in secondary:
                colours.setdefault(name, []).append(colour)
            else:
                faults.append(f"unknown {name!r}")
    faults += [f"{p!r} {count[p]} times" for p in primary if count[p] != 1]
    for name, used in colours.items():
        if len(used) > 1 and (None in used or len(set(used)) > 1):
            faults.append(f"{name!r} in {used}")
    return faults


def _all_covers(options, primary, secondary, colored):
    """Every set of options, each naming a primary item, that is an exact cover."""
    able = [
        i
        for i, option in enumerate(options)
        if any(_split(e, colored)[0] in primary for e in option)
    ]
    return sorted(
        chosen
        for k in range(len(able) + 1)
        for chosen in itertools.combinations(able, k)
        if not _cover_faults(chosen, options, primary, secondary, colored)
    )


def _algorithm_c(options, primary, colored):
    """The covers in the order Algorithm C finds them, each in the order it chose its
    options: the first primary item (in list order) with the fewest options compatible
    with those chosen; its options in index order."""
    rows = [dict(_split(e, colored) for e in option) for option in options]
    out = []

    def compatible(row, covered, colour_of):
        for name, colour in row.items():
            if name in primary:
                if name in covered:
                    return False
            elif name in colour_of:
                used = colour_of[name]
                if used is None or colour is None or used != colour:
                    return False
        return True

    def search(chosen, covered, colour_of):
        left = [p for p in primary if p not in covered]
        if not left:
            out.append(chosen)
        else:
            live = [i for i, row in enumerate(rows) if compatible(row, covered, colour_of)]
            item = min(left, key=lambda p: sum(1 for i in live if p in rows[i]))
            for i in live:
                if item in rows[i]:
                    taken = {n: c for n, c in rows[i].items() if n not in primary}
                    search(
                        [*chosen, i],
                        covered | {n for n in rows[i] if n in primary},
                        {**colour_of, **taken},
                    )

    search([], set(), {})
    return out


# ------------------------------------------------------------------- random problems

#: Items of several types (covers takes any hashables when not colored).
ANY_ITEMS = [0, "b", ("c", 1), 3.5, None, "f", frozenset({7}), "h"]


def _random_problem(rng: random.Random, colored: bool):
    """(options, primary, secondary): a small problem; with `colored`, string items and
    colours A or B on some secondary entries."""
    nprim, nsec = rng.randint(1, 5), rng.randint(0, 3)
    if colored:
        prim = [f"p{k}" for k in range(nprim)]
        sec = [f"s{k}" for k in range(nsec)]
    else:
        pool = rng.sample(ANY_ITEMS, nprim + nsec)
        prim, sec = pool[:nprim], pool[nprim:]
    options = []
    for _ in range(rng.randint(1, 10)):
        names = rng.sample(prim + sec, min(rng.randint(1, 3), nprim + nsec))
        options.append(
            [
                f"{n}:{rng.choice('AB')}" if colored and n in sec and rng.random() < 0.6 else n
                for n in names
            ]
        )
    return options, prim, sec


#: How covers is called: (primary given, secondary given).
MODES = [(False, False), (False, True), (True, False), (True, True)]


def _call(options, prim, sec, mode):
    return {
        "primary": prim if mode[0] else None,
        "secondary": sec if mode[1] else None,
    }


def _random_cases(seed: int, count: int):
    """(options, kwargs, primary, secondary) for random problems in every mode (colours
    only where both lists or only the primary one are given: the documented differences
    are elsewhere)."""
    rng = random.Random(seed)
    for _ in range(count):
        colored = rng.random() < 0.4
        options, prim, sec = _random_problem(rng, colored)
        mode = rng.choice(MODES[2:] if colored else MODES)
        kw = dict(_call(options, prim, sec, mode), colored=colored)
        p, s = _resolved(options, kw["primary"], kw["secondary"], colored)
        yield options, kw, p, s


def test_random_problems_against_the_oracle():
    checked = with_covers = 0
    for options, kw, p, s in _random_cases(1, 400):
        colored = kw["colored"]
        mine = list(covers(options, **kw))
        for cover in mine:
            assert not _cover_faults(cover, options, p, s, colored), (options, kw, cover)
        assert sorted(tuple(sorted(c)) for c in mine) == _all_covers(options, p, s, colored)
        assert mine == _algorithm_c(options, p, colored), (options, kw)
        checked += 1
        with_covers += bool(mine)
    assert checked == 400 and with_covers > 100


def test_choice_order_is_not_sorted():
    # a (options 0, 2) and b (0, 1) tie with two options; the first one, a, is chosen:
    # option 0 covers both; option 2 covers a, and then b has one option left, 1.
    assert list(covers([["a", "b"], ["b"], ["a"]])) == [[0], [2, 1]]
    # listed the other way round, b is first: option 0, then option 1 with a's option 2
    assert list(covers([["a", "b"], ["b"], ["a"]], primary=["b", "a"])) == [[0], [1, 2]]
    # c, named last, has one option (3), so it comes first; then a and b tie again
    assert list(covers([["a"], ["b"], ["a", "b"], ["c"]])) == [[3, 0, 1], [3, 2]]
    # a secondary item takes no part in the choice: a (0, 1), c (0, 3), b (2, 4) tie
    opts = [["a", "c", "x"], ["a"], ["b", "x"], ["c"], ["b"]]
    assert list(covers(opts, secondary=["x"])) == [[0, 4], [1, 3, 2], [1, 3, 4]]
    # covers_bool: column 2 holds one option (2); rows 0 and 1 tie on column 0 after it
    m = np.array([[1, 1, 0], [1, 0, 0], [0, 1, 1]])
    assert list(covers_bool(m)) == [[2, 1]]


def test_covers_bool_against_the_oracle():
    rng = np.random.default_rng(3)
    found = 0
    for _ in range(300):
        a = rng.random((int(rng.integers(1, 11)), int(rng.integers(1, 7)))) < 0.4
        options = [list(np.flatnonzero(row)) for row in a]
        columns = list(range(a.shape[1]))
        mine = list(covers_bool(a))
        assert mine == _algorithm_c(options, columns, False)
        assert sorted(tuple(sorted(c)) for c in mine) == _all_covers(options, columns, [], False)
        # any dtype, nonzero entries as ones, nested lists too
        assert list(covers_bool(a.astype(np.int8) * 3)) == mine
        assert list(covers_bool(a.tolist())) == mine
        found += len(mine)
    assert found > 50


# ------------------------------------------------------ the original's tests, ported


def _check_all(sols, options, **kw):
    for s in sols:
        verify_exact_cover(s, options, **kw)


def test_knuth_simple():
    options = [
        {"c", "e"},
        {"a", "d", "g"},
        {"b", "c", "f"},
        {"a", "d", "f"},
        {"b", "g"},
        {"d", "e", "g"},
    ]
    sols = list(covers(options))
    _check_all(sols, options)
    assert set(sols[0]) == {0, 3, 4}


def test_wikipedia():
    options = [{1, 4, 7}, {1, 4}, {4, 5, 7}, {3, 5, 6}, {2, 3, 6, 7}, {2, 7}]
    sols = list(covers(options))
    _check_all(sols, options)
    assert set(sols[0]) == {1, 3, 5}


def test_bool_solve():
    # two pairs of halves, each row a 1 in column 0 or 1 and three of columns 2..7:
    # rows 5 + 13 and 6 + 12 are the covers
    halves = [
        [0, 1, 1, 0, 1, 0],
        [0, 0, 1, 1, 0, 1],
        [0, 0, 1, 1, 1, 0],
        [1, 0, 1, 1, 0, 0],
        [0, 0, 1, 0, 1, 1],
        [1, 1, 1, 0, 0, 0],
        [0, 0, 0, 1, 1, 1],
    ]
    to_cover = np.array([[1, 0, *h] for h in halves] + [[0, 1, *h] for h in halves])
    sols = list(covers_bool(to_cover))
    assert {frozenset(s) for s in sols} == {frozenset({5, 13}), frozenset({6, 12})}


def test_simple_secondary():
    primary = ["a", "b", "c", "d", "e", "f", "g"]
    secondary = ["h", "i", "j", "k"]
    options = [
        ["c", "e", "k"],
        ["a", "d", "g", "h"],
        ["b", "c", "f"],
        ["a", "d", "f", "h", "i"],
        ["b", "g", "j"],
        ["d", "e", "g", "i"],
        ["a", "j"],
    ]
    sols = list(covers(options, primary=primary, secondary=secondary))
    _check_all(sols, options, primary=primary, secondary=secondary)
    assert {frozenset(s) for s in sols} == {frozenset({0, 3, 4}), frozenset({2, 5, 6})}


def test_simple_colored():
    primary, secondary = ["p", "q", "r"], ["x", "y"]
    options = [
        ["p", "q", "x", "y:A"],
        ["p", "r", "x:A", "y"],
        ["p", "x:B"],
        ["q", "x:A"],
        ["r", "y:B"],
    ]
    kw = dict(primary=primary, secondary=secondary, colored=True)
    sols = list(covers(options, **kw))
    _check_all(sols, options, **kw)
    assert len(sols) == 1 and set(sols[0]) == {1, 3}
    assert sols == [[3, 1]]  # as the original's README shows it


def test_simple_colored2():
    primary, secondary = ["a", "b", "c"], ["d", "e", "f"]
    options = [
        ["a", "b", "d"],
        ["c", "d"],
        ["c", "e"],
        ["a", "b", "d:BLUE"],
        ["c", "d:BLUE"],
        ["a", "b", "d:RED"],
        ["c", "d:RED"],
    ]
    kw = dict(primary=primary, secondary=secondary, colored=True)
    sols = list(covers(options, **kw))
    _check_all(sols, options, **kw)
    assert len(sols) == 5


def test_n_queens():
    n = 8
    options = [
        [f"r{row}", f"c{col}", f"d{row + col}", f"a{row + n - 1 - col}"]
        for row in range(n)
        for col in range(n)
    ]
    secondary = {f"d{k}" for k in range(2 * n - 1)} | {f"a{k}" for k in range(2 * n - 1)}
    assert sum(1 for _ in covers(options, secondary=secondary)) == 92


def test_unsolvable():
    options = [[0, 1], [0, 2], [1, 4], [1, 5], [1, 6], [2, 4], [2, 5], [2, 6]]
    options += [[3, 4], [3, 5], [3, 6], [4, 5], [4, 6]]
    assert list(covers(options)) == []


def _write_langford(path, n: int) -> None:
    """Langford pairs of 1..n in Knuth's format, the reversal symmetry broken (the pair
    of 1s in the first half): items the values 1..n and the slots s0..s(2n-1), all
    primary."""
    rows, _, _ = problems.langford(n, break_symmetry=True)
    names = [str(k) for k in range(1, n + 1)] + [f"s{i}" for i in range(2 * n)]
    lines = [f"| Langford pairs, n = {n}", "", " ".join(names)]
    lines += [" ".join(names[c] for c in row) for row in rows]
    path.write_text("\n".join(lines) + "\n")


LETTERS = "abc"


def _allowed(s: str, t: str) -> bool:
    return (s, t) != ("c", "a")


def _write_strings(path, length: int) -> None:
    """An XCC problem whose covers are the strings of `length` letters of a, b, c without
    "ca" and with at most one c before the last letter.

    One primary item a window (w0 .. w(length-2): letters i and i+1) and one option a
    window and allowed pair of letters, colouring the secondary items x_i and x_(i+1)
    (the letters) with them: options that share a letter agree on it.  An option whose
    first letter is c also takes the uncoloured secondary item "once"."""
    windows = [f"w{i}" for i in range(length - 1)]
    letters = [f"x{i}" for i in range(length)]
    lines = ["| strings of a, b, c", " ".join(windows) + " | " + " ".join([*letters, "once"])]
    for i in range(length - 1):
        for s, t in itertools.product(LETTERS, repeat=2):
            if _allowed(s, t):
                extra = " once" if s == "c" else ""
                lines.append(f"w{i} x{i}:{s} x{i + 1}:{t}{extra}")
    path.write_text("\n".join(lines) + "\n")


def _count_strings(length: int) -> int:
    """The same count by trying every string."""
    return sum(
        1
        for word in itertools.product(LETTERS, repeat=length)
        if all(_allowed(s, t) for s, t in zip(word, word[1:])) and word[:-1].count("c") <= 1
    )


def test_file_solve(tmp_path):
    path = tmp_path / "langford8.txt"
    _write_langford(path, 8)
    options, primary, secondary, colored = read_xcover_from_file(path)
    assert (secondary, colored) == (None, False) and len(primary) == 24
    sols = list(covers(options, primary=primary, secondary=secondary, colored=colored))
    assert len(sols) == 150

    path = tmp_path / "strings.txt"
    _write_strings(path, 7)
    options, primary, secondary, colored = read_xcover_from_file(path)
    assert colored and secondary == [f"x{i}" for i in range(7)] + ["once"]
    expected = _count_strings(7)
    assert expected == 496  # (987 without "once")
    sols = list(covers(options, primary=primary, secondary=secondary, colored=colored))
    assert len(sols) == expected
    for s in sols:
        verify_exact_cover(s, options, primary=primary, secondary=secondary, colored=True)


# ----------------------------------------------------------------- the rest of the API


def test_laziness_and_checks_at_first_next():
    gen = covers(None)  # (wrong on purpose)
    with pytest.raises(TypeError):
        next(gen)
    gen = covers_bool(np.ones(3))
    with pytest.raises(ExactCoverError, match="2-D"):
        next(gen)
    # 16 queens have 14,772,512 covers: three come at once, one search step a next()
    n = 16
    options = [[f"r{r}", f"c{c}", f"d{r + c}", f"a{r - c}"] for r in range(n) for c in range(n)]
    diagonals = [f"d{k}" for k in range(2 * n - 1)] + [f"a{k}" for k in range(1 - n, n)]
    start = time.perf_counter()
    first = list(itertools.islice(covers(options, secondary=diagonals), 3))
    assert time.perf_counter() - start < 5
    assert len(first) == 3 and len({tuple(sorted(c)) for c in first}) == 3
    for cover in first:
        verify_exact_cover(cover, options, secondary=diagonals)


def test_inputs_any_iterable_and_item_types():
    wiki = [[1, 4, 7], [1, 4], [4, 5, 7], [3, 5, 6], [2, 3, 6, 7], [2, 7]]
    expected = list(covers(wiki))
    assert expected == [[1, 3, 5]]
    assert list(covers(iter(wiki))) == expected
    assert list(covers(tuple(tuple(o) for o in wiki))) == expected
    assert list(covers(o for o in wiki)) == expected  # (the original crashes on this)
    assert list(covers(np.array([[0, 1], [1, 2], [2, 0]]))) == []
    assert list(covers(["ab", "b", "a"])) == [[0], [2, 1]]  # strings: their letters
    assert list(covers([[None, 1], [None]])) == [[0]]
    assert list(covers([["a", "x"], ["a"]], primary=iter(["a"]))) == [[0], [1]]
    # with colored=False a colon is part of the name
    assert list(covers([["a", "x:A"], ["b", "x:A"]], secondary=["x:A"])) == []
    assert list(covers([["a", "x:A"], ["b", "x:B"]], secondary=["x:A", "x:B"])) == [[0, 1]]


def test_colours_as_the_original_reads_them():
    kw = dict(primary=["a", "b"], secondary=["x"], colored=True)
    # the colour is after the last colon, the item before the first
    assert list(covers([["a", "x:1:C"], ["b", "x:2:C"], ["a", "b", "x:D"]], **kw)) == [
        [0, 1],
        [2],
    ]
    assert list(covers([["a", "x:"], ["b", "x:"]], **kw)) == [[0, 1]]  # the colour ""
    assert list(covers([["a", "x"], ["b", "x:A"]], **kw)) == []  # uncoloured: alone
    assert list(covers([["a", "x:A", "x:A"], ["b", "x:A"]], **kw)) == [[0, 1]]
    # only primary given: the other items, colours split off, are secondary
    opts = [["a", "x:A"], ["b", "x:A"], ["a", "b"]]
    assert list(covers(opts, primary=["a", "b"], colored=True)) == [[0, 1], [2]]
    assert items(["a", "x:A", "b", "y"], primary=["a", "b"], colored=True) == (
        ["a", "b"],
        ["x", "y"],
    )


def test_special_problems():
    # no primary item: one cover, the empty one (Knuth's answer)
    assert list(covers([["x"]], secondary=["x"])) == [[]]
    # every entry names one item: a cover of each option
    assert list(covers([["a"], ["a"]])) == [[0], [1]]
    assert list(covers([["a", "a"], ["a"]])) == [[0], [1]]
    # an item that no option names cannot be covered; empty options are never chosen
    assert list(covers([["a"]], primary=["a", "q"])) == []
    assert list(covers([["a"], [], ["a", "b"], ["b"]])) == [[0, 3], [2]]
    # covers_bool: no ones, no rows: no cover; a column no row covers: no cover
    assert list(covers_bool(np.zeros((2, 3), dtype=bool))) == []
    assert list(covers_bool(np.zeros((0, 3), dtype=bool))) == []
    assert list(covers_bool(np.array([[1, 0, 0], [0, 1, 0]]))) == []
    assert list(covers_bool(np.array([[1], [1]]))) == [[0], [1]]
    assert list(covers_bool(np.array([[1.5, 0], [0, -1], [np.nan, 0]]))) == [[1, 0], [1, 2]]


def _raises(cls, match, gen):
    with pytest.raises(cls, match=match) as info:
        next(gen)
    assert isinstance(info.value, ExactCoverError)
    return info.value


def test_bad_input():
    # where the original raises KeyError: also a KeyError
    e = _raises(
        KeyError, r"option 0: item 'z' is in neither list", covers([["a", "z"]], ["a"], ["b"])
    )
    assert e.row == 0 and str(e) == "option 0: item 'z' is in neither list"
    _raises(KeyError, "option 1: item 'a'", covers([["x"], ["a"]], primary=[], secondary=["x"]))
    _raises(KeyError, "item 'x'", covers([["a", "x:A"]], ["a"], ["x:A"], colored=True))
    # where it raises TypeError: also a TypeError
    _raises(TypeError, "options must be an iterable", covers(None))
    _raises(TypeError, "option 1: 2 is not an iterable", covers([[1], 2]))
    _raises(TypeError, r"option 0: item \['a'\] is not hashable", covers([[["a"]]]))
    _raises(TypeError, "option 0: item 1 is not a string", covers([[1, 2]], colored=True))
    _raises(TypeError, r"item \('x',\) is not a string", covers([[("x",), "a"]], colored=True))
    _raises(TypeError, "primary must be an iterable", covers([["a"]], primary=3))
    # where it raises ValueError: ExactCoverError
    for empty in ([], [[], []]):
        _raises(ValueError, "no option names an item", covers(empty))
    # where it finds nothing or misreads the problem: ExactCoverError naming the place
    colour_on_primary = r"option 0: 'a:R' gives the primary item 'a' a colour"
    _raises(ValueError, colour_on_primary, covers([["a:R", "x"], ["a"]], ["a"], ["x"], True))
    _raises(ValueError, "'x:A' gives the primary item 'x'", covers([["a", "x:A"]], colored=True))
    _raises(
        ValueError,
        "item 'b' is both primary and secondary",
        covers([["a", "b"]], ["a", "b"], ["b"]),
    )
    _raises(ValueError, "primary: item 'a' is listed twice", covers([["a"]], primary=["a", "a"]))
    twice = "option 0: item 'x' appears twice, in different colours"
    _raises(ValueError, twice, covers([["a", "x:A", "x:B"]], ["a"], ["x"], True))
    _raises(ValueError, twice, covers([["a", "x", "x:B"]], ["a"], ["x"], True))
    # covers_bool
    _raises(ValueError, "2-D", covers_bool([1, 0, 1]))
    _raises(ValueError, "no columns", covers_bool(np.zeros((2, 0))))
    _raises(ValueError, "2-D", covers_bool([[1, 0], [1]]))
    # a secondary item listed twice is harmless, as in the original
    assert list(covers([["a", "b"], ["a"]], ["a"], ["b", "b"])) == [[0], [1]]


def test_verify_exact_cover():
    options = [["c", "e"], ["a", "d", "g"], ["b", "c", "f"], ["a", "d", "f"], ["b", "g"]]
    options.append(["d", "e", "g"])
    assert verify_exact_cover([0, 3, 4], options) is None
    with pytest.raises(AssertionError, match="primary item 'b' is not covered"):
        verify_exact_cover([0, 3], [*options, ["b"]], primary="abcdefg")
    with pytest.raises(AssertionError, match=r"'a' is covered 2 times \(options \[1, 3\]\)"):
        verify_exact_cover([1, 3, 0, 4], options)
    with pytest.raises(AssertionError, match="covered 2 times"):
        verify_exact_cover([0, 3, 4, 4], options)
    with pytest.raises(IndexError):
        verify_exact_cover([0, 3, 9], options)
    kw = dict(primary=["p", "q"], secondary=["x"], colored=True)
    coloured = [["p", "x:A"], ["q", "x:A"], ["q", "x:B"], ["q", "x"], ["p"], ["q"]]
    verify_exact_cover([0, 1], coloured, **kw)
    verify_exact_cover([4, 3], coloured, **kw)
    for bad in ([0, 2], [0, 3]):
        with pytest.raises(AssertionError, match="secondary item 'x' is covered 2 times"):
            verify_exact_cover(bad, coloured, **kw)
    with pytest.raises(AssertionError, match="'x' is covered 2 times"):
        verify_exact_cover([0, 1], [["p", "x"], ["q", "x"]], ["p", "q"], ["x"])
    with pytest.raises(KeyError):
        verify_exact_cover([0], [["p", "z"]], ["p"], ["x"])


def test_io_round_trip(tmp_path):
    path = tmp_path / "p.txt"
    options = [["p", "q", "x", "y:A"], ["p", "r", "x:A", "y"], ["p", "x:B"], ["q", "x:A"]]
    write_xcover_to_file(path, options, ["p", "q", "r"], ["x", "y"], colored=True)
    assert path.read_text() == ("p q r | x y \np q x y:A \np r x:A y \np x:B \nq x:A \n")
    assert read_xcover_from_file(path) == (options, ["p", "q", "r"], ["x", "y"], True)
    # inferred lists in the order the options name them; items through item_to_string
    write_xcover_to_file(path, [[1, 2], [3, (4, 5)]], secondary=[(4, 5)])
    assert path.read_text() == "1 2 3 | (4,5) \n1 2 \n3 (4,5) \n"
    write_xcover_to_file(path, iter([[1, 2], [3]]), item_to_string=lambda i: f"i{i}")
    assert read_xcover_from_file(path) == ([["i1", "i2"], ["i3"]], ["i1", "i2", "i3"], None, False)
    # what the reader skips before the item line, and keeps after it
    path.write_text("| comment\n/ comment\n\na b | c | d\na c\n\n| later\n")
    assert read_xcover_from_file(path) == (
        [["a", "c"], [], ["|", "later"]],
        ["a", "b"],
        ["c"],
        True,
    )
    path.write_text("| only a comment\n")
    with pytest.raises(ExactCoverError, match="no line of items"):
        read_xcover_from_file(path)


def test_bool_array_to_options():
    m = np.array([[1, 0, 1], [0, 0, 0], [0, 2, 0]])
    got = bool_array_to_options(m)
    assert got == [[0, 2], [], [1]]
    assert all(isinstance(c, np.integer) for option in got for c in option)
    with pytest.raises(ExactCoverError, match="2-D"):
        bool_array_to_options(np.ones(3))


def test_module_surface_and_docstrings():
    from fastsudoku.compat.xcover.solvers import covers as c2, covers_bool as cb2

    assert c2 is covers and cb2 is covers_bool and xc.covers is covers
    assert issubclass(UnknownItemError, KeyError) and issubclass(ItemTypeError, TypeError)
    for name in ("covers_zdd", "covers_bool_zdd", "algorithm_c", "algorithm_z"):
        assert not hasattr(xc, name) and name in xc.__doc__
    for module in ("", ".solvers", ".io", ".utils"):
        mod = importlib.import_module("fastsudoku.compat.xcover" + module)
        result = doctest.testmod(mod, optionflags=doctest.ELLIPSIS)
        assert result.attempted > 0 and result.failed == 0, module


def test_dancing_links_path_gives_valid_covers_in_choice_order():
    # a Sudoku's matrix (324 primary items) runs on dancing links
    rows = problems.sudoku_rows("12345678" + "." * 73)[0]
    options = [[f"c{c}" for c in row] for row in rows]
    got = list(itertools.islice(covers(options), 5))
    assert len(got) == 5
    for cover in got:
        verify_exact_cover(cover, options)
    assert any(cover != sorted(cover) for cover in got)


# ------------------------------------------------------------- the original, side by side


def _original():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # (Numba may warn while it compiles)
        return pytest.importorskip("xcover")


def _theirs(fn, *args, **kw):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return list(fn(*args, **kw))


def _as_sets(sols):
    return sorted(tuple(sorted(int(i) for i in s)) for s in sols)


def _original_can_take(options, primary) -> bool:
    """The original's search stops at the root (yields [] and raises IndexError) when no
    primary item is left to choose: none at all, or all entries name one item."""
    named = {e for option in options for e in option}
    return bool(primary) and len(named) > 1


@pytest.mark.heavy  # (the original's numba compilation: 27 s under AddressSanitizer)
def test_side_by_side_covers():
    original = _original()
    compared = 0
    for options, kw, p, _ in _random_cases(2, 400):
        if not _original_can_take(options, p):
            continue
        mine = list(covers(options, **kw))
        assert _as_sets(mine) == _as_sets(_theirs(original.covers, options, **kw)), (options, kw)
        compared += 1
    assert compared > 300


def test_side_by_side_covers_bool():
    original = _original()
    rng = np.random.default_rng(4)
    compared = 0
    for _ in range(300):
        a = rng.random((int(rng.integers(1, 12)), int(rng.integers(1, 8)))) < 0.4
        if a.sum() == a.sum(axis=0).max():
            continue  # no ones, or all in one column: the original stops at the root
        assert _as_sets(covers_bool(a)) == _as_sets(_theirs(original.covers_bool, a))
        compared += 1
    assert compared > 200


def test_side_by_side_io(tmp_path):
    original = _original()
    from xcover.io import (
        read_xcover_from_file as their_read,
        write_xcover_to_file as their_write,
    )

    mine_path, their_path = tmp_path / "mine.txt", tmp_path / "theirs.txt"
    rng = random.Random(5)
    for n in range(60):
        colored = n % 2 == 0
        options, prim, sec = _random_problem(rng, colored)
        # (names without spaces: the original writes its secondary items as they are)
        options = [[str(e).replace(" ", "") for e in option] for option in options]
        prim = [str(p).replace(" ", "") for p in prim]
        sec = [str(s).replace(" ", "") for s in sec]
        # both lists given: the same bytes
        write_xcover_to_file(mine_path, options, prim, sec, colored)
        their_write(their_path, options, prim, sec, colored)
        assert mine_path.read_bytes() == their_path.read_bytes()
        assert read_xcover_from_file(mine_path) == their_read(mine_path)
        back = read_xcover_from_file(mine_path)
        assert back[0] == options
        if _original_can_take(options, prim):
            assert _as_sets(covers(*back)) == _as_sets(_theirs(original.covers, *back))
        # lists inferred: the original's in a set's order, so the same items
        write_xcover_to_file(mine_path, options, primary=prim, colored=colored)
        their_write(their_path, options, primary=prim, colored=colored)
        mine, theirs = read_xcover_from_file(mine_path), their_read(their_path)
        assert mine[0] == theirs[0] and mine[3] == theirs[3]
        assert sorted(mine[1]) == sorted(theirs[1])
        assert sorted(mine[2] or []) == sorted(theirs[2] or [])
        assert read_xcover_from_file(their_path) == theirs


def test_side_by_side_verify_exact_cover():
    _original()
    from xcover.utils import verify_exact_cover as their_verify

    rng = random.Random(6)
    verdicts = Counter()
    for options, kw, _p, _s in _random_cases(7, 300):
        candidates = [list(c) for c in covers(options, **kw)]
        for _ in range(4):
            k = rng.randint(0, len(options))
            candidates.append([rng.randrange(len(options)) for _ in range(k)])
        for chosen in candidates:
            try:
                their_verify(chosen, options, **kw)
                theirs = True
            except AssertionError:
                theirs = False
            try:
                verify_exact_cover(chosen, options, **kw)
                mine = True
            except AssertionError:
                mine = False
            assert mine == theirs, (chosen, options, kw)
            verdicts[mine] += 1
    assert verdicts[True] > 100 and verdicts[False] > 300


def test_documented_differences():
    """What the package docstring says the original does, on the original (0.2.6), and
    what ours does instead."""
    only_secondary = [["a", "x:A"], ["b", "x:A"], ["a", "b"]]
    one_item = [["a"], ["a"]]
    assert list(covers(only_secondary, secondary=["x"], colored=True)) == [[0, 1], [2]]
    assert list(covers(one_item)) == [[0], [1]]
    assert list(covers([["x"]], secondary=["x"])) == [[]]
    original = _original()
    if original.__version__ != "0.2.6":
        pytest.skip(f"the differences are documented for xcover 0.2.6, not {original.__version__}")
    assert _theirs(original.covers, only_secondary, secondary=["x"], colored=True) == []
    for problem, kw in ((one_item, {}), ([["x"]], {"secondary": ["x"]})):
        gen = original.covers(problem, **kw)
        assert next(gen) == []
        with pytest.raises(IndexError):
            next(gen)
    with pytest.raises(KeyError):
        _theirs(original.covers, [["a", "x:A"], ["a", "x:B"]], colored=True)
    # a colour on a primary item: p covered twice
    two_p = [["p:R", "q"], ["p:R", "r"], ["q"], ["r"], ["p"]]
    kw = dict(primary=["p", "q", "r"], secondary=[], colored=True)
    assert [0, 1] in _theirs(original.covers, two_p, **kw)
    with pytest.raises(ExactCoverError, match="primary item 'p' a colour"):
        next(covers(two_p, **kw))
    # listed twice, or both primary and secondary: no cover, silently
    assert _theirs(original.covers, [["a"]], primary=["a", "a"]) == []
    assert _theirs(original.covers, [["a", "b"], ["a"]], primary=["a", "b"], secondary=["b"]) == []
    from xcover.utils import verify_exact_cover as their_verify

    # the original's checker reads "x:1:C" as colour "1", its solver as "C"
    abc = [["a", "x:1:C"], ["b", "x:2:C"]]
    kw = dict(primary=["a", "b"], secondary=["x"], colored=True)
    assert _theirs(original.covers, abc, **kw) == [[0, 1]] == list(covers(abc, **kw))
    with pytest.raises(AssertionError):
        their_verify([0, 1], abc, **kw)
    verify_exact_cover([0, 1], abc, **kw)
