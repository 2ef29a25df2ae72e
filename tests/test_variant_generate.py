"""Generated variant puzzles (fastsudoku.variants.generate, killer, jigsaw_layout): each
unique under its rules (by brute force over the rules as stated on small grids, by the
engine on 9x9), minimal, the template's rules kept, reproducible from the seed."""

import pytest

import fastsudoku as fs
from fastsudoku import GenerationError
from fastsudoku.variants import (
    AntiKnight,
    Cage,
    Diagonals,
    NonConsecutive,
    Region,
    Variant,
    VariantError,
    generate,
    jigsaw_layout,
    killer,
)
from variant_reference import brute_count, check_variant

SMALL = [
    (Variant("." * 16, constraints=[Diagonals()]), 4, (2, 2)),
    (Variant("." * 25, box=None, constraints=[NonConsecutive()]), 5, None),
    (Variant("." * 36, box=(2, 3), constraints=[AntiKnight()]), 6, (2, 3)),
    (
        Variant(
            "." * 36,
            box=(2, 3),
            constraints=[Region([(0, 0), (1, 1), (2, 2), (3, 3), (4, 4), (5, 5)])],
        ),
        6,
        (2, 3),
    ),
]


def _values(text):
    return [0 if ch == "." else int(ch) for ch in text]


@pytest.mark.parametrize("template, n, box", SMALL)
@pytest.mark.parametrize("seed", [1, 2])
def test_small_generated_puzzles_are_unique_and_minimal_by_brute_force(template, n, box, seed):
    [puzzle] = generate(template, seed=seed)
    assert list(puzzle.constraints) == list(template.constraints)
    givens = _values(puzzle.givens)
    rules = list(puzzle.constraints)
    assert brute_count(n, box, None, rules, givens, 2) == 1
    for x, value in enumerate(givens):
        if value:
            fewer = [*givens[:x], 0, *givens[x + 1 :]]
            assert brute_count(n, box, None, rules, fewer, 2) == 2
    check_variant(n, box, None, rules, givens, _values(fs.solve(puzzle)))


def test_9x9_puzzles_unique_minimal_and_reproducible():
    template = Variant("." * 81, constraints=[AntiKnight()])
    made = generate(template, count=2, seed=7)
    assert [p.givens for p in made] == [p.givens for p in generate(template, count=2, seed=7)]
    assert made[0].givens != made[1].givens
    for puzzle in made:
        assert fs.count_solutions(puzzle, limit=2) == 1
        text = puzzle.givens
        for x, ch in enumerate(text):
            if ch != ".":
                fewer = Variant(text[:x] + "." + text[x + 1 :], constraints=[AntiKnight()])
                assert fs.count_solutions(fewer, limit=2) == 2
    # Givens of the template stay; fs.generate takes a template too.
    kept = generate(Variant("5" + "." * 80, constraints=[Diagonals()]), seed=1)[0]
    assert kept.givens[0] == "5" and fs.count_solutions(kept, limit=2) == 1
    assert fs.generate(template, seed=7)[0].givens == made[0].givens


@pytest.mark.parametrize("seed", range(4))
def test_killers_tile_the_grid_and_are_unique(seed):
    [puzzle] = killer(seed=seed, largest=4 + seed % 3)
    cages = [c for c in puzzle.constraints if isinstance(c, Cage)]
    cells = [tuple(x) for c in cages for x in c.cells]
    assert sorted(cells) == [(r, c) for r in range(9) for c in range(9)]
    assert all(1 <= len(c.cells) <= 4 + seed % 3 for c in cages)
    assert fs.count_solutions(puzzle, limit=2) == 1
    solution = _values(fs.solve(puzzle))
    check_variant(9, (3, 3), None, cages, _values(puzzle.givens), solution)
    small = killer(4, seed=seed, largest=3)[0]
    rules = list(small.constraints)
    assert brute_count(4, (2, 2), None, rules, _values(small.givens), 2) == 1
    six = killer(6, seed=seed)[0]
    assert six.box == (2, 3) and fs.count_solutions(six, limit=2) == 1


@pytest.mark.parametrize("size, seed", [(4, 1), (6, 2), (9, 3), (9, 4), (5, 5)])
def test_jigsaw_layouts_are_joined_regions_that_a_grid_fills(size, seed):
    layout = jigsaw_layout(size, seed=seed)
    assert layout == jigsaw_layout(size, seed=seed)
    groups = {}
    for x, ch in enumerate(layout):
        groups.setdefault(ch, set()).add(x)
    assert len(groups) == size and all(len(g) == size for g in groups.values())
    for cells in groups.values():
        seen, todo = set(), [min(cells)]
        while todo:
            x = todo.pop()
            if x in seen:
                continue
            seen.add(x)
            c = x % size
            todo += [y for y in (x - size, x + size) if y in cells]
            todo += [y for y, ok in ((x - 1, c > 0), (x + 1, c < size - 1)) if ok and y in cells]
        assert seen == cells
    [puzzle] = generate(Variant("." * (size * size), regions=layout), seed=seed)
    assert fs.count_solutions(puzzle, limit=2) == 1
    if size <= 6:
        givens = _values(puzzle.givens)
        assert brute_count(size, None, layout, [], givens, 2) == 1


def test_generation_errors_are_named():
    with pytest.raises(TypeError, match="must be a Variant"):
        generate("." * 81)
    with pytest.raises(GenerationError, match="no unique puzzle"):
        generate(Variant("." * 16, constraints=[Cage(["R1C1", "R1C2"], 99)]), attempts=2)
    with pytest.raises(GenerationError, match="no unique puzzle"):  # no such 4x4 grid at all
        generate(Variant("." * 16, box=None, constraints=[NonConsecutive()]), attempts=3)
    with pytest.raises(VariantError, match="off the 4x4 grid"):
        generate(Variant("." * 16, constraints=[Cage(["R1C1", "R9C9"], 3)]))
    with pytest.raises(ValueError, match="count"):
        generate(Variant("." * 16), count=0)
    with pytest.raises(TypeError, match="clues= is for classic puzzles"):
        fs.generate(Variant("." * 16), clues=5)
    with pytest.raises(VariantError, match="sides up to 16"):
        jigsaw_layout(25)


@pytest.mark.parametrize(
    "seed", [pytest.param(s, marks=pytest.mark.heavy) if s == 38 else s for s in range(40)]
)
def test_random_rule_templates_give_unique_puzzles(seed):
    """Every constraint type as a template (random sets of them on 4x4 and 6x6): either
    the puzzle made is unique by brute force over the rules as stated, or no grid keeps
    the rules (then generation fails by name)."""
    import random

    from test_variants import _random_constraint

    rng = random.Random(seed)
    n, box = (4, (2, 2)) if seed % 2 else (6, (2, 3))
    rules = [_random_constraint(rng, n) for _ in range(rng.randint(1, 2))]
    template = Variant("." * (n * n), box=box, constraints=rules)
    try:
        template.model()
    except VariantError as e:
        pytest.skip(f"a rule malformed on this grid (named; tested elsewhere): {e}")
    solvable = brute_count(n, box, None, rules, [0] * (n * n), 1) if n == 4 else None
    try:
        made = generate(template, seed=seed, attempts=5)
    except GenerationError:
        made = []
    if not made:
        assert solvable in (0, None)
    else:
        givens = _values(made[0].givens)
        assert brute_count(n, box, None, rules, givens, 2) == 1
