"""Target Sudoku (P1074): the branch and bound of fastsudoku.max_score against enumeration.

Instances of the P1074 kind (9x9, ring weights): givens taken at random from random full
grids (randomised backtracking, seeded), so that they usually have many solutions; and
unique puzzles dug from random full grids down to the same numbers of givens.  For each
instance, each timed --repeat times (median):

* ``bnb``: ``fastsudoku.max_score`` through the public API (parse, search, render);
* ``enum``: the same engine with the bound off (``_core.max_score(..., bound=False)``):
  propagation and MRV, every solution scored.  The acceptance ratio is enum / bnb;
* ``native``: with --native (needs g++), the classical contest solution in C++
  (benchmarks/native/p1074_dfs.cpp: row bitmasks, rows with fewest empties first, every
  solution scored, no propagation), timed inside the program.

Enumerations that need more than --enum-limit guesses (about a minute) are left out of the
ratio and counted.  Results go to benchmarks/results/bench_target.csv.

    python benchmarks/bench_target.py --native           # the full run (about 5 minutes)
    python benchmarks/bench_target.py --count 20 --repeat 1   # a smoke run
"""

from __future__ import annotations

import argparse
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

import fastsudoku as fs
from fastsudoku import _core

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import machine, write_rows

HERE = Path(__file__).resolve().parent
RINGS = fs.ring_weights(9).ravel()


def random_full_grid(rng: random.Random) -> list:
    """A random full 9x9 grid by randomised backtracking (cell order fixed, digit order
    shuffled at every cell)."""
    grid = [0] * 81
    rows = [set() for _ in range(9)]
    cols = [set() for _ in range(9)]
    boxes = [set() for _ in range(9)]

    def fill(cell: int) -> bool:
        if cell == 81:
            return True
        r, c = divmod(cell, 9)
        b = r // 3 * 3 + c // 3
        digits = list(range(1, 10))
        rng.shuffle(digits)
        for v in digits:
            if v not in rows[r] and v not in cols[c] and v not in boxes[b]:
                grid[cell] = v
                rows[r].add(v), cols[c].add(v), boxes[b].add(v)
                if fill(cell + 1):
                    return True
                rows[r].discard(v), cols[c].discard(v), boxes[b].discard(v)
        grid[cell] = 0
        return False

    fill(0)
    return grid


def random_givens(rng: random.Random, givens: int) -> bytes:
    full = random_full_grid(rng)
    keep = set(rng.sample(range(81), givens))
    return bytes(full[i] if i in keep else 0 for i in range(81))


def unique_puzzle(rng: random.Random, givens: int) -> bytes | None:
    """Dig cells in random order while the puzzle stays unique; None if it cannot get down
    to `givens` this way."""
    values = random_full_grid(rng)
    cells = list(range(81))
    rng.shuffle(cells)
    left = 81
    for cell in cells:
        if left == givens:
            break
        v, values[cell] = values[cell], 0
        if fs.count_solutions("".join(map(str, values)), limit=2) != 1:
            values[cell] = v
        else:
            left -= 1
    return bytes(values) if left == givens else None


def timed(fn, repeat: int):
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times), result


def run_native(instances: list, exe: Path) -> list:
    text = "\n".join(" ".join(str(v) for v in values) for values in instances) + "\n"
    out = subprocess.run([str(exe)], input=text, capture_output=True, text=True, check=True)
    rows = [line.split() for line in out.stdout.splitlines()]
    return [(int(score), float(secs)) for score, secs in rows]


def build_native() -> Path | None:
    compiler = shutil.which("g++") or shutil.which("clang++")
    if compiler is None:
        return None
    exe = Path(tempfile.mkdtemp()) / "p1074_dfs"
    subprocess.run(
        [compiler, "-O2", "-o", str(exe), str(HERE / "native" / "p1074_dfs.cpp")], check=True
    )
    return exe


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--count", type=int, default=200, help="instances with 24 givens")
    ap.add_argument(
        "--per-size",
        type=int,
        default=20,
        help="instances for each other number of givens (25..30), and unique ones",
    )
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--seed", type=int, default=2009)
    ap.add_argument(
        "--enum-limit",
        type=int,
        default=60_000_000,
        help="guesses after which an enumeration is left out (about a minute)",
    )
    ap.add_argument("--native", action="store_true", help="also time the C++ contest solution")
    ap.add_argument("--out", default=str(HERE / "results" / "bench_target.csv"))
    args = ap.parse_args()

    rng = random.Random(args.seed)
    groups = [("random-24", [random_givens(rng, 24) for _ in range(args.count)])]
    for givens in (26, 28, 30):
        groups.append(
            (f"random-{givens}", [random_givens(rng, givens) for _ in range(args.per_size)])
        )
    for givens in (24, 26, 28, 30):
        found = []
        while len(found) < args.per_size:
            p = unique_puzzle(rng, givens)
            if p is not None:
                found.append(p)
        groups.append((f"unique-{givens}", found))
    exe = build_native() if args.native else None

    print(f"# {machine()}")
    print(
        f"# {'set':<10} {'n':>4} {'bnb med ms':>10} {'bnb worst':>10} {'guesses':>8} "
        f"{'enum med ms':>11} {'ratio med':>9} {'ratio min':>9} {'left out':>8}"
        + (f" {'native med':>10} {'nat/bnb':>7}" if exe else "")
    )
    rows = []
    for name, instances in groups:
        bnb, enum, ratios, guesses, left_out = [], [], [], [], 0
        for values in instances:
            line = "".join(str(v) for v in values)
            t, result = timed(lambda: fs.max_score(line), args.repeat)
            bnb.append(t)
            guesses.append(result.guesses if result else 0)
            te, full = timed(
                lambda: _core.max_score(values, 3, 3, RINGS, args.enum_limit, False),
                1 if args.repeat == 1 else 2,
            )
            if full[3] == "node_limit":
                left_out += 1
                continue
            assert full[0] == (result.score if result else None), values
            enum.append(te)
            ratios.append(te / t)
        native = run_native(instances, exe) if exe else []
        for (score, _), values in zip(native, instances):
            best = fs.max_score(list(values))
            assert score == (best.score if best else -1), values
        row = {
            "set": name,
            "instances": len(instances),
            "bnb_median_ms": statistics.median(bnb) * 1e3,
            "bnb_worst_ms": max(bnb) * 1e3,
            "bnb_per_s": len(bnb) / sum(bnb),
            "guesses_median": statistics.median(guesses),
            "enum_median_ms": statistics.median(enum) * 1e3 if enum else float("nan"),
            "ratio_median": statistics.median(ratios) if ratios else float("nan"),
            "ratio_min": min(ratios) if ratios else float("nan"),
            "enum_left_out": left_out,
            "native_median_ms": statistics.median(s for _, s in native) * 1e3
            if native
            else float("nan"),
            "native_over_bnb_median": statistics.median(s / t for (_, s), t in zip(native, bnb))
            if native
            else float("nan"),
            "machine": machine(),
        }
        rows.append(row)
        print(
            f"  {name:<10} {len(instances):>4} {row['bnb_median_ms']:>10.3f} "
            f"{row['bnb_worst_ms']:>10.2f} {row['guesses_median']:>8.0f} "
            f"{row['enum_median_ms']:>11.2f} {row['ratio_median']:>9.1f} "
            f"{row['ratio_min']:>9.2f} {left_out:>8}"
            + (
                f" {row['native_median_ms']:>10.3f} {row['native_over_bnb_median']:>7.1f}"
                if exe
                else ""
            ),
            flush=True,
        )
    write_rows(args.out, rows)


if __name__ == "__main__":
    np.seterr(all="ignore")
    main()
