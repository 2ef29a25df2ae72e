"""Generating variant puzzles (fastsudoku.variants.generate, killer, jigsaw_layout).

Every search runs on the variant engine without the GIL; the choices around them (which
cell, which value, which cage) are Python's, from one random.Random a puzzle seeded by
(seed, index): the same seed gives the same puzzles everywhere.

A puzzle is made in three steps: a random solution of the rules (random givens added one
at a time while some solution keeps them, then the engine's first solution), the rules
that come from that grid (killer cages: a random tiling into cages of distinct digits,
their totals), and the givens dug in a random order -- each one removed if the puzzle
stays unique (a check that needs more than ``node_limit`` guesses keeps the given).
"""

from __future__ import annotations

import random
import secrets
from typing import Any, List, Optional, Sequence, Set, Tuple

from . import _core
from ._errors import VariantError
from ._options import count_value, seed_option
from ._symbols import WIDE

_CHECK_GUESSES = 20000  # a uniqueness check longer than this keeps its given


def _rng(seed: int, index: int, attempt: int) -> random.Random:
    """The random source of one puzzle, one attempt (the classic generator's seeds)."""
    from ._generate import _seed64  # not at the top: _generate imports the API, which imports us

    return random.Random(_seed64(seed, index, attempt))


def _search(model: Any, values: Sequence[int], limit: int, node_limit: int) -> Tuple[Any, ...]:
    """(solutions up to `limit` or None past node_limit guesses, the first solution's
    values) of the rules' model with these givens (0 empty)."""
    options = _core.Options("auto", limit, node_limit)
    found, first, _, status = _core.variant_search(model, bytes(values), options)
    return (None if status == _core.NODE_LIMIT else int(found)), first


def _with(template: Any, values: Sequence[int], constraints: Optional[List[Any]] = None) -> Any:
    """The template's rules (or `constraints`) with these givens (0 empty)."""
    from . import variants as v

    grid = template.grid()
    alphabet = template.alphabet or grid.symbols
    if alphabet is None or len(alphabet) < grid.n:
        alphabet = WIDE[: grid.n]
    text = "".join(alphabet[x - 1] if x else "." for x in values)
    return v.Variant(
        text,
        box=template.box,
        regions=template.regions,
        constraints=list(template.constraints if constraints is None else constraints),
        alphabet=alphabet,
    )


def _random_solution(
    model: Any, givens: bytes, n: int, rng: random.Random, node_limit: int
) -> Optional[List[int]]:
    """A random grid keeping the givens and the model's rules, or None."""
    values = list(givens)
    empty = [x for x in range(n * n) if not values[x]]
    rng.shuffle(empty)
    # Seed about a fifth of the cells, each a value some solution keeps, then solve.
    for x in empty[: max(1, n * n // 5)]:
        for value in rng.sample(range(1, n + 1), n):
            values[x] = value
            if _search(model, values, 1, node_limit)[0]:
                break
            values[x] = 0
    found, first = _search(model, values, 1, node_limit)
    return list(first) if found else None


def _dig(
    model: Any, solution: List[int], rng: random.Random, keep: Sequence[int], node_limit: int
) -> Optional[List[int]]:
    """Givens from a full grid, each removed (in random order) while the puzzle stays
    unique; None if even the full grid is not unique under the rules."""
    values = list(solution)
    if _search(model, values, 2, node_limit)[0] != 1:
        return None
    kept = set(keep)
    order = [x for x in range(len(values)) if x not in kept]
    rng.shuffle(order)
    for x in order:
        held = values[x]
        values[x] = 0
        if _search(model, values, 2, node_limit)[0] != 1:
            values[x] = held
    return values


def generate(
    template: Any,
    *,
    count: int = 1,
    seed: Optional[int] = None,
    attempts: int = 20,
    node_limit: int = _CHECK_GUESSES,
) -> List[Any]:
    """Make `count` puzzles with the rules of `template` (a :class:`Variant`: its box,
    regions, constraints and any givens it has are kept), each with exactly one solution
    (checked by the engine) and minimal for its random order: no given can be removed
    without a second solution (a check over ``node_limit`` guesses keeps the given).

    ``seed``: the same seed gives the same puzzles on every platform.  ``attempts``: per
    puzzle (a random grid whose rules leave it not unique even when full is tried again)
    before :class:`fastsudoku.GenerationError`.

    >>> from fastsudoku.variants import Variant, AntiKnight
    >>> import fastsudoku as fs
    >>> [p] = generate(Variant("." * 81, constraints=[AntiKnight()]), seed=3)
    >>> fs.count_solutions(p, limit=2)
    1
    """
    return _make(template, count, seed, attempts, node_limit, None)


def killer(
    size: int = 9,
    *,
    count: int = 1,
    seed: Optional[int] = None,
    largest: int = 5,
    template: Any = None,
    attempts: int = 20,
    node_limit: int = _CHECK_GUESSES,
) -> List[Any]:
    """Make `count` killer puzzles: a random grid (of `template`'s rules when given, else
    a classic grid of side `size`), cut into random cages of 1..`largest` orthogonally
    joined cells with distinct digits, their totals, and as few givens as the random
    order leaves unique (often none).  Each is proven unique by the engine."""
    from . import variants as v
    from ._iss import _box_shape

    largest = count_value("largest", largest, 1)
    if template is None:
        size = count_value("size", size, 1)
        if size > 64:
            raise VariantError(f"killer: sides up to 64, not {size}")
        template = v.Variant("." * (size * size), box=_box_shape(size), alphabet=WIDE[:size])
    return _make(template, count, seed, attempts, node_limit, largest)


def _make(
    template: Any, count: int, seed: Optional[int], attempts: int, node_limit: int,
    cages: Optional[int],
) -> List[Any]:  # fmt: skip
    from . import variants as v

    if not isinstance(template, v.Variant):
        raise TypeError(f"the template must be a Variant, not {type(template).__name__}")
    template.model()  # a malformed rule is named before anything is made
    count = count_value("count", count, 1)
    attempts = count_value("attempts", attempts, 1)
    node_limit = count_value("node_limit", node_limit, 1)
    seed = seed_option(seed)
    if seed is None:
        seed = secrets.randbits(63)
    grid = template.grid()
    n = grid.n
    keep = [x for x, value in enumerate(grid.values) if value]
    rules_model = _with(template, [0] * (n * n)).model()
    out = []
    for index in range(count):
        for attempt in range(attempts):
            rng = _rng(seed, index, attempt)
            solution = _random_solution(rules_model, grid.values, n, rng, node_limit)
            if solution is None:
                continue
            rules = list(template.constraints)
            model = rules_model
            if cages is not None:
                rules += _cages(v, solution, n, rng, cages)
                model = _with(template, [0] * (n * n), rules).model()
            values = _dig(model, solution, rng, keep, node_limit)
            if values is not None:
                out.append(_with(template, values, rules))
                break
        else:
            from ._generate import GenerationError

            raise GenerationError(
                f"no unique puzzle with these rules in {attempts} attempts (the rules may "
                "allow no solution, or never pin one down)"
            )
    return out


def _cages(v: Any, solution: List[int], n: int, rng: random.Random, largest: int) -> List[Any]:
    """A random tiling of the grid into cages of orthogonally joined cells with distinct
    digits of `solution`, each of 1..largest cells, as Cage constraints with totals."""
    free = set(range(n * n))
    out = []
    while free:
        start = min(free)
        size = rng.randint(1, largest)
        cells = [start]
        digits = {solution[start]}
        free.discard(start)
        while len(cells) < size:
            options = []
            for x in cells:
                r, c = divmod(x, n)
                for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0)):
                    y = (r + dr) * n + c + dc
                    inside = 0 <= r + dr < n and 0 <= c + dc < n
                    if inside and y in free and solution[y] not in digits:
                        options.append(y)
            if not options:
                break
            y = rng.choice(options)
            cells.append(y)
            digits.add(solution[y])
            free.discard(y)
        cells.sort()
        out.append(v.Cage([divmod(x, n) for x in cells], sum(solution[x] for x in cells)))
    return out


def jigsaw_layout(
    size: int = 9, *, seed: Optional[int] = None, swaps: int = 0, attempts: int = 50
) -> str:
    """A random jigsaw layout of a size x size grid: N regions of N orthogonally joined
    cells (a letter a cell, row by row) that some Latin square fills, from the boxes (or
    the rows, for sides without boxes) by random swaps of cells between neighbouring
    regions that keep each region joined (``swaps``: how many; 0: 4 * size * size)."""
    from . import variants as v
    from ._iss import _box_shape

    size = count_value("size", size, 1)
    if size > 16:
        # Above 16x16 the check that a grid fills a random layout outgrows its budget.
        raise VariantError(f"jigsaw_layout: sides up to 16, not {size}")
    seed = seed_option(seed)
    if seed is None:
        seed = secrets.randbits(63)
    n = size
    box = _box_shape(n)
    base = [
        (x // n) // box[0] * box[0] + (x % n) // box[1] if box else x // n for x in range(n * n)
    ]
    labels = "ABCDEFGHIJKLMNOP"
    for attempt in range(count_value("attempts", attempts, 1)):
        rng = _rng(seed, 0, attempt)
        region = list(base)
        for _ in range(swaps or 4 * n * n):
            _swap(region, n, rng)
        layout = "".join(labels[k] for k in region)
        empty = v.Variant("." * (n * n), regions=layout, alphabet=WIDE[:n])
        if _search(empty.model(), bytes(n * n), 1, _CHECK_GUESSES)[0]:
            return layout
    from ._generate import GenerationError

    raise GenerationError(f"no {n}x{n} jigsaw layout with a solution in {attempts} attempts")


def _joined(cells: Set[int], n: int) -> bool:
    """Whether the cells are orthogonally connected."""
    start = next(iter(cells))
    seen = {start}
    todo = [start]
    while todo:
        x = todo.pop()
        r, c = divmod(x, n)
        for y, ok in ((x - n, r > 0), (x + n, r < n - 1), (x - 1, c > 0), (x + 1, c < n - 1)):
            if ok and y in cells and y not in seen:
                seen.add(y)
                todo.append(y)
    return len(seen) == len(cells)


def _swap(region: List[int], n: int, rng: random.Random) -> None:
    """Move a border cell a of region A into B and a border cell b of B into A, when both
    regions stay joined (sizes kept)."""
    a = rng.randrange(n * n)
    r, c = divmod(a, n)
    near = [y for y, ok in ((a - n, r > 0), (a + n, r < n - 1), (a - 1, c > 0), (a + 1, c < n - 1))
            if ok and region[y] != region[a]]  # fmt: skip
    if not near:
        return
    A, B = region[a], region[rng.choice(near)]
    back = []
    for b in range(n * n):
        if region[b] == B and b != a:
            rb, cb = divmod(b, n)
            for y, ok in (
                (b - n, rb > 0),
                (b + n, rb < n - 1),
                (b - 1, cb > 0),
                (b + 1, cb < n - 1),
            ):
                if ok and region[y] == A and y != a:
                    back.append(b)
                    break
    if not back:
        return
    b = rng.choice(back)
    region[a], region[b] = B, A
    cells_a = {x for x in range(n * n) if region[x] == A}
    cells_b = {x for x in range(n * n) if region[x] == B}
    if not (_joined(cells_a, n) and _joined(cells_b, n)):
        region[a], region[b] = A, B
