"""Builds use_capi, a C extension that calls fastsudoku through its C API (for
tests/test_capi.py): the header from fastsudoku.get_include()."""

import os

from setuptools import Extension, setup

import fastsudoku

setup(
    name="use_capi",
    ext_modules=[
        Extension(
            "use_capi",
            ["use_capi.c"],
            include_dirs=[fastsudoku.get_include()],
            # The header must compile without a warning.
            extra_compile_args=["-Wall", "-Werror"] if os.name == "posix" else [],
        )
    ],
)
