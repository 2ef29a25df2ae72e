"""Online-judge Sudoku problems: read the judge's input, write exactly the judge's output,
make test data, and judge a program locally.

One registry, :data:`JUDGES`, holds an entry (:class:`Judge`) for each problem, by its name
and by each alias: its statement's source, its input reader, answer and input writer, the
maker of its test puzzles, its samples and its default limits.  The modules:

``registry``
    :class:`Judge`, :data:`PROBLEMS` (one entry a problem), :data:`JUDGES`, :func:`answer`,
    :func:`make_tests`.
``problems``
    The formats: each problem's reader, answer and writer.
``samples``
    The statements' sample inputs and outputs.
``testdata``
    Random full grids, unique puzzles, the tiers, and each problem's puzzle maker.
``local``
    The local judge: run a program on test files under time, memory and output limits and
    give each a verdict (also importable as :mod:`fastsudoku.localjudge`).
``_supervisor``
    The process that runs one program and leaves none of its processes behind (standard
    library only; the local judge runs it by path).

>>> p = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
>>> JUDGES["poj3074"].answer(p + "\\nend\\n")
'417369825632158947958724316825437169791586432346912758289643571573291684164875293\\n'
>>> sorted(JUDGES["poj3076"].names)
['poj3076', 'uva1309', 'zoj3122']
"""

from .registry import DEFAULT_TIME_LIMIT, JUDGES, PROBLEMS, Judge, answer, lookup, make_tests
from .samples import Sample

#: The first version's name of :class:`Judge`.
JudgeSpec = Judge

__all__ = [
    "JUDGES",
    "PROBLEMS",
    "Judge",
    "JudgeSpec",
    "Sample",
    "DEFAULT_TIME_LIMIT",
    "answer",
    "lookup",
    "make_tests",
]
