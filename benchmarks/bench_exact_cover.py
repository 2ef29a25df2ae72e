"""fastsudoku's exact-cover search against the exact-cover packages on PyPI, side by side.

    python benchmarks/bench_exact_cover.py [--repeat K] [--cap S] [--out FILE]
    python benchmarks/bench_exact_cover.py --smoke      # small problems, every tool, fast
    python benchmarks/bench_exact_cover.py --tools xcover,compat_xcover --base xcover \
        --problems pentomino_6x10,queens_12             # some tools; ratios to one of them

Problems (builders from ../tests/problems.py):

* ``pentomino_6x10``: count every tiling of the 6x10 rectangle by the 12 pentominoes
  (9,356; no symmetry reduction);
* ``queens_12``: count the 12-queens solutions (14,200; diagonals are secondary columns);
* ``sudoku_first``: the first cover of the exact-cover matrix of each of the first
  ``--sudoku`` (100) puzzles of ../shared/data/puzzles3_magictour_top1465; the "count" is
  the number of puzzles whose answer is a valid exact cover (it must equal the number of
  puzzles).

Tools: fastsudoku (its public ``count_exact_covers`` / ``exact_cover`` when they exist, else
``fastsudoku._core.ExactCoverSearch``; the run says which; ``engine="auto"``: the bitset
engine for the pentominoes and queens, dancing links for Sudoku), ``fastsudoku.dlx`` (the
same calls with ``engine="dlx"``), ``fastsudoku._core`` (the dancing-links engine under
those functions, fed CSR arrays: shows what their input handling costs) and every
package of ``TOOLS`` that imports.  A tool that is not installed is skipped with a message.  Install
them with ``pip install numpy exact-cover exact-multiset-cover dlx dlx-cython xcover dxz
miniexact pyxcc dancing-links algorithm-x algoxtools exact-cover-py coverall``.

Timing.  Each (problem, tool) runs in a child process of its own (so that a slow tool can
be stopped, and JIT state and memory do not carry over from one tool to the next).  First
an untimed warm-up on a small problem of the same kind (6-queens for the counts, the
first puzzle for Sudoku), which takes the imports and Numba's compilation out of the
timing.  Then up to ``--repeat`` timed runs of the real problem, stopping early once they
add up to ``--cap`` seconds, and after the first one if it alone took over ``--cap / 4``;
each time column is the median over the runs made (``runs``).  A run that takes longer
than ``--cap`` (60 s) is killed, and the tool reported as ``timeout``, ``>60 s``.

* ``build_s``: turning the common problem (a list of rows, each a list of column
  indices, the column count and the secondary columns) into the tool's own input: a NumPy
  matrix, a flat 0/1 list, a solver object with every row added, ... (for the Sudoku
  problem: summed over the puzzles).  Zero for fastsudoku's public functions, which take
  the rows as they are.
* ``solve_s``: from that input to the count (or first cover), whatever the tool does
  inside its call, conversions included.
* ``total_s = build_s + solve_s``; ``ratio`` = the tool's ``total_s`` / fastsudoku's
  ``total_s`` (what a user who holds the rows waits for; ``--base TOOL``: TOOL's, TOOL
  run first); ``ratio_solve`` the same for ``solve_s`` only.

Secondary columns (N-queens).  A tool with no secondary columns gets the standard
reduction: one extra "slack" row per secondary column holding just that column, and every
column primary.  In a cover of the new problem each secondary column is covered exactly
once, either by a queen's row or by its own slack row, and which one is forced by the
queens; so the covers of the two problems correspond one to one and the count is
unchanged (14,200), though the search differs (the tool may branch on a diagonal).  The
slack rows are added once, outside the timing; slack rows are dropped from a first cover.

A tool whose count differs from the known one is reported as WRONG, and gets no ratio.
Results go to ``--out`` (benchmarks/results/bench_exact_cover.csv) with ``# machine:``
and ``# command:`` lines on top.
"""

from __future__ import annotations

import argparse
import csv
import importlib
import importlib.machinery
import importlib.util
import json
import select
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
DATA = Path(__file__).resolve().parents[2] / "shared" / "data"
sys.path.insert(0, str(REPO / "tests"))

import problems  # noqa: E402  (tests/problems.py)

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import machine, read_puzzles  # noqa: E402

# ----------------------------------------------------------------------------- tools
#
# A tool: name, pip package, API used, native_secondary, and
#   load()                      -> imports (raises ImportError if missing)
#   build(rows, ncols, sec)     -> the tool's input (timed as build)
#   count(obj)                  -> number of covers (timed as solve)
#   first(obj)                  -> one cover as row indices, or None (timed as solve)
# count or first may be None when the tool has no such API.


class Tool:
    name = ""
    package = ""
    api = ""
    native_secondary = False
    count = None
    first = None

    def load(self):
        raise NotImplementedError

    def version(self) -> str:
        try:
            from importlib.metadata import version

            return version(self.package)
        except Exception:
            return "?"


class IteratingTool(Tool):
    """A tool whose solver yields covers: count and first come from iterating it."""

    def iterate(self, built):
        raise NotImplementedError

    def rows_of(self, built, cover) -> list:
        """A yielded cover as a list of row indices."""
        return [int(i) for i in cover]

    def count(self, built):
        return sum(1 for _ in self.iterate(built))

    def first(self, built):
        for cover in self.iterate(built):
            return self.rows_of(built, cover)
        return None


def _import_fastsudoku():
    try:
        return importlib.import_module("fastsudoku")
    except ImportError:
        sys.path.insert(0, str(REPO / "src"))
        return importlib.import_module("fastsudoku")


class FastSudoku(Tool):
    name = "fastsudoku"
    package = "fastsudoku"
    native_secondary = True

    force_core = False
    engine = "auto"

    def load(self):
        fs = _import_fastsudoku()
        self.fs = fs
        self.public = (
            hasattr(fs, "count_exact_covers") and hasattr(fs, "exact_cover") and not self.force_core
        )
        if self.public:
            self.api = (
                f"fastsudoku.count_exact_covers(rows, columns=n, secondary=s, "
                f"engine={self.engine!r}) / fastsudoku.exact_cover(...)"
            )
            self.count = self._count_public
            self.first = self._first_public
        else:
            from fastsudoku import _core

            self.core = _core
            self.ECS = _core.ExactCoverSearch
            self.api = (
                "fastsudoku._core.ExactCoverSearch(n, offsets, cols, secondary)"
                ".count() / .next_solution()"
                + ("" if self.force_core else " (public API not found)")
            )
            self.count = self._count_core
            self.first = self._first_core

    def version(self):
        return getattr(self.fs, "__version__", "?") + (" public" if self.public else " _core")

    def build(self, rows, ncols, sec):
        if self.public:
            return rows, ncols, sec
        offsets, cols, flags = problems.to_csr(rows, ncols, sec)
        return self.ECS(ncols, offsets, cols, flags)

    def _count_public(self, obj):
        rows, ncols, sec = obj
        return self.fs.count_exact_covers(rows, columns=ncols, secondary=sec, engine=self.engine)

    def _first_public(self, obj):
        rows, ncols, sec = obj
        return self.fs.exact_cover(rows, columns=ncols, secondary=sec, engine=self.engine)

    def _count_core(self, obj):
        found, status = obj.count()
        # The core's status: a code since the engine table (EXHAUSTED), a name before.
        if status != getattr(self.core, "EXHAUSTED", "exhausted"):
            raise RuntimeError(f"search ended with {status}")
        return found

    def _first_core(self, obj):
        return obj.next_solution()[1]


class FastSudokuDlx(FastSudoku):
    """The public functions on dancing links (engine="dlx")."""

    name = "fastsudoku.dlx"
    engine = "dlx"


class FastSudokuCore(FastSudoku):
    """The engine under the public functions, to show what their input handling costs:
    build = rows to CSR arrays (tests/problems.to_csr) + ExactCoverSearch(...)."""

    name = "fastsudoku._core"
    force_core = True


class ExactCoverPkg(Tool):
    name = "exact_cover"
    package = "exact-cover"
    api = "exact_cover.get_solution_count(bool matrix) / get_exact_cover(bool matrix)"

    def load(self):
        import exact_cover
        import numpy as np
        from exact_cover.error import NoSolution

        self.np, self.m, self.NoSolution = np, exact_cover, NoSolution

    def build(self, rows, ncols, sec):
        return problems.to_matrix(rows, ncols)

    def count(self, m):
        return int(self.m.get_solution_count(m))

    def first(self, m):
        try:
            return [int(i) for i in self.m.get_exact_cover(m)]
        except self.NoSolution:
            return None


class CompatExactCover(ExactCoverPkg):
    """fastsudoku.compat.exact_cover: the exact_cover package's calls on our engines (the
    drop-in; compare with exact_cover on the same matrices)."""

    name = "compat_exact_cover"
    package = "fastsudoku"
    api = "fastsudoku.compat.exact_cover.get_solution_count / get_exact_cover (bool matrix)"

    def load(self):
        import numpy as np

        from fastsudoku.compat import exact_cover
        from fastsudoku.compat.exact_cover.error import NoSolution

        self.np, self.m, self.NoSolution = np, exact_cover, NoSolution


class ExactMultisetCover(ExactCoverPkg):
    name = "exact_multiset_cover"
    package = "exact-multiset-cover"
    api = (
        "exact_multiset_cover.get_solution_count(int8 matrix) / get_exact_cover(...) "
        "(target: all ones)"
    )

    def load(self):
        import exact_multiset_cover
        import numpy as np
        from exact_multiset_cover.error import NoSolution

        self.np, self.m, self.NoSolution = np, exact_multiset_cover, NoSolution

    def build(self, rows, ncols, sec):
        return problems.to_matrix(rows, ncols).astype(self.np.int8)


class DlxRaaphorst(IteratingTool):
    name = "dlx"
    package = "dlx"
    api = "dlx.DLX([(name, PRIMARY|SECONDARY)], rows, rowNames); iterate DLX.solve() (pure Python)"
    native_secondary = True

    def load(self):
        import dlx

        if not hasattr(dlx, "DLX") or not hasattr(dlx.DLX, "appendRows"):
            raise ImportError("'dlx' is not the pure-Python dlx package")
        self.DLX = dlx.DLX

    def build(self, rows, ncols, sec):
        s = set(sec)
        D = self.DLX
        d = D([(c, D.SECONDARY if c in s else D.PRIMARY) for c in range(ncols)])
        d.appendRows(rows, list(range(len(rows))))
        return d

    def iterate(self, d):
        return d.solve()

    def rows_of(self, d, cover):
        return [d.N[node] for node in cover]


def _load_dlx_cython():
    """The DLX class of dlx-cython, whose extension module is also called ``dlx``.

    dlx-cython installs ``dlx.cpython-*.so`` beside the pure-Python package ``dlx/`` when
    both are installed, and ``import dlx`` finds the package first (so dlx-cython's own
    ``dlxsolver`` wrapper then picks the wrong ``DLX``).  Load the extension from its file
    and put ``sys.modules['dlx']`` back as it was.
    """
    for entry in sys.path:
        folder = Path(entry or ".")
        if not folder.is_dir():
            continue
        for so in folder.glob("dlx.cpython-*.so"):
            saved = sys.modules.get("dlx")
            loader = importlib.machinery.ExtensionFileLoader("dlx", str(so))
            spec = importlib.util.spec_from_file_location("dlx", str(so), loader=loader)
            mod = importlib.util.module_from_spec(spec)
            loader.exec_module(mod)
            if saved is not None:
                sys.modules["dlx"] = saved
            else:
                sys.modules.pop("dlx", None)
            return mod.DLX
    raise ImportError("dlx-cython's dlx extension module not found")


class DlxCython(Tool):
    name = "dlx-cython"
    package = "dlx-cython"
    api = "dlx.DLX(nrows, ncols, int32 matrix).solve(find_all=True) / .solve_one()"

    def load(self):
        import numpy as np

        self.np = np
        self.DLX = _load_dlx_cython()

    def build(self, rows, ncols, sec):
        m = problems.to_matrix(rows, ncols).astype(self.np.int32)
        return self.DLX(len(rows), ncols, m)

    def count(self, d):
        return len(d.solve(find_all=True))

    def first(self, d):
        sol = d.solve_one()
        return None if sol is None or len(sol) == 0 else [int(i) for i in sol]


class Xcover(IteratingTool):
    name = "xcover"
    package = "xcover"
    api = (
        "xcover.solvers.input_as_arrays(rows, primary, secondary) + "
        "xcover.algorithm_c(...) (= xcover.covers); iterate"
    )
    native_secondary = True

    def load(self):
        from xcover import algorithm_c
        from xcover.solvers import input_as_arrays

        self.algorithm_c, self.input_as_arrays = algorithm_c, input_as_arrays

    def build(self, rows, ncols, sec):
        s = set(sec)
        primary = [c for c in range(ncols) if c not in s]
        return self.input_as_arrays(rows, primary=primary, secondary=list(sec))

    def iterate(self, arrays):
        return self.algorithm_c(*arrays)


class CompatXcover(IteratingTool):
    """fastsudoku.compat.xcover: xcover's ``covers`` on our engines (the drop-in; compare
    with xcover on the same problems).  Its build only names the primary and secondary
    columns: ``covers`` reads and numbers the options inside the timed solve."""

    name = "compat_xcover"
    package = "fastsudoku"
    api = "fastsudoku.compat.xcover.covers(rows, primary=..., secondary=...); iterate"
    native_secondary = True

    def load(self):
        _import_fastsudoku()
        from fastsudoku.compat.xcover import covers

        self.covers = covers

    def build(self, rows, ncols, sec):
        s = set(sec)
        return rows, [c for c in range(ncols) if c not in s], list(sec)

    def iterate(self, built):
        rows, primary, secondary = built
        return self.covers(rows, primary=primary, secondary=secondary)


class Dxz(Tool):
    name = "dxz"
    package = "dxz"
    api = "dxz.dxz_count(nrows, ncols, flat 0/1 list) / dxz.dxz_solve(..., 1)"

    def load(self):
        import dxz

        self.m = dxz

    def build(self, rows, ncols, sec):
        flat = [0] * (len(rows) * ncols)
        for i, row in enumerate(rows):
            base = i * ncols
            for c in row:
                flat[base + c] = 1
        return len(rows), ncols, flat

    def count(self, a):
        return int(self.m.dxz_count(*a))

    def first(self, a):
        sols = self.m.dxz_solve(*a, 1)
        return list(sols[0]) if sols else None


class Miniexact(Tool):
    name = "miniexact"
    package = "miniexact"
    api = (
        "miniexact.miniexacts_x(): .primary/.secondary/.add(items); "
        "s.solve() == 10 per cover, s.selected_options()"
    )
    native_secondary = True

    def load(self):
        from miniexact import miniexacts_x

        self.X = miniexacts_x

    def build(self, rows, ncols, sec):
        s = self.X()
        secset = set(sec)
        ids = [0] * ncols
        for c in range(ncols):
            if c not in secset:
                ids[c] = s.primary(str(c))
        for c in sec:
            ids[c] = s.secondary(str(c))
        for row in rows:
            s.add([ids[c] for c in row])
        return s

    def count(self, s):
        n = 0
        while s.solve() == 10:
            n += 1
        return n

    def first(self, s):
        if s.solve() != 10:
            return None
        return [int(i) - 1 for i in s.selected_options()]  # options are numbered from 1


class Pyxcc(Tool):
    name = "pyxcc"
    package = "pyxcc"
    api = (
        "pyxcc.solve(Problem(primary, secondary, [Option(label, prim, [(sec, '')])]), "
        "get_all).count() / .first()"
    )
    native_secondary = True

    def load(self):
        import pyxcc

        self.m = pyxcc

    def build(self, rows, ncols, sec):
        m = self.m
        secset = set(sec)
        names = [str(c) for c in range(ncols)]
        opts = [
            m.Option(
                str(i),
                [names[c] for c in row if c not in secset],
                [(names[c], "") for c in row if c in secset],
            )
            for i, row in enumerate(rows)
        ]
        return m.Problem(
            [names[c] for c in range(ncols) if c not in secset], [names[c] for c in sec], opts
        )

    def count(self, p):
        return int(self.m.solve(p, True).count())

    def first(self, p):
        sols = self.m.solve(p, False)
        return [int(x) for x in sols.first()] if sols.count() else None


class DancingLinks(IteratingTool):
    name = "dancing-links"
    package = "dancing-links"
    api = (
        "dancing_links.algorithm_x: Header/Node lists linked by hand, "
        "AlgorithmX(root).solutions() (pure Python)"
    )
    native_secondary = True  # a secondary header is left out of the root list (Knuth)

    def load(self):
        from dancing_links.algorithm_x import AlgorithmX, Header, Node

        self.AlgorithmX, self.Header, self.Node = AlgorithmX, Header, Node

    def build(self, rows, ncols, sec):
        Header, Node = self.Header, self.Node
        root = Header(name="root")
        secset = set(sec)
        headers = []
        for c in range(ncols):
            h = Header(name=c)
            if c not in secset:
                root.insert_left(h)
            headers.append(h)
        for i, row in enumerate(rows):
            first = None
            for c in row:
                node = Node(header=headers[c], name=i)
                headers[c].insert_up(node)
                if first is None:
                    first = node
                else:
                    first.insert_left(node)
        return self.AlgorithmX(root)

    def iterate(self, x):
        return x.solutions()

    def rows_of(self, x, cover):
        return [node.name for node in cover]


class AlgorithmXPkg(IteratingTool):
    name = "algorithm-x"
    package = "algorithm-x"
    api = "algorithm_x.AlgorithmX(ncols); .appendRow(cols); iterate .solve() (pure Python)"

    def load(self):
        from algorithm_x import AlgorithmX

        self.AX = AlgorithmX

    def build(self, rows, ncols, sec):
        x = self.AX(ncols)
        for row in rows:
            x.appendRow(row)
        return x

    def iterate(self, x):
        return x.solve()

    def rows_of(self, x, cover):
        return list(cover)


class Algoxtools(Tool):
    name = "algoxtools"
    package = "algoxtools"
    api = (
        "algoxtools.init(nrows, ncols) + annex_row(a, i, int16 cols) (1-based); "
        "while algoxtools.exact_cover(a): ... (Numba)"
    )

    def load(self):
        import algoxtools
        import numpy as np

        self.np, self.m = np, algoxtools

    def build(self, rows, ncols, sec):
        np, m = self.np, self.m
        if len(rows) + 2 > 32767 or ncols + 1 > 32767:
            raise ValueError("algoxtools indexes with int16")
        a = m.init(len(rows), ncols)
        for i, row in enumerate(rows):
            m.annex_row(a, i + 1, np.array([c + 1 for c in row], dtype=np.int16))
        return a

    def count(self, a):
        n = 0
        while self.m.exact_cover(a):
            n += 1
        return n

    def first(self, a):
        if not self.m.exact_cover(a):
            return None
        level = a[0, 0, -1]
        return [int(r) - 1 for r in a[-1, 1:level, -1]]


class ExactCoverPy(IteratingTool):
    name = "exact_cover_py"
    package = "exact-cover-py"
    api = "exact_cover_py.exact_covers(bool matrix) generator (Numba, int16 links)"

    def load(self):
        from exact_cover_py import exact_covers

        self.covers = exact_covers

    def build(self, rows, ncols, sec):
        m = problems.to_matrix(rows, ncols)
        if 2 + ncols + len(rows) + int(m.sum()) > 32767:
            raise ValueError("exact_cover_py's links are int16")
        return m

    def iterate(self, m):
        return self.covers(m)


class Coverall(Tool):
    name = "coverall"
    package = "coverall"
    api = "coverall.exactCover(universe, sets) -> the chosen sets (first cover only)"

    def load(self):
        import contextlib
        import io

        from coverall import exactCover

        self.exactCover = exactCover
        self.quiet = lambda: contextlib.redirect_stdout(io.StringIO())

    def build(self, rows, ncols, sec):
        return list(range(ncols)), rows, {tuple(r): i for i, r in enumerate(rows)}

    def first(self, a):
        universe, rows, index = a
        with self.quiet():
            chosen = self.exactCover(universe, rows)
        return [index[tuple(r)] for r in chosen] if chosen else None


TOOLS = {
    t.name: t
    for t in (
        FastSudoku(),
        FastSudokuDlx(),
        FastSudokuCore(),
        ExactCoverPkg(),
        CompatExactCover(),
        ExactMultisetCover(),
        DlxCython(),
        Dxz(),
        Miniexact(),
        Pyxcc(),
        Xcover(),
        CompatXcover(),
        Algoxtools(),
        ExactCoverPy(),
        DlxRaaphorst(),
        DancingLinks(),
        AlgorithmXPkg(),
        Coverall(),
    )
}


# -------------------------------------------------------------------------- problems


def make_problem(name: str, args):
    """(mode, instances, expected): mode 'count' or 'first'; instances a list of
    (rows, ncols, secondary)."""
    if name == "pentomino_6x10":
        return "count", [problems.pentominoes(6, 10)], 9356
    if name == "queens_12":
        return "count", [problems.queens(12)], problems.QUEENS_COUNTS[12]
    if name == "sudoku_first":
        puzzles = read_puzzles(Path(args.data) / "puzzles3_magictour_top1465", args.sudoku)
        return "first", [problems.sudoku_rows(p)[:3] for p in puzzles], len(puzzles)
    # --smoke problems
    if name == "pentomino_3x20":
        return "count", [problems.pentominoes(3, 20)], 8
    if name == "queens_8":
        return "count", [problems.queens(8)], 92
    if name == "langford_7":
        return "count", [problems.langford(7)], 52
    raise ValueError(name)


PROBLEMS = ["pentomino_6x10", "queens_12", "sudoku_first"]
SMOKE_PROBLEMS = ["pentomino_3x20", "queens_8", "langford_7", "sudoku_first"]


def with_slack(rows, ncols, secondary):
    """Make every column primary: one extra row [c] for each secondary column c."""
    return rows + [[c] for c in secondary], ncols, []


def is_cover(rows, ncols, secondary, chosen) -> bool:
    if chosen is None:
        return False
    seen = [0] * ncols
    for r in chosen:
        if not 0 <= r < len(rows):
            return False
        for c in rows[r]:
            seen[c] += 1
    sec = set(secondary)
    return all(n == 1 or (n == 0 and c in sec) for c, n in enumerate(seen))


# ---------------------------------------------------------------------------- worker


def emit(**kw):
    sys.stdout.write(json.dumps(kw) + "\n")
    sys.stdout.flush()


def worker(args) -> None:
    """Run one (problem, tool) pair; one JSON line per event on stdout."""
    tool = TOOLS[args.worker_tool]
    try:
        tool.load()
    except Exception as e:  # ImportError, or a broken binary
        emit(event="missing", message=f"{type(e).__name__}: {e}")
        return
    mode, instances, _expected = make_problem(args.worker_problem, args)
    fn = tool.count if mode == "count" else tool.first
    if fn is None:
        emit(event="unsupported", version=tool.version(), api=tool.api)
        return
    needs_slack = any(sec for _, _, sec in instances) and not tool.native_secondary
    inputs = [with_slack(*inst) if needs_slack else inst for inst in instances]
    emit(
        event="ready",
        version=tool.version(),
        api=tool.api,
        secondary=("native" if tool.native_secondary else "slack rows")
        if any(sec for _, _, sec in instances)
        else "-",
    )

    def one_run():
        build = solve = 0.0
        result = 0
        for (rows, ncols, sec), orig in zip(inputs, instances):
            t0 = time.perf_counter()
            obj = tool.build(rows, ncols, sec)
            t1 = time.perf_counter()
            answer = fn(obj)
            t2 = time.perf_counter()
            build += t1 - t0
            solve += t2 - t1
            if mode == "count":
                result += answer
            else:
                nrows = len(orig[0])
                chosen = None if answer is None else [r for r in answer if r < nrows]
                result += is_cover(*orig, chosen)
            del obj
        return build, solve, result

    # Warm-up (imports, Numba compilation, caches): a small problem of the same kind,
    # not timed; then the timed runs on the real one.
    if mode == "count":
        small = problems.queens(6)
        t0 = time.perf_counter()
        fn(tool.build(*(with_slack(*small) if needs_slack else small)))
    else:
        t0 = time.perf_counter()
        fn(tool.build(*inputs[0]))
    emit(event="warmup", seconds=time.perf_counter() - t0)
    spent = 0.0
    for i in range(max(args.repeat, 1)):
        b, s, r = one_run()
        emit(event="run", build=b, solve=s, result=r)
        spent += b + s
        if i == 0 and spent > args.cap / 4:
            break  # a slow tool: one run is enough
        if spent > args.cap:
            break
    emit(event="done")


# ---------------------------------------------------------------------------- parent


def measure(tool: str, problem: str, args) -> dict:
    """Run the worker for one pair under the time cap; return what it reported."""
    cmd = [
        sys.executable,
        str(Path(__file__).resolve()),
        "--worker",
        tool,
        problem,
        "--repeat",
        str(args.repeat),
        "--cap",
        str(args.cap),
        "--sudoku",
        str(args.sudoku),
        "--data",
        str(args.data),
    ]
    errfile = tempfile.TemporaryFile()  # noqa: SIM115 (the child's stderr, read after it ends)
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=errfile)
    info = {"runs": [], "warmup": None, "status": None}
    deadline = time.monotonic() + args.cap + 120  # imports may take a while
    try:
        while True:
            left = deadline - time.monotonic()
            ready, _, _ = select.select([proc.stdout], [], [], max(left, 0))
            if not ready:
                info["status"] = "timeout"
                break
            line = proc.stdout.readline()
            if not line:
                info["status"] = info["status"] or "crashed"
                break
            ev = json.loads(line)
            kind = ev.pop("event")
            if kind in ("missing", "unsupported"):
                info.update(ev)
                info["status"] = kind
                break
            if kind == "ready":
                info.update(ev)
            elif kind == "warmup":
                info["warmup"] = ev
            elif kind == "run":
                info["runs"].append(ev)
            elif kind == "done":
                info["status"] = "ok"
                break
            deadline = time.monotonic() + args.cap
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.wait()
        errfile.seek(0)
        err = errfile.read().decode(errors="replace").strip()
        errfile.close()
        proc.stdout.close()
    if info["status"] == "crashed":
        info["message"] = err.splitlines()[-1] if err else f"exit code {proc.returncode}"
    if info["status"] == "timeout" and info["runs"]:
        info["status"] = "ok"  # killed during a repeat: keep what was measured
    return info


def fmt_s(x) -> str:
    if x is None:
        return ""
    return f"{x:.4f}" if x < 10 else f"{x:.2f}"


def summarize(info: dict, expected: int, cap: float, repeat: int) -> dict:
    row = {
        "status": info["status"],
        "result": "",
        "runs": 0,
        "build_s": None,
        "solve_s": None,
        "total_s": None,
        "note": "",
    }
    st = info["status"]
    if st == "timeout":
        row.update(status="timeout", total_s=None, note=f">{cap:g} s (killed)")
        return row
    if st in ("missing", "unsupported", "crashed"):
        row["note"] = (
            info.get("message", "") if st != "unsupported" else "no API for this (e.g. no counting)"
        )
        return row
    runs = info["runs"]
    if len(runs) < repeat:
        row["note"] = f"{len(runs)} run{'s' if len(runs) > 1 else ''} (slow: cut short)"
    results = {r["result"] for r in runs}
    row["result"] = "/".join(str(r) for r in sorted(results))
    row["runs"] = len(runs)
    row["build_s"] = statistics.median(r["build"] for r in runs)
    row["solve_s"] = statistics.median(r["solve"] for r in runs)
    row["total_s"] = statistics.median(r["build"] + r["solve"] for r in runs)
    if results != {expected}:
        row["status"] = "WRONG"
    return row


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--repeat", type=int, default=5, help="timed runs (default 5)")
    ap.add_argument(
        "--cap",
        type=float,
        default=60.0,
        help="seconds a single run may take before it is killed (default 60)",
    )
    ap.add_argument("--out", default=str(HERE / "results" / "bench_exact_cover.csv"))
    ap.add_argument("--tools", help="comma-separated subset of: " + ",".join(TOOLS))
    ap.add_argument("--problems", help="comma-separated subset of: " + ",".join(PROBLEMS))
    ap.add_argument(
        "--base",
        default="fastsudoku",
        help="the tool the ratios divide by, run first (default fastsudoku)",
    )
    ap.add_argument("--sudoku", type=int, default=100, help="Sudoku puzzles (default 100)")
    ap.add_argument("--data", default=str(DATA), help="folder of the puzzle sets")
    ap.add_argument(
        "--smoke",
        action="store_true",
        help="small problems and 10 puzzles, to check every tool quickly",
    )
    ap.add_argument("--worker", nargs=2, metavar=("TOOL", "PROBLEM"), help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.worker:
        args.worker_tool, args.worker_problem = args.worker
        worker(args)
        return 0

    if args.smoke:
        args.sudoku = min(args.sudoku, 10)
    tools = args.tools.split(",") if args.tools else list(TOOLS)
    if "fastsudoku" not in tools:
        tools.insert(0, "fastsudoku")
    if args.base in tools:
        tools.remove(args.base)
    tools.insert(0, args.base)
    unknown = [t for t in tools if t not in TOOLS]
    if unknown:
        ap.error(f"unknown tools: {unknown}")
    probs = (
        args.problems.split(",") if args.problems else (SMOKE_PROBLEMS if args.smoke else PROBLEMS)
    )

    command = "python " + " ".join(["benchmarks/bench_exact_cover.py", *sys.argv[1:]])
    print(f"machine: {machine()}")
    print(f"command: {command}")
    missing: dict[str, str] = {}
    table = []
    for prob in probs:
        _, _, expected = make_problem(prob, args)
        print(f"\n== {prob} (expected {expected})")
        base = None
        for tool in tools:
            if tool in missing:
                continue
            info = measure(tool, prob, args)
            if info["status"] == "missing":
                missing[tool] = info.get("message", "")
                print(f"  skip {tool}: not installed ({missing[tool]})")
                continue
            row = summarize(info, expected, args.cap, args.repeat)
            row.update(
                problem=prob,
                tool=tool,
                expected=expected,
                version=info.get("version", ""),
                api=info.get("api", ""),
                secondary=info.get("secondary", ""),
            )
            if tool == "fastsudoku" and prob == probs[0]:
                print(f"  fastsudoku API: {row['api']}")
            if tool == args.base and row["status"] == "ok":
                base = row
            row["ratio"] = row["ratio_solve"] = None
            if row["status"] == "ok" and base is not None:
                row["ratio"] = row["total_s"] / base["total_s"]
                row["ratio_solve"] = row["solve_s"] / base["solve_s"]
            table.append(row)
            shown = {"timeout": f">{args.cap:g}"}.get(row["status"], "")
            ratio = "" if row["ratio"] is None else f"{row['ratio']:.1f}"
            print(
                f"  {tool:21s} {row['status']:11s} result={row['result']!s:9s} "
                f"total={fmt_s(row['total_s']) or shown:>9s} s  "
                f"build={fmt_s(row['build_s']):>8s}  solve={fmt_s(row['solve_s']):>8s}  "
                f"ratio={ratio:>7s}  runs={row['runs']}  {row['note']}"
            )

    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    fields = [
        "problem",
        "tool",
        "version",
        "status",
        "result",
        "expected",
        "runs",
        "build_s",
        "solve_s",
        "total_s",
        "ratio",
        "ratio_solve",
        "secondary",
        "note",
        "api",
    ]
    with open(out, "w", newline="") as f:
        f.write(f"# machine: {machine()}\n")
        f.write(
            f"# command: {command}; median of up to {args.repeat} runs after a warm-up, "
            f"cap {args.cap:g} s a run; ratio = total_s / {args.base} total_s "
            f"(total = build + solve)\n"
        )
        for tool, msg in missing.items():
            f.write(f"# skipped {tool}: not installed ({msg})\n")
        w = csv.DictWriter(f, fieldnames=fields, extrasaction="ignore")
        w.writeheader()
        for row in table:
            r = dict(row)
            for k in ("build_s", "solve_s", "total_s"):
                r[k] = "" if r[k] is None else f"{r[k]:.6g}"
            for k in ("ratio", "ratio_solve"):
                r[k] = "" if r[k] is None else f"{r[k]:.3g}"
            if r["status"] == "timeout":
                r["total_s"] = f">{args.cap:g}"
            w.writerow(r)
    print(f"\nwrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
