"""The typed API, as mypy sees the installed package (its py.typed marker and _core.pyi):
the return types of the public calls, and the calls a type checker must refuse."""
from pathlib import Path

import pytest

mypy_api = pytest.importorskip("mypy.api")

HERE = Path(__file__).resolve().parent / "typing"


def _mypy(path: Path, cache: Path) -> tuple:
    out, err, status = mypy_api.run([str(path), "--follow-imports=silent",
                                     "--cache-dir", str(cache), "--no-error-summary",
                                     "--show-error-codes"])
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
