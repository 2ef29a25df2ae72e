"""The judge registry: one :class:`Judge` entry a problem, and the functions that look it up.

Everything that lists the judge problems reads :data:`JUDGES` (the command line's choices,
the local judge, the test-data generator, the tests), so adding a problem is one entry in
:data:`PROBLEMS`: its formats (``fastsudoku.judges.problems``), its puzzle maker
(``fastsudoku.judges.testdata``), its samples (``fastsudoku.judges.samples``) and limits.

>>> JUDGES["acwing166"] is JUDGES["poj3074"]
True
>>> make_tests("p1074", 1, seed=3)[0][1]
'2874\\n'
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Dict, Iterable, List, Optional, Tuple

from . import problems as p, samples, testdata as t
from .problems import Answer, Reader, Writer
from .samples import Sample
from .testdata import PuzzleMaker

#: The local judge's time limit (seconds a test) when a problem names none.
DEFAULT_TIME_LIMIT = 1.0


@dataclass(frozen=True)
class Judge:
    """One judge problem: where its statement is, how its files are read, answered and
    written, how its test data is made, its samples and its limits.

    ``read(text)``: the cases of an input file; ``answer(text)``: the whole expected
    output; ``write(puzzles)``: an input file of puzzles (cell values, 0 empty);
    ``puzzles(rng, index)``: the puzzles of test file number `index` (0, 1, ...);
    ``samples``: the statement's (input, output) pairs; ``aliases``: other names of the
    same problem, on other judges; ``any_solution``: any valid solution is accepted (the
    output need not match exactly); ``separator``: between the outputs of two cases (""
    none, "\\n" a blank line); ``time_limit`` (seconds) and ``memory_limit_mb`` (None: none):
    the local judge's defaults for this problem."""

    name: str
    title: str
    sources: str
    size: int
    read: Reader
    answer: Answer
    write: Writer
    puzzles: PuzzleMaker
    samples: Tuple[Sample, ...]
    aliases: Tuple[str, ...] = ()
    any_solution: bool = False
    separator: str = ""
    time_limit: float = DEFAULT_TIME_LIMIT
    memory_limit_mb: Optional[float] = None

    @property
    def names(self) -> Tuple[str, ...]:
        """The problem's name, then its aliases."""
        return (self.name, *self.aliases)


#: The judge problems, one entry each.
PROBLEMS: Tuple[Judge, ...] = (
    Judge(
        "poj3074",
        "POJ 3074 Sudoku (Stanford Local 2006); also AcWing 166 数独 (translated)",
        "http://poj.org/problem?id=3074; https://www.acwing.com/problem/content/168/",
        9,
        p.read_lines_until_end,
        p.answer_lines_until_end,
        p.write_lines_end,
        t.tier_puzzles,
        (samples.POJ3074, samples.ACWING166),
        aliases=("acwing166",),
    ),
    Judge(
        "poj2676",
        "POJ 2676 Sudoku (SEERC 2005): count first, 9 lines of digits, any solution accepted",
        "http://poj.org/problem?id=2676",
        9,
        p.read_count_digits,
        p.answer_count_digits,
        p.write_count_digits,
        t.several_solutions,
        (samples.POJ2676,),
        any_solution=True,
    ),
    Judge(
        "poj3076",
        "POJ 3076 / UVa 1309 / LA 2659 Sudoku (16x16, A-P, '-' empty); a blank "
        "line between outputs, as the accepted reference code prints; also ZOJ 3122 "
        "(statement not found; format as AcWing 169, which cites it; separator as "
        "accepted code)",
        "http://poj.org/problem?id=3076; https://ohbug.com/uva/1309; "
        "https://zoj.pintia.cn/problem-sets/91827364500/problems/91827366621",
        16,
        p.read_letters,
        p.answer_letters,
        p.write_letters,
        t.unique16,
        (samples.POJ3076,),
        aliases=("uva1309", "zoj3122"),
        separator="\n",
    ),
    Judge(
        "spoj-sudoku",
        "SPOJ SUDOKU (16x16): count first, blank line between outputs",
        "https://www.spoj.com/problems/SUDOKU/ (sample from Luogu SP1110)",
        16,
        p.read_count_letters,
        p.answer_count_letters,
        p.write_count_letters,
        t.unique16,
        (samples.SPOJ_SUDOKU,),
        separator="\n",
    ),
    Judge(
        "acwing169",
        "AcWing 169 数独2 (16x16): a blank line after every case",
        "https://www.acwing.com/problem/content/171/",
        16,
        p.read_letters,
        p.answer_letters_blank_after_each,
        p.write_letters,
        t.unique16,
        (samples.ACWING169,),
        separator="\n",
    ),
    Judge(
        "p1784",
        "Luogu P1784 数独 (9x9, numbers, 0 empty)",
        "https://www.luogu.com.cn/problem/P1784",
        9,
        p.read_single_spaced,
        p.answer_single_spaced,
        p.write_single_spaced,
        t.one_tier_puzzle,
        (samples.P1784,),
    ),
    Judge(
        "p1074",
        "Luogu P1074 / NOIP 2009 靶形数独: the best score or -1",
        "https://www.luogu.com.cn/problem/P1074",
        9,
        p.read_single_spaced,
        p.answer_best_score,
        p.write_single_spaced,
        t.one_target_puzzle,
        (samples.P1074_1, samples.P1074_2),
    ),
    Judge(
        "hdu1426",
        "HDU 1426 Sudoku Killer ('?' empty, spaced, blank line between)",
        "http://acm.hdu.edu.cn/showproblem.php?pid=1426",
        9,
        p.read_spaced,
        p.answer_spaced,
        p.write_spaced_question,
        t.tier_puzzles,
        (samples.HDU1426,),
        separator="\n",
    ),
    Judge(
        "kattis-sudokunique",
        "Kattis sudokunique: the grid, Non-unique or Find another job",
        "https://open.kattis.com/problems/sudokunique",
        9,
        p.read_spaced,
        p.answer_unique_or_verdict,
        p.write_spaced_zero,
        t.unique_several_none,
        (samples.KATTIS_SUDOKUNIQUE,),
        separator="\n",
    ),
    Judge(
        "leetcode37",
        "LeetCode 37 Sudoku Solver (JSON board of one-character strings)",
        "https://leetcode.com/problems/sudoku-solver/",
        9,
        p.read_json_board,
        p.answer_json_board,
        p.write_json_board,
        t.one_tier_puzzle,
        (samples.LEETCODE37,),
    ),
)


def _by_name(entries: Iterable[Judge]) -> Dict[str, Judge]:
    table: Dict[str, Judge] = {}
    for entry in entries:
        for name in entry.names:
            if name in table:
                raise ValueError(f"two judge problems are named {name!r}")
            table[name] = entry
    return table


#: Every problem by its name and by each alias.
JUDGES: Dict[str, Judge] = _by_name(PROBLEMS)


def lookup(problem: str) -> Judge:
    """The entry of `problem` (a name or alias); ValueError naming the choices."""
    try:
        return JUDGES[problem]
    except KeyError:
        raise ValueError(
            f"unknown judge problem {problem!r}; choose from {', '.join(sorted(JUDGES))}"
        ) from None


def answer(problem: str, text: str) -> str:
    """The judge's expected output for an input file of `problem` (a key of JUDGES)."""
    return lookup(problem).answer(text)


def make_tests(problem: str, count: int, seed: int) -> List[Tuple[str, str]]:
    """`count` (input, expected output) pairs for a judge problem, reproducible by seed (an
    alias draws other files than its problem's name: the name is part of the seed)."""
    entry = lookup(problem)
    rng = random.Random(f"{problem}:{seed}")
    tests = []
    for index in range(count):
        text = entry.write(entry.puzzles(rng, index))
        tests.append((text, entry.answer(text)))
    return tests


__all__ = [
    "DEFAULT_TIME_LIMIT",
    "Judge",
    "PROBLEMS",
    "JUDGES",
    "lookup",
    "answer",
    "make_tests",
]
