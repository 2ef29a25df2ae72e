"""The output side of solve, count and convert: one answer a puzzle, in order."""

from __future__ import annotations

from typing import Optional, TextIO

from .. import formats


class Writer:
    """Writes answers in order: each grid in the puzzle's own form, or in an output format
    (``line``, ``grid``, ``sdk``, ``csv``); a line of text (``no solution``, ``error: ...``,
    a count) on its own.  Grids and lines are separated by a blank line when the output is
    grid-like."""

    def __init__(self, out: TextIO, fmt: Optional[str], grid_like: bool) -> None:
        self.out = out
        self.fmt = fmt
        self.blank = grid_like if fmt is None else fmt in ("grid", "sdk")
        self.started = False

    def _separate(self) -> None:
        if self.started and self.blank:
            self.out.write("\n")
        self.started = True

    def line(self, text: str) -> None:
        self._separate()
        self.out.write(text + "\n")

    def own_form(self, text: str) -> None:
        """A full grid already in the puzzle's own form (what the public functions give
        for a puzzle read from text); only for output in the puzzle's own form."""
        self._separate()
        self._write(text)

    def _write(self, text: str) -> None:
        self.out.write(text if text.endswith("\n") else text + "\n")

    def grid(
        self, grid: formats.Grid, values: bytes, puzzle_values: Optional[bytes] = None
    ) -> None:
        """A full grid of ``values`` (cell values, 0 empty) of the puzzle ``grid``; with
        ``csv``, ``puzzle_values`` fills the puzzle column and ``values`` the solution
        column (an empty one when ``puzzle_values`` is None)."""
        if self.fmt == "csv" and not self.started:
            self.out.write("puzzle,solution\n")
        self._separate()
        symbols = grid.symbols if grid.symbols and len(grid.symbols) == grid.n else None
        if self.fmt is None:
            self._write(grid.render(values))  # a str: the command line parses text
        elif self.fmt == "csv":
            self.out.write(
                formats.format_line(puzzle_values or values, grid.n, symbols, "0")
                + ","
                + (formats.format_line(values, grid.n, symbols) if puzzle_values else "")
                + "\n"
            )
        else:
            self.out.write(formats.to_text(values, grid.n, self.fmt, symbols))


__all__ = [
    "Writer",
]
