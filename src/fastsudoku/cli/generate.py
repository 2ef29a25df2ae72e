"""generate and rate: making unique puzzles, and grading the puzzles of a file."""

from __future__ import annotations

import argparse
import math
import sys
from typing import Any, Callable, Dict, List, TextIO

import fastsudoku

from .. import GenerationError, SudokuError, formats, variants
from .errors import EXIT_DATAERR, EXIT_OK, EXIT_UNSOLVED, EXIT_USAGE, fail, report
from .reading import add_box, located, text_of, with_input


def add_generate_arguments(s: argparse.ArgumentParser) -> None:
    s.add_argument("--size", type=int, default=None)
    add_box(s, "box shape RxC (e.g. 2x3)")
    s.add_argument("--count", type=int, default=1)
    s.add_argument("--clues", default=None, help="N or LOW-HIGH givens")
    s.add_argument("--symmetry", default=None, choices=["rot180", "rot90", "mirror", "diagonal"])
    s.add_argument("--minimal", action="store_true")
    s.add_argument(
        "--difficulty", default=None, choices=["simple", "easy", "intermediate", "expert"]
    )
    s.add_argument(
        "--se", default=None, help="LOW-HIGH: Sudoku Explainer's rating (ER) of each puzzle"
    )
    s.add_argument(
        "--technique", default=None, help="the hardest step's technique (fastsudoku.TECHNIQUES)"
    )
    s.add_argument("--seed", type=int, default=None)
    s.add_argument("--threads", type=int, default=1)
    s.add_argument("--solutions", action="store_true", help="print 'puzzle solution' lines")
    s.add_argument(
        "--variant",
        default=None,
        choices=sorted(VARIANTS),
        help="a variant puzzle a line (--to iss or json): killer cages from the grid, or "
        "givens under the named rule",
    )
    s.add_argument("--to", default="iss", choices=["iss", "json"], help="variant lines' form")


def _windows(n: int) -> List[Any]:
    """Windoku's four extra 3x3 windows (9x9 only)."""
    if n != 9:
        raise ValueError("--variant windoku: 9x9 only (four extra 3x3 windows)")
    return [
        variants.Region([(r, c) for r in range(r0, r0 + 3) for c in range(c0, c0 + 3)])
        for r0 in (1, 5)
        for c0 in (1, 5)
    ]


#: --variant: the rules each kind puts on a grid of side n (a jigsaw's are its regions, a
#: killer's its cages, both made apart).
VARIANTS: Dict[str, Callable[[int], List[Any]]] = {
    "anti-knight": lambda n: [variants.AntiKnight()],
    "anti-king": lambda n: [variants.AntiKing()],
    "non-consecutive": lambda n: [variants.NonConsecutive()],
    "x": lambda n: [variants.Diagonals()],
    "windoku": _windows,
    "jigsaw": lambda n: [],
    "killer": lambda n: [],
}


def _variant_template(kind: str, n: int, box: Any, seed: Any) -> Any:
    if kind == "jigsaw":
        return variants.Variant("." * (n * n), regions=variants.jigsaw_layout(n, seed=seed))
    rules = VARIANTS[kind](n)
    if box is None:  # the most square boxes of the side (none for a prime side)
        box = next(((r, n // r) for r in range(math.isqrt(n), 1, -1) if n % r == 0), None)
    return variants.Variant("." * (n * n), box=box, constraints=rules)


def _run_variant(args: argparse.Namespace) -> int:
    for option, value in (("--clues", args.clues), ("--symmetry", args.symmetry),
                          ("--difficulty", args.difficulty), ("--se", args.se),
                          ("--technique", args.technique)):  # fmt: skip
        if value:
            return fail(f"{option} is for classic puzzles, not --variant", EXIT_USAGE)
    if args.box is not None:
        n = args.box[0] * args.box[1]
        if args.size not in (None, n):
            return fail(f"--size {args.size} and --box disagree", EXIT_USAGE)
    else:
        n = 9 if args.size is None else args.size
    if not 1 <= n <= 36:
        return fail(f"--size {n}: variant puzzles are generated up to 36x36", EXIT_USAGE)
    write = variants.to_iss if args.to == "iss" else variants.to_json
    try:
        if args.variant == "killer":
            template = None
            if args.box is not None:
                template = variants.Variant("." * (n * n), box=args.box)
            made = variants.killer(n, count=args.count, seed=args.seed, template=template)
        else:
            template = _variant_template(args.variant, n, args.box, args.seed)
            made = variants.generate(template, count=args.count, seed=args.seed)
        lines = [write(p) for p in made]
    except GenerationError as e:
        return fail(str(e), EXIT_UNSOLVED)
    except (ValueError, TypeError) as e:  # an option refused (a shape, a count)
        return fail(str(e), EXIT_USAGE)
    for line, p in zip(lines, made):
        sys.stdout.write(line + (f" {fastsudoku.solve(p)}" if args.solutions else "") + "\n")
    return EXIT_OK


def run_generate(args: argparse.Namespace) -> int:
    """Exit 0 the puzzles written; 1 they cannot be made (too few clues asked for ...);
    2 an option generate() refuses."""
    if args.variant is not None:
        return _run_variant(args)
    clues: Any = None
    if args.clues:
        try:
            parts = [int(x) for x in args.clues.split("-")]
            clues = parts[0] if len(parts) == 1 else (parts[0], parts[1])
        except (ValueError, IndexError):
            return fail(f"--clues must be N or LOW-HIGH, got {args.clues!r}", EXIT_USAGE)
    se: Any = None
    if args.se:
        try:
            low, high = (float(x) for x in args.se.split("-"))
            se = (low, high)
        except ValueError:
            return fail(f"--se must be LOW-HIGH (e.g. 6.0-7.5), got {args.se!r}", EXIT_USAGE)
    try:
        made = fastsudoku.generate(
            args.size,
            box=args.box,
            count=args.count,
            clues=clues,
            difficulty=args.difficulty,
            symmetry=args.symmetry,
            minimal=args.minimal,
            seed=args.seed,
            threads=args.threads,
            se=se,
            technique=args.technique,
        )
    except GenerationError as e:
        return fail(str(e), EXIT_UNSOLVED)
    except (ValueError, TypeError) as e:  # an option generate() refuses
        return fail(str(e), EXIT_USAGE)
    for p in made:
        sys.stdout.write(p.puzzle + (f" {p.solution}" if args.solutions else "") + "\n")
    return EXIT_OK


def add_rate_arguments(s: argparse.ArgumentParser) -> None:
    s.add_argument(
        "--explain",
        action="store_true",
        help="after each puzzle's line, its steps (difficulty, technique, sentence)",
    )
    s.add_argument(
        "--nesting",
        type=int,
        choices=range(fastsudoku.MAX_NESTING + 1),
        default=fastsudoku.MAX_NESTING,
        metavar="0-4",
        help="deepest of Sudoku Explainer's nested chain levels to use (default: "
        "%(default)s, all; 1 stops at 9.x, each level past it can take 100x longer)",
    )


def run_rate(args: argparse.Namespace) -> int:
    return with_input(args, _rate)


def _rate(args: argparse.Namespace, stream: TextIO) -> int:
    """One line a puzzle: its tier (or its status when it has none), Sudoku Explainer's
    ER/EP/ED and hardest technique when known, effort, techniques; --explain: the steps."""
    status = EXIT_OK
    for record in formats.read(stream, args.format):
        try:
            r = fastsudoku.rate(
                text_of(record), box=args.box, alphabet=args.alphabet, nesting=args.nesting
            )
        except SudokuError as e:
            report(args, record.line, located(e, record.line))
            sys.stdout.write(f"error: {e}\n")
            status = EXIT_DATAERR
            continue
        used = " ".join(f"{k}={v}" for k, v in r.techniques.items())
        se = f"se={r.se:.1f}/{r.se_pearl:.1f}/{r.se_diamond:.1f} " if r.se is not None else ""
        hardest = f"hardest={r.hardest} " if r.hardest else ""
        sys.stdout.write(
            f"{r.tier or r.status.label} {se}{hardest}"
            f"effort={r.effort:.1f}\u00b1{r.effort_noise:.1f}" + (f" {used}" if used else "") + "\n"
        )
        if args.explain and r.tier is not None:
            for step in fastsudoku.steps(
                text_of(record), box=args.box, alphabet=args.alphabet, nesting=args.nesting
            ):
                sys.stdout.write(f"  {step.difficulty:.1f} {step.technique}: {step.text}\n")
    return status


__all__ = [
    "add_generate_arguments",
    "VARIANTS",
    "run_generate",
    "add_rate_arguments",
    "run_rate",
]
