"""Build the compiled core.  Metadata lives in pyproject.toml.

Environment switches (documented in the README):

* ``FASTSUDOKU_DEBUG=1``    bounds and wraparound checks on, ``-O0 -g``, asserts kept.
* ``FASTSUDOKU_ANNOTATE=1`` write ``_core.html`` (``cython -a``) next to the sources.
* ``FASTSUDOKU_SANITIZE=1`` build with AddressSanitizer and UBSan (gcc/clang only).
"""
import os
import sys

from Cython.Build import cythonize
from setuptools import Extension, setup


def _flag(name: str) -> bool:
    return os.environ.get(name, "").strip().lower() not in ("", "0", "false", "no")


DEBUG = _flag("FASTSUDOKU_DEBUG")
ANNOTATE = _flag("FASTSUDOKU_ANNOTATE")
SANITIZE = _flag("FASTSUDOKU_SANITIZE")
MSVC = sys.platform == "win32"

directives = {
    "language_level": 3,
    "boundscheck": DEBUG,
    "wraparound": DEBUG,
    "initializedcheck": DEBUG,
    "cdivision": True,
    "embedsignature": True,
    "binding": True,
}

compile_args: list = []
link_args: list = []
macros = [("NPY_NO_DEPRECATED_API", "NPY_1_7_API_VERSION")]
if MSVC:
    compile_args += ["/Od", "/Zi"] if DEBUG else ["/O2"]
else:
    compile_args += ["-O0", "-g"] if DEBUG else ["-O3"]
    if SANITIZE:
        compile_args += ["-fsanitize=address,undefined", "-fno-omit-frame-pointer"]
        link_args += ["-fsanitize=address,undefined"]
if not DEBUG:
    macros.append(("CYTHON_WITHOUT_ASSERTIONS", "1"))

extensions = [
    Extension(
        "fastsudoku._core",
        ["src/fastsudoku/_core.pyx"],        # with its parts, src/fastsudoku/_core_*.pxi
        extra_compile_args=compile_args,
        extra_link_args=link_args,
        define_macros=macros,
    )
]

setup(
    ext_modules=cythonize(
        extensions,
        compiler_directives=directives,
        include_path=["src"],
        annotate=ANNOTATE,
    )
)
