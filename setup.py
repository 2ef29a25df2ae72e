"""Build the compiled core.  Metadata lives in pyproject.toml.

Environment switches (documented in docs/contributing.md):

* ``FASTSUDOKU_DEBUG=1``    bounds and wraparound checks on, ``-O0 -g``, asserts kept; the
  plain loops where the normal build uses the compiler's vector types (``FS_NO_VECTOR_TYPES``,
  _core_band16.pxi), so that CI's debug job tests them.
* ``FASTSUDOKU_ANNOTATE=1`` write ``_core.html`` (``cython -a``) next to the sources.
* ``FASTSUDOKU_SANITIZE=1`` build with AddressSanitizer and UBSan (gcc/clang only); any
  UBSan finding aborts (``-fno-sanitize-recover``) so a test run fails on it.  Python must then
  run with libasan preloaded: see docs/contributing.md (or ``.ci/run``).
"""

import os
import sys
from pathlib import Path

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
    # No module state that a thread could see half-made: the caches of tables per box shape
    # keep the first one stored (setdefault) and publish pointers with a release store
    # (_core_geometry.pxi); everything else is built at import and read-only after.  On a
    # free-threaded Python (3.14t) the module then imports without re-enabling the GIL.
    "freethreading_compatible": True,
}

compile_args: list = []
link_args: list = []
macros = [("NPY_NO_DEPRECATED_API", "NPY_1_7_API_VERSION")]
if MSVC:
    compile_args += ["/Od", "/Zi"] if DEBUG else ["/O2"]
else:
    # -g0 after the interpreter's own -g: a release build carries no debug information
    # (the 9x9-to-64x64 module is ~2.3 MB with it, ~0.4 MB without; wheels ship this build).
    compile_args += ["-O0", "-g"] if DEBUG else ["-O3", "-g0"]
    if SANITIZE:
        # -g for reports that name lines; -O1 unless DEBUG's -O0 (ASan's advice: -O3 folds away
        # some accesses it would check).  Every UBSan finding is fatal, never just a message.
        sanitize = ["-fsanitize=address,undefined", "-fno-sanitize-recover=undefined"]
        compile_args += [*sanitize, "-fno-omit-frame-pointer", "-g"]
        if not DEBUG:
            compile_args.remove("-O3")
            compile_args.append("-O1")
        link_args += sanitize
if not DEBUG:
    macros.append(("CYTHON_WITHOUT_ASSERTIONS", "1"))
else:
    macros.append(("FS_NO_VECTOR_TYPES", "1"))

extensions = [
    Extension(
        "fastsudoku._core",
        ["src/fastsudoku/_core.pyx"],  # with its parts, src/fastsudoku/_core_*.pxi
        include_dirs=["src/fastsudoku/include"],  # fastsudoku.h: the C API's table
        extra_compile_args=compile_args,
        extra_link_args=link_args,
        define_macros=macros,
    )
]

# cythonize translates _core.pyx again only when a source is newer than _core.c, and
# build_ext compiles again only when _core.c is newer than the built module: neither notices a
# change of directives or flags, so a FASTSUDOKU_DEBUG or FASTSUDOKU_SANITIZE build in a tree
# that last built the normal variant (or the reverse) would install the old code.  A stamp of
# the variant forces a fresh translation (hence a fresh compile) whenever it changes.
VARIANT_STAMP = Path(__file__).resolve().parent / "build" / "fastsudoku-variant.txt"
variant = repr((sorted(directives.items()), compile_args, link_args, macros, ANNOTATE))
changed = not VARIANT_STAMP.exists() or VARIANT_STAMP.read_text() != variant

ext_modules = cythonize(
    extensions,
    compiler_directives=directives,
    include_path=["src"],
    annotate=ANNOTATE,
    force=changed or None,  # None: cythonize's default (CYTHON_FORCE_REGEN)
)
VARIANT_STAMP.parent.mkdir(exist_ok=True)
VARIANT_STAMP.write_text(variant)

setup(ext_modules=ext_modules)
