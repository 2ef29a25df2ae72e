"""What the benchmarks share: the machine line written beside the figures, and reading a
puzzle file."""

import os
import platform


def machine() -> str:
    """CPU model, core count, Python version and OS.

    For example 'AMD EPYC, 2 cores, Python 3.11.7, Linux'."""
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return f"{cpu}, {os.cpu_count()} cores, Python {platform.python_version()}, {platform.system()}"


def read_puzzles(path, limit=None):
    """Puzzle lines of a benchmark file (first token, 81 characters): '#' comments and blank
    lines skipped; at most `limit` of them (None: all)."""
    out = []
    with open(path) as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            out.append(line.split()[0][:81])
            if limit and len(out) >= limit:
                break
    return out


def median_call(fn, repeat: int) -> float:
    """Median seconds of one call of fn() over `repeat` timed calls (after one warm-up)."""
    import statistics
    import time

    fn()
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def write_rows(path, rows) -> None:
    """Write a list of dicts as CSV, floats to 4 significant digits."""
    import csv

    with open(path, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0]))
        w.writeheader()
        for row in rows:
            w.writerow({k: (f"{v:.4g}" if isinstance(v, float) else v) for k, v in row.items()})
    print(f"# written to {path}")


def puzzle_array(lines):
    """The (count, 81) uint8 array of 81-character puzzle lines ('.' or '0' empty)."""
    import numpy as np

    return np.array([[0 if ch in ".0" else int(ch) for ch in p] for p in lines], dtype=np.uint8)


def per_call_loop(lines, limit: int, engine: str = "auto"):
    """A function that makes one public call a puzzle: solve() for limit 1, else
    count_solutions(limit=limit); on `engine`."""
    import fastsudoku as fs

    if limit == 1:

        def loop():
            for p in lines:
                fs.solve(p, engine=engine)
    else:

        def loop():
            for p in lines:
                fs.count_solutions(p, limit=limit, engine=engine)

    return loop
