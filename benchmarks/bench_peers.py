"""fastsudoku against the Sudoku solvers on PyPI, side by side in one run.

Every tool solves the same puzzles in its own worker process, one call a puzzle (fastsudoku
also as a batch), and every answer is checked (a valid grid keeping the givens).  A tool
works through a set in order until --budget seconds have passed (the clock is read every 16
puzzles; answers are checked after the timed loop); a worker still busy at the budget plus
--grace is killed (a puzzle took longer than the whole budget) and gets no figure.
Puzzles/s = puzzles finished / their time.

Tools (each where it installs; see benchmarks/README or the CSV for versions):

    fastsudoku          fastsudoku.solve(line)                      (bitmask engine)
    fastsudoku-dlx      fastsudoku.solve(line, engine="dlx")
    fastsudoku-batch    fastsudoku.solve_many(uint8 array, threads=1), whole set a call
    fastsudoku-batch2   the same, threads=2
    lib-sudoku          lib_sudoku.solve(list of 81 ints)            (Rust)
    py-sudoku           sudoku.Sudoku(3, 3, board=rows).solve()
    hodoku-py           hodoku.Solver().solve(line)                  (human techniques)
    exact-cover         exact_cover.get_exact_cover(the 729 x 324 matrix of the puzzle)
    pysat               a fixed CNF of Sudoku (cell, row, column, box clauses), the givens
                        as assumptions, Cadical 1.9.5 (python-sat)
    cp-sat              OR-Tools CP-SAT, AllDifferent per unit, givens fixed, 1 worker
    rustoku             (pip install rustoku builds from source and needs crates.io: when
                        it does not install, it is reported as skipped)

    python benchmarks/bench_peers.py                       # all sets, 10 s a tool a set
    python benchmarks/bench_peers.py --budget 2 --sets puzzles3_magictour_top1465
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from common import machine, read_puzzles, write_rows  # noqa: E402

SETS = ["puzzles2_17_clue", "puzzles3_magictour_top1465", "puzzles6_forum_hardest_1106",
        "puzzles7_serg_benchmark"]
TOOLS = ["fastsudoku", "fastsudoku-dlx", "fastsudoku-batch", "fastsudoku-batch2", "lib-sudoku",
         "py-sudoku", "hodoku-py", "exact-cover", "pysat", "cp-sat", "rustoku"]
UNITS = ([[r * 9 + c for c in range(9)] for r in range(9)]
         + [[r * 9 + c for r in range(9)] for c in range(9)]
         + [[(br * 3 + i) * 9 + bc * 3 + j for i in range(3) for j in range(3)]
            for br in range(3) for bc in range(3)])


def valid(puzzle: str, solution) -> bool:
    """A full grid, every unit 1..9 once, the givens kept."""
    s = [int(v) for v in solution]
    if len(s) != 81 or any(not 1 <= v <= 9 for v in s):
        return False
    if any(ch not in ".0" and int(ch) != s[i] for i, ch in enumerate(puzzle)):
        return False
    return all(sorted(s[k] for k in unit) == list(range(1, 10)) for unit in UNITS)


# --- the tools: setup() -> (version, solve(puzzle line) -> 81 values) ------------------------

def _fastsudoku(engine):
    import fastsudoku as fs
    return fs.__version__, lambda p: fs.solve(p, engine=engine) if engine != "bitmask" \
        else fs.solve(p)


def _lib_sudoku():
    import importlib.metadata as md
    import lib_sudoku
    return md.version("lib_sudoku"), lambda p: list(lib_sudoku.solve(
        [0 if ch in ".0" else int(ch) for ch in p]))


def _py_sudoku():
    import importlib.metadata as md
    from sudoku import Sudoku

    def solve(p):
        board = [[None if ch in ".0" else int(ch) for ch in p[r * 9:r * 9 + 9]]
                 for r in range(9)]
        return [v for row in Sudoku(3, 3, board=board).solve().board for v in row]
    return md.version("py-sudoku"), solve


def _hodoku():
    import importlib.metadata as md
    import hodoku
    solver = hodoku.Solver()
    return md.version("hodoku-py"), lambda p: solver.solve(p.replace("0", ".")).solution


def _exact_cover():
    import importlib.metadata as md
    import exact_cover
    import numpy as np

    def solve(p):
        rows, meta = [], []
        for cell in range(81):
            r, c = divmod(cell, 9)
            b = r // 3 * 3 + c // 3
            values = [int(p[cell])] if p[cell] not in ".0" else range(1, 10)
            for v in values:
                rows.append((cell, 81 + r * 9 + v - 1, 162 + c * 9 + v - 1, 243 + b * 9 + v - 1))
                meta.append((cell, v))
        m = np.zeros((len(rows), 324), dtype=bool)
        for i, cols in enumerate(rows):
            m[i, list(cols)] = True
        out = [0] * 81
        for i in exact_cover.get_exact_cover(m):
            cell, v = meta[i]
            out[cell] = v
        return out
    return md.version("exact_cover"), solve


def _pysat():
    import importlib.metadata as md
    from pysat.solvers import Solver

    def var(cell, v):
        return cell * 9 + v          # 1..729
    clauses = []
    for cell in range(81):
        clauses.append([var(cell, v) for v in range(1, 10)])
        for a in range(1, 10):
            for b in range(a + 1, 10):
                clauses.append([-var(cell, a), -var(cell, b)])
    for unit in UNITS:
        for v in range(1, 10):
            for i in range(9):
                for j in range(i + 1, 9):
                    clauses.append([-var(unit[i], v), -var(unit[j], v)])
    solver = Solver(name="cadical195", bootstrap_with=clauses)

    def solve(p):
        assumptions = [var(cell, int(ch)) for cell, ch in enumerate(p) if ch not in ".0"]
        if not solver.solve(assumptions=assumptions):
            return []
        model = solver.get_model()
        return [next(v for v in range(1, 10) if model[var(cell, v) - 1] > 0)
                for cell in range(81)]
    return md.version("python-sat"), solve


def _cp_sat():
    import importlib.metadata as md
    from ortools.sat.python import cp_model

    def solve(p):
        model = cp_model.CpModel()
        x = [model.NewIntVar(1, 9, f"x{i}") for i in range(81)]
        for unit in UNITS:
            model.AddAllDifferent([x[i] for i in unit])
        for i, ch in enumerate(p):
            if ch not in ".0":
                model.Add(x[i] == int(ch))
        solver = cp_model.CpSolver()
        solver.parameters.num_workers = 1
        solver.Solve(model)
        return [solver.Value(v) for v in x]
    return md.version("ortools"), solve


def _rustoku():
    import importlib.metadata as md
    import rustoku                      # noqa: F401  (not installable here; see the docstring)
    raise RuntimeError(f"rustoku {md.version('rustoku')} installed but no adapter written")


SETUP = {"fastsudoku": lambda: _fastsudoku("bitmask"), "fastsudoku-dlx": lambda: _fastsudoku("dlx"),
         "lib-sudoku": _lib_sudoku, "py-sudoku": _py_sudoku, "hodoku-py": _hodoku,
         "exact-cover": _exact_cover, "pysat": _pysat, "cp-sat": _cp_sat, "rustoku": _rustoku}


def worker(tool: str, path: str, budget: float) -> dict:
    puzzles = read_puzzles(path)
    if tool.startswith("fastsudoku-batch"):
        import numpy as np
        import fastsudoku as fs
        arr = np.array([[0 if ch in ".0" else int(ch) for ch in p] for p in puzzles],
                       dtype=np.uint8)
        threads = 2 if tool.endswith("2") else 1
        fs.solve_many(arr[:100], threads=threads)
        times = []
        for _ in range(3):
            start = time.perf_counter()
            result = fs.solve_many(arr, threads=threads)
            times.append(time.perf_counter() - start)
        ok = all(valid(p, s) for p, s in zip(puzzles, result.solutions))
        return {"version": fs.__version__, "done": len(puzzles),
                "seconds": sorted(times)[1], "all_valid": ok}
    version, solve = SETUP[tool]()
    solve(puzzles[0])                   # warm-up: imports, JIT, model building
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
    for name in args.sets.split(","):
        path = Path(args.data) / name
        base = None
        for tool in args.tools.split(","):
            cmd = [sys.executable, __file__, "--worker", tool, str(path), str(args.budget)]
            try:
                out = subprocess.run(cmd, capture_output=True, text=True,
                                     timeout=args.budget + args.grace, env=os.environ)
                if out.returncode != 0:
                    last = (out.stderr.strip().splitlines() or ["failed"])[-1]
                    print(f"  {name:<28} {tool:<18} skipped: {last}", flush=True)
                    rows.append({"set": name, "tool": tool, "status": f"skipped: {last}"})
                    continue
                res = json.loads(out.stdout.strip().splitlines()[-1])
            except subprocess.TimeoutExpired:
                print(f"  {name:<28} {tool:<18} one puzzle took over {args.budget + args.grace:.0f} s",
                      flush=True)
                rows.append({"set": name, "tool": tool,
                             "status": f"timeout: under 1 puzzle in {args.budget + args.grace:.0f} s"})
                continue
            rate = res["done"] / res["seconds"] if res["seconds"] else float("inf")
            if tool == "fastsudoku":
                base = rate
            row = {"set": name, "tool": tool, "version": res["version"], "status": "ok" if
                   res["all_valid"] else "WRONG ANSWERS", "puzzles": res["done"],
                   "seconds": res["seconds"], "puzzles_per_s": rate,
                   "fastsudoku_over_tool": (base / rate) if base else float("nan"),
                   "machine": machine()}
            rows.append(row)
            print(f"  {name:<28} {tool:<18} {rate:>12,.1f}/s  over {res['done']:>6} puzzles  "
                  f"fastsudoku/tool {row['fastsudoku_over_tool']:>9.1f}  {row['status']}",
                  flush=True)
    keys = ["set", "tool", "version", "status", "puzzles", "seconds", "puzzles_per_s",
            "fastsudoku_over_tool", "machine"]
    write_rows(args.out, [{k: row.get(k, "") for k in keys} for row in rows])


if __name__ == "__main__":
    main()
