"""Exact cover with named items, colours and multiplicities, and Knuth's text format.

:class:`CoverProblem` holds a problem the way Knuth's programs DLX1, DLX2 and DLX3 state it
(The Art of Computer Programming 7.2.2.1): primary items (each covered once, or between
``lo`` and ``hi`` times with a multiplicity), secondary items (covered at most once, or by
any number of options that give it the same colour), and options, each a list of items.
In an option, ``"x:c"`` gives the secondary item ``x`` the colour ``c``.

Knuth's format, read by :func:`parse_cover` / :func:`read_cover` and written by
:func:`format_cover` / :func:`write_cover`::

    | A simple example of colour controls        (a line starting with | is a comment)
    A B 2:3|C | X Y                              primary items | secondary items
    A B X:0 Y:0                                  one option a line
    A C X:1 Y:1
    C X:0
    B X:1
    C Y:1

``2:3|C``: item C is covered two or three times (``3|C``: exactly three); the items after
the lone ``|`` are secondary.  Names may not hold whitespace, ``:`` or ``|``.  (Knuth's
programs also limit names to 8 characters and colours to one; this reader does not.)

>>> p = parse_cover("A B 2:3|C | X Y\\nA B X:0 Y:0\\nA C X:1 Y:1\\nC X:0\\nB X:1\\nC Y:1\\n")
>>> [p.format_option(i) for i in p.first()]
['A C X:1 Y:1', 'B X:1', 'C Y:1']
>>> p.count()
1
"""

from __future__ import annotations

import io
import os
from typing import IO, Any, Dict, Hashable, Iterable, Iterator, List, Optional, Set, Tuple, Union

from . import _core
from ._cover import (
    CoverEngine,
    CoverResult,
    _problem,
    count_exact_covers,
    exact_cover,
    exact_covers,
    search_exact_cover,
)
from ._errors import ExactCoverError

__all__ = [
    "CoverProblem",
    "CoverSearch",
    "parse_cover",
    "read_cover",
    "format_cover",
    "write_cover",
]

Entry = Tuple[Hashable, Optional[str]]


def _bounds(value: Any, item: Hashable) -> Tuple[int, int]:
    if isinstance(value, (tuple, list)) and len(value) == 2:
        lo, hi = value
    else:
        lo = hi = value
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in (lo, hi)):
        raise ExactCoverError(f"multiplicity of {item!r}: {value!r} is not n or (lo, hi)")
    if not 0 <= lo <= hi or hi < 1:
        raise ExactCoverError(
            f"multiplicity of {item!r}: ({lo}, {hi}) is not a range 0 <= lo <= hi, 1 <= hi"
        )
    return lo, hi


class CoverProblem:
    """An exact-cover problem with named items (Knuth's XCC and MCC).

    ``options``: each a sequence of items; an item is any hashable (usually a string), and
    ``"x:c"`` in an option gives the secondary item ``x`` the colour ``c``.  ``primary``:
    the items every cover must cover (None: every item of the options that is not
    secondary, in the order they first appear).  ``secondary``: the items a cover may
    cover (None: none, or with ``primary`` given, every other item).  ``multiplicity``:
    ``{item: n or (lo, hi)}`` for primary items covered other than once.

    >>> p = CoverProblem([["p", "q", "x", "y:A"], ["p", "r", "x:A", "y"], ["p", "x:B"],
    ...                   ["q", "x:A"], ["r", "y:B"]], secondary=["x", "y"])
    >>> p.primary, p.first()
    (('p', 'q', 'r'), [1, 3])
    """

    __slots__ = ("primary", "secondary", "options", "multiplicity", "_rows", "_colors")

    def __init__(
        self,
        options: Iterable[Iterable[Hashable]],
        *,
        primary: Optional[Iterable[Hashable]] = None,
        secondary: Optional[Iterable[Hashable]] = None,
        multiplicity: Optional[Dict[Hashable, Any]] = None,
    ) -> None:
        if isinstance(options, (str, bytes)):
            raise ExactCoverError("options must be a sequence of options, not a string")
        opts: List[Tuple[Hashable, ...]] = []
        for r, option in enumerate(options):
            if isinstance(option, (str, bytes)) or not hasattr(option, "__iter__"):
                raise ExactCoverError(f"option {r}: {option!r} is not a sequence of items", row=r)
            opts.append(tuple(option))
        sec = _unique(secondary, "secondary") if secondary is not None else ()
        sec_set = set(sec)
        if primary is not None:
            prim = _unique(primary, "primary")
            if secondary is None:
                known = set(prim)
                found = []
                for option in opts:
                    for entry in option:
                        if entry in known:
                            continue  # (a primary item, a colon in its name or not)
                        name, _ = _split(entry, None)
                        if name not in known:
                            known.add(name)
                            found.append(name)
                sec = tuple(found)
                sec_set = set(sec)
        else:
            found, seen = [], set(sec_set)
            for option in opts:
                for entry in option:
                    name, _ = _split(entry, sec_set)
                    if name not in seen:
                        seen.add(name)
                        found.append(name)
            prim = tuple(found)
        both = set(prim) & sec_set
        if both:
            raise ExactCoverError(f"item {next(iter(both))!r} is both primary and secondary")
        self.primary: Tuple[Hashable, ...] = prim
        self.secondary: Tuple[Hashable, ...] = tuple(sec)
        index = {name: k for k, name in enumerate(prim + self.secondary)}
        rows: List[List[int]] = []
        colors: List[Optional[List[Optional[str]]]] = []
        parsed: List[Tuple[Entry, ...]] = []
        for r, option in enumerate(opts):
            row: List[int] = []
            row_colors: List[Optional[str]] = []
            entries = []
            for entry in option:
                name, color = _split(entry, sec_set, r)
                k = index.get(name)
                if k is None:
                    head = name.partition(":")[0] if isinstance(name, str) else None
                    if head in index and index[head] < len(prim):
                        raise ExactCoverError(
                            f"option {r}: primary item {head!r} takes no colour", row=r
                        )
                    raise ExactCoverError(f"option {r}: unknown item {name!r}", row=r)
                if k in row:
                    raise ExactCoverError(f"option {r}: item {name!r} appears twice", row=r)
                if color is not None and k < len(prim):
                    raise ExactCoverError(
                        f"option {r}: primary item {name!r} takes no colour", row=r, column=k
                    )
                row.append(k)
                row_colors.append(color)
                entries.append((name, color))
            rows.append(row)
            colors.append(row_colors if any(c is not None for c in row_colors) else None)
            parsed.append(tuple(entries))
        self.options: Tuple[Tuple[Entry, ...], ...] = tuple(parsed)
        mult: Dict[Hashable, Tuple[int, int]] = {}
        for name, value in (multiplicity or {}).items():
            if name not in index or index[name] >= len(prim):
                raise ExactCoverError(f"multiplicity: {name!r} is not a primary item")
            bounds = _bounds(value, name)
            if bounds != (1, 1):
                mult[name] = bounds
        self.multiplicity: Dict[Hashable, Tuple[int, int]] = mult
        self._rows = rows
        self._colors = colors if any(c is not None for c in colors) else None

    # -- the matrix the engines take --------------------------------------------------

    def _kw(self) -> Dict[str, Any]:
        nprim = len(self.primary)
        index = {name: k for k, name in enumerate(self.primary)}
        return dict(
            columns=max(1, nprim + len(self.secondary)),
            secondary=range(nprim, nprim + len(self.secondary)),
            colors=self._colors,
            multiplicity={index[name]: b for name, b in self.multiplicity.items()} or None,
        )

    def search_steps(self, *, engine: CoverEngine = "auto") -> CoverSearch:
        """A resumable search of the problem, run a stretch at a time (see
        :class:`CoverSearch`): for progress reports, time slices, budgets raised later."""
        return CoverSearch(self, engine)

    def covers(
        self,
        *,
        limit: Optional[int] = None,
        node_limit: Optional[int] = None,
        engine: CoverEngine = "auto",
    ) -> Iterator[List[int]]:
        """The covers, lazily, each the sorted indices of its options."""
        return exact_covers(
            self._rows, limit=limit, node_limit=node_limit, engine=engine, **self._kw()
        )

    def first(
        self, *, node_limit: Optional[int] = None, engine: CoverEngine = "auto"
    ) -> Optional[List[int]]:
        """The first cover (sorted option indices), or None."""
        return exact_cover(self._rows, node_limit=node_limit, engine=engine, **self._kw())

    def count(
        self,
        *,
        limit: Optional[int] = None,
        node_limit: Optional[int] = None,
        engine: CoverEngine = "auto",
        threads: Optional[int] = 1,
    ) -> int:
        """The number of covers, stopping at ``limit`` (None: all); ``threads`` as for
        :func:`fastsudoku.count_exact_covers`."""
        return count_exact_covers(
            self._rows,
            limit=limit,
            node_limit=node_limit,
            engine=engine,
            threads=threads,
            **self._kw(),
        )

    def search(
        self,
        *,
        limit: Optional[int] = 1,
        node_limit: Optional[int] = None,
        engine: CoverEngine = "auto",
    ) -> CoverResult:
        """One search with its statistics, as :func:`fastsudoku.search_exact_cover`."""
        return search_exact_cover(
            self._rows, limit=limit, node_limit=node_limit, engine=engine, **self._kw()
        )

    def format_option(self, k: int) -> str:
        """Option k as a line of Knuth's format."""
        return " ".join(_entry_text(name, color) for name, color in self.options[k])

    def __repr__(self) -> str:
        return (
            f"CoverProblem({len(self.options)} options, {len(self.primary)} primary and "
            f"{len(self.secondary)} secondary items"
            + (f", {len(self.multiplicity)} with multiplicities" if self.multiplicity else "")
            + ")"
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, CoverProblem):
            return NotImplemented
        return (self.primary, self.secondary, self.options, self.multiplicity) == (
            other.primary,
            other.secondary,
            other.options,
            other.multiplicity,
        )

    __hash__ = None  # type: ignore[assignment]


class CoverSearch:
    """One search of a :class:`CoverProblem`, resumable: :meth:`next_cover` and
    :meth:`count` go on from where the last call stopped, each up to a total of
    ``max_guesses`` (rows tried where there was a choice; None: no bound), so that a
    caller can run it a stretch at a time.  Covers come as their options in the order the
    search chose them.

    >>> s = CoverProblem([["a"], ["a"], ["b"]]).search_steps()  # b first: it has one row
    >>> s.next_cover(), s.count(), s.exhausted, s.found
    ([2, 0], 1, True, 2)
    """

    __slots__ = ("_search", "found", "exhausted", "stopped")

    def __init__(self, problem: CoverProblem, engine: CoverEngine = "auto") -> None:
        kw = problem._kw()
        self._search = _problem(
            problem._rows,
            kw["columns"],
            kw["secondary"],
            None,
            engine,
            kw["colors"],
            kw["multiplicity"],
        )
        self._search.ordered = True
        #: Covers found so far (by next_cover and count).
        self.found = 0
        #: True once the whole tree has been searched.
        self.exhausted = False
        #: True when the last call stopped at its max_guesses.
        self.stopped = False

    @property
    def guesses(self) -> int:
        """Rows tried where there was a choice, so far."""
        return int(self._search.guesses)

    @property
    def nodes(self) -> int:
        """Rows tried, so far."""
        return int(self._search.nodes)

    def _budget(self, max_guesses: Optional[int]) -> None:
        self._search.node_limit = -1 if max_guesses is None else max_guesses
        self.stopped = False

    def _after(self, status: int) -> None:
        self.stopped = status == _core.NODE_LIMIT
        self.exhausted = status == _core.EXHAUSTED

    def next_cover(self, *, max_guesses: Optional[int] = None) -> Optional[List[int]]:
        """The next cover; None when there is none left (``exhausted``) or the guesses
        reached ``max_guesses`` first (``stopped``: call again with a larger one)."""
        if self.exhausted:
            return None
        self._budget(max_guesses)
        status, cover = self._search.next_solution()
        if cover is not None:
            self.found += 1
            return list(cover)
        self._after(status)
        return None

    def count(self, *, limit: Optional[int] = None, max_guesses: Optional[int] = None) -> int:
        """Count on (without building the covers): the covers counted by this call, at most
        ``limit``, stopping early at ``max_guesses`` (``stopped``)."""
        if self.exhausted or limit == 0:
            return 0
        self._budget(max_guesses)
        n, status = self._search.count(-1 if limit is None else limit)
        self.found += n
        self._after(status)
        return int(n)


def _unique(items: Iterable[Hashable], what: str) -> Tuple[Hashable, ...]:
    if isinstance(items, (str, bytes)):
        raise ExactCoverError(f"{what} must be a sequence of items, not a string")
    out = tuple(items)
    if len(set(out)) != len(out):
        seen = set()
        for name in out:
            if name in seen:
                raise ExactCoverError(f"{what}: item {name!r} is listed twice")
            seen.add(name)
    return out


def _split(
    entry: Hashable, secondary: Optional[Set[Hashable]], row: Optional[int] = None
) -> Tuple[Hashable, Optional[str]]:
    """(item, colour) of an option's entry: "x:c" is item x in colour c when x is a
    secondary item (secondary None: whenever the string has a colon)."""
    if isinstance(entry, str) and ":" in entry:
        name, _, color = entry.partition(":")
        if (secondary is None or name in secondary) and entry not in (secondary or ()):
            if not color:
                where = f"option {row}: " if row is not None else ""
                raise ExactCoverError(f"{where}item {entry!r}: an empty colour", row=row)
            return name, color
    return entry, None


def _entry_text(name: Hashable, color: Optional[str]) -> str:
    return f"{name}:{color}" if color is not None else str(name)


# -- Knuth's text format ------------------------------------------------------------------


def _bad(line: int, message: str) -> ExactCoverError:
    return ExactCoverError(f"line {line}: {message}", line=line)


def _name(token: str, line: int) -> str:
    for ch in ":|":
        if ch in token:
            raise _bad(line, f"{token!r}: an item name may not hold {ch!r}")
    return token


def _int(text: str, token: str, line: int) -> int:
    if not text.isdigit():
        raise _bad(line, f"{token!r}: bounds must be decimal integers before the '|'")
    return int(text)


def _items_line(text: str, line: int) -> Tuple[List[str], List[str], Dict[Hashable, Any]]:
    primary: List[str] = []
    secondary: List[str] = []
    mult: Dict[Hashable, Any] = {}
    in_secondary = False
    for token in text.split():
        while token.startswith("|"):
            if in_secondary:
                raise _bad(line, "the item line holds '|' twice")
            in_secondary = True
            token = token[1:]
        if not token:
            continue
        if in_secondary:
            secondary.append(_name(token, line))
            continue
        if "|" in token:
            bounds, _, name = token.partition("|")
            if not name:
                raise _bad(line, f"{token!r}: no item name after the bounds")
            lo_text, colon, hi_text = bounds.partition(":")
            hi = _int(hi_text if colon else lo_text, token, line)
            lo = _int(lo_text, token, line) if colon else hi
            if hi == 0:
                raise _bad(line, f"{token!r}: the upper bound is zero")
            if lo > hi:
                raise _bad(line, f"{token!r}: the lower bound exceeds the upper")
            name = _name(name, line)
            mult[name] = (lo, hi)
            primary.append(name)
        else:
            primary.append(_name(token, line))
    if not primary and not secondary:
        raise _bad(line, "no items")
    return primary, secondary, mult


def parse_cover(text: str) -> CoverProblem:
    """A problem from Knuth's format (the input of DLX1, DLX2 and DLX3).

    Errors are :class:`fastsudoku.ExactCoverError` naming the line."""
    items: Optional[Tuple[List[str], List[str], Dict[Hashable, Any]]] = None
    options: List[List[str]] = []
    lines: List[int] = []
    for number, raw in enumerate(text.splitlines(), 1):
        stripped = raw.strip()
        if not stripped or (stripped.startswith("|") and items is not None):
            continue
        if items is None:
            if stripped.startswith("|"):
                continue  # a comment, as in Knuth's programs (before the items as after)
            items = _items_line(stripped, number)
            names = set(items[0]) | set(items[1])
            if len(names) != len(items[0]) + len(items[1]):
                dup = next(n for n in items[0] + items[1] if (items[0] + items[1]).count(n) > 1)
                raise _bad(number, f"item {dup!r} is named twice")
            continue
        options.append(stripped.split())
        lines.append(number)
    if items is None:
        raise ExactCoverError("no item line: the text holds no items", line=None)
    primary, secondary, mult = items
    try:
        return CoverProblem(options, primary=primary, secondary=secondary, multiplicity=mult)
    except ExactCoverError as e:
        if e.row is None:
            raise
        raise ExactCoverError(
            f"line {lines[e.row]}: {e}", row=e.row, column=e.column, line=lines[e.row]
        ) from None


def read_cover(source: Union[str, os.PathLike[str], IO[str]]) -> CoverProblem:
    """:func:`parse_cover` of a file (a path, or an open text file)."""
    if hasattr(source, "read"):
        return parse_cover(source.read())
    with open(source, encoding="utf-8") as f:
        return parse_cover(f.read())


def format_cover(problem: CoverProblem) -> str:
    """The problem in Knuth's format (names and colours must be strings without
    whitespace, ':' or '|'; Knuth's own programs also want names of at most 8 characters
    and one-character colours)."""
    for name in problem.primary + problem.secondary:
        if (
            not isinstance(name, str)
            or not name
            or any(ch in name for ch in ":|")
            or (len(name.split()) != 1 or name.split()[0] != name)
        ):
            raise ExactCoverError(f"item {name!r} cannot be written in Knuth's format")
    out = io.StringIO()
    heads: List[str] = []
    for name in problem.primary:
        lo, hi = problem.multiplicity.get(name, (1, 1))
        heads.append(
            str(name) if (lo, hi) == (1, 1) else f"{hi}|{name}" if lo == hi else f"{lo}:{hi}|{name}"
        )
    out.write(" ".join(heads))
    if problem.secondary:
        out.write(" | " + " ".join(str(n) for n in problem.secondary))
    out.write("\n")
    for option in problem.options:
        for _, color in option:
            if color is not None and (not color or any(ch.isspace() or ch in ":|" for ch in color)):
                raise ExactCoverError(f"colour {color!r} cannot be written in Knuth's format")
        out.write(" ".join(_entry_text(n, c) for n, c in option) + "\n")
    return out.getvalue()


def write_cover(problem: CoverProblem, dest: Union[str, os.PathLike[str], IO[str]]) -> None:
    """Write :func:`format_cover` to a path or an open text file."""
    text = format_cover(problem)
    if hasattr(dest, "write"):
        dest.write(text)
        return
    with open(dest, "w", encoding="utf-8") as f:
        f.write(text)
