"""What the benchmarks share: the machine line written beside the figures, and reading a
puzzle file."""
import os
import platform


def machine() -> str:
    """CPU model, core count, Python version and OS, e.g. 'AMD EPYC, 2 cores, Python 3.11.7, Linux'."""
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
