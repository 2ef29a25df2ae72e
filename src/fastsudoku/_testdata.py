"""Test data for judge problems: random full grids, unique puzzles dug from them, and the
input / expected-output files of each judge spec (``make_tests``).

Everything is driven by one ``random.Random(seed)``, which also seeds the compiled
generator (``_core.generate_one``: a randomised search for full grids, digging while the
puzzle stays unique), so the same seed gives the same files on every platform.
"""
from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Callable, List, Tuple

from . import _core
from ._generate import generate
from ._rate import _isomorphic
from .judges import JUDGES, answer

A_TO_P = "ABCDEFGHIJKLMNOP"


def random_full_grid(r: int, c: int, rng: random.Random) -> bytes:
    """A random full grid of side r*c (the compiled generator, seeded from rng)."""
    n = r * c
    return _core.generate_one(r, c, rng.getrandbits(64), n * n, 0, False)[1]


def dig_unique(r: int, c: int, rng: random.Random, givens: int) -> bytes:
    """A unique puzzle dug from a random full grid down to `givens` givens when the random
    order allows (it may stop above)."""
    return _core.generate_one(r, c, rng.getrandbits(64), givens, 0, False)[0]


def random_givens(full: bytes, rng: random.Random, givens: int) -> bytes:
    keep = set(rng.sample(range(len(full)), givens))
    return bytes(v if i in keep else 0 for i, v in enumerate(full))


# --- judge inputs ----------------------------------------------------------------------------

def _line81(p: bytes) -> str:
    return "".join(str(v) if v else "." for v in p)


def _rows(p: bytes, n: int, cell: Callable[[int], str], sep: str) -> str:
    return "".join(sep.join(cell(v) for v in p[i * n:(i + 1) * n]) + "\n" for i in range(n))


def _digits0(p: bytes) -> str:
    return _rows(p, 9, lambda v: str(v), "")


def _spaced(empty: str) -> Callable[[bytes], str]:
    return lambda p: _rows(p, 9, lambda v: str(v) if v else empty, " ")


def _letters(p: bytes) -> str:
    return _rows(p, 16, lambda v: A_TO_P[v - 1] if v else "-", "")


def _input_text(problem: str, puzzles: List[bytes]) -> str:
    if problem in ("poj3074", "acwing166"):
        return "".join(_line81(p) + "\n" for p in puzzles) + "end\n"
    if problem == "poj2676":
        return f"{len(puzzles)}\n" + "".join(_digits0(p) for p in puzzles)
    if problem in ("poj3076", "uva1309", "zoj3122", "acwing169"):
        return "\n".join(_letters(p) for p in puzzles)
    if problem == "spoj-sudoku":
        return f"{len(puzzles)}\n" + "\n".join(_letters(p) for p in puzzles)
    if problem in ("p1784", "p1074"):
        return _spaced("0")(puzzles[0])
    if problem == "hdu1426":
        return "\n".join(_spaced("?")(p) for p in puzzles)
    if problem == "kattis-sudokunique":
        return "\n".join(_spaced("0")(p) for p in puzzles)
    if problem == "leetcode37":
        board = [[str(v) if v else "." for v in puzzles[0][i * 9:i * 9 + 9]] for i in range(9)]
        return json.dumps(board) + "\n"
    raise ValueError(f"no test generator for {problem!r}")


def _puzzles_for(problem: str, rng: random.Random, index: int) -> List[bytes]:
    """The puzzles of one test file: more cases and fewer givens as the index grows."""
    size = JUDGES[problem].size
    if problem == "p1074":
        return [random_givens(random_full_grid(3, 3, rng), rng, rng.randint(24, 30))]
    if problem == "poj2676":
        # Any solution is accepted: some puzzles have several.
        return [random_givens(random_full_grid(3, 3, rng), rng, rng.randint(26, 36))
                for _ in range(1 + index % 3)]
    if problem == "kattis-sudokunique":
        out = []
        for k in range(3):
            if k == 0:
                out.append(dig_unique(3, 3, rng, rng.randint(24, 32)))
                continue
            full = random_full_grid(3, 3, rng)
            if k == 1:
                out.append(random_givens(full, rng, rng.randint(20, 26)))
            else:
                p = bytearray(random_givens(full, rng, 30))
                empty = [i for i, v in enumerate(p) if not v]
                cell = rng.choice(empty)
                p[cell] = rng.choice([v for v in range(1, 10) if v != full[cell]])
                out.append(bytes(p))
        return out
    single = problem in ("p1784", "leetcode37")
    cases = 1 if single else 1 + index % 4
    if size == 9:
        tier = TIERS[index % len(TIERS)]
        return [tier_puzzle(tier, rng) for _ in range(cases)]
    givens = rng.randint(100, 140)
    return [dig_unique(4, 4, rng, givens) for _ in range(cases)]


# The tiers of test data (method 3 of ALGORITHMS.md): givens of unique 9x9 puzzles.
TIERS = ((40, 50), (30, 35), (22, 28), (17, 21))


def tier_puzzle(tier: Tuple[int, int], rng: random.Random) -> bytes:
    """A unique 9x9 puzzle with givens in the tier's range.  The top tier starts from a
    known minimal 17-clue puzzle, relabelled by a random isomorphism, with givens of its
    solution added up to the drawn count."""
    lo, hi = tier
    target = rng.randint(lo, hi)
    if lo > 17 or hi < 17:
        found = generate(clues=target, seed=rng.getrandbits(62), attempts=5000)[0]
        return found.values()
    base = _isomorphic(rng.choice(_minimal17()), 3, 3, rng)
    solution = _core.search(base, 3, 3, _core.Options())[1]
    assert solution is not None
    values = bytearray(base)
    empty = [i for i, v in enumerate(values) if not v]
    for cell in rng.sample(empty, target - 17):
        values[cell] = solution[cell]
    return bytes(values)


_MINIMAL17: List[bytes] = []


def _minimal17() -> List[bytes]:
    if not _MINIMAL17:
        text = (Path(__file__).parent / "data" / "minimal17.txt").read_text()
        _MINIMAL17.extend(bytes(0 if ch == "." else int(ch) for ch in line.strip())
                          for line in text.splitlines() if line and not line.startswith("#"))
    return _MINIMAL17


def make_tests(problem: str, count: int, seed: int) -> List[Tuple[str, str]]:
    """`count` (input, expected output) pairs for a judge problem, reproducible by seed."""
    if problem not in JUDGES:
        raise ValueError(f"unknown judge problem {problem!r}; choose from "
                         f"{', '.join(sorted(JUDGES))}")
    rng = random.Random(f"{problem}:{seed}")
    tests = []
    for index in range(count):
        text = _input_text(problem, _puzzles_for(problem, rng, index))
        tests.append((text, answer(problem, text)))
    return tests
