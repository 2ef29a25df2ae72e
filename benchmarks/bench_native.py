"""fastsudoku against a native solver, side by side: one thread, the 9x9 sets.

The native solver is any program that takes ``FILE LIMIT REPEATS``, solves every puzzle of
FILE (one 81-character line each) REPEATS times after loading them, and prints a line
``median_puzzles_per_sec=<float>`` (and, optionally, ``mean_guesses_per_puzzle=<float>``).
The figures in docs/benchmarks.md were made against tdoku's ``solver_dpll_triad_simd`` (the
fastest public 9x9 solver), built outside this repository from its sources with
``g++ -O3 -march=native`` and a small timing driver that calls its C entry point; neither
is part of fastsudoku (see docs/benchmarks.md).  With ``--tdoku-lib`` (tdoku's sources built as a
shared library) tdoku is also called once a puzzle from Python through ctypes, as a
Python user would call it: the per-call figures of both, side by side (the puzzles are
made into tdoku's NUL-ended buffers beforehand; a first solution is read back).

Each pass runs, for each set and limit (1: first solution; 2: uniqueness check), the
native program once (it times one pass over the set in memory), fastsudoku's
``solve_many`` on a (count, 81) uint8 array with ``threads=1``, and one ``solve`` /
``count_solutions`` call a puzzle; figures are medians over --repeat passes, ratios
the medians of the per-pass ratios.  Results: benchmarks/results/bench_native.csv.

    python benchmarks/bench_native.py --native /path/to/driver [--tdoku-lib libtdoku.so]
"""

from __future__ import annotations

import argparse
import ctypes
import re
import shlex
import statistics
import subprocess
import sys
import time
from pathlib import Path

import fastsudoku as fs

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import machine, per_call_loop, puzzle_array, read_puzzles, write_rows

HERE = Path(__file__).resolve().parent
SETS = [
    "puzzles2_17_clue",
    "puzzles3_magictour_top1465",
    "puzzles6_forum_hardest_1106",
    "puzzles7_serg_benchmark",
]


def native_rate(command: list, path: Path, limit: int) -> tuple:
    """(puzzles/s, guesses/puzzle or nan) of one run of the native program."""
    done = subprocess.run(
        [*command, str(path), str(limit), "1"], capture_output=True, text=True, check=True
    )
    rate = re.search(r"median_puzzles_per_sec=([0-9.eE+]+)", done.stdout)
    guesses = re.search(r"mean_guesses_per_puzzle=([0-9.eE+]+)", done.stdout)
    if rate is None:
        raise RuntimeError(
            f"no median_puzzles_per_sec in the output of {command}:\n{done.stdout[-500:]}"
        )
    return float(rate.group(1)), float(guesses.group(1)) if guesses else float("nan")


def tdoku_call_loop(lib: str, lines: list, limit: int):
    """A function that calls tdoku once a puzzle through ctypes (its C entry point
    TdokuSolverDpllTriadSimd(puzzle, limit, configuration, solution, guesses))."""
    solve = ctypes.CDLL(lib).TdokuSolverDpllTriadSimd
    solve.argtypes = [
        ctypes.c_char_p,
        ctypes.c_size_t,
        ctypes.c_uint32,
        ctypes.c_char_p,
        ctypes.POINTER(ctypes.c_size_t),
    ]
    solve.restype = ctypes.c_size_t
    # tdoku reads '.' as an empty cell (any other character is a given) and a NUL after
    # the 81 cells (its pencil-mark form otherwise).
    bufs = [
        ctypes.create_string_buffer("".join(c if "1" <= c <= "9" else "." for c in p).encode(), 82)
        for p in lines
    ]
    out = ctypes.create_string_buffer(82)
    guesses = ctypes.c_size_t(0)
    ref = ctypes.byref(guesses)

    def loop():
        for buf in bufs:
            if solve(buf, limit, 0, out, ref) and limit == 1:
                out.raw[:81]

    return loop


def timed_rate(fn, count: int) -> float:
    start = time.perf_counter()
    fn()
    return count / (time.perf_counter() - start)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument(
        "--native",
        required=True,
        help="the native program (and its fixed arguments), e.g. ./driver",
    )
    ap.add_argument("--name", default="tdoku", help="the native solver's name in the CSV")
    ap.add_argument(
        "--tdoku-lib", default=None, help="tdoku as a shared library: per-call figures via ctypes"
    )
    ap.add_argument("--data", default=str(HERE.parent.parent / "shared" / "data"))
    ap.add_argument("--repeat", type=int, default=7)
    ap.add_argument("--out", default=str(HERE / "results" / "bench_native.csv"))
    args = ap.parse_args()
    command = shlex.split(args.native)
    print(f"# {machine()}; native: {args.native}")
    rows = []
    for name in SETS:
        path = Path(args.data) / name
        lines = read_puzzles(path)
        arr = puzzle_array(lines)
        for limit in (1, 2):
            per_call = per_call_loop(lines, limit)
            tdoku_call = tdoku_call_loop(args.tdoku_lib, lines, limit) if args.tdoku_lib else None
            batch = fs.solve_many(arr, limit=limit, threads=1)
            ours_guesses = float(batch.guesses.mean())
            native_rate(command, path, limit)  # warm-up (page cache, CPU clock)
            natives, batches, calls, r_batch, r_call = [], [], [], [], []
            t_calls, r_tcall = [], []
            native_guesses = float("nan")
            for _ in range(args.repeat):
                nat, native_guesses = native_rate(command, path, limit)
                bat = timed_rate(lambda: fs.solve_many(arr, limit=limit, threads=1), len(arr))
                cal = timed_rate(per_call, len(lines))
                natives.append(nat)
                batches.append(bat)
                calls.append(cal)
                r_batch.append(nat / bat)
                r_call.append(nat / cal)
                if tdoku_call is not None:
                    t_calls.append(timed_rate(tdoku_call, len(lines)))
                    r_tcall.append(cal / t_calls[-1])
            row = {
                "set": name,
                "puzzles": len(lines),
                "limit": limit,
                "native": args.name,
                "native_per_s": statistics.median(natives),
                "batch_1t_per_s": statistics.median(batches),
                "per_call_per_s": statistics.median(calls),
                "native_over_batch": statistics.median(r_batch),
                "native_over_batch_min": min(r_batch),
                "native_over_batch_max": max(r_batch),
                "native_over_per_call": statistics.median(r_call),
                "native_per_call_ctypes_per_s": statistics.median(t_calls) if t_calls else "",
                "per_call_ours_over_native": statistics.median(r_tcall) if r_tcall else "",
                "native_guesses": native_guesses,
                "our_guesses": ours_guesses,
                "machine": machine(),
            }
            rows.append(row)
            print(
                f"  {name:<28} limit {limit}  {args.name} {row['native_per_s']:>10,.0f}/s"
                f"  batch {row['batch_1t_per_s']:>10,.0f}/s"
                f"  per call {row['per_call_per_s']:>10,.0f}/s"
                f"  {args.name}/batch {row['native_over_batch']:.2f}x"
                f" ({min(r_batch):.2f}-{max(r_batch):.2f})"
                f"  guesses {native_guesses:.1f} vs {ours_guesses:.1f}"
                + (
                    f"  per call: {args.name} (ctypes)"
                    f" {row['native_per_call_ctypes_per_s']:,.0f}/s,"
                    f" ours/{args.name} {row['per_call_ours_over_native']:.2f}x"
                    if r_tcall
                    else ""
                ),
                flush=True,
            )
    write_rows(args.out, rows)


if __name__ == "__main__":
    main()
