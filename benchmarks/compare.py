"""Before/after of one benchmark script: two installs of fastsudoku, side by side, one run.

Runs ``SCRIPT ARGS --out CSV`` under the base interpreter and the new one in turn
(``--rounds`` alternations, so that a noisy machine slows both alike), then prints, for
each row of the CSV and each throughput column (``*_per_s``), the median of new / base.

    python benchmarks/compare.py --base /path/old-venv/bin/python --new .venv/bin/python \\
        --rounds 3 benchmarks/bench_solve.py --quick --engines bitmask,dlx

The two interpreters each import their own installed fastsudoku (build the base one from
the older commit in its own virtual environment).  CPU time of each run is printed too.
"""

from __future__ import annotations

import argparse
import csv
import os
import resource
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Dict, List, Tuple

Key = Tuple[str, ...]


def _run(
    python: str, script: List[str], out: Path, rename: Dict[str, str]
) -> Tuple[Dict[Key, Dict[str, float]], float]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    env = dict(os.environ, OPENBLAS_NUM_THREADS="1")
    subprocess.run(
        [python, *script, "--out", str(out)], check=True, env=env, stdout=subprocess.DEVNULL
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    rows: Dict[Key, Dict[str, float]] = {}
    with open(out) as f:
        lines = [ln for ln in f if not ln.startswith("#")]
    for row in csv.DictReader(lines):
        key = tuple(
            rename.get(v, v) if k == "engine" else v
            for k, v in row.items()
            if k in ("set", "engine", "limit", "times", "problem", "tool", "job", "threads")
        )
        # Throughputs (*_per_s) as they are; times in seconds (*_s) as their inverse, so
        # that new/base above 1 is faster either way.
        rows[key] = {
            k: float(v) if k.endswith("_per_s") else 1 / float(v)
            for k, v in row.items()
            if v and k.endswith("_s") and _number(v) and float(v) > 0
        }
    return rows, cpu


def _number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--base", required=True, help="python of the install before the change")
    ap.add_argument("--new", default=sys.executable, help="python of the changed install")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument(
        "--base-script",
        default=None,
        help="the base's own copy of the script (from its checkout), with the same "
        "args; default: the same script for both",
    )
    ap.add_argument(
        "--engine-alias",
        action="append",
        default=[],
        metavar="BASE=NEW",
        help="an engine name of the base that is NEW's engine of another name "
        "(the 9x9 default was 'bitmask' before the engine table: "
        "bitmask=auto)",
    )
    ap.add_argument("script", nargs=argparse.REMAINDER, help="benchmark script and its args")
    args = ap.parse_args()
    ratios: Dict[Tuple[Key, str], List[float]] = {}
    base_rate: Dict[Tuple[Key, str], List[float]] = {}
    aliases = dict(a.split("=") for a in args.engine_alias)
    with tempfile.TemporaryDirectory() as tmp:
        for k in range(args.rounds):
            base_script = list(args.script)
            if args.base_script:
                base_script[0] = args.base_script
            for alias in args.engine_alias:
                old, new_name = alias.split("=")
                base_script = [
                    a.replace(new_name, old) if a.startswith(new_name) or "," + new_name in a else a
                    for a in base_script
                ]
            base, cpu_base = _run(args.base, base_script, Path(tmp) / f"base{k}.csv", aliases)
            new, cpu_new = _run(args.new, args.script, Path(tmp) / f"new{k}.csv", {})
            print(f"round {k + 1}: CPU base {cpu_base:.1f} s, new {cpu_new:.1f} s", file=sys.stderr)
            for key, cols in base.items():
                for col, value in cols.items():
                    if key in new and col in new[key] and value:
                        ratios.setdefault((key, col), []).append(new[key][col] / value)
                        base_rate.setdefault((key, col), []).append(value)
    print(f"{'row':58} {'column':26} {'base/s':>12} {'new/base':>9} {'min':>6} {'max':>6}")
    for (key, col), values in ratios.items():
        print(
            f"{' '.join(key):58} {col:26} {statistics.median(base_rate[key, col]):12,.0f} "
            f"{statistics.median(values):9.3f} {min(values):6.3f} {max(values):6.3f}"
        )


if __name__ == "__main__":
    main()
