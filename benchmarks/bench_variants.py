"""Variant puzzles: fastsudoku's variant engine against the Interactive Sudoku Solver.

Each puzzle (an ISS text a line in --data, or the ISS examples of the tests by default) is
read by ``fastsudoku.variants.from_iss`` and counted to 2 (the uniqueness check), one
thread, CPU time of the search (the model built before the clock starts is reported
apart); the ISS runs the same texts in one Node.js process (``peer_iss.mjs``, its time a
puzzle: parse + build + count to 2, median of --repeat runs) when --iss names a checkout
of it, each puzzle right after ours (a change of the shared machine's load moves both
sides of its ratio alike).  Both answers must agree (count, and the first solution when
unique).  Each of our runs builds the puzzle afresh; the build and the search are reported
apart (medians of --repeat runs), the ratio is against their total.  A puzzle over
--node-limit counts as a loss, its time the search's until the limit.  --collections takes
the puzzles of named collections of the ISS checkout (its hard killers: TAREK_ALL,
MATHEMAGIC_KILLERS, HS_KILLERS, EXTREME_KILLERS; EXAMPLES, its examples of every kind;
LITTLE_KILLER_SNIPES, HARD_RENBAN, HARD_THERMOS, HARD_PENCILMARKS) through
iss_collections.mjs; the puzzles fastsudoku does not support are listed and left out.

    python benchmarks/bench_variants.py [--iss /path/to/iss-checkout] [--repeat 3]
    python benchmarks/bench_variants.py --iss CHECKOUT --collections TAREK_ALL,HS_KILLERS
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


def ours(text: str, repeat: int, node_limit: int) -> tuple:
    """((median build ms, median search ms, count, solution), None), or (None, why) if
    unsupported or over the node limit.  Each run builds the puzzle afresh (from_iss and
    the model: the ISS's time includes its parse and build too)."""
    builds, times = [], []
    for _ in range(repeat):
        try:
            t = time.process_time()
            puzzle = from_iss(text)
            puzzle.model()
            builds.append((time.process_time() - t) * 1000)
        except VariantError as e:
            return None, str(e)
        t = time.process_time()
        try:
            result = fs.search(puzzle, limit=2, node_limit=node_limit)
        except fs.SearchLimitError:
            # Counted as a loss: its time is what the search spent before the limit.
            spent = (time.process_time() - t) * 1000
            return (statistics.median(builds), spent, None, None), None
        times.append((time.process_time() - t) * 1000)
    solution = result.solution  # from_iss: the ISS's symbols (16x16: A = 1 .. P = 16)
    return (statistics.median(builds), statistics.median(times), result.count, solution), None


def collections(checkout: str, names: list) -> list:
    """(name, text) of the puzzles of the ISS's named collections (iss_collections.mjs)."""
    done = subprocess.run(
        ["node", str(HERE / "iss_collections.mjs"), checkout, *names],
        capture_output=True,
        text=True,
        check=True,
    )
    out = []
    for line in done.stdout.splitlines():
        item = json.loads(line)
        name = item["name"] if item["name"] and item["name"] != item["input"] else ""
        name = name or f"{item['collection']} #{item['index'] + 1}"
        text = item["input"].strip()
        if "\n" in text and text.startswith("."):
            # A constraint string over several lines: its whitespace means nothing (both
            # readers drop it), and peer_iss.mjs reads a puzzle a line.
            text = "".join(text.split())
        elif "\n" in text:
            print(f"  {name:<32} left out: a grid written over several lines")
            continue
        out.append((name, text))
    return out


class Peer:
    """The ISS in one Node.js process (peer_iss.mjs --interleave), a puzzle at a time: each
    is timed right after our run of it, so that a change of the machine's load during a
    run (it is shared) moves both sides of a ratio alike."""

    def __init__(self, checkout: str, repeat: int) -> None:
        self.proc = subprocess.Popen(
            ["node", str(HERE / "peer_iss.mjs"), checkout, "2", str(repeat), "--interleave"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )

    def run(self, text: str) -> dict:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(text + "\n")
        self.proc.stdin.flush()
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError("peer_iss.mjs ended before answering")
            if line.startswith("{"):
                answer: dict = json.loads(line)
                return answer

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--data", default=str(DEFAULT))
    ap.add_argument("--iss", default=None, help="a checkout of the Interactive Sudoku Solver")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument(
        "--collections",
        default="",
        help="comma-separated collections of the ISS's data/collections.js (needs --iss), "
        "e.g. TAREK_ALL,MATHEMAGIC_KILLERS,HS_KILLERS,EXTREME_KILLERS, instead of --data",
    )
    ap.add_argument("--node-limit", type=int, default=20_000_000)
    ap.add_argument(
        "--out",
        default=None,
        help="CSV (default results/bench_variants.csv, "
        "or results/bench_variants_collections.csv with --collections)",
    )
    args = ap.parse_args()
    if args.collections:
        if not args.iss:
            ap.error("--collections needs --iss")
        examples = collections(args.iss, args.collections.split(","))
        source = f"the ISS collections {args.collections}"
    else:
        examples = read_examples(Path(args.data))
        source = args.data
    print(f"# {machine()}; {len(examples)} puzzles from {source}")
    peer = Peer(args.iss, args.repeat) if args.iss else None
    rows = []
    ratios = []
    for name, text in examples:
        got, why = ours(text, args.repeat, args.node_limit)
        if got is None:
            print(f"  {name:<32} not supported: {why}")
            continue
        build, ms, count, solution = got
        row = {"puzzle": name, "build_ms": build, "ours_ms": ms, "count": count}
        line = f"  {name:<32} build {build:7.2f} ms  search {ms:9.2f} ms  count {count}"
        if peer:
            other = peer.run(text)
            agree = other["count"] == count and (count != 1 or other["solution"] == solution)
            if count is None:
                agree = f"ours over --node-limit {args.node_limit}"
            ratio = other["ms"] / max(ms + build, 1e-6)
            ratios.append(ratio)
            row.update(
                iss_ms=other["ms"], iss_count=other["count"], agree=agree, iss_over_ours=ratio
            )
            verdict = agree if isinstance(agree, str) else "ok" if agree else "DISAGREE"
            line += f"  ISS {other['ms']:9.2f} ms  ISS/ours {ratio:8.2f}x  {verdict}"
        row["machine"] = machine()
        rows.append(row)
        print(line, flush=True)
    if peer:
        peer.close()
    if ratios:
        print(
            f"# ISS / ours (build + search): median {statistics.median(ratios):.2f}x, "
            f"least {min(ratios):.2f}x over {len(ratios)} puzzles"
        )
    name = "bench_variants_collections.csv" if args.collections else "bench_variants.csv"
    write_rows(args.out or str(HERE / "results" / name), rows)


if __name__ == "__main__":
    main()
