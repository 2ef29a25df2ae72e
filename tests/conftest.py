"""Shared fixtures: where the data is, and the Hypothesis profiles.

HYPOTHESIS_PROFILE=ci (default: fewer examples, no deadline) or =thorough (many more).

Under AddressSanitizer (the FASTSUDOKU_SANITIZE=1 build, run with libasan preloaded:
docs/contributing.md) the tests marked ``no_sanitizer`` are skipped with their reason; the
runtime is found in this process's memory map, or FASTSUDOKU_SANITIZED=1 says so where there
is none.
"""

import os
import signal
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

import fastsudoku as fs
from fastsudoku import _core

settings.register_profile(
    "ci", max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile(
    "thorough", max_examples=2000, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))

DATA = Path(__file__).parent / "data"
# Every engine of the core's table, "auto" included: tests that take the `engine` fixture
# run once for each (engine_takes says which puzzle shapes an engine solves).
ENGINES = list(fs.ENGINES)
SHARED = Path(__file__).resolve().parent.parent.parent / "shared" / "data"


def _sanitized() -> bool:
    """Is AddressSanitizer's runtime loaded in this interpreter?"""
    if os.environ.get("FASTSUDOKU_SANITIZED", "").strip() not in ("", "0"):
        return True
    try:
        maps = Path("/proc/self/maps").read_text()
    except OSError:
        return False
    return "libasan" in maps or "libclang_rt.asan" in maps


SANITIZED = _sanitized()


def pytest_collection_modifyitems(config, items):
    for item in items if SANITIZED else ():
        mark = item.get_closest_marker("no_sanitizer")
        if mark is not None:
            reason = mark.kwargs.get("reason") or (mark.args[0] if mark.args else "")
            item.add_marker(pytest.mark.skip(reason=f"under AddressSanitizer: {reason}"))


@pytest.fixture
def sigint():
    """SIGINT raises KeyboardInterrupt during the test, whatever the parent left: a shell's
    background job starts Python with SIGINT ignored, and a Ctrl-C test would then search
    for ever.  The handler of before comes back afterwards."""
    old = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, old)


def read_lines(path: Path, limit=None):
    """Puzzle lines of a benchmark file: '#' comments and blank lines skipped, first token."""
    out = []
    with open(path, encoding="ascii") as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            out.append(line.split()[0][:81])
            if limit is not None and len(out) >= limit:
                break
    return out


def dataset(name: str):
    """The full shared set when it is beside the checkout, else the sample copied in tests/data."""
    full = SHARED / name
    if full.exists():
        return read_lines(full)
    return read_lines(DATA / f"{name}.sample")


@pytest.fixture(scope="session")
def data_dir():
    return DATA


def engine_takes(engine, box):
    """Does `engine` solve puzzles with boxes of shape box = (r, c)?"""
    try:
        _core.engine_for(engine, *box)
    except ValueError:
        return False
    return True


@pytest.fixture(params=ENGINES)
def engine(request):
    """Each test that takes it runs once per search engine."""
    return request.param
