"""Difficulty: a human-style logical solver (steps, hints, Sudoku Explainer's rating, tiers)
and the search effort.

The logical solver is compiled (``_core_logic.pxi``): it takes one step at a time, the
first technique of Sudoku Explainer's order that applies (its order of difficulty), with
SE's difficulty for each step.  ``rate`` gives SE's three numbers -- ER (``se``: the
hardest step), EP (``se_pearl``: the hardest step up to the first placed value) and ED
(``se_diamond``: the first step) -- for 9x9 puzzles the techniques solve.  The techniques,
in SE's order, with SE's difficulty:

    full_house 1.0, hidden_single_box 1.2, hidden_single_line 1.5, direct_pointing 1.7,
    direct_claiming 1.9, direct_hidden_pair 2.0, naked_single 2.3, direct_hidden_triple
    2.5, pointing 2.6, claiming 2.8, naked_pair 3.0, x_wing 3.2, hidden_pair 3.4,
    naked_triple 3.6, swordfish 3.8, hidden_triple 4.0, two_strong_links 4.0-4.3
    (skyscraper, kite, turbot, empty rectangle), xy_wing 4.2, xyz_wing 4.4, unique_loop
    4.5-5.x, naked_quad 5.0, jellyfish 5.2, hidden_quad 5.4, three_strong_links 5.4-5.7,
    wxyz_wing 5.5-5.6, bug 5.6-6.2, four_strong_links 5.8-6.1, vwxyz_wing 6.2-6.4,
    aligned_pair_exclusion 6.2, uvwxyz_wing 6.6, forcing_chain 6.5+ (cycles, X and XY
    forcing chains), tuvwxyz_wing 7.5, aligned_triple_exclusion 7.5, nishio 7.5+,
    multiple_chains 8.0+ (cell and region forcing chains), dynamic_chains 8.5+,
    dynamic_chains_plus 9.0+ (SE's "(+)": basic rules inside dynamic chains),
    nested_forcing_chains 9.5+, nested_multiple_chains 10.0+ and nested_dynamic_chains
    10.5+ (SE's "(+ Forcing Chains)", "(+ Multiple Forcing Chains)", "(+ Dynamic Forcing
    Chains)": chains nested inside dynamic chains)

(a "+" difficulty grows with the chain's length, as SE's).  A "direct" step places the
single that an intersection or a hidden subset leaves; as in SE, it places the value and
removes nothing else.  The strong links, uniqueness, wings, BUG, aligned exclusions and
chains are SukakuExplainer's own (9x9 only).  The nested chains are SE's "advanced" and
"experimental" techniques: on the forum's hardest puzzles a step can take seconds to
minutes (SE's own takes minutes to hours), so ``nesting`` bounds how deep they go (a
puzzle that needs more gets ``se`` None and the tier "expert"), and Ctrl-C stops them.

The tiers follow QQWing's names.  For 9x9 they are bands of SE's ER (``SE_TIER_BOUNDS``):
"simple" up to 1.5 (full houses and hidden singles), "easy" up to 2.5 (naked singles and
the direct steps), "intermediate" up to 3.4 (intersections, naked and hidden pairs,
X-wings), "expert" above (or beyond the compiled techniques).  SE's scale is 9x9 only, so
other sizes keep QQWing's own definitions: "simple" (naked singles alone solve it), "easy"
(singles), "intermediate" (singles, intersections, naked and hidden pairs), "expert"
(more).  The
search effort is the engine's guesses to the first solution, averaged over random
isomorphic copies of the puzzle (values relabelled, rows within bands, bands, columns
within stacks, stacks, and transposition for square boxes), so that it does not depend on
the puzzle's orientation.
"""

from __future__ import annotations

import hashlib
import random
import statistics
from typing import Any, Dict, List, NamedTuple, Optional, Sequence, Tuple

from . import _core
from ._api import _grid
from ._canon import Transform
from ._errors import ParseError
from ._status import Status

# The searches of the rater: the effort (guesses to a first solution) and the uniqueness
# check, on the engine that solve() takes by default.
_FIRST = _core.Options("auto", 1)
_UNIQUE = _core.Options("auto", 2)

TIERS = ("simple", "easy", "intermediate", "expert")
#: 9x9: the highest ER of each tier but "expert" (the tier of a puzzle is the first whose
#: bound its ER does not pass).
SE_TIER_BOUNDS = (1.5, 2.5, 3.4)
TECHNIQUES: Tuple[str, ...] = tuple(_core.TECH_NAMES)
_NUMBER = {name: k for k, name in enumerate(TECHNIQUES)}
EFFORT_COPIES = 32


def _mask(*names: str) -> int:
    return sum(1 << _NUMBER[name] for name in names)


#: SE's chaining levels past the dynamic chains, in order: level 1 ("Dynamic (+)": basic
#: rules inside dynamic chains), 2 (forcing chains nested inside), 3 (multiple forcing
#: chains nested), 4 (dynamic forcing chains nested).
NESTING_TECHNIQUES = (
    "dynamic_chains_plus",
    "nested_forcing_chains",
    "nested_multiple_chains",
    "nested_dynamic_chains",
)
#: The default of ``nesting``: all of SE's levels.
MAX_NESTING = len(NESTING_TECHNIQUES)


def nesting_mask(nesting: int) -> int:
    """The techniques used when SE's chains go `nesting` levels deep at most (0-4; each
    level past 1 can multiply the time a step takes by a hundred or more)."""
    if isinstance(nesting, bool) or not isinstance(nesting, int):
        raise TypeError(f"nesting must be an int from 0 to {MAX_NESTING}, not {nesting!r}")
    if not 0 <= nesting <= MAX_NESTING:
        raise ValueError(f"nesting must be from 0 to {MAX_NESTING}, got {nesting}")
    return (1 << len(TECHNIQUES)) - 1 - _mask(*NESTING_TECHNIQUES[nesting:])


_SINGLES = ("full_house", "hidden_single_box", "hidden_single_line", "naked_single")
# The techniques each tier may use (the tier is the first whose techniques solve it).
_TIER_TECHNIQUES = (
    _mask("naked_single"),
    _mask(*_SINGLES),
    _mask(
        *_SINGLES,
        "direct_pointing",
        "direct_claiming",
        "direct_hidden_pair",
        "pointing",
        "claiming",
        "naked_pair",
        "hidden_pair",
    ),
)
# 9x9: the techniques each SE band may use -- SE's ladder up to the band's bound.  SE takes
# the first technique of its order that applies, and up to 3.4 its order is by difficulty,
# so the ER is at most the bound exactly when these techniques alone solve the puzzle (a
# test checks it against rate's ER).
_SE_TIER_TECHNIQUES = tuple(
    sum(1 << k for k, d in enumerate(_core.TECH_DIFFICULTY) if d <= round(bound * 10))
    for bound in SE_TIER_BOUNDS
)
_DIRECT = {"direct_pointing", "direct_claiming", "direct_hidden_pair", "direct_hidden_triple"}


class Step(NamedTuple):
    """One deduction.

    ``technique``: its name (see the module's list); ``cells``: the cells it is about
    ((row, column), 1-based): for a step that places a value, the cell it goes in first,
    then the cells it rests on;
    ``placed``: the value it places, or None; ``eliminated``: the candidates it removes
    ((row, column, value) triples); ``difficulty``: Sudoku Explainer's difficulty of the
    technique (its scale is defined for 9x9; other sizes use the same numbers);
    ``digits``: the values it rests on; ``houses``: the houses it is about ("row 3",
    "column 5", "box 7"); ``text``: one plain-English sentence; ``chains``: for chain
    steps, each chain from its assumption to its end as (row, column, value, on) links
    (on: the cell holds the value; off: it does not), following each link's first cause
    (a dynamic chain's links also rest on the removals made before them)."""

    technique: str
    cells: Tuple[Tuple[int, int], ...]
    placed: Optional[int]
    eliminated: Tuple[Tuple[int, int, int], ...]
    difficulty: float = 0.0
    digits: Tuple[int, ...] = ()
    houses: Tuple[str, ...] = ()
    text: str = ""
    chains: Tuple[Tuple[Tuple[int, int, int, bool], ...], ...] = ()


class Rating(NamedTuple):
    """``status``: :class:`Status` ``SOLVED`` (a unique solution), ``NO_SOLUTION`` or
    ``NOT_UNIQUE``; ``tier`` (None unless solved; for 9x9 the band of ``se`` that
    ``SE_TIER_BOUNDS`` draws, else QQWing's definitions); ``techniques``: how often each
    technique was used on the path the logical solver takes (each single counted);
    ``effort``: mean guesses of the engine over ``EFFORT_COPIES`` isomorphic copies,
    ``effort_noise`` its standard error; ``se``, ``se_pearl``, ``se_diamond``: Sudoku
    Explainer's ER, EP and ED (9x9 only, and only when the compiled techniques solve the
    puzzle, else None); ``hardest``: the technique of the hardest step (None if the
    techniques do not solve it)."""

    status: Status
    tier: Optional[str]
    techniques: Dict[str, int]
    effort: float
    effort_noise: float
    se: Optional[float] = None
    se_pearl: Optional[float] = None
    se_diamond: Optional[float] = None
    hardest: Optional[str] = None


# --- positions: a puzzle, or a grid of candidates (pencil marks) -----------------------------


class _Position(NamedTuple):
    values: bytes
    r: int
    c: int
    candidates: Optional[List[int]]  # a mask a cell (bit v-1: value v), or None


def _candidate_grid(text: str) -> Optional[_Position]:
    """A 729-character 9x9 candidate grid ("Sukaku": 9 characters a cell, the cell's
    candidate values in their places and '.' or '0' elsewhere), or None if `text` is not
    one.  A cell with one candidate stays an empty cell with one candidate."""
    chars = "".join(text.split())
    if len(chars) != 729:
        return None
    masks = []
    for cell in range(81):
        mask = 0
        for k in range(9):
            ch = chars[cell * 9 + k]
            if ch == str(k + 1):
                mask |= 1 << k
            elif ch not in ".0":
                raise ParseError(
                    f"candidate grid: {ch!r} at row {cell // 9 + 1}, column {cell % 9 + 1} "
                    f"(place {k + 1} of the cell holds {k + 1}, '.' or '0')",
                    row=cell // 9 + 1,
                    column=cell % 9 + 1,
                    char=ch,
                )
        if not mask:
            raise ParseError(
                f"candidate grid: row {cell // 9 + 1}, column {cell % 9 + 1} has no candidate",
                row=cell // 9 + 1,
                column=cell % 9 + 1,
            )
        masks.append(mask)
    return _Position(bytes(81), 3, 3, masks)


def _position(puzzle: Any, box: Optional[Sequence[int]], alphabet: Optional[str]) -> _Position:
    if isinstance(puzzle, str) and box is None and alphabet is None:
        found = _candidate_grid(puzzle)
        if found is not None:
            return found
    grid = _grid(puzzle, box, alphabet)
    return _Position(grid.values, grid.r, grid.c, None)


def _count(pos: _Position, limit: int) -> int:
    """Solutions of the position, counted to `limit`."""
    if pos.candidates is None:
        return _core.search(pos.values, pos.r, pos.c, _UNIQUE if limit == 2 else _FIRST)[0]
    from ._cover import count_exact_covers

    rows = []
    for cell, mask in enumerate(pos.candidates):
        row, col = divmod(cell, 9)
        box = (row // 3) * 3 + col // 3
        for v in range(9):
            if mask >> v & 1:
                rows.append([cell, 81 + row * 9 + v, 162 + col * 9 + v, 243 + box * 9 + v])
    return count_exact_covers(rows, limit=limit)


# --- steps -------------------------------------------------------------------------------------


def _house(u: int, n: int) -> str:
    if u < 0:
        return ""
    kind, k = divmod(u, n)
    return f"{('row', 'column', 'box')[kind]} {k + 1}"


def _rc(cell: int, n: int) -> str:
    return f"r{cell // n + 1}c{cell % n + 1}"


def _values(mask: int) -> List[int]:
    return [v + 1 for v in range(mask.bit_length()) if mask >> v & 1]


def _listing(items: Sequence[Any]) -> str:
    words = [str(x) for x in items]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


_FISH = {"x_wing": (2, "X-wing"), "swordfish": (3, "Swordfish"), "jellyfish": (4, "Jellyfish")}
_SUBSET = {2: "pair", 3: "triple", 4: "quad"}


def _text(name: str, raw: Tuple[Any, ...], n: int) -> str:
    """One sentence for a step (raw: what _core._logic_steps gives)."""
    _, _, cell, digit, elims, base, digits, u, u2, kind, chains = raw
    where, house, house2 = _rc(cell, n), _house(u, n), _house(u2, n)
    values = _values(digits)
    cells = _listing([_rc(x, n) for x in base])
    gone = _listing(sorted({_rc(c, n) for c, _ in elims})) if elims else ""
    takes = f"{where} is left as the only place for {digit + 1}: it takes {digit + 1}."
    if name == "full_house":
        return f"{where} is the last empty cell of {house}: it takes {digit + 1}."
    if name.startswith("hidden_single"):
        return f"In {house}, {digit + 1} fits only {where}."
    if name == "naked_single":
        return f"{where} has one candidate left: {digit + 1}."
    if name in ("pointing", "claiming", "direct_pointing", "direct_claiming"):
        v = values[0]
        why = f"In {house}, {v} lies only in {house2} ({cells})"
        if name.startswith("direct"):
            return f"{why}; so {v} leaves the rest of {house2}, and {takes}"
        return f"{why}: so {v} leaves the rest of {house2} ({gone})."
    if name.startswith("naked_"):
        return (
            f"{cells} hold only {_listing(values)} between them: those values leave the "
            f"rest of {house} ({gone})."
        )
    if name.startswith("hidden_") or name.startswith("direct_hidden"):
        why = f"In {house}, {_listing(values)} fit only {cells} (a hidden {_SUBSET[len(values)]})"
        if name.startswith("direct"):
            return f"{why}: their other candidates go, and {takes}"
        return f"{why}: those cells keep only these values ({gone} lose the others)."
    if name in _FISH:
        size, label = _FISH[name]
        v = values[0]
        return (
            f"{label} on {v}: the {v}s of {size} lines lie in {size} crossing lines "
            f"({cells}), so {v} leaves the rest of the crossing lines ({gone})."
        )
    if name in ("xy_wing", "xyz_wing"):
        pivot, a, b = (_rc(x, n) for x in base)
        label, seen = ("XYZ", "all three") if name == "xyz_wing" else ("XY", "both pincers")
        return (
            f"{label}-wing with pivot {pivot} and pincers {a}, {b}: one of the pincers takes "
            f"the value they share, so it leaves the cells that see {seen} ({gone})."
        )
    cells_text = _listing(sorted({_rc(x, n) for x in base})) if base else ""
    by_digit: Dict[int, List[str]] = {}
    for c, d in sorted(elims):
        by_digit.setdefault(d + 1, []).append(_rc(c, n))
    removal = (
        f"{where} takes {digit + 1}"
        if cell >= 0
        else "; ".join(f"{d} leaves {_listing(where_)}" for d, where_ in sorted(by_digit.items()))
    )
    if name.endswith("strong_links"):
        count = name.split("_")[0]
        v = values[0]
        return (
            f"{count.capitalize()} strong links on {v} ({cells_text}) joined by weak "
            f"links: one end of the chain holds {v}, so {v} leaves the cells that see both "
            f"ends ({gone})."
        )
    if name == "unique_loop":
        return (
            f"Unique rectangle/loop on {cells_text}: were its cells left with two values, "
            f"the puzzle would have two solutions, so {removal}."
        )
    if name.endswith("xyz_wing"):
        label = name.split("_")[0].upper()
        return f"{label}-wing on {cells_text} (an almost locked set and a bivalue cell): {removal}."
    if name == "bug":
        return (
            f"BUG: without the extra values of {cells_text} every cell would have two "
            f"candidates and the puzzle two solutions, so {removal}."
        )
    if name.startswith("aligned_"):
        return (
            f"Aligned exclusion on {cells_text}: no combination of their values that "
            f"empties a cell they all see is possible, so {removal}."
        )
    if name in _CHAINS:
        return f"{_CHAINS[name]}{_KINDS.get(kind, '')}: {removal}.{_chains_text(chains, n)}"
    return name.replace("_", " ")


_CHAINS = {
    "forcing_chain": "Forcing chain",
    "nishio": "Nishio forcing chain",
    "multiple_chains": "Multiple forcing chains",
    "dynamic_chains": "Dynamic forcing chains",
    "dynamic_chains_plus": "Dynamic forcing chains (+ basic rules)",
    "nested_forcing_chains": "Dynamic forcing chains (+ forcing chains)",
    "nested_multiple_chains": "Dynamic forcing chains (+ multiple forcing chains)",
    "nested_dynamic_chains": "Dynamic forcing chains (+ dynamic forcing chains)",
}
# The kinds of chain steps (the core's K_* numbers)
_KINDS = {
    1: " (a bidirectional cycle)",
    2: "",
    3: " (the assumption leads to a contradiction)",
    4: " (both states of a candidate lead to the same result)",
    5: " (every value of a cell leads to the same result)",
    6: " (every place of a value in a house leads to the same result)",
}


def _link(cell: int, digit: int, on: bool, n: int) -> str:
    return f"{_rc(cell, n)}{'=' if on else '<>'}{digit + 1}"


def _chains_text(chains: Sequence[Sequence[Tuple[int, int, bool]]], n: int) -> str:
    """The chains of a step, one clause each: "If r1c2=5: r1c7<>5 -> r3c7=5 -> ..."."""
    clauses = []
    for chain in chains:
        (cell, digit, on), *rest = chain
        links = " -> ".join(_link(c, d, o, n) for c, d, o in rest)
        clauses.append(f" If {_link(cell, digit, on, n)}: {links}.")
    return "".join(clauses)


def _step(raw: Tuple[Any, ...], n: int) -> Step:
    tech, diff, cell, digit, elims, base, digits, u, u2, _, chains = raw
    name = TECHNIQUES[tech]
    placed = digit + 1 if cell >= 0 else None
    applied = (
        () if name in _DIRECT else tuple(sorted((c // n + 1, c % n + 1, d + 1) for c, d in elims))
    )
    cells = tuple((x // n + 1, x % n + 1) for x in base if x != cell)
    if cell >= 0:
        cells = ((cell // n + 1, cell % n + 1), *cells)
    houses = tuple(h for h in (_house(u, n), _house(u2, n)) if h)
    links = tuple(
        tuple((c // n + 1, c % n + 1, d + 1, bool(on)) for c, d, on in chain) for chain in chains
    )
    return Step(
        name,
        cells,
        placed,
        applied,
        diff / 10,
        tuple(_values(digits)),
        houses,
        _text(name, raw, n),
        links,
    )


def _logic_steps(
    pos: _Position, limit: int = -1, nesting: int = MAX_NESTING
) -> Tuple[List[Step], str]:
    allowed = nesting_mask(nesting)
    raw, state = _core._logic_steps(pos.values, pos.r, pos.c, pos.candidates, limit, allowed)
    n = pos.r * pos.c
    return [_step(x, n) for x in raw], state


def steps(
    puzzle: Any,
    *,
    box: Optional[Sequence[int]] = None,
    alphabet: Optional[str] = None,
    nesting: int = MAX_NESTING,
) -> List[Step]:
    """Every deduction the logical solver makes, in order (it stops where its techniques
    run out).  ``puzzle`` may also be a 729-character 9x9 candidate grid (pencil marks).
    ``nesting``: the deepest of SE's chaining levels used, as for :func:`rate`.

    >>> steps("1234\\n3412\\n2143\\n432.")[0].technique
    'full_house'
    """
    return _logic_steps(_position(puzzle, box, alphabet), nesting=nesting)[0]


def hint(
    puzzle: Any,
    *,
    box: Optional[Sequence[int]] = None,
    alphabet: Optional[str] = None,
    nesting: int = MAX_NESTING,
) -> Optional[Step]:
    """The next deduction (the simplest technique that applies, in Sudoku Explainer's
    order), or None.  ``puzzle`` may also be a 729-character 9x9 candidate grid;
    ``nesting`` as for :func:`rate`."""
    found = _logic_steps(_position(puzzle, box, alphabet), limit=1, nesting=nesting)[0]
    return found[0] if found else None


def _isomorphic(values: bytes, r: int, c: int, rng: random.Random) -> bytes:
    """A random isomorphic copy: values relabelled (empty cells stay empty), rows within
    bands, bands, columns within stacks, stacks, and a transposition for square boxes."""
    return Transform.random((r, c), rng).apply_values(values)


def effort(values: bytes, r: int, c: int, copies: int = EFFORT_COPIES) -> Tuple[float, float]:
    """(mean guesses to the first solution over random isomorphic copies, standard error).

    The copies are drawn from a generator seeded by the puzzle's values, so that the
    figure of one puzzle is reproducible."""
    seed = int.from_bytes(hashlib.blake2b(bytes(values), digest_size=8).digest(), "little")
    counts = _core.effort_counts(values, r, c, seed, copies, _FIRST)
    mean = statistics.fmean(counts)
    noise = statistics.stdev(counts) / copies**0.5 if copies > 1 else 0.0
    return mean, noise


def rate(
    puzzle: Any,
    *,
    box: Optional[Sequence[int]] = None,
    alphabet: Optional[str] = None,
    nesting: int = MAX_NESTING,
) -> Rating:
    """The difficulty of a puzzle: Sudoku Explainer's rating (9x9), tier, techniques used
    and search effort.  ``puzzle`` may also be a 729-character 9x9 candidate grid.

    ``nesting`` (0-4, default 4: all of SE's techniques): the deepest of SE's chaining
    levels past the dynamic chains to use -- 1 "Dynamic (+)" (9.0+), 2 forcing chains
    nested inside dynamic chains (9.5+), 3 multiple forcing chains nested (10.0+), 4
    dynamic forcing chains nested (10.5+).  A puzzle that needs more gets ``se`` None.
    Each level can take a hundred times the one before on the hardest puzzles (seconds
    to minutes for the forum's hardest); Ctrl-C stops it (KeyboardInterrupt).

    >>> puzzle = "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1"
    >>> rate(puzzle).tier
    'expert'
    >>> rate(".....3.....96.7..37.4.92..1..59748.2972.581.44832....96.87.93..5914..278.2.81..4.").se
    1.2
    """
    allowed = nesting_mask(nesting)
    pos = _position(puzzle, box, alphabet)
    if pos.candidates is None:
        found, _, guesses, _ = _core.search(pos.values, pos.r, pos.c, _UNIQUE)
        # Solved by the engine's propagation alone (no guess): so is every isomorphic
        # copy (its rules are the same in every orientation, and their fixed point is
        # one), and the effort is 0 without searching them.
        mean, noise = effort(pos.values, pos.r, pos.c) if found and guesses else (0.0, 0.0)
    else:
        found = _count(pos, 2)
        mean = noise = 0.0  # the engine's search takes givens, not candidates
    if found != 1:
        return Rating(
            Status.NO_SOLUTION if found == 0 else Status.NOT_UNIQUE, None, {}, mean, noise
        )
    er, ep, ed, hardest, counts, stuck = _core._logic_rate(
        pos.values, pos.r, pos.c, pos.candidates, allowed
    )
    used = {TECHNIQUES[k]: count for k, count in enumerate(counts) if count}
    classic = pos.r == pos.c == 3
    tier = se_tier(None if stuck else er / 10) if classic else _tier(pos)
    if stuck:
        return Rating(Status.SOLVED, tier, used, mean, noise)
    se = (er / 10, ep / 10, ed / 10) if classic else (None, None, None)
    name = TECHNIQUES[hardest] if hardest >= 0 else None
    return Rating(Status.SOLVED, tier, used, mean, noise, se[0], se[1], se[2], name)


def se_tier(se: Optional[float]) -> str:
    """The tier of a 9x9 puzzle whose ER is `se` (None: beyond the compiled techniques).

    >>> se_tier(1.2), se_tier(2.3), se_tier(3.2), se_tier(7.1)
    ('simple', 'easy', 'intermediate', 'expert')
    """
    if se is not None:
        for tier, bound in zip(TIERS, SE_TIER_BOUNDS):
            if se <= bound:
                return tier
    return TIERS[-1]


def _tier(pos: _Position) -> str:
    """The tier, from the techniques that solve the position (9x9: SE's bands)."""
    masks = _SE_TIER_TECHNIQUES if pos.r == pos.c == 3 else _TIER_TECHNIQUES
    for tier, allowed in zip(TIERS, masks):
        if _core._logic_solves(pos.values, pos.r, pos.c, allowed, pos.candidates):
            return tier
    return TIERS[-1]


def tier_of(values: bytes, r: int, c: int) -> str:
    """The tier of a puzzle, from the restricted ladders alone (no full rating: generate()
    asks this of every puzzle it digs)."""
    return _tier(_Position(values, r, c, None))
