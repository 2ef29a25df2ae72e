"""Building a small extension module against the installed fastsudoku, for the tests of
what other extensions can use (test_cimport: the .pxd; test_capi: the C API's header)."""

import shutil
import subprocess
import sys
from pathlib import Path


def build_inplace(source: Path, names, where: Path) -> None:
    """Copy the files `names` of the folder `source` into `where` and run their setup.py's
    build_ext --inplace there; fail the test with the build's output if it fails."""
    for name in names:
        shutil.copy(source / name, where / name)
    build = subprocess.run(
        [sys.executable, "setup.py", "build_ext", "--inplace"],
        cwd=where,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert build.returncode == 0, build.stdout[-3000:] + build.stderr[-3000:]
