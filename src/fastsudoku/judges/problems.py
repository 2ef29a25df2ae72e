"""The judge problems' formats: read an input file, answer it exactly, write one.

For each format there are three functions, registered together in
:data:`fastsudoku.judges.JUDGES`:

- a **reader**, ``read(text)``: the cases of an input file (each a puzzle the solver reads).
  Readers tolerate what real inputs contain (CRLF, trailing spaces, a missing final newline,
  extra blank lines);
- an **answer**, ``answer(text)``: the whole expected output, with no trailing spaces and one
  final newline, the judge's separators between cases;
- a **writer**, ``write(puzzles)``: an input file holding the given puzzles (cell values,
  0 empty), as the judge's own test files lay it out (used by the test-data generator).

>>> write_lines_end([bytes(81)]) == "." * 81 + "\\nend\\n"
True
>>> text = "1" * 81 + "\\r\\n\\n" + "." * 81 + "  \\nend\\n" + "2" * 81
>>> read_lines_until_end(text) == ["1" * 81, "." * 81]
True

The statements were read from stored copies of the judge pages and their mirrors (the URLs
are in each registry entry); where the sources disagree the entry says which one it follows.
"""

from __future__ import annotations

import json
from typing import Any, Callable, List, Optional, Sequence

from .. import ParseError, SudokuError, max_score, search

Reader = Callable[[str], List[str]]
Answer = Callable[[str], str]
Writer = Callable[[Sequence[bytes]], str]

A_TO_P = "ABCDEFGHIJKLMNOP"


# --- shared pieces -----------------------------------------------------------------------------


def _clean_lines(text: str) -> List[str]:
    return [line.rstrip() for line in text.replace("\r\n", "\n").replace("\r", "\n").split("\n")]


def _blocks(lines: List[str], rows: int) -> List[List[str]]:
    """Groups of `rows` non-blank lines (blank lines between them, or none)."""
    cells = [ln for ln in lines if ln.strip()]
    if len(cells) % rows:
        raise ParseError(f"{len(cells)} non-blank lines: not a whole number of {rows}-line grids")
    return [cells[i : i + rows] for i in range(0, len(cells), rows)]


def _count_then_blocks(text: str, rows: int) -> List[str]:
    lines = _clean_lines(text)
    first = next((i for i, ln in enumerate(lines) if ln.strip()), None)
    if first is None:
        raise ParseError("empty input: expected the number of cases first")
    token = lines[first].strip()
    if not (token.isascii() and token.isdigit() and len(token) <= 9):
        raise ParseError(
            f"line {first + 1}: expected the number of cases (0 or more), got {token[:40]!r}",
            line=first + 1,
        )
    count = int(token)
    blocks = _blocks(lines[first + 1 :], rows)
    if len(blocks) < count:
        raise ParseError(f"the input announces {count} cases but holds {len(blocks)}")
    return ["\n".join(b) + "\n" for b in blocks[:count]]


def _blank_separated(text: str, rows: int) -> List[str]:
    return ["\n".join(b) + "\n" for b in _blocks(_clean_lines(text), rows)]


def _solution(puzzle: Any, alphabet: Optional[str] = None) -> Any:
    """The first solution, in the puzzle's form (a line, a grid, a LeetCode board)."""
    result = search(puzzle, limit=1, alphabet=alphabet)
    if not result.count:
        raise SudokuError("the puzzle has no solution, which this judge rules out")
    return result.solution


def _join(outputs: List[str], separator: str, after_last: bool = False) -> str:
    body = separator.join(out if out.endswith("\n") else out + "\n" for out in outputs)
    return body + (separator if after_last and outputs else "")


def _rows(puzzle: bytes, n: int, cell: Callable[[int], str], sep: str) -> str:
    """The puzzle as n lines of n cells, `cell` writing each value, `sep` between cells."""
    return "".join(sep.join(cell(v) for v in puzzle[i * n : (i + 1) * n]) + "\n" for i in range(n))


def _only(puzzles: Sequence[bytes]) -> bytes:
    """The one puzzle of a single-case input file."""
    if len(puzzles) != 1:
        raise ValueError(f"this judge's input holds one puzzle, not {len(puzzles)}")
    return puzzles[0]


# --- 9x9: one 81-character line a puzzle, then "end" (POJ 3074, AcWing 166) ----------------------


def read_lines_until_end(text: str) -> List[str]:
    cases = []
    for ln in _clean_lines(text):
        token = ln.strip()
        if token == "end":
            break
        if token:
            cases.append(token)
    return cases


def answer_lines_until_end(text: str) -> str:
    return "".join(_solution(p) + "\n" for p in read_lines_until_end(text))


def write_lines_end(puzzles: Sequence[bytes]) -> str:
    return "".join("".join(str(v) if v else "." for v in p) + "\n" for p in puzzles) + "end\n"


# --- 9x9: the count, then 9 lines of 9 digits a puzzle, 0 empty (POJ 2676) --------------------


def read_count_digits(text: str) -> List[str]:
    return _count_then_blocks(text, 9)


def answer_count_digits(text: str) -> str:
    return "".join(_solution(p) for p in read_count_digits(text))


def write_count_digits(puzzles: Sequence[bytes]) -> str:
    return f"{len(puzzles)}\n" + "".join(_rows(p, 9, str, "") for p in puzzles)


# --- 9x9: 9 lines of 9 numbers separated by spaces (Luogu P1784, P1074, HDU 1426, Kattis) -------


def read_single_spaced(text: str) -> List[str]:
    return _blank_separated(text, 9)[:1]


def read_spaced(text: str) -> List[str]:
    return _blank_separated(text, 9)


def _spaced(puzzle: bytes, empty: str) -> str:
    return _rows(puzzle, 9, lambda v: str(v) if v else empty, " ")


def write_single_spaced(puzzles: Sequence[bytes]) -> str:
    """One puzzle, 0 empty (Luogu P1784, P1074)."""
    return _spaced(_only(puzzles), "0")


def write_spaced_zero(puzzles: Sequence[bytes]) -> str:
    """Puzzles separated by a blank line, 0 empty (Kattis sudokunique)."""
    return "\n".join(_spaced(p, "0") for p in puzzles)


def write_spaced_question(puzzles: Sequence[bytes]) -> str:
    """Puzzles separated by a blank line, '?' empty (HDU 1426)."""
    return "\n".join(_spaced(p, "?") for p in puzzles)


def answer_single_spaced(text: str) -> str:
    """Luogu P1784: the solution."""
    return _join([_solution(p) for p in read_single_spaced(text)], "")


def answer_best_score(text: str) -> str:
    """Luogu P1074 (target Sudoku): the best weighted score, or -1 without a solution."""
    cases = read_single_spaced(text)
    if not cases:
        raise ParseError("empty input: expected 9 lines of 9 numbers")
    result = max_score(cases[0])
    return f"{-1 if result is None else result.score}\n"


def answer_spaced(text: str) -> str:
    """HDU 1426: the solutions, a blank line between two."""
    return _join([_solution(p) for p in read_spaced(text)], "\n")


def answer_unique_or_verdict(text: str) -> str:
    """Kattis sudokunique: the solution, ``Non-unique`` or ``Find another job``."""
    outputs = []
    for p in read_spaced(text):
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


# --- 9x9: a JSON board of one-character strings (LeetCode 37) -----------------------------------


def read_json_board(text: str) -> List[str]:
    try:
        board = json.loads(text.strip().split("=", 1)[-1])
    except (ValueError, RecursionError) as e:  # RecursionError: brackets nested deep
        raise ParseError(f"not a JSON board: {str(e)[:200]}") from None
    if not (
        isinstance(board, list)
        and len(board) == 9
        and all(
            isinstance(row, list)
            and len(row) == 9
            and all(isinstance(ch, str) and len(ch) == 1 for ch in row)
            for row in board
        )
    ):
        raise ParseError("the board must be 9 lists of 9 one-character strings")
    return [json.dumps(board)]


def answer_json_board(text: str) -> str:
    board = json.loads(read_json_board(text)[0])
    return json.dumps(_solution(board), separators=(",", ":")) + "\n"


def write_json_board(puzzles: Sequence[bytes]) -> str:
    puzzle = _only(puzzles)
    board = [[str(v) if v else "." for v in puzzle[i * 9 : i * 9 + 9]] for i in range(9)]
    return json.dumps(board) + "\n"


# --- 16x16: 16 lines of A-P, '-' empty (POJ 3076, UVa 1309, ZOJ 3122, AcWing 169, SPOJ) ---------


def _letters(puzzle: bytes) -> str:
    return _rows(puzzle, 16, lambda v: A_TO_P[v - 1] if v else "-", "")


def _answers16(cases: List[str]) -> List[str]:
    return [_solution(p, alphabet="A-P") for p in cases]


def read_letters(text: str) -> List[str]:
    return _blank_separated(text, 16)


def answer_letters(text: str) -> str:
    """A blank line between two outputs (POJ 3076, UVa 1309, ZOJ 3122)."""
    return _join(_answers16(read_letters(text)), "\n")


def answer_letters_blank_after_each(text: str) -> str:
    """A blank line after every output (AcWing 169)."""
    return _join(_answers16(read_letters(text)), "\n", after_last=True)


def write_letters(puzzles: Sequence[bytes]) -> str:
    return "\n".join(_letters(p) for p in puzzles)


def read_count_letters(text: str) -> List[str]:
    return _count_then_blocks(text, 16)


def answer_count_letters(text: str) -> str:
    return _join(_answers16(read_count_letters(text)), "\n")


def write_count_letters(puzzles: Sequence[bytes]) -> str:
    return f"{len(puzzles)}\n" + "\n".join(_letters(p) for p in puzzles)


__all__ = [
    "Reader",
    "Answer",
    "Writer",
    "A_TO_P",
    "read_lines_until_end",
    "answer_lines_until_end",
    "write_lines_end",
    "read_count_digits",
    "answer_count_digits",
    "write_count_digits",
    "read_single_spaced",
    "read_spaced",
    "write_single_spaced",
    "write_spaced_zero",
    "write_spaced_question",
    "answer_single_spaced",
    "answer_best_score",
    "answer_spaced",
    "answer_unique_or_verdict",
    "read_json_board",
    "answer_json_board",
    "write_json_board",
    "read_letters",
    "answer_letters",
    "answer_letters_blank_after_each",
    "write_letters",
    "read_count_letters",
    "answer_count_letters",
    "write_count_letters",
]
