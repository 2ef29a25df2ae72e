"""Variant puzzles: fastsudoku's variant engine against the Interactive Sudoku Solver.

Each puzzle (an ISS text a line in --data, or the ISS examples of the tests by default) is
read by ``fastsudoku.variants.from_iss`` and counted to 2 (the uniqueness check), one
thread, CPU time of the search (the model built before the clock starts is reported
apart); the ISS runs the same texts in one Node.js process (``peer_iss.mjs``, its time a
puzzle: parse + build + count to 2, median of --repeat runs) when --iss names a checkout
of it.  Both answers must agree (count, and the first solution when unique).

    python benchmarks/bench_variants.py [--iss /path/to/iss-checkout] [--repeat 3]
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

import fastsudoku as fs
from fastsudoku.variants import VariantError, from_iss

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import machine, write_rows

HERE = Path(__file__).resolve().parent
DEFAULT = HERE.parent / "tests" / "data" / "variants" / "iss_examples.txt"


def read_examples(path: Path) -> list:
    """(name, text) of each puzzle: the tests' three-line blocks, or one text a line."""
    raw = path.read_text()
    if raw.startswith("> ") or "\n> " in raw:
        out = []
        for block in raw.split("\n\n"):
            if block.startswith(">"):
                head, text, _ = block.strip().split("\n")
                out.append((head[2:].rsplit(" (", 1)[0], text))
        return out
    lines = [ln for ln in raw.splitlines() if ln.strip() and not ln.startswith("#")]
    return [(f"line {i + 1}", ln) for i, ln in enumerate(lines)]


def ours(text: str, repeat: int) -> tuple:
    """(build ms, median search ms, count, solution) or None if unsupported."""
    try:
        t = time.process_time()
        puzzle = from_iss(text)
        puzzle.model()
        build = (time.process_time() - t) * 1000
    except VariantError as e:
        return None, str(e)
    times = []
    for _ in range(repeat):
        t = time.process_time()
        result = fs.search(puzzle, limit=2)
        times.append((time.process_time() - t) * 1000)
    solution = result.solution
    if solution is not None and puzzle.grid().n >= 10:
        solution = "".join("ABCDEFGHIJKLMNOP"["123456789ABCDEFG".index(ch)] for ch in solution)
    return (build, statistics.median(times), result.count, solution), None


def iss(texts: list, checkout: str, repeat: int) -> list:
    done = subprocess.run(
        ["node", str(HERE / "peer_iss.mjs"), checkout, "2", str(repeat)],
        input="\n".join(texts) + "\n",
        capture_output=True,
        text=True,
        check=True,
    )
    return [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--data", default=str(DEFAULT))
    ap.add_argument("--iss", default=None, help="a checkout of the Interactive Sudoku Solver")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--out", default=str(HERE / "results" / "bench_variants.csv"))
    args = ap.parse_args()
    examples = read_examples(Path(args.data))
    print(f"# {machine()}; {len(examples)} puzzles from {args.data}")
    supported = []
    rows = []
    for name, text in examples:
        got, why = ours(text, args.repeat)
        if got is None:
            print(f"  {name:<32} not supported: {why}")
            continue
        supported.append((name, text, got))
    peer = iss([t for _, t, _ in supported], args.iss, args.repeat) if args.iss else []
    ratios = []
    for k, (name, _, (build, ms, count, solution)) in enumerate(supported):
        row = {"puzzle": name, "build_ms": build, "ours_ms": ms, "count": count}
        line = f"  {name:<32} build {build:7.2f} ms  search {ms:9.2f} ms  count {count}"
        if peer:
            other = peer[k]
            agree = other["count"] == count and (count != 1 or other["solution"] == solution)
            ratio = other["ms"] / max(ms + build, 1e-6)
            ratios.append(ratio)
            row.update(
                iss_ms=other["ms"], iss_count=other["count"], agree=agree, iss_over_ours=ratio
            )
            verdict = "ok" if agree else "DISAGREE"
            line += f"  ISS {other['ms']:9.2f} ms  ISS/ours {ratio:8.2f}x  {verdict}"
        row["machine"] = machine()
        rows.append(row)
        print(line, flush=True)
    if ratios:
        print(
            f"# ISS / ours (build + search): median {statistics.median(ratios):.2f}x, "
            f"least {min(ratios):.2f}x over {len(ratios)} puzzles"
        )
    write_rows(args.out, rows)


if __name__ == "__main__":
    main()
