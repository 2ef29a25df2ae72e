"""Builds use_core, an extension that cimports fastsudoku._core (for tests/test_cimport.py)."""

import os

from Cython.Build import cythonize
from setuptools import Extension, setup

import fastsudoku

site = os.path.dirname(os.path.dirname(os.path.abspath(fastsudoku.__file__)))
setup(
    name="use_core",
    ext_modules=cythonize(
        [Extension("use_core", ["use_core.pyx"])], include_path=[site], quiet=True
    ),
)
