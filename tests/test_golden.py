"""Golden cases: fastsudoku against counts and solutions stored from the reference oracle.

The files tests/data/golden_<N>x<N>_<r>x<c>.txt are written by tests/make_golden.py from
tests/reference.py (see the header of each file for the format).  For every case:

* count_solutions(limit=100) equals the stored count (100 means "100 or more");
* is_unique is True exactly when the stored count is 1;
* solve returns None when the count is 0, a grid passing check_grid otherwise, and the
  stored solution when the count is 1.

9x9 puzzles are also run without box= so the 81-character fast path is covered.
"""

import re
from pathlib import Path

import pytest

import fastsudoku as fs
from conftest import engine_takes
from reference import check_grid

DATA = Path(__file__).parent / "data"
SYMBOLS = "123456789ABCDEFG"
LIMIT = 100
NAME = re.compile(r"golden_(\d+)x(\d+)_(\d+)x(\d+)\.txt")
SHAPES = [(2, 2), (2, 3), (3, 2), (2, 4), (3, 3), (3, 4), (4, 3), (4, 4)]

FILES = sorted(DATA.glob("golden_*.txt"))


def _values(line, n):
    out = []
    for ch in line:
        if ch == ".":
            out.append(0)
        else:
            v = SYMBOLS.index(ch) + 1
            assert v <= n, f"symbol {ch!r} out of range for side {n}"
            out.append(v)
    return out


def _read(path):
    """(box, [(line number, puzzle, count, solution or None)]) of one golden file."""
    m = NAME.fullmatch(path.name)
    assert m, f"bad golden file name {path.name}"
    n, n2, r, c = map(int, m.groups())
    assert n == n2 == r * c, f"{path.name}: side and box shape disagree"
    cases = []
    with open(path, encoding="ascii") as f:
        for lineno, line in enumerate(f, 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            parts = line.split(":")
            assert len(parts) in (2, 3), f"{path.name}:{lineno}: bad case line {line!r}"
            puzzle, count = parts[0], int(parts[1])
            solution = parts[2] if len(parts) == 3 else None
            assert len(puzzle) == n * n, f"{path.name}:{lineno}: {len(puzzle)} cells"
            assert 0 <= count <= LIMIT, f"{path.name}:{lineno}: count {count}"
            assert (solution is not None) == (count == 1), (
                f"{path.name}:{lineno}: a solution is stored exactly when the count is 1"
            )
            cases.append((lineno, puzzle, count, solution))
    return (r, c), cases


def test_golden_files_present():
    names = {p.name for p in FILES}
    missing = [
        f"golden_{r * c}x{r * c}_{r}x{c}.txt"
        for r, c in SHAPES
        if f"golden_{r * c}x{r * c}_{r}x{c}.txt" not in names
    ]
    assert not missing, (
        f"golden files missing from {DATA}: {missing} (run python tests/make_golden.py)"
    )


@pytest.mark.parametrize(
    "path", FILES or [None], ids=[p.name for p in FILES] or ["no-golden-files"]
)
def test_golden_file(path, engine):
    assert path is not None, f"no golden files in {DATA} (run python tests/make_golden.py)"
    box, cases = _read(path)
    assert cases, f"{path.name} holds no cases"
    if engine_takes(engine, box):
        _check_golden(path, box, cases, engine)
    else:
        # An engine's own limit (digitband: 9x9 only; bitset: up to 25x25): a clear error.
        with pytest.raises(ValueError, match=f"engine '{engine}' solves"):
            fs.count_solutions(
                cases[0][1], box=box, engine=engine, alphabet="1-9A-G" if box == (4, 4) else None
            )


def _check_golden(path, box, cases, engine):
    n = box[0] * box[1]
    kw = {"box": box, "engine": engine}
    if n == 16:
        kw["alphabet"] = "1-9A-G"
    failures = []
    for lineno, puzzle, count, stored in cases:
        where = f"{path.name}:{lineno} box={box} puzzle={puzzle}"
        values = _values(puzzle, n)
        expect = min(count, LIMIT)
        variants = [kw]
        if n == 9:
            variants.append({"engine": engine})  # the 81-character fast path (bitmask)
        for opts in variants:
            tag = where + f" engine={engine}" + ("" if "box" in opts else " (no box)")
            got = fs.count_solutions(puzzle, limit=LIMIT, **opts)
            if got != expect:
                failures.append(f"{tag}: count_solutions {got}, reference {expect}")
            unique = fs.is_unique(puzzle, **opts)
            if unique != (expect == 1):
                failures.append(f"{tag}: is_unique {unique}, reference count {expect}")
            sol = fs.solve(puzzle, **opts)
            if expect == 0:
                if sol is not None:
                    failures.append(f"{tag}: solve returned {sol}, reference has no solution")
                continue
            if not isinstance(sol, str) or len(sol) != n * n:
                failures.append(f"{tag}: solve returned {sol!r}, reference count {expect}")
                continue
            try:
                check_grid(values, _values(sol, n), box)
            except (AssertionError, ValueError) as e:
                failures.append(f"{tag}: solve returned {sol}, which is not valid: {e}")
            if expect == 1 and sol != stored:
                failures.append(f"{tag}: solve returned {sol}, reference {stored}")
    assert not failures, f"{len(failures)} mismatch(es):\n" + "\n".join(failures)
