"""CP-SAT on a file of Sudoku puzzles, for bench_hard.py (run under a Python with `ortools`;
fastsudoku is not needed here, nor CP-SAT there).

Model: one integer variable a cell (1..N), AddAllDifferent on each row, column and box, the
givens fixed; one worker.  Per puzzle: t_first_s, the CPU time of the solve that finds the
first solution; t_unique_s, that plus the CPU time of a second solve with the first
solution excluded (some empty cell differs), which proves there is no other.  A solve is
capped at --timeout seconds.  CSV on stdout: index, givens, t_first_s, t_unique_s, status.

    /path/to/venv/bin/python benchmarks/peer_cpsat.py FILE [--timeout 60]
"""

import argparse
import csv
import math
import sys
import time
from pathlib import Path

from ortools.sat.python import cp_model

DIGITS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmn"  # fastsudoku up to 49x49
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def read(path):
    """(side, box rows, box columns, puzzles as lists of 0..N): the alphabet is A-P for
    letter-only 16x16 files, else 1-9A-Za-n (fastsudoku's alphabet), '.' empty."""
    text = Path(path).read_text().splitlines()
    lines = [x.strip() for x in text if x.strip() and not x.startswith("#")]
    n = math.isqrt(len(lines[0]))
    used = set("".join(lines)) - {"."}
    alphabet = LETTERS[:n] if used <= set(LETTERS[:n]) else DIGITS[:n]
    r = math.isqrt(n)
    return n, r, n // r, [[0 if ch == "." else alphabet.index(ch) + 1 for ch in x] for x in lines]


def model(n, r, c, values):
    m = cp_model.CpModel()
    x = [m.NewIntVar(1, n, f"x{k}") for k in range(n * n)]
    for i in range(n):
        m.AddAllDifferent(x[i * n : i * n + n])
        m.AddAllDifferent(x[i::n])
    for band in range(0, n, r):
        for stack in range(0, n, c):
            m.AddAllDifferent([x[(band + i) * n + stack + j] for i in range(r) for j in range(c)])
    for k, v in enumerate(values):
        if v:
            m.Add(x[k] == v)
    return m, x


def solve(m, timeout):
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.max_time_in_seconds = timeout
    start = time.process_time()
    status = solver.Solve(m)
    return solver, status, time.process_time() - start


def one(n, r, c, values, timeout):
    m, x = model(n, r, c, values)
    solver, status, first = solve(m, timeout)
    if status == cp_model.INFEASIBLE:
        return first, first, "no_solution"
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return first, None, "timeout"
    solution = [solver.Value(v) for v in x]
    differs = []
    for k, v in enumerate(values):
        if not v:
            d = m.NewBoolVar("")
            m.Add(x[k] != solution[k]).OnlyEnforceIf(d)
            m.Add(x[k] == solution[k]).OnlyEnforceIf(d.Not())
            differs.append(d)
    m.AddBoolOr(differs)
    _, status, second = solve(m, timeout)
    if status == cp_model.INFEASIBLE:
        return first, first + second, "unique"
    if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return first, first + second, "not_unique"
    return first, None, "timeout"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("file")
    ap.add_argument("--timeout", type=float, default=60.0)
    a = ap.parse_args()
    n, r, c, puzzles = read(a.file)
    out = csv.writer(sys.stdout)
    out.writerow(["index", "givens", "t_first_s", "t_unique_s", "status"])
    for k, values in enumerate(puzzles):
        first, unique, status = one(n, r, c, values, a.timeout)
        givens = sum(1 for v in values if v)
        out.writerow([k, givens, f"{first:.5f}", "" if unique is None else f"{unique:.5f}", status])
        sys.stdout.flush()


if __name__ == "__main__":
    main()
