"""cover: exact cover (with colours and multiplicities) from a file in Knuth's format.

    fastsudoku cover FILE                 the first cover: its options, one a line
    fastsudoku cover FILE --count         the number of covers
    fastsudoku cover FILE --all           every cover, a blank line between two
    fastsudoku cover FILE --count --threads 2   the count split over two threads

The input is what Knuth's DLX1, DLX2 and DLX3 read (see :func:`fastsudoku.parse_cover`).
A long search shows a progress bar on a terminal (covers and nodes so far; with tqdm,
``pip install "fastsudoku[progress]"``) and stops cleanly on Ctrl-C.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
from typing import Any, Dict, Iterator, List, Optional, TextIO

from .. import COVER_ENGINES, CoverProblem, CoverSearch, ExactCoverError, parse_cover
from .errors import EXIT_DATAERR, EXIT_OK, EXIT_UNSOLVED, EXIT_USAGE, fail
from .reading import add_file, open_input

EPILOG = """\
Exit codes: 0 a cover was found (--count: at least one); 1 no cover, or the node limit
was reached first; 2 usage; 65 the file cannot be read (FILE:LINE: message on stderr);
130 Ctrl-C.  Example:
    printf 'a b | x\\na x:1\\nb x:1\\na b\\n' | fastsudoku cover - --count
"""

#: Nodes between two updates of the progress bar.
STEP = 1 << 22


def add_cover_arguments(s: argparse.ArgumentParser) -> None:
    add_file(s)
    what = s.add_mutually_exclusive_group()
    what.add_argument("--count", action="store_true", help="print the number of covers")
    what.add_argument("--all", action="store_true", help="print every cover")
    s.add_argument("--limit", type=int, default=None, help="at most K covers (--count, --all)")
    s.add_argument(
        "--node-limit", type=int, default=None, help="give up after K rows tried at a choice"
    )
    s.add_argument(
        "--engine",
        default="auto",
        choices=COVER_ENGINES,
        help="auto (default), dlx or bitset (colours and multiplicities: bitset)",
    )
    s.add_argument(
        "--threads",
        type=int,
        default=1,
        help="--count on K threads (default 1; 0: every core; not with --node-limit)",
    )
    s.add_argument(
        "--json",
        action="store_true",
        help="a JSON summary on stdout (count, complete, nodes, guesses, first cover)",
    )


def run_cover(args: argparse.Namespace) -> int:
    for name in ("limit", "node_limit"):
        value = getattr(args, name)
        if value is not None and value < (1 if name == "limit" else 0):
            flag = "--" + name.replace("_", "-")
            return fail(f"{flag} must be at least {1 if name == 'limit' else 0}", EXIT_USAGE)
    if args.threads != 1:
        if args.threads < 0:
            return fail("--threads must be at least 0 (0: every core)", EXIT_USAGE)
        if not args.count:
            return fail("--threads applies to --count only", EXIT_USAGE)
        if args.node_limit is not None:
            return fail(
                "--threads and --node-limit cannot be combined (a node limit "
                "shared by threads would make the count depend on timing)",
                EXIT_USAGE,
            )
    try:
        stream = open_input(args.file)
    except OSError as e:
        return fail(f"cannot read {args.file}: {e.strerror or e}", EXIT_DATAERR)
    try:
        with stream:
            problem = parse_cover(_read(stream))
        if args.count and args.threads != 1:
            return _threaded_count(args, problem, sys.stdout)
        search = problem.search_steps(engine=args.engine)
    except ExactCoverError as e:
        where = f"{args.file}:{e.line}: " if e.line is not None else f"{args.file}: "
        message = str(e)
        if e.line is not None and message.startswith(f"line {e.line}: "):
            message = message[len(f"line {e.line}: ") :]
        print(where + message, file=sys.stderr)
        return EXIT_DATAERR
    return _answer(args, problem, search, sys.stdout)


def _read(stream: TextIO) -> str:
    return stream.read()


class _Run:
    """The search, run STEP guesses at a time (the bar moves in between) up to
    ``--node-limit``: ``hit`` once that is reached."""

    def __init__(self, search: CoverSearch, node_limit: Optional[int], bar: Any) -> None:
        self.search = search
        self.node_limit = node_limit
        self.bar = bar
        self.hit = False

    def _budget(self) -> int:
        step = self.search.guesses + STEP
        return step if self.node_limit is None else min(step, self.node_limit)

    def _again(self) -> bool:
        """After a stretch: go on (the step's bound, not the user's, was reached)?"""
        self.bar.update(self.search.guesses, self.search.found)
        if not self.search.stopped:
            return False
        if self.node_limit is not None and self.search.guesses >= self.node_limit:
            self.hit = True
            return False
        return True

    def next(self) -> Optional[List[int]]:
        """The next cover (its options in order), or None."""
        while True:
            cover = self.search.next_cover(max_guesses=self._budget())
            if cover is not None:
                self.bar.update(self.search.guesses, self.search.found)
                return cover
            if not self._again():
                return None

    def count(self, upto: Optional[int]) -> None:
        """Count on, up to ``upto`` covers in all (None: every one)."""
        while upto is None or self.search.found < upto:
            left = None if upto is None else upto - self.search.found
            self.search.count(limit=left, max_guesses=self._budget())
            if not self._again():
                return


def _answer(
    args: argparse.Namespace, problem: CoverProblem, search: CoverSearch, out: TextIO
) -> int:
    limit = args.limit if (args.count or args.all) else 1
    first: Optional[List[int]] = None
    with _bar() as bar:
        run = _Run(search, args.node_limit, bar)
        first = run.next()
        if args.count:
            if first is not None:
                run.count(limit)
        else:
            cover = first
            while cover is not None:
                if not args.json:
                    if search.found > 1:
                        out.write("\n")
                    out.write("".join(problem.format_option(i) + "\n" for i in cover))
                if limit is not None and search.found >= limit:
                    break
                cover = run.next()
    stopped = f"node limit of {args.node_limit} reached" if run.hit else None
    if args.json:
        summary = {
            "count": search.found,
            "complete": search.exhausted,
            "nodes": search.nodes,
            "guesses": search.guesses,
            "first": first,
            "first_options": [problem.format_option(i) for i in first or []],
            "stopped": stopped,
        }
        out.write(json.dumps(summary) + "\n")
    elif args.count:
        out.write(f"{search.found}\n")
    if stopped is not None:
        return fail(f"{stopped} after {search.found} cover(s)", EXIT_UNSOLVED)
    if search.found == 0 and not args.json and not args.count:
        print("no cover", file=sys.stderr)
    return EXIT_OK if search.found else EXIT_UNSOLVED


def _threaded_count(args: argparse.Namespace, problem: CoverProblem, out: TextIO) -> int:
    """--count --threads K: the count split over threads (no progress bar, no node
    figures: each thread counts its own subtrees)."""
    n = problem.count(
        limit=args.limit, engine=args.engine, threads=None if args.threads == 0 else args.threads
    )
    if args.json:
        complete = args.limit is None or n < args.limit
        summary: Dict[str, Any] = {
            "count": n,
            "complete": complete,
            "nodes": None,
            "guesses": None,
            "first": None,
            "first_options": [],
            "stopped": None,
        }
        out.write(json.dumps(summary) + "\n")
    else:
        out.write(f"{n}\n")
    return EXIT_OK if n else EXIT_UNSOLVED


class _NoBar:
    def update(self, guesses: int, found: int) -> None:
        pass


class _Bar:
    def __init__(self, bar: Any) -> None:
        self.bar = bar

    def update(self, guesses: int, found: int) -> None:
        self.bar.n = guesses
        self.bar.set_postfix(covers=found, refresh=False)
        self.bar.refresh()


@contextlib.contextmanager
def _bar() -> Iterator[Any]:
    """A bar of the guesses so far (covers as its postfix) when stderr is a terminal and
    tqdm is installed; else one that draws nothing."""
    if not sys.stderr.isatty():
        yield _NoBar()
        return
    try:
        from tqdm import tqdm  # type: ignore[import-untyped]
    except ImportError:
        yield _NoBar()
        return
    bar = tqdm(unit=" guesses", unit_scale=True, file=sys.stderr, leave=False, mininterval=0.5)
    try:
        yield _Bar(bar)
    finally:
        bar.close()


__all__ = ["add_cover_arguments", "run_cover", "EPILOG"]
