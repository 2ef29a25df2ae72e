"""The examples of the README and of every documentation page, and the modules' docstring
examples, run as written against the installed package.

Each page's ```python blocks run as one doctest (a page's examples share their names).  A
block that imports an optional dependency (Dask, tqdm) is left out when it is not
installed; the pages themselves are not in the sdist (their test then skips).
"""

import doctest
import importlib.util
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
PAGES = sorted((ROOT / "docs").glob("*.md")) if (ROOT / "docs").is_dir() else []
OPTIONAL = ("dask", "distributed", "tqdm")


def _blocks(path: Path):
    """The page's python blocks: (those to run, how many were left out)."""
    text = path.read_text(encoding="utf-8")
    blocks = [b.split("```", 1)[0] for b in text.split("```python")[1:]]
    run, left = [], 0
    for block in blocks:
        needs = set(re.findall(r"^>>> (?:import|from) (\w+)", block, flags=re.M))
        if any(n in OPTIONAL and importlib.util.find_spec(n) is None for n in needs):
            left += 1
        else:
            run.append(block)
    return run, left


def _run_page(path: Path) -> int:
    blocks, _ = _blocks(path)
    parser = doctest.DocTestParser()
    import numpy as np

    import fastsudoku as fs

    # every page may use the names the quick start sets up: fs and np
    test = parser.get_doctest("\n".join(blocks), {"fs": fs, "np": np}, path.name, str(path), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert runner.failures == 0, f"{runner.failures} example(s) of {path.name} failed (see output)"
    return len(test.examples)


@pytest.mark.skipif(not README.exists(), reason="README.md is not beside the tests")
def test_readme_examples():
    assert _run_page(README) > 0, "no python examples in README.md"


@pytest.mark.parametrize("page", PAGES, ids=[p.name for p in PAGES])
def test_documentation_page_examples(page):
    _run_page(page)


@pytest.mark.skipif(not PAGES, reason="docs/ is not beside the tests")
def test_the_documentation_has_examples_and_the_readme_stays_short():
    assert sum(len(_blocks(p)[0]) for p in PAGES) >= 10
    assert README.stat().st_size < 10_000, "README.md is the front page: under 10 KB"


@pytest.mark.parametrize(
    "module",
    [
        "fastsudoku",
        "fastsudoku._api",
        "fastsudoku._cover",
        "fastsudoku._xcc",
        "fastsudoku._target",
        "fastsudoku._batch",
        "fastsudoku.dask",
        "fastsudoku.formats",
        "fastsudoku.judges",
        "fastsudoku.judges.registry",
        "fastsudoku.judges.problems",
        "fastsudoku.judges.samples",
        "fastsudoku.judges.testdata",
        "fastsudoku.judges.local",
        "fastsudoku.localjudge",
        "fastsudoku._generate",
        "fastsudoku._rate",
        "fastsudoku._canon",
        "fastsudoku.variants",
    ],
)
def test_docstring_examples(module):
    import importlib

    if module == "fastsudoku.dask":
        pytest.importorskip("dask.array", reason="fastsudoku.dask's examples need Dask")
        pytest.importorskip("distributed", reason="fastsudoku.dask's examples need Dask")
    mod = importlib.import_module(module)
    result = doctest.testmod(mod, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0, f"{module} has no examples"
    assert result.failed == 0
