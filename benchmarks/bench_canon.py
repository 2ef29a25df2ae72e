"""Canonical forms: fastsudoku.canonical_many against a native canonicalizer, side by side.

Ours: ``canonical_many`` on a uint8 array, one thread (and two for the largest set), CPU
time, median of --repeat runs.  The peer (--peer): an executable that reads 81-character
puzzles on stdin, writes each one's canonical form on stdout (one a line, '.' empty) and
its own CPU time for the canonicalization loop alone as ``seconds S`` on stderr -- for
example a small driver around dobrichev's patminlex (github.com/dobrichev/
sudoku-minlexing-tool, pattern-first minlex; for a full grid it is minlex), the fastest
public 9x9 canonicalizer we could build here (gsf's and the Rust crate's do not build
from this machine's registries: their dependencies are not on them).  Its outputs are
compared with ours in the same form.

    python benchmarks/bench_canon.py [--peer PATH] [--repeat 3] [--grids 20000]

Writes benchmarks/results/bench_canon.csv.
"""

from __future__ import annotations

import argparse
import math
import statistics
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
import fastsudoku as fs
from common import machine, read_puzzles, write_rows
from fastsudoku._grid import parse

HERE = Path(__file__).resolve().parent
SHARED = HERE.parent.parent / "shared" / "data"
HARD = HERE / "data" / "hard"


def values(lines: list) -> np.ndarray:
    return np.array([list(parse(p).values) for p in lines], dtype=np.uint8)


def text(row: np.ndarray) -> str:
    return "".join(str(v) if v else "." for v in row)


def ours(arr: np.ndarray, form: str, threads: int, repeat: int) -> tuple:
    """(puzzles/s, canonical values, how many got one) of canonical_many, CPU time (wall
    time with threads), median of repeat."""
    times = []
    found = None
    for _ in range(repeat):
        start = time.process_time() if threads == 1 else time.perf_counter()
        found = fs.canonical_many(arr, form=form, threads=threads)
        end = time.process_time() if threads == 1 else time.perf_counter()
        times.append(end - start)
    assert found is not None and (found.status != fs.INVALID).all()
    done = int((found.status == fs.SOLVED).sum())
    return len(arr) / statistics.median(times), found.canonical, done


def peer(path: str, lines: list, repeat: int) -> tuple:
    """(puzzles/s by the peer's own loop time, its canonical lines), median of repeat."""
    times = []
    out: list = []
    for _ in range(repeat):
        run = subprocess.run(
            [path], input="\n".join(lines) + "\n", capture_output=True, text=True, check=True
        )
        out = run.stdout.split()
        times.append(float(run.stderr.split("seconds")[1].split()[0]))
    return len(lines) / statistics.median(times), out


def result(name: str, form: str, count: int, threads: int, rate: float, done: int) -> dict:
    """One CSV row: ours; the peer's columns empty until it is measured on the set."""
    return {
        "set": name,
        "form": form,
        "puzzles": count,
        "threads": threads,
        "ours_per_s": rate,
        "done": done,
        "peer_per_s": "",
        "peer_over_ours": "",
        "agree": "",
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--peer", default=None)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--grids", type=int, default=20000)
    ap.add_argument("--peer-grids", type=int, default=50, help="the peer is slow on grids")
    args = ap.parse_args()
    rows = []
    seventeen = read_puzzles(SHARED / "puzzles2_17_clue")
    sets = [
        ("17_clue", seventeen),
        ("magictour_top1465", read_puzzles(SHARED / "puzzles3_magictour_top1465")),
        ("forum_hardest_1106", read_puzzles(SHARED / "puzzles6_forum_hardest_1106")),
    ]
    solved = fs.solve_many(values(seventeen[: args.grids]), threads=2).solutions
    grid_lines = [text(g) for g in solved.reshape(len(solved), -1)]
    sets.append((f"grids_of_17_clue_{args.grids}", grid_lines))
    for name, lines in sets:
        arr = values(lines)
        forms = ("minlex", "patminlex") if not name.startswith("grids") else ("minlex",)
        for form in forms:
            rate, canon, done = ours(arr, form, 1, args.repeat)
            row = result(name, form, len(lines), 1, rate, done)
            peer_form = "patminlex" if not name.startswith("grids") else "minlex"
            if args.peer and form == peer_form:
                limit = args.peer_grids if name.startswith("grids") else len(lines)
                prate, pout = peer(
                    args.peer, lines[:limit], 1 if limit < len(lines) else args.repeat
                )
                row["peer_per_s"] = prate
                row["peer_over_ours"] = prate / rate
                row["agree"] = sum(text(canon[i]) == pout[i] for i in range(limit))
            rows.append(row)
            print(row, flush=True)
    rate, _, done = ours(values(seventeen), "minlex", 2, args.repeat)
    rows.append(result("17_clue", "minlex", len(seventeen), 2, rate, done))
    print(rows[-1], flush=True)
    # Larger sides: the published puzzles, and grids (the 16x16 puzzles' solutions; for
    # 25x25 and up, solutions of a grid with a random first row -- "ordinary" grids -- and
    # random equivalents of the solver's grid for an empty puzzle, which has many
    # automorphisms: 36x36 ones run past the default budget, "done" counts those that got
    # their form).
    rng = np.random.default_rng(7)
    for name, file in (
        ("16x16_forum_tough", "16x16_forum_tough.txt"),
        ("25x25_gecode_frisch", "25x25_gecode_frisch.txt"),
        ("36x36_generated_minimal", "36x36_generated_minimal.txt"),
    ):
        lines = read_lines_full(HARD / file)
        arr = values(lines)
        n = math.isqrt(arr.shape[1])
        batches = [(name, arr)]
        if n == 16:
            batches.append(("16x16_grids", values([fs.solve(p) for p in lines])))
        else:
            shape = (parse(lines[0]).r, parse(lines[0]).c)
            ordinary = []
            for _ in range(20):
                first = [[0] * n for _ in range(n)]
                first[0] = [int(v) for v in rng.permutation(n) + 1]
                ordinary.append([v for row in fs.solve(first, box=shape) for v in row])
            batches.append((f"{n}x{n}_grids_ordinary", np.array(ordinary, dtype=np.uint8)))
            base = bytes(v for row in fs.solve([[0] * n for _ in range(n)], box=shape) for v in row)
            symmetric = [
                list(fs.Transform.random(shape, k).apply_values(base))
                for k in range(20 if n < 36 else 2)
            ]
            batches.append((f"{n}x{n}_grids_symmetric", np.array(symmetric, dtype=np.uint8)))
        for label, batch in batches:
            rate, _, done = ours(batch, "minlex", 1, 1 if n >= 36 else args.repeat)
            rows.append(result(label, "minlex", len(batch), 1, rate, done))
            print(rows[-1], flush=True)
    print(machine())
    write_rows(HERE / "results" / "bench_canon.csv", rows)


def read_lines_full(path: Path) -> list:
    """Whole puzzle lines (any size) of a file, '#' comments and blank lines skipped."""
    with open(path) as f:
        return [ln.split()[0] for ln in f if ln.strip() and not ln.startswith("#")]


if __name__ == "__main__":
    main()
