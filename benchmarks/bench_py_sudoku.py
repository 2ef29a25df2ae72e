"""py-sudoku's ``Sudoku(...).solve()`` against fastsudoku.compat.py_sudoku's, side by side.

    python benchmarks/bench_py_sudoku.py                # every set, 3 passes of ours, cap 60 s
    python benchmarks/bench_py_sudoku.py --smoke        # a few puzzles a set, fast
    python benchmarks/bench_py_sudoku.py --hard 100 --repeat 3 --cap 60 \\
        --out benchmarks/results/bench_py_sudoku.csv

The original is ``pip install py-sudoku==2.0.0`` (import name ``sudoku``); without it, only
ours runs.  Sets (every puzzle given to both as the same board, ``None`` for empty):

* ``hard_9x9``: the first ``--hard`` (100) puzzles of
  ../shared/data/puzzles3_magictour_top1465 (hard 9x9 puzzles, one solution each);
* ``gen_6x6_box3w2h`` / ``gen_6x6_box2w3h``: 200 6x6 puzzles each of boxes 3 wide and
  2 tall (py-sudoku's ``Sudoku(3, 2)``) / 2 wide and 3 tall (``Sudoku(2, 3)``), made by
  ``fastsudoku.generate(box=(2, 3) or (3, 2), seed=1)``: one solution, dug as far as the
  random order allows;
* ``gen_12x12_box4w3h`` / ``gen_12x12_box3w4h``: 20 12x12 puzzles each (``Sudoku(4, 3)``
  / ``Sudoku(3, 4)``), ``fastsudoku.generate(box=(3, 4) or (4, 3), seed=1)``;
* ``own_9x9_d0.5``: 100 puzzles of py-sudoku's own generator,
  ``Sudoku(3, seed=i).difficulty(0.5)`` for i in 0..99, made by the original when it is
  installed (else by ours): 40 empty cells, sometimes several solutions.

Timing: the CPU time (``time.process_time``) of ``Sudoku(width, height, board=board)
.solve()`` per puzzle, the constructor included, as a user calls it.  Ours: each
puzzle's median over ``--repeat`` passes over the set, after one untimed warm-up pass.
The original: one pass (it is three to five orders of magnitude slower), stopped once it
has spent ``--cap`` CPU seconds on a set: ``run`` says how many puzzles it reached, and
every ratio compares the two tools on those puzzles only (ours' own figures are over the
whole set).  Figures: median µs per puzzle, puzzles per second (puzzles / the sum of
their times), ``ratio_median`` and ``ratio_rate`` (the original's over ours: how many
times faster ours is).

The answers are checked: on the sets of one solution, both tools' solutions must equal the
known one (the magictour puzzles: fastsudoku.solve's); on ``own_9x9_d0.5``, ours must be a
valid grid keeping the givens and the original's must agree with ours where the puzzle
has one solution.  Results go to ``--out`` (benchmarks/results/bench_py_sudoku.csv) with
``# machine:`` and ``# command:`` lines on top.
"""

from __future__ import annotations

import argparse
import csv
import statistics
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent / "src"))

import fastsudoku as fs  # noqa: E402
from common import machine, read_puzzles  # noqa: E402
from fastsudoku.compat.py_sudoku import Sudoku as Ours  # noqa: E402

DATA = HERE.parent.parent / "shared" / "data"
SYMBOLS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def board_of(line: str, n: int) -> list:
    """A py-sudoku board from a puzzle line ('.' or '0' empty; 1-9 then A-Z)."""
    return [
        [None if ch in ".0" else SYMBOLS.index(ch) + 1 for ch in line[r * n : (r + 1) * n]]
        for r in range(n)
    ]


def valid(board: list, solution: list, width: int, height: int) -> bool:
    """A full grid of 1..N, each row, column and box holding every value, keeping the
    givens of board."""
    n = width * height
    everything = set(range(1, n + 1))
    if any(g is not None and g != s for br, sr in zip(board, solution) for g, s in zip(br, sr)):
        return False
    rows = [set(row) for row in solution]
    cols = [{solution[r][c] for r in range(n)} for c in range(n)]
    boxes = [
        {solution[top + i][left + j] for i in range(height) for j in range(width)}
        for top in range(0, n, height)
        for left in range(0, n, width)
    ]
    return all(group == everything for group in rows + cols + boxes)


def load_sets(args, original) -> list:
    """(name, width, height, boards, known solutions or None)."""
    smoke = args.smoke
    sets = []
    hard = read_puzzles(DATA / "puzzles3_magictour_top1465", 5 if smoke else args.hard)
    sets.append(
        (
            "hard_9x9",
            3,
            3,
            [board_of(p, 9) for p in hard],
            [board_of(fs.solve(p), 9) for p in hard],
        )
    )
    for name, width, height, count in [
        ("gen_6x6_box3w2h", 3, 2, 200),
        ("gen_6x6_box2w3h", 2, 3, 200),
        ("gen_12x12_box4w3h", 4, 3, 20),
        ("gen_12x12_box3w4h", 3, 4, 20),
    ]:
        n = width * height
        made = fs.generate(box=(height, width), count=3 if smoke else count, seed=1)
        sets.append(
            (
                name,
                width,
                height,
                [board_of(g.puzzle, n) for g in made],
                [board_of(g.solution, n) for g in made],
            )
        )
    maker = original.Sudoku if original is not None else Ours
    own = [maker(3, seed=i).difficulty(0.5).board for i in range(5 if smoke else 100)]
    sets.append(("own_9x9_d0.5", 3, 3, own, None))
    return sets


def timed(cls, width, height, boards, passes, cap):
    """Per puzzle: the median CPU seconds of cls(width, height, board=b).solve() over
    `passes` timed passes (one untimed warm-up pass first when passes > 1), and the
    solution; a single pass stops after `cap` seconds (the puzzles not reached: None)."""
    times = [[] for _ in boards]
    answers = [None] * len(boards)
    if passes > 1:
        for board in boards:
            cls(width, height, board=board).solve()
    spent = 0.0
    for _ in range(passes):
        for k, board in enumerate(boards):
            if passes == 1 and spent > cap:
                break
            start = time.process_time()
            answer = cls(width, height, board=board).solve()
            took = time.process_time() - start
            spent += took
            times[k].append(took)
            answers[k] = answer.board
    medians = [statistics.median(t) if t else None for t in times]
    return medians, answers


def figures(medians) -> dict:
    run = [t for t in medians if t is not None]
    return {
        "run": len(run),
        "median_us": statistics.median(run) * 1e6,
        "per_s": len(run) / sum(run),
    }


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hard", type=int, default=100, help="magictour puzzles (100)")
    ap.add_argument("--repeat", type=int, default=3, help="timed passes of ours (3)")
    ap.add_argument("--cap", type=float, default=60.0, help="CPU seconds of the original a set")
    ap.add_argument("--smoke", action="store_true", help="a few puzzles a set")
    ap.add_argument("--out", type=Path, default=HERE / "results" / "bench_py_sudoku.csv")
    args = ap.parse_args()
    try:
        from importlib.metadata import version

        import sudoku as original

        their_version = version("py-sudoku")
    except ImportError:
        original = None
        print("py-sudoku is not installed (pip install py-sudoku==2.0.0): ours only")
    rows = []
    wrong = 0
    print(f"machine: {machine()}")
    print(
        f"{'set':20} {'tool':12} {'puzzles':>7} {'run':>5} {'median µs':>11} {'puzzles/s':>10} "
        f"{'x median':>9} {'x rate':>8}"
    )
    for name, width, height, boards, known in load_sets(args, original):
        ours, our_answers = timed(Ours, width, height, boards, args.repeat, args.cap)
        for k, answer in enumerate(our_answers):
            ok = answer == known[k] if known else valid(boards[k], answer, width, height)
            wrong += not ok
        tools = [("fastsudoku", fs.__version__, ours, figures(ours), "")]
        if original is not None:
            theirs, their_answers = timed(original.Sudoku, width, height, boards, 1, args.cap)
            for k, answer in enumerate(their_answers):
                if answer is None:
                    continue
                if known:
                    wrong += answer != known[k]
                elif answer != our_answers[k]:
                    flat = [cell or 0 for row in boards[k] for cell in row]
                    wrong += fs.count_solutions(flat, box=(height, width), limit=2) == 1
            got = figures(theirs)
            same = [ours[k] for k, t in enumerate(theirs) if t is not None]
            base = figures(same)
            note = "" if got["run"] == len(boards) else f"capped at {args.cap:g} CPU s"
            got["ratio_median"] = got["median_us"] / base["median_us"]
            got["ratio_rate"] = base["per_s"] / got["per_s"]
            tools.append(("py-sudoku", their_version, theirs, got, note))
        for tool, tool_version, _, fig, note in tools:
            row = {
                "set": name,
                "box": f"{width}x{height}",
                "tool": tool,
                "version": tool_version,
                "puzzles": len(boards),
                "run": fig["run"],
                "median_us": round(fig["median_us"], 1),
                "puzzles_per_s": round(fig["per_s"], 1),
                "ratio_median": round(fig.get("ratio_median", 1.0), 1),
                "ratio_rate": round(fig.get("ratio_rate", 1.0), 1),
                "note": note,
            }
            rows.append(row)
            print(
                f"{name:20} {tool:12} {row['puzzles']:7} {row['run']:5} "
                f"{row['median_us']:11,.1f} {row['puzzles_per_s']:10,.1f} "
                f"{row['ratio_median']:9,.1f} {row['ratio_rate']:8,.1f} {note}"
            )
    if wrong:
        print(f"WRONG answers: {wrong}", file=sys.stderr)
    command = "python benchmarks/bench_py_sudoku.py " + " ".join(sys.argv[1:])
    args.out.parent.mkdir(parents=True, exist_ok=True)
    with open(args.out, "w", newline="") as f:
        f.write(
            f"# machine: {machine()}\n# command: {command.strip()}; CPU time of "
            f"Sudoku(width, height, board=b).solve() a puzzle; ours the median of "
            f"{args.repeat} passes, the original one pass capped at {args.cap:g} CPU s a set; "
            f"ratios = the original's / ours on the puzzles both ran; wrong answers: {wrong}\n"
        )
        w = csv.DictWriter(f, fieldnames=list(rows[0]))
        w.writeheader()
        w.writerows(rows)
    print(f"written {args.out}")
    return 1 if wrong else 0


if __name__ == "__main__":
    raise SystemExit(main())
