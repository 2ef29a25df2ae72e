"""Builds use_core, an extension that cimports fastsudoku._core (for tests/test_cimport.py)."""
import os

import fastsudoku
from Cython.Build import cythonize
from setuptools import Extension, setup

site = os.path.dirname(os.path.dirname(os.path.abspath(fastsudoku.__file__)))
setup(name="use_core", ext_modules=cythonize([Extension("use_core", ["use_core.pyx"])],
                                             include_path=[site], quiet=True))
