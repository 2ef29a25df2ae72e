"""The typed API, as mypy sees the installed package (its py.typed marker and _core.pyi):
the return types of the public calls, the calls a type checker must refuse, and stubtest's
comparison of the declared types with the objects at run time."""

import subprocess
import sys
from pathlib import Path

import pytest

# Python-level checks only (the stubs and annotations against the runtime): heavy for the
# checking builds, which look at the compiled core.
pytestmark = pytest.mark.heavy

mypy_api = pytest.importorskip("mypy.api")
from mypy.version import __version__ as mypy_version  # noqa: E402 - after the skip

HERE = Path(__file__).resolve().parent / "typing"
ALLOWLIST = Path(__file__).resolve().parent / "stubtest_allowlist.txt"


def _mypy(path: Path, cache: Path) -> tuple:
    # An empty configuration: the project's [tool.mypy] (strict, the source tree on the path)
    # is for the lint job; these tests see the installed package as a user's mypy does.
    config = cache / "empty.ini"
    config.write_text("[mypy]\n")
    out, _err, status = mypy_api.run(
        [
            str(path),
            "--config-file",
            str(config),
            "--follow-imports=silent",
            "--cache-dir",
            str(cache),
            "--no-error-summary",
            "--show-error-codes",
        ]
    )
    return out, status


def test_public_api_types(tmp_path):
    out, status = _mypy(HERE / "api_usage.py", tmp_path)
    assert status == 0, out


def test_bad_calls_are_refused(tmp_path):
    out, status = _mypy(HERE / "bad_usage.py", tmp_path)
    lines = (HERE / "bad_usage.py").read_text().splitlines()
    expected = {i + 1 for i, text in enumerate(lines) if text.endswith("# error")}
    flagged = {int(line.split(":")[1]) for line in out.splitlines() if ": error:" in line}
    assert status == 1 and flagged == expected, out


@pytest.mark.skipif(
    int(mypy_version.split(".")[0]) < 2,
    reason="stubtest before mypy 2.0 reports every typing name a module imports (Python 3.10+)",
)
def test_stubs_match_the_runtime(tmp_path):
    """``python -m mypy.stubtest fastsudoku``: every name the package's types declare (its
    modules and _core.pyi) exists at run time with the same kind and signature, and every
    public run-time name is declared.  The allowlist holds only what Cython adds to every
    compiled module and two reports stubtest gets wrong, each with its reason; an entry that
    no longer matches is itself an error."""
    result = subprocess.run(
        [sys.executable, "-m", "mypy.stubtest", "fastsudoku", "--allowlist", str(ALLOWLIST)],
        cwd=tmp_path,  # the installed package, not a source tree on the path
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert result.returncode == 0, result.stdout + result.stderr
