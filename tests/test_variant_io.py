"""Variant puzzles written and read back: fastsudoku's JSON form (to_json / from_json) and
the Interactive Sudoku Solver's string (to_iss, read by from_iss).  Each written puzzle
must read back as the same puzzle: the same solutions (counted, and the first one), on the
ISS examples and on random constraint sets of every type on 4x4 and 6x6 grids (checked
against brute force over the rules as stated); what a format cannot say is refused by
name."""

import json
import random
from pathlib import Path

import pytest

import fastsudoku as fs
from fastsudoku.variants import (
    XV,
    Arrow,
    Cage,
    Candidates,
    Kropki,
    NoOtherDots,
    NoOtherXV,
    Sandwich,
    Thermo,
    Variant,
    VariantError,
    XSum,
    from_iss,
    from_json,
    to_iss,
    to_json,
)
from test_variants import _random_constraint
from variant_reference import brute_count

DATA = Path(__file__).resolve().parent / "data" / "variants" / "iss_examples.txt"
SLOW = {"Killing with flowers", "Wecoc #1"}


def _iss_examples():
    out = []
    for block in DATA.read_text().split("\n\n"):
        if block.startswith(">"):
            head, text, _ = block.strip().split("\n")
            name = head[2:].rsplit(" (", 1)[0]
            marks = [pytest.mark.slow] if name in SLOW else []
            out.append(pytest.param(text, id=name, marks=marks))
    return out


def _same_puzzle(a, b):
    ra, rb = fs.search(a, limit=2), fs.search(b, limit=2)
    assert ra.count == rb.count
    assert ra.solution == rb.solution


@pytest.mark.parametrize("text", _iss_examples())
def test_iss_examples_survive_both_writers(text):
    puzzle = from_iss(text)
    again = from_iss(to_iss(puzzle))
    _same_puzzle(puzzle, again)
    assert to_iss(again) == to_iss(puzzle)  # a fixed point after one round
    line = to_json(puzzle)
    assert "\n" not in line
    back = from_json(line)
    _same_puzzle(puzzle, back)
    assert to_json(back) == line
    assert from_json(json.loads(line)).constraints == back.constraints


@pytest.mark.parametrize("seed", range(60))
def test_random_puzzles_survive_both_writers(seed):
    rng = random.Random(seed)
    n, box = (4, (2, 2)) if seed % 3 else (6, (2, 3))
    constraints = [_random_constraint(rng, n) for _ in range(rng.randint(1, 3))]
    givens = [0] * (n * n)
    if n == 4:
        for x in rng.sample(range(n * n), rng.randint(0, 3)):
            givens[x] = rng.randint(1, n)
    else:  # 6x6: givens from a grid, enough for brute force to be quick
        grid = [(r // 2 * 2 + r % 2 * 3 + c) % 6 + 1 for r in range(6) for c in range(6)]
        givens = [v if rng.random() < 0.45 else 0 for v in grid]
    text = "".join(str(v) if v else "." for v in givens)
    puzzle = Variant(text, box=box, constraints=constraints)
    try:
        puzzle.model()
        malformed = False
    except VariantError:
        malformed = True
    if malformed:  # nothing malformed is written
        with pytest.raises(VariantError):
            to_json(puzzle)
    else:
        expected = brute_count(n, box, None, constraints, givens, 20)
        back = from_json(to_json(puzzle))
        assert fs.count_solutions(back, limit=20) == expected
        try:
            iss = to_iss(puzzle)
        except VariantError as e:  # only what the ISS cannot say
            assert "NoOther" in str(e)
            iss = None
        if iss is not None:
            assert fs.count_solutions(from_iss(iss), limit=20) == expected


def test_json_form_is_documented_and_plain():
    puzzle = Variant(
        "1" + "." * 15,
        constraints=[Cage([(0, 1), "R1C3"], 5), Arrow("R4C4", [(3, 2), (3, 1)], check_path=False)],
    )
    obj = json.loads(to_json(puzzle))
    assert obj["givens"] == "1" + "." * 15
    assert obj["box"] == "auto"
    assert obj["constraints"][0] == {"type": "Cage", "cells": ["R1C2", "R1C3"], "total": 5}
    assert obj["constraints"][1]["circle"] == "R4C4"
    assert obj["constraints"][1]["cells"] == ["R4C3", "R4C2"]
    # Fields left out take their defaults; [row, column] pairs from 0 are read too.
    short = {"givens": "." * 16, "constraints": [{"type": "Thermo", "cells": [[0, 0], [0, 1]]}]}
    assert from_json(short).constraints == [Thermo([(0, 0), (0, 1)])]


def test_iss_text_of_each_kind():
    cases = [
        (Sandwich("r3", 7), ".Sandwich~7~R3"),
        (XSum("C2", 10, reverse=True), ".XSum~C2~~10"),
        (XSum("C2", 10), ".XSum~C2~10~"),
        (Kropki("R1C1", "R1C2", "black"), ".BlackDot~R1C1~R1C2"),
        (XV((0, 0), (1, 0), "v"), ".V~R1C1~R2C1"),
        (Candidates("R2C2", [3, 1]), ".~R2C2_1_3"),
        (NoOtherDots(), ".StrictKropki"),
        (
            Arrow(["R1C1", "R1C2"], ["R2C1", "R2C2"], check_path=False),
            ".Sum~0_=_1_1_-10_-1~R2C1~R2C2~R1C1~R1C2",
        ),
    ]
    for con, text in cases:
        assert to_iss(Variant("." * 81, constraints=[con])) == text
    assert to_iss(Variant("." * 16, box=None)) == ".Shape~4x4.NoBoxes"
    assert to_iss(Variant("12" + "." * 14, regions="AABBAABBCCDDCCDD")).startswith(
        ".Shape~4x4.NoBoxes.Jigsaw~0011001122332233.~R1C1_1~R1C2_2"
    )


@pytest.mark.parametrize(
    "puzzle, message",
    [
        (Variant("." * 36, box=(3, 2)), "boxes of 3x2"),
        (Variant("." * 81, constraints=[NoOtherDots(black=False)]), "one colour only"),
        (Variant("." * 81, constraints=[NoOtherXV(v=False)]), "X or V only"),
        (Variant("." * 625), "25x25"),
    ],
)
def test_iss_writer_refuses_what_the_iss_cannot_say(puzzle, message):
    with pytest.raises(VariantError, match=message):
        to_iss(puzzle)


@pytest.mark.parametrize(
    "data, message",
    [
        ("{", "not valid JSON"),
        ("[1, 2]", "expected an object"),
        ('{"constraints": []}', "'givens' is missing"),
        ('{"givens": "", "colour": 1}', "unknown key 'colour'"),
        ('{"givens": "", "constraints": {}}', "must be a list"),
        ('{"givens": "", "constraints": [{"cells": []}]}', "constraint 1: expected an object"),
        ('{"givens": "", "constraints": [{"type": "Frob"}]}', "unknown constraint type 'Frob'"),
        ('{"givens": "", "constraints": [{"type": "Constraint"}]}', "unknown constraint type"),
        ('{"givens": "", "constraints": [{"type": "Variant"}]}', "unknown constraint type"),
        ('{"givens": "", "constraints": [{"type": "Cage", "sum": 3}]}', "unknown field 'sum'"),
        ('{"givens": "", "constraints": [{"type": "Cage"}]}', r"Cage\): .*cells"),
    ],
)
def test_bad_json_is_named(data, message):
    with pytest.raises(VariantError, match=message):
        from_json(data)


def test_json_rules_are_checked_when_built():
    bad = from_json(
        '{"givens": "' + "." * 16 + '", "constraints": [{"type": "Cage", '
        '"cells": ["R1C1", "R9C9"], "total": 3}]}'
    )
    with pytest.raises(VariantError, match="off the 4x4 grid"):
        fs.solve(bad)
    with pytest.raises(TypeError, match="takes a Variant"):
        to_json("." * 81)
    with pytest.raises(VariantError, match="off the 4x4 grid"):
        to_iss(bad)


def test_large_and_lettered_grids_round_trip():
    puzzle = Variant("." * 256, constraints=[Cage(["R1C1", "R1C2"], 31)])
    back = from_json(to_json(puzzle))
    assert fs.solve(back) == fs.solve(puzzle)
    assert from_iss(to_iss(puzzle)).grid().n == 16
    odd = Variant("ab" + "." * 14, alphabet="abcd")
    assert json.loads(to_json(odd))["givens"] == "ab" + "." * 14
    assert fs.solve(from_json(to_json(odd))) == fs.solve(odd)


def test_from_text_tells_the_forms_apart():
    from fastsudoku.variants import from_text
    from test_fpuzzles import LINKS, _grid

    iss = _iss_examples()[0].values[0]
    puzzle = from_iss(iss)
    for text in (iss, to_json(puzzle), " " + to_iss(puzzle) + "\n"):
        _same_puzzle(from_text(text), puzzle)
    fp = {
        "size": 4,
        "grid": _grid(4, "1" + "." * 15),
        "killercage": [{"cells": ["R1C2", "R1C3"], "value": "7"}],
    }
    _same_puzzle(
        from_text(json.dumps(fp)), Variant("1" + "." * 15, constraints=[Cage(["R1C2", "R1C3"], 7)])
    )
    linked = from_text(LINKS[1])
    assert to_iss(linked) == ".Cage~9~R1C1~R2C1.Cage~33~R1C2~R1C3~R2C2~R2C3~R3C2"
    _same_puzzle(from_iss(to_iss(linked)), linked)
    with pytest.raises(VariantError):
        from_text("{}")
    with pytest.raises(TypeError):
        from_text(None)
