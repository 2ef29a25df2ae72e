"""Hard puzzles of every size: guesses and time per puzzle, per engine, first solution and
uniqueness (limit 2), with CP-SAT side by side when asked.

The sets are benchmarks/data/hard/*.txt (one puzzle a line, '#' comments naming the
source; see SOURCES.md there): the forum's sparse 16x16 lists (81+ givens), Gecode's
16x16 and 25x25 instances (Alain Frisch's minimal 25x25 puzzles among them), and minimal
36x36 and 49x49 puzzles from fastsudoku's own generator.

For each puzzle, engine and limit (1: first solution, 2: uniqueness), one `fs.search` call
with a node limit: its status, guesses, CPU seconds (`time.process_time`) and wall
seconds.  `--cpsat PYTHON` also runs benchmarks/peer_cpsat.py under that interpreter (a
separate venv with `ortools`; CP-SAT stays outside fastsudoku) on the same files, one
worker, and the summary gives the ratio of the medians (CP-SAT's CPU time over ours),
puzzle for puzzle in the same run.

    python benchmarks/bench_hard.py [--sets tough,frisch] [--engines auto,dlx]
        [--node-limit 2000000] [--cpsat /path/to/venv/bin/python] [--timeout 60]

Results: benchmarks/results/bench_hard.csv (a row a puzzle, engine and limit) and
bench_hard_summary.csv (a row a set, engine and limit); the summary is printed too.
"""

from __future__ import annotations

import argparse
import csv
import io
import statistics
import subprocess
import sys
import time
from pathlib import Path

import fastsudoku as fs

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import machine, write_rows

HERE = Path(__file__).resolve().parent
DATA = HERE / "data" / "hard"


def read_set(path: Path) -> list:
    return [
        line.strip()
        for line in path.read_text().splitlines()
        if line.strip() and not line.startswith("#")
    ]


def run_one(line: str, engine: str, limit: int, node_limit: int) -> dict:
    wall = time.perf_counter()
    cpu = time.process_time()
    try:
        result = fs.search(line, limit=limit, node_limit=node_limit, engine=engine)
        status = "unique" if limit == 2 and result.count == 1 else "found"
        if result.count == 0:
            status = "no_solution"
        elif limit == 2 and result.count > 1:
            status = "not_unique"
        guesses = result.guesses
    except fs.SearchLimitError:
        status, guesses = "node_limit", node_limit
    except ValueError as e:  # an engine that does not take the shape
        return {"status": f"refused: {e}", "guesses": 0, "cpu_s": 0.0, "wall_s": 0.0}
    return {
        "status": status,
        "guesses": guesses,
        "cpu_s": time.process_time() - cpu,
        "wall_s": time.perf_counter() - wall,
    }


def run_cpsat(python: str, path: Path, timeout: float) -> list:
    """CP-SAT's rows for one file: dicts with t_first_s, t_unique_s, status."""
    done = subprocess.run(
        [python, str(HERE / "peer_cpsat.py"), str(path), "--timeout", str(timeout)],
        capture_output=True,
        text=True,
        check=True,
    )
    return list(csv.DictReader(io.StringIO(done.stdout)))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sets", default="", help="comma-separated parts of set file names")
    ap.add_argument("--engines", default="auto,dlx")
    ap.add_argument("--node-limit", type=int, default=2_000_000)
    ap.add_argument("--cpsat", default=None, help="a Python with ortools: run CP-SAT too")
    ap.add_argument("--timeout", type=float, default=60.0, help="CP-SAT's cap a solve")
    ap.add_argument("--out", default=str(HERE / "results" / "bench_hard.csv"))
    a = ap.parse_args()
    wanted = [s for s in a.sets.split(",") if s]
    paths = [
        p for p in sorted(DATA.glob("*.txt")) if not wanted or any(w in p.name for w in wanted)
    ]
    engines = a.engines.split(",")
    rows, summary = [], []
    print(f"# {machine()}; node limit {a.node_limit:,}")
    print(
        "| set | n | engine | limit | done | median ms | max ms | median guesses"
        " | CP-SAT median ms | ratio |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|")
    for path in paths:
        lines = read_set(path)
        cpsat = run_cpsat(a.cpsat, path, a.timeout) if a.cpsat else None
        for engine in engines:
            for limit in (1, 2):
                got = [run_one(line, engine, limit, a.node_limit) for line in lines]
                for k, r in enumerate(got):
                    row = {"set": path.stem, "index": k, "engine": engine, "limit": limit, **r}
                    if cpsat:
                        row["cpsat_s"] = float(
                            cpsat[k]["t_first_s" if limit == 1 else "t_unique_s"] or "nan"
                        )
                    rows.append(row)
                if got[0]["status"].startswith("refused"):
                    continue
                done = [r for r in got if r["status"] != "node_limit"]
                cpu = sorted(r["cpu_s"] for r in got)
                entry = {
                    "set": path.stem,
                    "puzzles": len(lines),
                    "engine": engine,
                    "limit": limit,
                    "done": len(done),
                    "median_ms": statistics.median(cpu) * 1e3,
                    "max_ms": cpu[-1] * 1e3,
                    "median_guesses": statistics.median(r["guesses"] for r in got),
                    "mean_guesses": statistics.fmean(r["guesses"] for r in got),
                }
                if cpsat:
                    key = "t_first_s" if limit == 1 else "t_unique_s"
                    theirs = [float(c[key]) for c in cpsat if c[key]]
                    entry["cpsat_median_ms"] = statistics.median(theirs) * 1e3
                    entry["cpsat_ratio"] = entry["cpsat_median_ms"] / entry["median_ms"]
                summary.append(entry)
                print(
                    f"| {path.stem} | {len(lines)} | {engine} | {limit} | {len(done)} "
                    f"| {entry['median_ms']:.2f} | {entry['max_ms']:.1f} "
                    f"| {entry['median_guesses']:.0f} "
                    f"| {entry.get('cpsat_median_ms', float('nan')):.1f} "
                    f"| {entry.get('cpsat_ratio', float('nan')):.1f} |",
                    flush=True,
                )
    out = Path(a.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    write_rows(out, rows)
    write_rows(out.with_name(out.stem + "_summary.csv"), summary)
    print(f"wrote {out} and its _summary")
    return 0


if __name__ == "__main__":
    sys.exit(main())
