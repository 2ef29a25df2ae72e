"""Reference Sudoku oracle for the tests: pure Python, standard library only.

Why it is trusted:

* It is small and plain.  The search is textbook backtracking: take the empty cell with
  the fewest legal values, where the legal values are found by looking at what its row,
  column and box already hold (Python sets), try each value in turn, undo, repeat.  There
  is no propagation, no bitmask, no exact-cover encoding, no clever pruning, so there is
  little room for a subtle bug.  `check_grid` states the rules of Sudoku directly (each
  row, column and box holds 1..N once; the givens are kept).
* It is independent of the compiled code: it imports nothing from `fastsudoku`, uses no
  shared tables and was written separately, so a mistake in the compiled engine cannot be
  mirrored here.

Conventions
-----------
A grid is a flat list of N*N ints, row by row: 0 is an empty cell, 1..N a value.  The box
shape is ``(r, c)``: each box has r rows and c columns and N = r*c.  Cell (i, j) is index
``i*N + j`` and lies in box ``(i // r) * (N // c) + (j // c)``.
"""

import operator

__all__ = ["units", "check_grid", "givens_consistent", "count_solutions", "solve", "all_solutions"]


def _side(box):
    r, c = box
    if r < 1 or c < 1:
        raise ValueError(f"bad box shape {box!r}")
    return r * c


def units(N, r, c):
    """The 3*N units of an N x N grid with r x c boxes: the N rows, then the N columns, then
    the N boxes, each a list of N cell indices."""
    if r * c != N:
        raise ValueError(f"box {r}x{c} does not fit a side of {N}")
    rows = [[i * N + j for j in range(N)] for i in range(N)]
    cols = [[i * N + j for i in range(N)] for j in range(N)]
    boxes = [[] for _ in range(N)]
    for i in range(N):
        for j in range(N):
            boxes[(i // r) * (N // c) + (j // c)].append(i * N + j)
    return rows + cols + boxes


def _is_int(v):
    """An integer (Python or NumPy), but not a bool."""
    if isinstance(v, bool):
        return False
    try:
        operator.index(v)
    except TypeError:
        return False
    return True


def _unit_name(k, N):
    kind, number = divmod(k, N)
    return f"{('row', 'column', 'box')[kind]} {number + 1}"


def _cell_name(cell, N):
    return f"r{cell // N + 1}c{cell % N + 1}"


def check_grid(puzzle, solution, box):
    """Return None if `solution` is a valid complete grid keeping every given of `puzzle`;
    raise AssertionError saying what is wrong otherwise."""
    r, c = box
    N = _side(box)
    puzzle = list(puzzle)
    solution = list(solution)
    assert len(puzzle) == N * N, f"puzzle has {len(puzzle)} cells, expected {N * N}"
    assert len(solution) == N * N, f"solution has {len(solution)} cells, expected {N * N}"
    for cell, v in enumerate(solution):
        assert _is_int(v) and 1 <= v <= N, (
            f"solution cell {_cell_name(cell, N)} holds {v!r}, expected a value in 1..{N}"
        )
    for cell, p in enumerate(puzzle):
        assert _is_int(p) and 0 <= p <= N, (
            f"puzzle cell {_cell_name(cell, N)} holds {p!r}, expected 0..{N}"
        )
    for cell, (p, s) in enumerate(zip(puzzle, solution)):
        assert p == 0 or p == s, f"given {p} at {_cell_name(cell, N)} not kept: solution has {s}"
    expected = list(range(1, N + 1))
    for k, unit in enumerate(units(N, r, c)):
        values = sorted(solution[cell] for cell in unit)
        if values != expected:
            seen = {}
            for cell in unit:
                v = solution[cell]
                if v in seen:
                    raise AssertionError(
                        f"{_unit_name(k, N)}: value {v} at both {_cell_name(seen[v], N)} "
                        f"and {_cell_name(cell, N)}"
                    )
                seen[v] = cell
            raise AssertionError(f"{_unit_name(k, N)} does not hold 1..{N}: {values}")
    return None


def givens_consistent(puzzle, box):
    """True iff no value appears twice in a row, column or box (empty cells ignored) and
    every cell is 0 or a value in 1..N."""
    r, c = box
    N = _side(box)
    if len(puzzle) != N * N:
        raise ValueError(f"puzzle has {len(puzzle)} cells, expected {N * N}")
    if any(not (0 <= v <= N) for v in puzzle):
        return False
    for unit in units(N, r, c):
        values = [puzzle[cell] for cell in unit if puzzle[cell]]
        if len(values) != len(set(values)):
            return False
    return True


def _search(puzzle, box, limit):
    """All solutions, up to `limit` of them, in the order the search meets them."""
    r, c = box
    N = _side(box)
    if limit <= 0 or not givens_consistent(puzzle, box):
        return []
    grid = list(puzzle)
    box_cols = N // c
    cell_row = [cell // N for cell in range(N * N)]
    cell_col = [cell % N for cell in range(N * N)]
    cell_box = [(cell // N // r) * box_cols + (cell % N) // c for cell in range(N * N)]
    all_values = set(range(1, N + 1))

    def most_constrained():
        """(cell, legal values) for the empty cell with the fewest legal values (first such
        cell in reading order), or (None, None) when the grid is full."""
        row_used = [set() for _ in range(N)]
        col_used = [set() for _ in range(N)]
        box_used = [set() for _ in range(N)]
        for cell, v in enumerate(grid):
            if v:
                row_used[cell_row[cell]].add(v)
                col_used[cell_col[cell]].add(v)
                box_used[cell_box[cell]].add(v)
        best, best_values = None, None
        for cell, v in enumerate(grid):
            if v:
                continue
            legal = (
                all_values
                - row_used[cell_row[cell]]
                - col_used[cell_col[cell]]
                - box_used[cell_box[cell]]
            )
            if best is None or len(legal) < len(best_values):
                best, best_values = cell, legal
                if len(legal) <= 1:
                    break
        return best, best_values

    # Depth-first search with an explicit stack (a 25x25 grid would be 600+ levels deep):
    # each entry is (cell, values still to try there); the cell holds the value being tried.
    solutions = []
    stack = []
    while True:
        cell, legal = most_constrained()
        if cell is None:
            solutions.append(list(grid))
            if len(solutions) >= limit:
                return solutions
        else:
            stack.append((cell, sorted(legal, reverse=True)))
        # Move on to the next untried value, backtracking while a cell has none left.
        while stack:
            top, untried = stack[-1]
            if untried:
                grid[top] = untried.pop()
                break
            grid[top] = 0
            stack.pop()
        else:
            return solutions


def count_solutions(puzzle, box, limit):
    """Number of solutions, counting stops at `limit`: returns min(count, limit).
    0 when the givens already conflict."""
    return len(_search(puzzle, box, limit))


def solve(puzzle, box):
    """The first solution found (a list), or None when there is none."""
    found = _search(puzzle, box, 1)
    return found[0] if found else None


def all_solutions(puzzle, box, limit):
    """Up to `limit` solutions as a list of lists (meant for small grids)."""
    return _search(puzzle, box, limit)


def singles(masks, unit_list, peers):
    """Naked and hidden singles to their fixed point on a copy of the candidate masks (bit
    v-1: value v), given the grid's units and each cell's peers: the masks, or None on a
    contradiction (a cell without values, a unit without a place for a value)."""
    masks = list(masks)
    n = len(unit_list[0])
    done = set()
    changed = True
    while changed:
        changed = False
        for cell, m in enumerate(masks):
            if m == 0:
                return None
            if m & (m - 1) == 0 and cell not in done:
                done.add(cell)
                for p in peers[cell]:
                    if masks[p] & m:
                        masks[p] &= ~m
                        if masks[p] == 0:
                            return None
                        changed = True
        for unit in unit_list:
            for v in range(n):
                bit = 1 << v
                places = [x for x in unit if masks[x] & bit]
                if not places:
                    return None
                if len(places) == 1 and masks[places[0]] != bit:
                    masks[places[0]] = bit
                    changed = True
    return masks
