"""Sphinx configuration of fastsudoku's documentation (MyST Markdown pages, autodoc).

    python -m pip install . --group docs
    python -m sphinx -W --keep-going -b html docs docs/_build/html

The package must be installed (autodoc imports the compiled extension).  The command
line's reference is generated from its parser at each build (_ext/cli_help.py).
"""

import sys
from pathlib import Path

import fastsudoku

sys.path.insert(0, str(Path(__file__).resolve().parent / "_ext"))

project = "fastsudoku"
author = "The fastsudoku developers"
copyright = "2026, the fastsudoku developers"
release = fastsudoku.__version__
version = ".".join(release.split(".")[:2])

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.viewcode",
    "cli_help",
]
source_suffix = {".md": "markdown"}
exclude_patterns = ["_build", "_generated/*.md"]
myst_enable_extensions = ["colon_fence"]
myst_heading_anchors = 3
suppress_warnings = ["myst.xref_missing"]

autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_default_options = {"members": True, "undoc-members": False}

html_theme = "furo"
html_title = f"fastsudoku {release}"
