"""solve, count, check, convert and bench: the commands that search each puzzle of a file.

solve and count answer one puzzle at a time (:func:`_per_line`), or in chunks through
``solve_many`` (``--threads``, :func:`_batched`); files of 81-character lines go through
``solve_many`` as whole arrays (:func:`_solve_lines81`).  The three paths give the same
bytes: the per-puzzle path is the reference, and a chunk the array path cannot take whole
goes through it.
"""

from __future__ import annotations

import argparse
import itertools
import json
import statistics
import sys
import time
from typing import Any, Counter, Dict, Iterator, List, NamedTuple, Optional, TextIO, Tuple

import numpy as np

import fastsudoku

from .. import ENGINES, ConflictError, Engine, SearchLimitError, Status, SudokuError, formats
from ..variants import Variant, to_iss, to_json
from . import variant
from .errors import EXIT_DATAERR, EXIT_OK, EXIT_UNSOLVED, EXIT_USAGE, fail, report
from .reading import (
    Item,
    add_json,
    add_node_limit,
    checked,
    item,
    items,
    located,
    progress,
    text_of,
    with_input,
)
from .writing import Writer

#: The engine of check and bench, and solve's default: the package's default engine.
DEFAULT_ENGINE: Engine = "auto"
Box = Optional[Tuple[int, int]]  # --box (rows, columns of a box), or None: inferred
CHUNK = 8192  # puzzles a batch with --threads: memory stays proportional to it
SUMMARY_OVER = 300  # puzzles above which a summary line goes to stderr unasked


class Answer(NamedTuple):
    """What the search of one puzzle gives the output: its first line in the file, the
    error that kept it from being searched (or None), the solutions found up to the limit,
    the guesses, and the first solution: in the puzzle's own form (``text``), or as the
    values of the parsed ``grid`` (to be written in another format)."""

    line: int
    error: Optional[SudokuError]
    found: int = 0
    guesses: int = 0
    text: Optional[str] = None
    grid: Optional[formats.Grid] = None
    values: Optional[bytes] = None
    limited: bool = False  # the search stopped at --node-limit


def _outcome(found: int) -> str:
    """The name of a searched puzzle's outcome in the --json summary."""
    return "no_solution" if found == 0 else "not_unique" if found >= 2 else "solved"


# --- reading and searching one puzzle ------------------------------------------------------


def _cells(grid: formats.Grid) -> np.ndarray:
    return np.frombuffer(grid.values, dtype=np.uint8)


def _repeated_givens(text: str, box: Box, alphabet: Optional[str]) -> None:
    """Raise the ConflictError of a puzzle whose givens repeat, named in the puzzle's own
    symbols (the search of its values alone names values, not symbols)."""
    fastsudoku.search(text, box=box, alphabet=alphabet)


def search_text(
    text: str,
    box: Box,
    alphabet: Optional[str],
    limit: int,
    engine: Engine,
    node_limit: Optional[int] = None,
) -> Tuple[formats.Grid, fastsudoku.SearchResult]:
    """The puzzle read once, and one search of its values: (grid, the search's result,
    whose ``solution`` is the first solution's values as an array, or None).  Raises what
    reading or checking the puzzle raises, as every public function does."""
    grid = formats.parse(text, box, alphabet)
    try:
        return grid, fastsudoku.search(
            _cells(grid), box=(grid.r, grid.c), limit=limit, engine=engine, node_limit=node_limit
        )
    except ConflictError:
        _repeated_givens(text, box, alphabet)
        raise


def given_grid(text: str, box: Box, alphabet: Optional[str]) -> formats.Grid:
    """The puzzle read, and its givens checked (ConflictError when they repeat): a search
    that may not guess finds that, without solving the puzzle."""
    grid = formats.parse(text, box, alphabet)
    try:
        fastsudoku.search(_cells(grid), box=(grid.r, grid.c), node_limit=0)
    except SearchLimitError:
        pass
    except ConflictError:
        _repeated_givens(text, box, alphabet)
        raise
    return grid


def _first(result: fastsudoku.SearchResult) -> Optional[bytes]:
    return None if result.solution is None else result.solution.tobytes()


# --- solve and count -----------------------------------------------------------------------


def add_solve_options(s: argparse.ArgumentParser, name: str) -> None:
    s.add_argument(
        "--output-format",
        default=None,
        choices=formats.FORMATS,
        help="write solutions in this format (default: the puzzle's own form)",
    )
    s.add_argument("--engine", default=DEFAULT_ENGINE, choices=ENGINES)
    s.add_argument(
        "--limit",
        type=int,
        default=2 if name == "count" else 1,
        help="stop counting at this many solutions",
    )
    s.add_argument(
        "--unique",
        action="store_true",
        help="exit 1 if some puzzle does not have exactly one solution",
    )
    add_node_limit(s)
    s.add_argument(
        "--stats", action="store_true", help="print puzzles/s and guesses/puzzle on stderr"
    )
    add_json(s)
    s.add_argument(
        "--threads",
        type=int,
        default=None,
        help="solve in batches of 8,192 puzzles on this many threads",
    )


def add_solve_arguments(s: argparse.ArgumentParser) -> None:
    add_solve_options(s, "solve")


def add_count_arguments(s: argparse.ArgumentParser) -> None:
    add_solve_options(s, "count")


def _solve_usage(args: argparse.Namespace) -> Optional[str]:
    if args.limit < 1:
        return "--limit must be at least 1"
    if args.threads is not None and args.threads < 1:
        return "--threads must be at least 1"
    return None


def run_solve(args: argparse.Namespace) -> int:
    """solve and count (``args.command`` tells which)."""
    return with_input(args, _solve, _solve_usage)


def _solve(args: argparse.Namespace, stream: TextIO) -> int:
    limit = max(args.limit, 2) if args.unique else args.limit
    start = time.perf_counter()
    tally: Counter[str] = Counter()
    with progress(stream) as source:
        kind, numbered = variant.detect(formats.lines(source), args.format)
        if kind in variant.VARIANT_FORMATS:
            problem = variant.usage(args)
            if problem is not None:
                return fail(problem, EXIT_USAGE)
            answers = _variant_answers(
                variant.items(numbered), kind, limit, args.threads, args.node_limit
            )
            out = Writer(sys.stdout, None, grid_like=False)
            status, count, guesses = _emit(args, out, answers, limit, EXIT_OK, tally)
            _print_stats(args, count, guesses, start, tally)
            return status
        args.format, numbered = formats.detect_lines(numbered, kind)
        out = Writer(
            sys.stdout,
            args.output_format if args.command == "solve" else None,
            grid_like=args.format in ("grid", "sdk") and args.command == "solve",
        )
        stats = None
        if (
            args.format == "line"
            and args.engine == DEFAULT_ENGINE
            and args.box in (None, (3, 3))
            and args.alphabet is None
            and args.output_format in (None, "line")
        ):
            stats = _solve_lines81(args, numbered, limit, out, tally)
        if stats is not None:
            status, count, guesses = stats
        else:
            puzzles = items(numbered, args.format)
            # One public search a puzzle when the answer is written in the puzzle's own
            # form; the values of chunks of puzzles through solve_many otherwise (the same
            # answers: the per-puzzle path is the reference).
            own_form = args.command == "count" or args.output_format is None
            answers = (
                _per_line(puzzles, args, limit)
                if args.threads is None and own_form
                else _batched(puzzles, args, limit, args.threads or 1)
            )
            status, count, guesses = _emit(args, out, answers, limit, EXIT_OK, tally)
    _print_stats(args, count, guesses, start, tally)
    return status


def _variant_answers(
    puzzles: Iterator[variant.Item],
    kind: str,
    limit: int,
    threads: Optional[int],
    node_limit: Optional[int] = None,
) -> Iterator[Answer]:
    """Each variant puzzle line searched: one search a line, or (``--threads``) chunks of
    them through solve_many, a thread a puzzle (the same answers)."""
    if threads is None:
        for number, text in puzzles:
            try:
                result = fastsudoku.search(
                    variant.puzzle(text, kind), limit=limit, node_limit=node_limit
                )
                yield Answer(number, None, result.count, result.guesses, result.solution)
            except SearchLimitError as e:
                yield Answer(number, None, e.found, e.guesses, limited=True)
            except SudokuError as e:
                yield Answer(number, located(e, number))
        return
    while True:
        chunk = list(itertools.islice(puzzles, CHUNK))
        if not chunk:
            return
        parsed: List[Any] = []
        for number, text in chunk:
            try:
                parsed.append(variant.puzzle(text, kind))
            except SudokuError as e:
                parsed.append(located(e, number))
        good = [p for p in parsed if not isinstance(p, SudokuError)]
        batch = (
            fastsudoku.solve_many(good, limit=limit, threads=threads, node_limit=node_limit)
            if good
            else None
        )
        k = 0
        for (number, _), one in zip(chunk, parsed):
            if isinstance(one, SudokuError):
                yield Answer(number, one)
                continue
            assert batch is not None
            count = int(batch.counts[k])
            text = batch.solutions[k] if count else None
            limited = int(batch.status[k]) == Status.NODE_LIMIT
            yield Answer(number, None, count, int(batch.guesses[k]), text, limited=limited)
            k += 1


def _per_line(puzzles: Iterator[Item], args: argparse.Namespace, limit: int) -> Iterator[Answer]:
    """One search a puzzle: of its text when the solution is written in the puzzle's own
    form (or not at all: count), else of its values (written in --output-format)."""
    own_form = args.command == "count" or args.output_format is None
    for number, text in puzzles:
        try:
            if own_form:
                result = fastsudoku.search(
                    checked(text),
                    box=args.box,
                    alphabet=args.alphabet,
                    limit=limit,
                    engine=args.engine,
                    node_limit=args.node_limit,
                )
                yield Answer(number, None, result.count, result.guesses, result.solution)
            else:
                grid, result = search_text(
                    checked(text), args.box, args.alphabet, limit, args.engine, args.node_limit
                )
                yield Answer(number, None, result.count, result.guesses, None, grid, _first(result))
        except SearchLimitError as e:
            yield Answer(number, None, e.found, e.guesses, limited=True)
        except SudokuError as e:
            yield Answer(number, located(e, number))


def _batched(
    puzzles: Iterator[Item], args: argparse.Namespace, limit: int, threads: int
) -> Iterator[Answer]:
    """The same answers as _per_line, CHUNK puzzles at a time through solve_many."""
    chunk: List[Item] = []
    for one in puzzles:
        chunk.append(one)
        if len(chunk) == CHUNK:
            yield from _solve_chunk(chunk, args, limit, threads)
            chunk = []
    if chunk:
        yield from _solve_chunk(chunk, args, limit, threads)


def _solve_chunk(
    chunk: List[Item], args: argparse.Namespace, limit: int, threads: int
) -> Iterator[Answer]:
    parsed: List[Any] = []
    for _, text in chunk:
        try:
            parsed.append(formats.parse(checked(text), args.box, args.alphabet))
        except SudokuError as e:
            parsed.append(e)
    groups: Dict[Tuple[int, int], List[int]] = {}
    for i, grid in enumerate(parsed):
        if isinstance(grid, formats.Grid):
            groups.setdefault((grid.r, grid.c), []).append(i)
    found: Dict[int, Tuple[int, int, Any, int]] = {}
    for (r, c), where in groups.items():
        values = np.frombuffer(b"".join(parsed[i].values for i in where), dtype=np.uint8)
        result = fastsudoku.solve_many(
            values.reshape(len(where), -1),
            limit=limit,
            box=(r, c),
            threads=threads,
            engine=args.engine,
            node_limit=args.node_limit,
        )
        for k, i in enumerate(where):
            found[i] = (
                int(result.status[k]),
                int(result.counts[k]),
                result.solutions[k],
                int(result.guesses[k]),
            )
    for i, (number, text) in enumerate(chunk):
        grid = parsed[i]
        if not isinstance(grid, formats.Grid):
            yield Answer(number, located(grid, number))
            continue
        status, count, solution, spent = found[i]
        if status == Status.INVALID:
            # Givens that repeat: let the per-puzzle path name them.
            yield next(_per_line(iter([(number, text)]), args, limit))
            continue
        if status == Status.NODE_LIMIT:
            yield Answer(number, None, count, spent, limited=True)
            continue
        yield Answer(number, None, count, spent, None, grid, solution.tobytes() if count else None)


def _emit(
    args: argparse.Namespace,
    out: Writer,
    answers: Iterator[Answer],
    limit: int,
    status: int,
    tally: Counter[str],
) -> Tuple[int, int, int]:
    """Write the answers in order, each outcome counted in ``tally``; (exit status, puzzles
    answered, guesses)."""
    count = guesses = 0
    for answer in answers:
        found = answer.found
        if answer.error is not None:
            report(args, answer.line, answer.error)
            out.line(f"error: {answer.error}")
            status = EXIT_DATAERR
            tally["error"] += 1
            continue
        count += 1
        guesses += answer.guesses
        if answer.limited:
            print(
                f"{args.file}:{answer.line}: node limit of {args.node_limit} reached after "
                f"{found} solution(s)",
                file=sys.stderr,
            )
            out.line("limit")
            tally["limit"] += 1
            if status == EXIT_OK:
                status = EXIT_UNSOLVED
            continue
        outcome = _outcome(found)
        tally[outcome] += 1
        if args.command == "count":
            out.line(f"{found}{'+' if found >= limit else ''}")
        elif found and answer.text is not None:
            out.own_form(answer.text)
        elif found and answer.grid is not None and answer.values is not None:
            out.grid(answer.grid, answer.values, answer.grid.values)
        else:
            out.line("no solution")
        if status == EXIT_OK and (found == 0 or (args.unique and found != 1)):
            status = EXIT_UNSOLVED
    return status, count, guesses


def _print_stats(
    args: argparse.Namespace, count: int, guesses: int, start: float, tally: Counter[str]
) -> None:
    elapsed = time.perf_counter() - start
    if args.json:
        summary = {"command": args.command, "puzzles": sum(tally.values())}
        for outcome in ("solved", "not_unique", "no_solution", "limit", "error"):
            summary[outcome] = tally[outcome]
        summary.update(seconds=round(elapsed, 6), guesses=guesses)
        print(json.dumps(summary), file=sys.stderr)
    elif (args.stats or count > SUMMARY_OVER) and count:
        print(
            f"{count} puzzles in {elapsed:.3f} s: {count / elapsed:,.0f} puzzles/s, "
            f"{guesses / count:.1f} guesses/puzzle",
            file=sys.stderr,
        )


def _solve_lines81(
    args: argparse.Namespace,
    numbered: Iterator[formats.Line],
    limit: int,
    out: Writer,
    tally: Counter[str],
) -> Optional[Tuple[int, int, int]]:
    """The common case at array speed: chunks of 81-character lines, converted, solved and
    written as whole arrays.  A chunk holding anything else (a bad line, another size, a
    line too long to read) goes through the general path, so every answer and message is
    the same as there.  Returns (exit status, puzzles, guesses)."""
    status, count, guesses = EXIT_OK, 0, 0
    threads = args.threads or 1
    chunk: List[Item] = []

    def flush() -> None:
        nonlocal status, count, guesses
        texts = [t for _, t in chunk]
        values = formats.lines81_values(texts)
        if values is not None and not (values == 255).any():
            result = fastsudoku.solve_many(
                values, limit=limit, threads=threads, node_limit=args.node_limit
            )
            # A chunk with bad givens or a search stopped at --node-limit goes the general
            # way (which names them); the rest, written here, answers as that would.
            if not np.isin(result.status, (Status.INVALID, Status.NODE_LIMIT)).any():
                count += len(texts)
                guesses += int(result.guesses.sum())
                found = result.counts
                for outcome, k in (
                    ("no_solution", int((found == 0).sum())),
                    ("solved", int((found == 1).sum())),
                    ("not_unique", int((found >= 2).sum())),
                ):
                    tally[outcome] += k
                if args.command == "count":
                    lines = [f"{k}{'+' if k >= limit else ''}" for k in found.tolist()]
                else:
                    digits = (result.solutions + 48).tobytes().decode("ascii")
                    lines = [
                        digits[81 * i : 81 * i + 81] if k else "no solution"
                        for i, k in enumerate(found.tolist())
                    ]
                out.out.write("\n".join(lines) + "\n")
                if status == EXIT_OK and (
                    (found == 0).any() or (args.unique and (found != 1).any())
                ):
                    status = EXIT_UNSOLVED
                return
        status, done, spent = _emit(
            args, out, _per_line(iter(chunk), args, limit), limit, status, tally
        )
        count += done
        guesses += spent

    for record in formats.read_numbered(numbered, "line"):
        chunk.append(item(record))
        if len(chunk) == CHUNK:
            flush()
            chunk = []
    if chunk:
        flush()
    return status, count, guesses


# --- check ---------------------------------------------------------------------------------

#: check's word for each outcome of a search for two solutions.
VERDICTS = {Status.SOLVED: "ok", Status.NO_SOLUTION: "no solution", Status.NOT_UNIQUE: "not unique"}


def add_check_arguments(s: argparse.ArgumentParser) -> None:
    add_node_limit(s)
    add_json(s, "puzzles, how many of each verdict, seconds")


def run_check(args: argparse.Namespace) -> int:
    return with_input(args, _check)


def _check(args: argparse.Namespace, stream: TextIO) -> int:
    """One line a puzzle: ok, no solution, not unique, wrong solution, or error."""
    kind, numbered = variant.detect(formats.lines(stream), args.format)
    if kind in variant.VARIANT_FORMATS:
        problem = variant.usage(args)
        if problem is not None:
            return fail(problem, EXIT_USAGE)
        return _check_variants(args, variant.items(numbered), kind)
    status = EXIT_OK
    counts: Dict[str, int] = {}
    start = time.perf_counter()
    kind, numbered = formats.detect_lines(numbered, kind)
    for record in formats.read_numbered(numbered, kind):
        try:
            if record.solution:  # to be compared with the first solution found
                grid, result = search_text(
                    text_of(record), args.box, args.alphabet, 2, DEFAULT_ENGINE, args.node_limit
                )
            else:
                result = fastsudoku.search(
                    text_of(record),
                    box=args.box,
                    alphabet=args.alphabet,
                    limit=2,
                    engine=DEFAULT_ENGINE,
                    node_limit=args.node_limit,
                )
            outcome = (
                Status.NO_SOLUTION
                if result.count == 0
                else Status.SOLVED
                if result.count == 1
                else Status.NOT_UNIQUE
            )
            verdict = VERDICTS[outcome]
            if record.solution and outcome != Status.NO_SOLUTION:
                given = formats.parse(record.solution, args.box, args.alphabet)
                if not _solves(grid, given.values) or (
                    outcome == Status.SOLVED and given.values != _first(result)
                ):
                    verdict = "wrong solution"
        except SearchLimitError:
            verdict = "limit"
        except SudokuError as e:
            report(args, record.line, located(e, record.line))
            verdict = f"error: {e}"
            status = EXIT_DATAERR
        status = _verdict(args, record.line, verdict, status, counts)
    return _check_summary(args, counts, status, start)


def _verdict(
    args: argparse.Namespace, number: int, verdict: str, status: int, counts: Dict[str, int]
) -> int:
    """Write one puzzle's verdict (stdout; stderr too unless ok), count it; the exit
    status so far."""
    if verdict != "ok":
        print(f"{args.file}:{number}: {verdict}", file=sys.stderr)
        if status == EXIT_OK:
            status = EXIT_UNSOLVED
    counts[verdict.split(":")[0]] = counts.get(verdict.split(":")[0], 0) + 1
    sys.stdout.write(verdict + "\n")
    return status


def _check_summary(
    args: argparse.Namespace, counts: Dict[str, int], status: int, start: float
) -> int:
    """The verdicts counted, on stderr: one line, or (--json) one JSON object."""
    if args.json:
        summary: Dict[str, Any] = {"command": "check", "puzzles": sum(counts.values())}
        for verdict in ("ok", "not unique", "no solution", "wrong solution", "limit", "error"):
            summary[verdict.replace(" ", "_")] = counts.get(verdict, 0)
        summary["seconds"] = round(time.perf_counter() - start, 6)
        print(json.dumps(summary), file=sys.stderr)
        return status
    summary_text = ", ".join(f"{v} {k}" for k, v in sorted(counts.items()))
    print(f"{sum(counts.values())} puzzles: {summary_text or 'none'}", file=sys.stderr)
    return status


def _check_variants(args: argparse.Namespace, puzzles: Iterator[variant.Item], kind: str) -> int:
    """check for variant lines: ok, no solution, not unique, or error."""
    status = EXIT_OK
    counts: Dict[str, int] = {}
    start = time.perf_counter()
    for number, text in puzzles:
        try:
            found = fastsudoku.search(
                variant.puzzle(text, kind), limit=2, node_limit=args.node_limit
            ).count
            verdict = "no solution" if found == 0 else "ok" if found == 1 else "not unique"
        except SearchLimitError:
            verdict = "limit"
        except SudokuError as e:
            report(args, number, located(e, number))
            verdict = f"error: {e}"
            status = EXIT_DATAERR
        status = _verdict(args, number, verdict, status, counts)
    return _check_summary(args, counts, status, start)


def _solves(grid: formats.Grid, values: bytes) -> bool:
    """values is a full grid that keeps the givens and breaks no rule."""
    if len(values) != len(grid.values) or 0 in values:
        return False
    if any(g and g != v for g, v in zip(grid.values, values)):
        return False
    try:  # a full grid whose values repeat in no unit is a solution
        fastsudoku.search(np.frombuffer(values, dtype=np.uint8), box=(grid.r, grid.c))
    except ConflictError:
        return False
    return True


# --- convert -------------------------------------------------------------------------------


def add_convert_arguments(s: argparse.ArgumentParser) -> None:
    s.add_argument(
        "--to",
        "--output-format",
        dest="to",
        required=True,
        choices=(*formats.FORMATS, "iss", "json"),
    )


def run_convert(args: argparse.Namespace) -> int:
    return with_input(args, _convert)


def _convert(args: argparse.Namespace, stream: TextIO) -> int:
    kind, numbered = variant.detect(formats.lines(stream), args.format)
    if kind in variant.VARIANT_FORMATS or args.to in variant.VARIANT_FORMATS:
        return _convert_variants(args, numbered, kind)
    status = EXIT_OK
    out = Writer(sys.stdout, args.to, grid_like=False)
    kind, numbered = formats.detect_lines(numbered, kind)
    for record in formats.read_numbered(numbered, kind):
        try:
            grid = formats.parse(text_of(record), args.box, args.alphabet)
            solution = (
                formats.parse(record.solution, args.box, args.alphabet).values
                if record.solution
                else None
            )
        except SudokuError as e:
            report(args, record.line, located(e, record.line))
            out.line(f"error: {e}")
            status = EXIT_DATAERR
            continue
        if args.to == "csv" and solution:
            out.grid(grid, solution, grid.values)  # puzzle,solution
        else:
            out.grid(grid, grid.values)  # csv: an empty solution column
    return status


def _convert_variants(args: argparse.Namespace, numbered: Iterator[formats.Line], kind: str) -> int:
    """Variant lines to the other variant form (or the same, normalised), and classic
    puzzles to a variant form (their givens, no constraints); one line a puzzle."""
    if args.to not in ("iss", "json"):
        return fail(f"--to {args.to}: variant puzzles are written as iss or json", EXIT_USAGE)
    if kind in variant.VARIANT_FORMATS and variant.usage(args) is not None:
        return fail(str(variant.usage(args)), EXIT_USAGE)
    write = to_iss if args.to == "iss" else to_json
    puzzles: Iterator[Tuple[int, Any]]
    if kind in variant.VARIANT_FORMATS:
        puzzles = variant.items(numbered)
    else:
        kind, numbered = formats.detect_lines(numbered, kind)
        puzzles = (item(record) for record in formats.read_numbered(numbered, kind))
    status = EXIT_OK
    for number, text in puzzles:
        try:
            if kind in variant.VARIANT_FORMATS:
                one = variant.puzzle(text, kind)
            else:
                one = Variant(
                    checked(text),
                    box="auto" if args.box is None else args.box,
                    alphabet=args.alphabet,
                )
            line = write(one)
        except SudokuError as e:
            report(args, number, located(e, number))
            line = f"error: {e}"
            status = EXIT_DATAERR
        sys.stdout.write(line + "\n")
    return status


# --- bench ---------------------------------------------------------------------------------


def add_bench_arguments(s: argparse.ArgumentParser) -> None:
    s.add_argument(
        "--json",
        action="store_true",
        help="print the figures as one JSON object on stdout instead of the table",
    )
    s.add_argument("--limit", type=int, default=1, help="1 solve, 2 uniqueness check")
    s.add_argument("--threads", type=int, default=None, help="default: every core")
    s.add_argument("--repeat", type=int, default=3)


def run_bench(args: argparse.Namespace) -> int:
    return with_input(args, _bench)


def _bench(args: argparse.Namespace, stream: TextIO) -> int:
    """puzzles/s of one search call a puzzle (``fastsudoku.search`` of its text) and of
    solve_many on 1 and K threads (medians)."""
    grids, texts = [], []
    for record in formats.read(stream, args.format):
        try:
            texts.append(text_of(record))
            grids.append(given_grid(texts[-1], args.box, args.alphabet))
        except SudokuError as e:
            report(args, record.line, located(e, record.line))
            return EXIT_DATAERR
    shapes = {(g.r, g.c) for g in grids}
    if len(shapes) != 1 or args.limit < 1 or args.repeat < 1:
        return fail("bench needs puzzles of one size, --limit and --repeat >= 1", EXIT_USAGE)
    ((r, c),) = shapes
    values = np.frombuffer(b"".join(g.values for g in grids), dtype=np.uint8)
    values = values.reshape(len(grids), -1)
    # The threads solve_many runs on: as asked (default every core), at most the cores and
    # one a puzzle.
    cores = fastsudoku.cores()
    threads = max(1, min(args.threads or cores, cores, len(values)))

    def median(fn: Any) -> float:
        times = []
        for _ in range(args.repeat):
            start = time.perf_counter()
            fn()
            times.append(time.perf_counter() - start)
        return statistics.median(times)

    per_call = median(
        lambda: [
            fastsudoku.search(t, box=args.box, alphabet=args.alphabet, limit=args.limit)
            for t in texts
        ]
    )
    one = median(lambda: fastsudoku.solve_many(values, limit=args.limit, threads=1))
    many = median(lambda: fastsudoku.solve_many(values, limit=args.limit, threads=threads))
    n = len(grids)
    if args.json:
        print(
            json.dumps(
                {
                    "command": "bench",
                    "puzzles": n,
                    "side": r * c,
                    "limit": args.limit,
                    "repeat": args.repeat,
                    "one_call_per_s": n / per_call,
                    "solve_many_1_thread_per_s": n / one,
                    "threads": threads,
                    "solve_many_per_s": n / many,
                }
            )
        )
        return EXIT_OK
    print(f"{n} puzzles ({r * c}x{r * c}), limit {args.limit}, median of {args.repeat}:")
    print(f"  one call a puzzle   {n / per_call:>12,.0f} puzzles/s")
    print(f"  solve_many, 1 thread{n / one:>12,.0f} puzzles/s")
    print(f"  solve_many, {threads} threads{n / many:>11,.0f} puzzles/s")
    return EXIT_OK


__all__ = [
    "DEFAULT_ENGINE",
    "Box",
    "CHUNK",
    "SUMMARY_OVER",
    "Answer",
    "search_text",
    "given_grid",
    "add_solve_options",
    "add_solve_arguments",
    "add_count_arguments",
    "run_solve",
    "VERDICTS",
    "add_check_arguments",
    "run_check",
    "add_convert_arguments",
    "run_convert",
    "add_bench_arguments",
    "run_bench",
]
