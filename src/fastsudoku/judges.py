"""Online-judge Sudoku problems: read the judge's input, write exactly the judge's output.

Each :class:`JudgeSpec` names its problem, where its statement is, and two functions:
``read(text)`` returns the cases of an input file (each a puzzle the solver reads), and
``answer(text)`` returns the whole expected output.  Readers tolerate what real inputs
contain (CRLF, trailing spaces, a missing final newline, extra blank lines); writers produce
what the judge compares against, with no trailing spaces and one final newline.

>>> JUDGES["poj3074"].answer("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\\nend\\n")
'417369825632158947958724316825437169791586432346912758289643571573291684164875293\\n'

The statements were read from stored copies of the judge pages and their mirrors (the
URLs are in each spec); where the sources disagree the spec says which one it follows.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Callable, Dict, List, Optional

from ._api import search
from ._errors import ParseError, SudokuError
from ._target import max_score

__all__ = ["JudgeSpec", "JUDGES", "answer"]


@dataclass(frozen=True)
class JudgeSpec:
    """One judge problem: its I/O, its statement's source, and whether any valid solution
    is accepted (``any_solution``) or the output must match exactly."""

    name: str
    title: str
    sources: str
    size: int
    read: Callable[[str], List[str]]
    answer: Callable[[str], str]
    any_solution: bool = False
    separator: str = ""          # between the outputs of two cases ("" none, "\n" blank line)


def _clean_lines(text: str) -> List[str]:
    return [line.rstrip() for line in text.replace("\r\n", "\n").replace("\r", "\n").split("\n")]


def _blocks(lines: List[str], rows: int) -> List[List[str]]:
    """Groups of `rows` non-blank lines (blank lines between them, or none)."""
    cells = [ln for ln in lines if ln.strip()]
    if len(cells) % rows:
        raise ParseError(f"{len(cells)} non-blank lines: not a whole number of {rows}-line grids")
    return [cells[i:i + rows] for i in range(0, len(cells), rows)]


def _count_then_blocks(text: str, rows: int) -> List[str]:
    lines = _clean_lines(text)
    first = next((i for i, ln in enumerate(lines) if ln.strip()), None)
    if first is None:
        raise ParseError("empty input: expected the number of cases first")
    token = lines[first].strip()
    if not (token.isascii() and token.isdigit() and len(token) <= 9):
        raise ParseError(f"line {first + 1}: expected the number of cases (0 or more), got "
                         f"{token[:40]!r}", line=first + 1)
    count = int(token)
    blocks = _blocks(lines[first + 1:], rows)
    if len(blocks) < count:
        raise ParseError(f"the input announces {count} cases but holds {len(blocks)}")
    return ["\n".join(b) + "\n" for b in blocks[:count]]


def _solution(puzzle: Any, alphabet: Optional[str] = None) -> Any:
    """The first solution, in the puzzle's form (a line, a grid, a LeetCode board)."""
    result = search(puzzle, limit=1, alphabet=alphabet)
    if not result.count:
        raise SudokuError("the puzzle has no solution, which this judge rules out")
    return result.solution


def _join(outputs: List[str], separator: str, after_last: bool = False) -> str:
    body = separator.join(out if out.endswith("\n") else out + "\n" for out in outputs)
    return body + (separator if after_last and outputs else "")


# --- 9x9 ------------------------------------------------------------------------------------

def _read_lines_until_end(text: str) -> List[str]:
    cases = []
    for ln in _clean_lines(text):
        token = ln.strip()
        if token == "end":
            break
        if token:
            cases.append(token)
    return cases


def _poj3074(text: str) -> str:
    return "".join(_solution(p) + "\n" for p in _read_lines_until_end(text))


def _read_poj2676(text: str) -> List[str]:
    return _count_then_blocks(text, 9)


def _poj2676(text: str) -> str:
    return "".join(_solution(p) for p in _read_poj2676(text))


def _read_single9(text: str) -> List[str]:
    return ["\n".join(b) + "\n" for b in _blocks(_clean_lines(text), 9)][:1]


def _p1784(text: str) -> str:
    return _join([_solution(p) for p in _read_single9(text)], "")


def _p1074(text: str) -> str:
    cases = _read_single9(text)
    if not cases:
        raise ParseError("empty input: expected 9 lines of 9 numbers")
    result = max_score(cases[0])
    return f"{-1 if result is None else result.score}\n"


def _read_blank_separated(text: str, rows: int) -> List[str]:
    return ["\n".join(b) + "\n" for b in _blocks(_clean_lines(text), rows)]


def _hdu1426(text: str) -> str:
    return _join([_solution(p) for p in _read_blank_separated(text, 9)], "\n")


def _kattis_sudokunique(text: str) -> str:
    outputs = []
    for p in _read_blank_separated(text, 9):
        try:
            result = search(p, limit=2)
        except SudokuError:
            # Givens that repeat: "the designer has made a terrible mistake".
            outputs.append("Find another job")
            continue
        if result.count == 0:
            outputs.append("Find another job")
        elif result.count > 1:
            outputs.append("Non-unique")
        else:
            outputs.append(result.solution)
    return _join(outputs, "\n")


def _read_leetcode37(text: str) -> List[str]:
    try:
        board = json.loads(text.strip().split("=", 1)[-1])
    except (ValueError, RecursionError) as e:     # RecursionError: brackets nested deep
        raise ParseError(f"not a JSON board: {str(e)[:200]}") from None
    if not (isinstance(board, list) and len(board) == 9 and all(
            isinstance(row, list) and len(row) == 9
            and all(isinstance(ch, str) and len(ch) == 1 for ch in row) for row in board)):
        raise ParseError("the board must be 9 lists of 9 one-character strings")
    return [json.dumps(board)]


def _leetcode37(text: str) -> str:
    board = json.loads(_read_leetcode37(text)[0])
    return json.dumps(_solution(board), separators=(",", ":")) + "\n"


# --- 16x16 ----------------------------------------------------------------------------------

def _read16(text: str) -> List[str]:
    return _read_blank_separated(text, 16)


def _answers16(cases: List[str]) -> List[str]:
    return [_solution(p, alphabet="A-P") for p in cases]


def _poj3076(text: str) -> str:
    return _join(_answers16(_read16(text)), "\n")


def _acwing169(text: str) -> str:
    return _join(_answers16(_read16(text)), "\n", after_last=True)


def _read_spoj(text: str) -> List[str]:
    return _count_then_blocks(text, 16)


def _spoj(text: str) -> str:
    return _join(_answers16(_read_spoj(text)), "\n")


JUDGES: Dict[str, JudgeSpec] = {spec.name: spec for spec in [
    JudgeSpec("poj3074", "POJ 3074 Sudoku (Stanford Local 2006); also AcWing 166",
              "http://poj.org/problem?id=3074; https://www.acwing.com/problem/content/168/",
              9, _read_lines_until_end, _poj3074),
    JudgeSpec("acwing166", "AcWing 166 数独 (POJ 3074 translated)",
              "https://www.acwing.com/problem/content/168/", 9, _read_lines_until_end,
              _poj3074),
    JudgeSpec("poj2676", "POJ 2676 Sudoku (SEERC 2005): count first, 9 lines of digits, "
              "any solution accepted", "http://poj.org/problem?id=2676", 9, _read_poj2676,
              _poj2676, any_solution=True),
    JudgeSpec("poj3076", "POJ 3076 / UVa 1309 / LA 2659 Sudoku (16x16, A-P, '-' empty); a "
              "blank line between outputs, as the accepted reference code prints",
              "http://poj.org/problem?id=3076; https://ohbug.com/uva/1309", 16, _read16,
              _poj3076, separator="\n"),
    JudgeSpec("uva1309", "UVa 1309 Sudoku (= POJ 3076)", "https://ohbug.com/uva/1309", 16,
              _read16, _poj3076, separator="\n"),
    JudgeSpec("spoj-sudoku", "SPOJ SUDOKU (16x16): count first, blank line between outputs",
              "https://www.spoj.com/problems/SUDOKU/ (sample from Luogu SP1110)", 16,
              _read_spoj, _spoj, separator="\n"),
    JudgeSpec("acwing169", "AcWing 169 数独2 (16x16): a blank line after every case",
              "https://www.acwing.com/problem/content/171/", 16, _read16, _acwing169,
              separator="\n"),
    JudgeSpec("zoj3122", "ZOJ 3122 Sudoku (16x16): blank line between outputs (statement "
              "not found; format as AcWing 169, which cites it; separator as accepted code)",
              "https://zoj.pintia.cn/problem-sets/91827364500/problems/91827366621", 16,
              _read16, _poj3076, separator="\n"),
    JudgeSpec("p1784", "Luogu P1784 数独 (9x9, numbers, 0 empty)",
              "https://www.luogu.com.cn/problem/P1784", 9, _read_single9, _p1784),
    JudgeSpec("p1074", "Luogu P1074 / NOIP 2009 靶形数独: the best score or -1",
              "https://www.luogu.com.cn/problem/P1074", 9, _read_single9, _p1074),
    JudgeSpec("hdu1426", "HDU 1426 Sudoku Killer ('?' empty, spaced, blank line between)",
              "http://acm.hdu.edu.cn/showproblem.php?pid=1426", 9,
              lambda text: _read_blank_separated(text, 9), _hdu1426, separator="\n"),
    JudgeSpec("kattis-sudokunique", "Kattis sudokunique: the grid, Non-unique or Find another "
              "job", "https://open.kattis.com/problems/sudokunique", 9,
              lambda text: _read_blank_separated(text, 9), _kattis_sudokunique,
              separator="\n"),
    JudgeSpec("leetcode37", "LeetCode 37 Sudoku Solver (JSON board of one-character strings)",
              "https://leetcode.com/problems/sudoku-solver/", 9, _read_leetcode37,
              _leetcode37),
]}


def answer(problem: str, text: str) -> str:
    """The judge's expected output for an input file of `problem` (a key of JUDGES)."""
    try:
        spec = JUDGES[problem]
    except KeyError:
        raise ValueError(f"unknown judge problem {problem!r}; choose from "
                         f"{', '.join(sorted(JUDGES))}") from None
    return spec.answer(text)


def __getattr__(name: str) -> Any:
    # make_tests lives in _testdata, which imports this module: found on first use.
    if name == "make_tests":
        from ._testdata import make_tests
        return make_tests
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
