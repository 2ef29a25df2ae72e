"""Exact cover with colours and multiplicities: fastsudoku against Knuth's DLX1, DLX2 and DLX3.

    python benchmarks/bench_xcc.py --knuth DIR [--repeat K] [--out FILE]

DIR holds Knuth's programs ``dlx1``, ``dlx2`` and ``dlx3``, built from his CWEB sources
(https://cs.stanford.edu/~knuth/programs.html; on Debian ``ctangle`` comes with
``texlive-binaries``)::

    export CWEBINPUTS=.:
    ctangle gb_flip.w && gcc -O3 -march=native -c gb_flip.c
    for f in dlx1 dlx2 dlx3; do ctangle $f.w && gcc -O3 -march=native -o $f $f.c gb_flip.o; done

Problems (each built here, written in Knuth's format, read back by
:func:`fastsudoku.read_cover`, and counted in full by every program that takes it):

* ``queens_N``: N queens (rows and columns primary, diagonals secondary);
* ``pentomino_6x10``: the 12 pentominoes in a 6x10 box, every placement (9,356);
* ``langford_N``: Langford pairs, both mirror images counted;
* ``hardsq_N`` (colours): N x N 0/1 matrices with no two adjacent 1s (OEIS A006506), a
  row or column a primary item choosing its word, the cells secondary items coloured by
  their bit (DLX2, DLX3);
* ``rowcol2_N`` (multiplicities): N x N 0/1 matrices with every row and column sum 2
  (OEIS A001499), ``2|r0`` (DLX3 only);
* ``rowcol12_N``: the same with sums 1..2 (``1:2|r0``);
* ``kqueens_N_K``: K non-attacking queens on an N x N board (``K|Q`` in every option,
  rows and columns ``0:1``, diagonals secondary).

Timing: CPU time (the machine may be shared), the median of ``--repeat`` runs, the tools
interleaved (one run of each a round).  A Knuth
program runs as a child process (its CPU time from ``resource.getrusage``, reading its
input included: it is the whole program); fastsudoku is timed on ``CoverProblem.count()``,
building the engine's matrix from the problem included, not reading the file
(``fastsudoku``: engine "auto"; ``fastsudoku.dlx``: dancing links, for the problems
without multiplicities).  Every
count is checked against the known one.  ``ratio`` = the program's time / fastsudoku's.
Results go to ``--out`` (benchmarks/results/bench_xcc.csv), with ``# machine:`` and
``# command:`` lines on top.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from itertools import product

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "src"))
sys.path.insert(0, HERE)

import fastsudoku as fs  # noqa: E402
from common import machine  # noqa: E402


def queens(n):
    options = [
        [f"r{i}", f"c{j}", f"a{i + j}", f"b{i - j + n - 1}"] for i in range(n) for j in range(n)
    ]
    diagonals = [f"a{s}" for s in range(2 * n - 1)] + [f"b{s}" for s in range(2 * n - 1)]
    return fs.CoverProblem(options, secondary=diagonals)


PENTOMINOES = {
    "F": (".##", "##.", ".#."), "I": ("#####",), "L": ("####", "#..."), "N": ("###.", "..##"),
    "P": ("###", "##."), "T": ("###", ".#.", ".#."), "U": ("#.#", "###"),
    "V": ("#..", "#..", "###"), "W": ("#..", "##.", ".##"), "X": (".#.", "###", ".#."),
    "Y": ("####", ".#.."), "Z": ("##.", ".#.", ".##"),
}  # fmt: skip


def pentominoes(height=6, width=10):
    options = []
    for name, picture in PENTOMINOES.items():
        cells = [(r, c) for r, line in enumerate(picture) for c, ch in enumerate(line) if ch == "#"]
        shapes = set()
        for _flip in range(2):
            for _ in range(4):
                cells = [(c, -r) for r, c in cells]
                r0, c0 = min(r for r, _ in cells), min(c for _, c in cells)
                shapes.add(tuple(sorted((r - r0, c - c0) for r, c in cells)))
            cells = [(r, -c) for r, c in cells]
        for shape in sorted(shapes):
            h, w = max(r for r, _ in shape) + 1, max(c for _, c in shape) + 1
            for dr, dc in product(range(height - h + 1), range(width - w + 1)):
                options.append([name] + [f"{r + dr}_{c + dc}" for r, c in shape])
    return fs.CoverProblem(options)


def langford(n):
    options = [
        [str(i), f"s{j}", f"s{j + i + 1}"] for i in range(1, n + 1) for j in range(1, 2 * n - i)
    ]
    return fs.CoverProblem(options)


def hard_squares(n):
    words = [w for w in product("01", repeat=n) if "11" not in "".join(w)]
    options = []
    for i in range(n):
        for w in words:
            options.append([f"R{i}"] + [f"x{i}_{j}:{w[j]}" for j in range(n)])
    for j in range(n):
        for w in words:
            options.append([f"C{j}"] + [f"x{i}_{j}:{w[i]}" for i in range(n)])
    cells = [f"x{i}_{j}" for i in range(n) for j in range(n)]
    lines = [f"R{i}" for i in range(n)] + [f"C{j}" for j in range(n)]
    return fs.CoverProblem(options, primary=lines, secondary=cells)


def row_col(n, lo, hi):
    lines = [f"r{i}" for i in range(n)] + [f"c{j}" for j in range(n)]
    options = [[f"r{i}", f"c{j}"] for i in range(n) for j in range(n)]
    return fs.CoverProblem(options, multiplicity={x: (lo, hi) for x in lines})


def k_queens(n, k):
    options = [
        ["Q", f"r{i}", f"c{j}", f"a{i + j}", f"b{i - j + n - 1}"]
        for i in range(n)
        for j in range(n)
    ]
    diagonals = [f"a{s}" for s in range(2 * n - 1)] + [f"b{s}" for s in range(2 * n - 1)]
    lines = [f"r{i}" for i in range(n)] + [f"c{j}" for j in range(n)]
    mult = {"Q": k, **{x: (0, 1) for x in lines}}
    return fs.CoverProblem(options, primary=["Q", *lines], secondary=diagonals, multiplicity=mult)


# (name, builder, known count, Knuth's programs that take it)
PROBLEMS = [
    ("queens_12", lambda: queens(12), 14200, ("dlx1", "dlx2", "dlx3")),
    ("queens_13", lambda: queens(13), 73712, ("dlx1", "dlx2", "dlx3")),
    ("pentomino_6x10", pentominoes, 9356, ("dlx1", "dlx2", "dlx3")),
    ("langford_11", lambda: langford(11), 35584, ("dlx1", "dlx2", "dlx3")),
    ("langford_12", lambda: langford(12), 216288, ("dlx1", "dlx2", "dlx3")),
    ("hardsq_6", lambda: hard_squares(6), 5598861, ("dlx2", "dlx3")),
    ("rowcol2_7", lambda: row_col(7, 2, 2), 3110940, ("dlx3",)),
    ("rowcol12_6", lambda: row_col(6, 1, 2), None, ("dlx3",)),
    ("kqueens_8_6", lambda: k_queens(8, 6), 22708, ("dlx3",)),
    ("kqueens_10_7", lambda: k_queens(10, 7), None, ("dlx3",)),
]


def knuth_run(binary, path):
    """(count, CPU seconds) of one run of a Knuth program on the file at path."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    with open(path) as f:
        proc = subprocess.run([binary], stdin=f, capture_output=True, text=True, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    for line in proc.stderr.splitlines():
        if line.startswith("Altogether"):
            return int(line.split()[1]), cpu
    raise RuntimeError(f"{binary}: no count in its output:\n{proc.stderr}")


def ours_run(problem, engine="auto"):
    start = time.process_time()
    n = problem.count(engine=engine)
    return n, time.process_time() - start


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--knuth", required=True, help="the directory of dlx1, dlx2 and dlx3")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--only", help="problems whose name contains this")
    ap.add_argument("--out", default=os.path.join(HERE, "results", "bench_xcc.csv"))
    args = ap.parse_args(argv)
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for name, build, known, programs in PROBLEMS:
            if args.only and args.only not in name:
                continue
            problem = build()
            path = os.path.join(tmp, name + ".dlx")
            fs.write_cover(problem, path)
            problem = fs.read_cover(path)
            # Interleaved: one run of each tool a round, so that drifts of the machine
            # fall on all of them alike.
            tools = ["fastsudoku"] + ([] if problem.multiplicity else ["fastsudoku.dlx"])
            tools += list(programs)
            times = {tool: [] for tool in tools}
            counts = {}
            for _ in range(args.repeat):
                for tool in tools:
                    if tool == "fastsudoku":
                        n, t = ours_run(problem)
                    elif tool == "fastsudoku.dlx":
                        n, t = ours_run(problem, "dlx")
                    else:
                        n, t = knuth_run(os.path.join(args.knuth, tool), path)
                    counts[tool] = n
                    times[tool].append(t)
            count = counts["fastsudoku"]
            if known is not None and count != known:
                raise SystemExit(f"{name}: fastsudoku counted {count}, expected {known}")
            t_ours = statistics.median(times["fastsudoku"])
            for tool in tools:
                if counts[tool] != count:
                    raise SystemExit(f"{name}: {tool} counted {counts[tool]}, fastsudoku {count}")
                t = statistics.median(times[tool])
                rows.append(dict(problem=name, tool=tool, count=count, cpu_s=t, ratio=t / t_ours))
                print(
                    f"{name:16} {tool:14} {count:>9} {t:8.3f} s  ratio {t / t_ours:5.2f}",
                    flush=True,
                )
    os.makedirs(os.path.dirname(args.out), exist_ok=True)
    import csv

    with open(args.out, "w", newline="") as f:
        f.write(f"# machine: {machine()}\n")
        f.write(f"# command: python benchmarks/bench_xcc.py {' '.join(argv or sys.argv[1:])}\n")
        w = csv.DictWriter(f, fieldnames=list(rows[0]))
        w.writeheader()
        for row in rows:
            w.writerow({k: (f"{v:.4g}" if isinstance(v, float) else v) for k, v in row.items()})
    print(f"# written to {args.out}")


if __name__ == "__main__":
    main()
