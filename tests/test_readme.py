"""The README's examples and the modules' docstring examples run as written against the
installed package."""

import doctest
from pathlib import Path

import pytest

README = Path(__file__).resolve().parent.parent / "README.md"


@pytest.mark.skipif(not README.exists(), reason="README.md is not beside the tests")
def test_readme_examples():
    text = README.read_text(encoding="utf-8")
    blocks = [b.split("```", 1)[0] for b in text.split("```python")[1:]]
    assert blocks, "no python examples in README.md"
    parser = doctest.DocTestParser()
    test = parser.get_doctest("\n".join(blocks), {}, "README.md", str(README), 0)
    assert test.examples
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert runner.failures == 0, f"{runner.failures} README example(s) failed (see output)"


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

    mod = importlib.import_module(module)
    result = doctest.testmod(mod, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0, f"{module} has no examples"
    assert result.failed == 0
