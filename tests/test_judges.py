"""Judge specs: each reproduces its problem's sample output byte for byte, also from the same
input with CRLF, trailing spaces, extra blank lines and no final newline; multi-case inputs
are answered with the judge's separators.  The registry holds one entry a problem, and its
samples, writers and test data agree with the rest."""

import hashlib
import json
import random

import pytest

import fastsudoku as fs
from conftest import DATA
from fastsudoku.judges import JUDGES, PROBLEMS, Judge, JudgeSpec, Sample, answer, lookup, make_tests
from reference import check_grid

SAMPLES = sorted((DATA / "judges").glob("*.in"))


def _problem(path):
    return path.name.rsplit("_", 1)[0]


def _variants(text):
    crlf = text.replace("\n", "\r\n")
    spaces = "\n".join(ln + "   " if ln.strip() else ln for ln in text.split("\n"))
    no_final = text.rstrip("\n")
    extra_blank = "\n\n" + text + "\n\n"
    return [text, crlf, spaces, no_final, extra_blank]


def test_every_judge_has_a_sample():
    missing = set(JUDGES) - {_problem(p) for p in SAMPLES} - {"uva1309", "zoj3122"}
    assert not missing, f"no sample for {sorted(missing)}"


@pytest.mark.parametrize("path", SAMPLES, ids=[p.name for p in SAMPLES])
def test_sample_byte_for_byte(path):
    expected = path.with_suffix(".out").read_text()
    problem = _problem(path)
    for text in _variants(path.read_text()):
        if problem == "leetcode37" and text is not None:
            text = text.strip() + "\n"
        assert answer(problem, text) == expected, (problem, repr(text[:40]))


def _grid_of(text):
    return [
        0 if ch in "-.0?" else (ord(ch) - 64 if ch.isalpha() else int(ch))
        for ch in text.replace(" ", "").replace("\n", "")
    ]


@pytest.mark.parametrize(
    "problem,after_last",
    [("poj3076", False), ("uva1309", False), ("zoj3122", False), ("acwing169", True)],
)
def test_16x16_cases_and_separators(problem, after_last):
    one = (DATA / "judges" / "poj3076_1.in").read_text()
    out_one = (DATA / "judges" / "poj3076_1.out").read_text()
    got = answer(problem, one + "\n" + one + "\n" + one)
    expected = "\n".join([out_one] * 3) + ("\n" if after_last else "")
    assert got == expected


def test_spoj_count_first():
    grid = (DATA / "judges" / "poj3076_1.in").read_text()
    out = (DATA / "judges" / "poj3076_1.out").read_text()
    assert answer("spoj-sudoku", "2\n" + grid + "\n" + grid) == out + "\n" + out
    with pytest.raises(fs.ParseError):
        answer("spoj-sudoku", "3\n" + grid)
    with pytest.raises(fs.ParseError):
        answer("spoj-sudoku", "x\n" + grid)


def test_poj2676_any_solution_is_valid_and_cases_follow_the_count():
    assert JUDGES["poj2676"].any_solution
    multi = (
        "103000509\n002109400\n000704000\n300502006\n060000050\n700803004\n"
        "000401000\n009205800\n000000000\n"
    )  # last row emptied: several solutions
    text = "2\n" + multi + multi
    out = answer("poj2676", text).split("\n")
    assert len(out) == 19 and out[-1] == ""
    puzzle = _grid_of(multi)
    for k in range(2):
        check_grid(puzzle, [int(ch) for ch in "".join(out[9 * k : 9 * k + 9])], (3, 3))


def test_hdu_and_kattis_multi_case():
    hdu = (DATA / "judges" / "hdu1426_1.in").read_text()
    hdu_out = (DATA / "judges" / "hdu1426_1.out").read_text()
    assert answer("hdu1426", hdu + "\n" + hdu) == hdu_out + "\n" + hdu_out
    kattis = (DATA / "judges" / "kattis-sudokunique_1.in").read_text()
    boards = kattis.strip().split("\n\n")
    # The derived third answer is checked independently: the board has two solutions.
    from reference import count_solutions

    assert count_solutions(_grid_of(boards[2]), (3, 3), 2) == 2
    assert count_solutions(_grid_of(boards[0]), (3, 3), 2) == 1


def test_p1074_no_solution_prints_minus_one():
    unsolvable = "1 2 3 4 5 6 7 8 0\n" + "0 0 0 0 0 0 0 0 9\n" + "0 0 0 0 0 0 0 0 0\n" * 7
    assert answer("p1074", unsolvable) == "-1\n"


def test_leetcode_board_round_trip():
    board = json.loads((DATA / "judges" / "leetcode37_1.in").read_text())
    out = json.loads(answer("leetcode37", "board = " + json.dumps(board)))
    assert all(len(row) == 9 and all(isinstance(c, str) for c in row) for row in out)


@pytest.mark.parametrize("text", ["", "3", "[[1, 2]]", 'board = [["1"]]', "{"])
def test_leetcode_bad_boards(text):
    with pytest.raises(fs.ParseError):
        answer("leetcode37", text)


def test_unknown_problem():
    with pytest.raises(ValueError):
        answer("nope", "")


# --- the registry -------------------------------------------------------------------------------


def test_registry_one_entry_per_problem():
    names = [name for entry in PROBLEMS for name in entry.names]
    assert len(names) == len(set(names))
    assert (
        sorted(JUDGES)
        == sorted(names)
        == [
            "acwing166",
            "acwing169",
            "hdu1426",
            "kattis-sudokunique",
            "leetcode37",
            "p1074",
            "p1784",
            "poj2676",
            "poj3074",
            "poj3076",
            "spoj-sudoku",
            "uva1309",
            "zoj3122",
        ]
    )
    for entry in PROBLEMS:
        assert all(JUDGES[name] is entry for name in entry.names)
        assert entry.samples and entry.size in (9, 16)
        assert entry.time_limit == 1.0 and entry.memory_limit_mb is None
    assert lookup("uva1309") is JUDGES["poj3076"] and JudgeSpec is Judge


@pytest.mark.parametrize("entry", PROBLEMS, ids=[e.name for e in PROBLEMS])
def test_every_entry_answers_its_samples_under_every_name(entry):
    for sample in entry.samples:
        for name in entry.names:
            assert answer(name, sample.input) == sample.output, name


def test_registry_samples_are_the_sample_files():
    """The samples in the package and the files in tests/data/judges are the same."""
    files = {}
    for path in SAMPLES:
        files.setdefault(_problem(path), set()).add(
            Sample(path.read_text(), path.with_suffix(".out").read_text())
        )
    for name, found in files.items():
        assert found <= set(JUDGES[name].samples), name
    for entry in PROBLEMS:
        assert set(entry.samples) <= set().union(*(files.get(n, set()) for n in entry.names))


def _case_values(entry, case):
    if entry.name == "leetcode37":
        case = "".join("".join(row) for row in json.loads(case))
    return bytes(_grid_of(case))


@pytest.mark.parametrize("entry", PROBLEMS, ids=[e.name for e in PROBLEMS])
def test_writer_and_reader_agree(entry):
    rng = random.Random(entry.name)
    for index in range(4):
        puzzles = entry.puzzles(rng, index)
        assert puzzles and all(len(p) == entry.size**2 for p in puzzles)
        cases = entry.read(entry.write(puzzles))
        assert [_case_values(entry, case) for case in cases] == puzzles


@pytest.mark.parametrize("entry", PROBLEMS, ids=[e.name for e in PROBLEMS])
def test_make_tests_reproducible_and_answered(entry):
    tests = make_tests(entry.name, 3, seed=5)
    assert tests == make_tests(entry.name, 3, seed=5) != make_tests(entry.name, 3, seed=6)
    assert all(out == answer(entry.name, text) for text, out in tests)
    for alias in entry.aliases:  # the name is part of the seed
        assert make_tests(alias, 3, seed=5) != tests


# sha256 of make_tests(problem, 4, seed=0) as JSON: the same seed gives the same files on every
# platform and in every version (the README promises it of gen-tests).
MAKE_TESTS_SHA256 = {
    "acwing166": "352c7163c326e1e07a449c0aad2219a8431e74814fac869834e0f687df33f16d",
    "acwing169": "1bb3827182b1649002bb7a4b1495ed7f66d24345aac6b9dfd4854f1d17cea61a",
    "hdu1426": "371cded78fbfe0185e70b370a3e02895744c8af67e777fea199dab0bf845564b",
    "kattis-sudokunique": "bf408b2487658b18b69ad9ddca7c47214eb010254f9be9c8ac7e052c5f596039",
    "leetcode37": "7d955319478ccc0cbb1c6ab1692a2ba47bedbf4f3ec35493886da060c6275cbf",
    "p1074": "a488d8db9f7112522d2a49b633aa868534535b71b9b612b7f807f17d0ee3919e",
    "p1784": "b4394d58a1330fdee9925fd69a1905efac3b323804948cc6396392c54c88fa4f",
    "poj2676": "5c799467c8d8caf4df426c46c72c8db4c798f3644a93044eebf625f2812a82a2",
    "poj3074": "a0f5cd5b158fcbe050c1a8d8d9dacf81d854d7c6b47c3f4632ae54acf09988ed",
    "poj3076": "e2f54cb580a67bb1d79ec1962eb9f5e2f49dffdcb7265baee0da6d50725f7348",
    "spoj-sudoku": "9b5602d2843d0de697170aaf5e552107d3557ce5186ed51bf2abb00d0fd7ae29",
    "uva1309": "c12f665fd7bc8b9fc94f34126e8ecb29fcc539488ecf8053082b4b80c66ad669",
    "zoj3122": "51fc0206a0e0ebbe67c9f698b1f240200b9b32e938e48883abbf32149ab69362",
}


@pytest.mark.parametrize("problem", sorted(JUDGES))
def test_make_tests_bytes_are_pinned(problem):
    got = hashlib.sha256(json.dumps(make_tests(problem, 4, seed=0)).encode()).hexdigest()
    assert got == MAKE_TESTS_SHA256[problem]


def test_unknown_problem_everywhere():
    for call in (
        lambda: lookup("nope"),
        lambda: make_tests("nope", 1, 0),
        lambda: answer("nope", ""),
    ):
        with pytest.raises(
            ValueError, match="unknown judge problem 'nope'; choose from acwing166, "
        ):
            call()
