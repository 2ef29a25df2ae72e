"""fastsudoku against the Sudoku solvers on PyPI, side by side in one run.

Every tool solves the same puzzles in its own worker process, one call a puzzle (fastsudoku
also as a batch), and every answer is checked (a valid grid keeping the givens).  Sets: the
four 9x9 sets of ../shared/data and ``16x16_generated``, 200 unique 16x16 puzzles with
100-120 givens made by ``fastsudoku.generate(16, seed=16)`` at the start of the run (lib-sudoku
and hodoku-py solve 9x9 only and are reported as skipped there).  A tool
works through a set in order until --budget seconds have passed (the clock is read every 16
puzzles; answers are checked after the timed loop); a worker still busy at the budget plus
--grace is killed (a puzzle took longer than the whole budget) and gets no figure.
Puzzles/s = puzzles finished / their time.

Tools (each where it installs; the CSV records the versions):

    fastsudoku          fastsudoku.solve(line)                      (bitmask engine)
    fastsudoku-dlx      fastsudoku.solve(line, engine="dlx")
    fastsudoku-batch    fastsudoku.solve_many(uint8 array, threads=1), whole set a call
                        (median of 7)
    fastsudoku-batch2   the same, threads=2
    fastsudoku-dlx-batch    fastsudoku.solve_many(..., threads=1, engine="dlx")
    fastsudoku-dlx-batch2   the same, threads=2
    lib-sudoku          lib_sudoku.solve(list of 81 ints)            (Rust)
    py-sudoku           sudoku.Sudoku(3, 3, board=rows).solve()
    hodoku-py           hodoku.Solver().solve(line)                  (human techniques)
    exact-cover         exact_cover.get_exact_cover(the 729 x 324 matrix of the puzzle)
    pysat               a fixed CNF of Sudoku (cell, row, column, box clauses), the givens
                        as assumptions, Cadical 1.9.5 (python-sat)
    cp-sat              OR-Tools CP-SAT, AllDifferent per unit, givens fixed, 1 worker
    rustoku             rustoku.solve(line)                          (Rust; 9x9 only)

rustoku publishes Linux wheels for CPython 3.12 only (0.16.0; its source build needs
crates.io), so the run in docs/benchmarks.md is made in a Python 3.12 virtual environment with
every tool installed, fastsudoku built there too (a tool that does not install is
reported as skipped):

    python3.12 -m venv /tmp/p312 && /tmp/p312/bin/pip install . numpy rustoku lib-sudoku \
        py-sudoku hodoku-py exact-cover python-sat ortools
    /tmp/p312/bin/python benchmarks/bench_peers.py

    python benchmarks/bench_peers.py                       # all sets, 10 s a tool a set
    python benchmarks/bench_peers.py --budget 2 --sets puzzles3_magictour_top1465
"""

from __future__ import annotations

import argparse
import json
import math
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from common import machine, write_rows  # noqa: E402

SETS = [
    "puzzles2_17_clue",
    "puzzles3_magictour_top1465",
    "puzzles6_forum_hardest_1106",
    "puzzles7_serg_benchmark",
    "16x16_generated",
]
TOOLS = [
    "fastsudoku",
    "fastsudoku-dlx",
    "fastsudoku-batch",
    "fastsudoku-batch2",
    "fastsudoku-dlx-batch",
    "fastsudoku-dlx-batch2",
    "lib-sudoku",
    "py-sudoku",
    "hodoku-py",
    "exact-cover",
    "pysat",
    "cp-sat",
    "rustoku",
]
# NumPy's OpenBLAS thread busy-waits on a core for about 0.1 s after NumPy is imported: a
# 2-thread batch timed in a fresh worker would share a core with it (no tool here does
# linear algebra, so one BLAS thread changes nothing else).
WORKER_ENV = dict(os.environ, OPENBLAS_NUM_THREADS="1")
SYMBOLS = "123456789ABCDEFG"  # the 16x16 set is written in the 1-9A-G alphabet
SIXTEEN = "16x16_generated"  # made by fastsudoku.generate (seeded) at the start


def side(puzzle: str) -> int:
    return math.isqrt(len(puzzle))


def cells(puzzle: str) -> list:
    return [0 if ch in ".0" else SYMBOLS.index(ch) + 1 for ch in puzzle]


def units(n: int) -> list:
    b = math.isqrt(n)
    return (
        [[r * n + c for c in range(n)] for r in range(n)]
        + [[r * n + c for r in range(n)] for c in range(n)]
        + [
            [(br * b + i) * n + bc * b + j for i in range(b) for j in range(b)]
            for br in range(b)
            for bc in range(b)
        ]
    )


def valid(puzzle: str, solution) -> bool:
    """A full grid, every unit 1..N once, the givens kept."""
    n = side(puzzle)
    s = cells(solution) if isinstance(solution, str) else [int(v) for v in solution]
    if len(s) != n * n or any(not 1 <= v <= n for v in s):
        return False
    if any(g and g != v for g, v in zip(cells(puzzle), s)):
        return False
    return all(sorted(s[k] for k in unit) == list(range(1, n + 1)) for unit in units(n))


# --- the tools: setup() -> (version, solve(puzzle line) -> N*N values) -----------------------


def _fastsudoku(engine):
    import fastsudoku as fs

    def solve(p):
        if len(p) == 81:
            return fs.solve(p, engine=engine)
        return fs.solve(p, engine=engine, alphabet="1-9A-G")

    return fs.__version__, solve


def _nine_only(p):
    if side(p) != 9:
        raise SystemExit("9x9 only")


def _lib_sudoku():
    import importlib.metadata as md

    import lib_sudoku

    def solve(p):
        _nine_only(p)
        return list(lib_sudoku.solve(cells(p)))

    return md.version("lib_sudoku"), solve


def _py_sudoku():
    import importlib.metadata as md

    from sudoku import Sudoku

    def solve(p):
        n = side(p)
        b = math.isqrt(n)
        values = cells(p)
        board = [[values[r * n + c] or None for c in range(n)] for r in range(n)]
        return [v for row in Sudoku(b, b, board=board).solve().board for v in row]

    return md.version("py-sudoku"), solve


def _hodoku():
    import importlib.metadata as md

    import hodoku

    solver = hodoku.Solver()

    def solve(p):
        _nine_only(p)
        return solver.solve(p.replace("0", ".")).solution

    return md.version("hodoku-py"), solve


def _exact_cover():
    import importlib.metadata as md

    import exact_cover
    import numpy as np

    def solve(p):
        n = side(p)
        b = math.isqrt(n)
        values = cells(p)
        rows, meta = [], []
        for cell in range(n * n):
            r, c = divmod(cell, n)
            box = r // b * b + c // b
            for v in [values[cell]] if values[cell] else range(1, n + 1):
                rows.append(
                    (
                        cell,
                        n * n + r * n + v - 1,
                        2 * n * n + c * n + v - 1,
                        3 * n * n + box * n + v - 1,
                    )
                )
                meta.append((cell, v))
        m = np.zeros((len(rows), 4 * n * n), dtype=bool)
        for i, cols in enumerate(rows):
            m[i, list(cols)] = True
        out = [0] * (n * n)
        for i in exact_cover.get_exact_cover(m):
            cell, v = meta[i]
            out[cell] = v
        return out

    return md.version("exact_cover"), solve


def _pysat():
    import importlib.metadata as md

    from pysat.solvers import Solver

    solvers = {}

    def for_side(n):
        """A fixed CNF of Sudoku of side n; the givens are assumptions."""
        if n not in solvers:
            var = lambda cell, v: cell * n + v  # noqa: E731
            clauses = []
            for cell in range(n * n):
                clauses.append([var(cell, v) for v in range(1, n + 1)])
                clauses += [
                    [-var(cell, a), -var(cell, b)]
                    for a in range(1, n + 1)
                    for b in range(a + 1, n + 1)
                ]
            for unit in units(n):
                for v in range(1, n + 1):
                    clauses += [
                        [-var(unit[i], v), -var(unit[j], v)]
                        for i in range(n)
                        for j in range(i + 1, n)
                    ]
            solvers[n] = Solver(name="cadical195", bootstrap_with=clauses)
        return solvers[n]

    def solve(p):
        n = side(p)
        solver = for_side(n)
        assumptions = [cell * n + v for cell, v in enumerate(cells(p)) if v]
        if not solver.solve(assumptions=assumptions):
            return []
        model = solver.get_model()
        return [
            next(v for v in range(1, n + 1) if model[cell * n + v - 1] > 0) for cell in range(n * n)
        ]

    return md.version("python-sat"), solve


def _cp_sat():
    import importlib.metadata as md

    from ortools.sat.python import cp_model

    def solve(p):
        n = side(p)
        model = cp_model.CpModel()
        x = [model.NewIntVar(1, n, f"x{i}") for i in range(n * n)]
        for unit in units(n):
            model.AddAllDifferent([x[i] for i in unit])
        for i, v in enumerate(cells(p)):
            if v:
                model.Add(x[i] == v)
        solver = cp_model.CpSolver()
        solver.parameters.num_workers = 1
        solver.Solve(model)
        return [solver.Value(v) for v in x]

    return md.version("ortools"), solve


def _rustoku():
    import importlib.metadata as md

    import rustoku

    def solve(p):
        _nine_only(p)
        return rustoku.solve(p)  # 81 characters, '' when there is no solution

    return md.version("rustoku"), solve


SETUP = {
    "fastsudoku": lambda: _fastsudoku("bitmask"),
    "fastsudoku-dlx": lambda: _fastsudoku("dlx"),
    "lib-sudoku": _lib_sudoku,
    "py-sudoku": _py_sudoku,
    "hodoku-py": _hodoku,
    "exact-cover": _exact_cover,
    "pysat": _pysat,
    "cp-sat": _cp_sat,
    "rustoku": _rustoku,
}


def read_set(path: str) -> list:
    return [line.split()[0] for line in open(path) if line.strip() and not line.startswith("#")]


def worker(tool: str, path: str, budget: float) -> dict:
    puzzles = read_set(path)
    if tool.startswith(("fastsudoku-batch", "fastsudoku-dlx-batch")):
        import numpy as np

        import fastsudoku as fs

        arr = np.array([cells(p) for p in puzzles], dtype=np.uint8)
        threads = 2 if tool.endswith("2") else 1
        engine = "dlx" if "-dlx-" in tool else "bitmask"
        fs.solve_many(arr[:100], threads=threads, engine=engine)
        times = []
        for _ in range(7):
            start = time.perf_counter()
            result = fs.solve_many(arr, threads=threads, engine=engine)
            times.append(time.perf_counter() - start)
        ok = all(valid(p, s) for p, s in zip(puzzles, result.solutions))
        return {
            "version": fs.__version__,
            "done": len(puzzles),
            "seconds": sorted(times)[3],
            "all_valid": ok,
        }
    version, solve = SETUP[tool]()
    solve(puzzles[0])  # warm-up: imports, JIT, model building
    solutions = []
    start = time.perf_counter()
    for p in puzzles:
        solutions.append(solve(p))
        # The clock is read every 16 puzzles, outside the calls being timed as far as possible.
        if len(solutions) % 16 == 0 and time.perf_counter() - start >= budget:
            break
    elapsed = time.perf_counter() - start
    ok = all(valid(p, s) for p, s in zip(puzzles, solutions))
    return {"version": version, "done": len(solutions), "seconds": elapsed, "all_valid": ok}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--data", default=str(HERE.parent.parent / "shared" / "data"))
    ap.add_argument("--sets", default=",".join(SETS))
    ap.add_argument("--tools", default=",".join(TOOLS))
    ap.add_argument("--budget", type=float, default=10.0, help="seconds a tool a set")
    ap.add_argument("--grace", type=float, default=20.0)
    ap.add_argument("--out", default=str(HERE / "results" / "bench_peers.csv"))
    ap.add_argument("--worker", nargs=3, metavar=("TOOL", "PATH", "BUDGET"), help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.worker:
        tool, path, budget = args.worker
        print(json.dumps(worker(tool, path, float(budget))))
        return
    print(f"# {machine()}; budget {args.budget} s a tool a set")
    rows = []
    sixteen = Path(tempfile.mkdtemp()) / SIXTEEN
    if SIXTEEN in args.sets.split(","):
        import fastsudoku as fs

        made = fs.generate(16, count=200, clues=(100, 120), seed=16, threads=2)
        sixteen.write_text("".join(p.puzzle + "\n" for p in made))
    for name in args.sets.split(","):
        path = sixteen if name == SIXTEEN else Path(args.data) / name
        base = None
        for tool in args.tools.split(","):
            cmd = [sys.executable, __file__, "--worker", tool, str(path), str(args.budget)]
            try:
                out = subprocess.run(
                    cmd,
                    capture_output=True,
                    text=True,
                    timeout=args.budget + args.grace,
                    env=WORKER_ENV,
                )
                if out.returncode != 0:
                    last = (out.stderr.strip().splitlines() or ["failed"])[-1]
                    print(f"  {name:<28} {tool:<18} skipped: {last}", flush=True)
                    rows.append({"set": name, "tool": tool, "status": f"skipped: {last}"})
                    continue
                res = json.loads(out.stdout.strip().splitlines()[-1])
            except subprocess.TimeoutExpired:
                took = args.budget + args.grace
                print(f"  {name:<28} {tool:<18} one puzzle took over {took:.0f} s", flush=True)
                rows.append(
                    {
                        "set": name,
                        "tool": tool,
                        "status": f"timeout: under 1 puzzle in {args.budget + args.grace:.0f} s",
                    }
                )
                continue
            rate = res["done"] / res["seconds"] if res["seconds"] else float("inf")
            if tool == "fastsudoku":
                base = rate
            row = {
                "set": name,
                "tool": tool,
                "version": res["version"],
                "status": "ok" if res["all_valid"] else "WRONG ANSWERS",
                "puzzles": res["done"],
                "seconds": res["seconds"],
                "puzzles_per_s": rate,
                "fastsudoku_over_tool": (base / rate) if base else float("nan"),
                "machine": machine(),
            }
            rows.append(row)
            print(
                f"  {name:<28} {tool:<18} {rate:>12,.1f}/s  over {res['done']:>6} puzzles  "
                f"fastsudoku/tool {row['fastsudoku_over_tool']:>9.1f}  {row['status']}",
                flush=True,
            )
    keys = [
        "set",
        "tool",
        "version",
        "status",
        "puzzles",
        "seconds",
        "puzzles_per_s",
        "fastsudoku_over_tool",
        "machine",
    ]
    write_rows(args.out, [{k: row.get(k, "") for k in keys} for row in rows])


if __name__ == "__main__":
    main()
