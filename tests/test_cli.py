"""The command line: answers in order, bad lines reported with their number, exit codes."""

import subprocess
import sys

from fastsudoku.cli import main
from reference import check_grid

P = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
NONE = "12........3...4."


def _values(line):
    return [0 if ch in ".0" else int(ch) for ch in line]


def test_solve_file_with_a_bad_line(tmp_path, capsys):
    f = tmp_path / "in.txt"
    f.write_text(f"# comment\n{P}\n\n{'x' * 81}\n{NONE} trailing words\n{'.' * 81}\n")
    assert main(["solve", str(f)]) == 65
    out, err = capsys.readouterr()
    lines = out.splitlines()
    assert len(lines) == 4
    check_grid(_values(P), _values(lines[0]), (3, 3))
    assert lines[1].startswith("error: row 1, column 1")
    assert lines[2] == "no solution"
    check_grid([0] * 81, _values(lines[3]), (3, 3))
    assert f"{f}:4:" in err


def test_count_and_unique_exit_codes(tmp_path, capsys):
    f = tmp_path / "in.txt"
    f.write_text(f"{P}\n{'.' * 81}\n")
    assert main(["count", str(f), "--limit", "3"]) == 0
    assert capsys.readouterr().out.splitlines() == ["1", "3+"]
    assert main(["solve", "--unique", str(f)]) == 1
    capsys.readouterr()
    g = tmp_path / "one.txt"
    g.write_text(P + "\n")
    assert main(["solve", "--unique", "--stats", str(g)]) == 0
    assert "puzzles/s" in capsys.readouterr().err


def test_box_option_and_usage_errors(tmp_path, capsys):
    f = tmp_path / "six.txt"
    f.write_text("1.." + "." * 33 + "\n")
    assert main(["solve", "--box", "2x3", str(f)]) == 0
    assert len(capsys.readouterr().out.strip()) == 36
    assert main(["solve", "--box", "2by3", str(f)]) == 2
    assert main(["count", "--limit", "0", str(f)]) == 2
    assert main(["solve", str(tmp_path / "missing.txt")]) == 65


def test_installed_entry_point_reads_stdin():
    r = subprocess.run(
        [sys.executable, "-m", "fastsudoku", "solve", "-"],
        input=P + "\n",
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert r.returncode == 0, r.stderr
    check_grid(_values(P), _values(r.stdout.strip()), (3, 3))


def test_target_is_byte_exact_for_the_p1074_samples(capsys):
    from conftest import DATA

    for case in ("p1074_1", "p1074_2"):
        assert main(["target", str(DATA / f"{case}.in")]) == 0
        assert capsys.readouterr().out == (DATA / f"{case}.out").read_text()


def test_target_lines_weights_grid_and_no_solution(tmp_path, capsys):
    f = tmp_path / "lines.txt"
    unsolvable = "12345678." + "." * 8 + "9" + "." * 63
    f.write_text(f"# two puzzles\n{P}\n{unsolvable}\n")
    w = tmp_path / "w.txt"
    w.write_text("\n".join(" ".join("1" for _ in range(9)) for _ in range(9)) + "\n")
    # With every weight 1 any solution scores 9 * 45.
    assert main(["target", "--lines", "--weights", str(w), "--grid", str(f)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "405"
    check_grid(_values(P), _values(out[1]), (3, 3))
    assert out[2] == "-1"
    w.write_text("1 2\n3\n")
    assert main(["target", "--lines", "--weights", str(w), str(f)]) == 65
    assert "--weights" in capsys.readouterr().err
    assert main(["target", "--lines", "--node-limit", "1", str(tmp_path / "missing")]) == 65


def test_threads_give_the_same_output_in_chunks(tmp_path, capsys, monkeypatch):
    """--threads goes through solve_many in chunks; every answer, error and exit code is the
    one of the per-line path, in order (chunks of 3 lines here, so that they split the file)."""
    import fastsudoku.cli.solve as cli
    from conftest import dataset

    monkeypatch.setattr(cli, "CHUNK", 3)
    lines = [
        *dataset("puzzles3_magictour_top1465")[:7],
        "x" * 81,
        "11" + "." * 79,
        NONE,
        "." * 81,
        "." * 16,
        "1" + "." * 15,
    ]
    f = tmp_path / "mixed.txt"
    f.write_text("# mixed\n" + "\n".join(lines) + "\n")
    for command in (["solve"], ["count", "--limit", "3"], ["solve", "--unique"]):
        # The general path, one puzzle at a time, is the reference for the array fast path.
        with monkeypatch.context() as m:
            m.setattr(cli, "_solve_lines81", lambda *a: None)
            code = main([*command, str(f)])
            plain = capsys.readouterr()
        assert main([*command, str(f)]) == code
        assert capsys.readouterr() == plain
        for threads in ("1", "2"):
            assert main([*command, "--threads", threads, str(f)]) == code
            assert capsys.readouterr() == plain
    assert main(["solve", "--threads", "0", str(f)]) == 2


def test_formats_in_and_out(tmp_path, capsys):
    from conftest import dataset

    lines = dataset("puzzles3_magictour_top1465")[:3]
    grid_text = "\n\n".join("\n".join(p[r * 9 : r * 9 + 9] for r in range(9)) for p in lines) + "\n"
    f = tmp_path / "grids.txt"
    f.write_text(grid_text)
    assert main(["solve", str(f)]) == 0  # detected as grids, kept as grids
    out = capsys.readouterr().out
    blocks = out.strip("\n").split("\n\n")
    assert len(blocks) == 3
    for p, block in zip(lines, blocks):
        check_grid(_values(p), _values(block.replace("\n", "")), (3, 3))
    assert main(["solve", "--output-format", "line", str(f)]) == 0
    assert capsys.readouterr().out.splitlines() == [
        __import__("fastsudoku").solve(p) for p in lines
    ]
    assert main(["solve", "--output-format", "csv", str(f)]) == 0
    rows = capsys.readouterr().out.splitlines()
    assert rows[0] == "puzzle,solution" and rows[1].split(",")[0] == lines[0].replace(".", "0")


def test_convert_and_check(tmp_path, capsys):
    import fastsudoku as fs
    from conftest import dataset

    lines = dataset("puzzles3_magictour_top1465")[:4]
    f = tmp_path / "in.txt"
    f.write_text("\n".join(lines) + "\n")
    for fmt in ("grid", "csv", "sdk", "line"):
        assert main(["convert", "--to", fmt, str(f)]) == 0
        converted = tmp_path / f"out.{fmt}"
        converted.write_text(capsys.readouterr().out)
        assert main(["convert", "--format", fmt, "--to", "line", str(converted)]) == 0
        assert capsys.readouterr().out.splitlines() == lines
    sols = [fs.solve(p) for p in lines]
    wrong = sols[2][:-2] + sols[2][-1] + sols[2][-2]
    csv = tmp_path / "set.csv"
    csv.write_text(
        "quizzes,solutions\n"
        + "\n".join(
            f"{p.replace('.', '0')},{s}" for p, s in zip(lines, [sols[0], sols[1], wrong, ""])
        )
        + "\n"
        + "0" * 81
        + ","
        + "\n"
    )
    assert main(["check", str(csv)]) == 1
    out = capsys.readouterr()
    assert out.out.splitlines() == ["ok", "ok", "wrong solution", "ok", "not unique"]
    assert f"{csv}:4: wrong solution" in out.err and f"{csv}:6: not unique" in out.err


def test_judge_format_samples(monkeypatch, capsys):
    import io

    from conftest import DATA

    for path in sorted((DATA / "judges").glob("*.in")):
        problem = path.name.rsplit("_", 1)[0]
        monkeypatch.setattr("sys.stdin", io.StringIO(path.read_text()))
        assert main(["judge-format", problem]) == 0
        assert capsys.readouterr().out == path.with_suffix(".out").read_text(), problem
    monkeypatch.setattr("sys.stdin", io.StringIO("garbage\nend\n"))
    assert main(["judge-format", "poj3074"]) == 65
    assert "judge-format poj3074" in capsys.readouterr().err
    assert main(["judge-format", "nope"]) == 2


def test_bad_files_name_file_and_line(tmp_path, capsys):
    junk = tmp_path / "junk.bin"
    junk.write_bytes(bytes(range(256)) * 4)
    mixed = tmp_path / "mixed.txt"
    mixed.write_text("." * 81 + "\n" + "." * 16 + "\n" + "." * 80 + "\n" + "?" * 81 + "\n")
    badcsv = tmp_path / "bad.csv"
    badcsv.write_text("quizzes,solutions\n" + "0" * 81 + "\n")
    for path, command in (
        (junk, "solve"),
        (mixed, "solve"),
        (badcsv, "solve"),
        (junk, "check"),
        (badcsv, "convert"),
    ):
        args = [command, str(path)] + (["--to", "line"] if command == "convert" else [])
        assert main(args) == 65, (path.name, command)
        err = capsys.readouterr().err
        assert f"{path}:" in err and "Traceback" not in err, err
    assert main(["solve", str(mixed), "--format", "line"]) == 65
    out, err = capsys.readouterr()
    assert out.splitlines()[1] != "error" and len(out.splitlines()) == 4
    assert f"{mixed}:3:" in err


def test_size_option_and_summary_line(tmp_path, capsys):
    from conftest import dataset

    f = tmp_path / "many.txt"
    f.write_text("\n".join(dataset("puzzles2_17_clue")[:400]) + "\n")
    assert main(["solve", "--size", "9", str(f)]) == 0
    out, err = capsys.readouterr()
    assert len(out.splitlines()) == 400 and "400 puzzles in" in err  # summary unasked
    assert main(["solve", "--size", "6", str(f)]) == 2  # 6 is not square
    assert "--size 6" in capsys.readouterr().err
    small = tmp_path / "small.txt"
    small.write_text(P + "\n")
    assert main(["solve", str(small)]) == 0
    assert capsys.readouterr().err == ""  # no summary: 1 puzzle


def test_generate_and_rate_commands(tmp_path, capsys):
    import fastsudoku as fs

    assert (
        main(
            [
                "generate",
                "--count",
                "4",
                "--clues",
                "24-28",
                "--seed",
                "3",
                "--symmetry",
                "rot180",
                "--solutions",
            ]
        )
        == 0
    )
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 4
    for line in lines:
        puzzle, solution = line.split()
        assert fs.count_solutions(puzzle, limit=2) == 1 and fs.solve(puzzle) == solution
    f = tmp_path / "g.txt"
    f.write_text("\n".join(lines) + "\n" + "." * 81 + "\nxx\n")
    assert main(["rate", str(f)]) == 65
    out = capsys.readouterr().out.splitlines()
    assert all(o.split()[0] in ("simple", "easy", "intermediate", "expert") for o in out[:4])
    assert out[4].startswith("not_unique") and out[5].startswith("error:")
    # Sudoku Explainer's numbers and the steps of a puzzle the techniques solve
    easy = ".....3.....96.7..37.4.92..1..59748.2972.581.44832....96.87.93..5914..278.2.81..4."
    f.write_text(easy + "\n")
    assert main(["rate", "--explain", str(f)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert " se=1.2/1.2/1.2 hardest=hidden_single_box " in out[0]
    assert len(out) == 1 + easy.count(".") and out[1].startswith("  1.")
    # SE's nested chains, and --nesting to stop short of them (SE: 10.3 at level 2)
    nested = "...4......5...9...6...2..1.2...7.9.1..5....7......8.3...6....9.7...3.1......9.327"
    f.write_text(nested + "\n")
    assert main(["rate", str(f)]) == 0
    assert " se=10.3/10.3/2.6 hardest=nested_forcing_chains " in capsys.readouterr().out
    assert main(["rate", "--nesting", "1", str(f)]) == 0
    assert "se=" not in capsys.readouterr().out
    assert main(["rate", "--nesting", "5", str(f)]) == 2
    # generation to a Sudoku Explainer band
    assert main(["generate", "--se", "3.0-4.0", "--count", "2", "--seed", "2"]) == 0
    for line in capsys.readouterr().out.splitlines():
        assert 3.0 <= fs.rate(line).se <= 4.0
    assert main(["generate", "--se", "hard"]) == 2
    assert main(["generate", "--technique", "none"]) == 2
    assert main(["generate", "--clues", "10"]) == 1
    assert main(["generate", "--clues", "a-b"]) == 2


def test_bench_command(tmp_path, capsys):
    from conftest import dataset

    f = tmp_path / "set.txt"
    f.write_text("\n".join(dataset("puzzles3_magictour_top1465")[:50]) + "\n")
    assert main(["bench", str(f), "--threads", "2", "--repeat", "1"]) == 0
    out = capsys.readouterr().out
    assert "50 puzzles (9x9)" in out and "2 threads" in out
    mixed = tmp_path / "mixed.txt"
    mixed.write_text("." * 81 + "\n" + "." * 16 + "\n")
    assert main(["bench", str(mixed)]) == 2


def test_convert_keeps_a_solution_column(tmp_path, capsys):
    import fastsudoku as fs
    from conftest import dataset

    p = dataset("puzzles3_magictour_top1465")[0]
    f = tmp_path / "in.csv"
    f.write_text(
        f"quizzes,solutions\n{p.replace('.', '0')},{fs.solve(p)}\n{p.replace('.', '0')},\n"
    )
    assert main(["convert", "--to", "csv", str(f)]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "puzzle,solution",
        f"{p.replace('.', '0')},{fs.solve(p)}",
        f"{p.replace('.', '0')},",
    ]


# --- judge and gen-tests: one error line, the documented exit code (issue 17, defect 12) ----
import os  # noqa: E402  (kept with the cases that need them: appended section)

import pytest  # noqa: E402

_JUDGE_ERRORS = [
    (["--run", "/nonexistent/prog"], "No such file", 2),
    (["--run", ""], "empty", 2),
    (["--run", "   "], "empty", 2),
    (["--run", 'python3 "x'], "No closing quotation", 2),
    (["--run", "NOEXEC"], "Permission denied", 2),
    (["--self", "--memory-limit", "nan"], "--memory-limit", 2),
    (["--self", "--memory-limit", "1e30"], "--memory-limit", 2),
    (["--self", "--memory-limit", "-1"], "--memory-limit", 2),
    (["--self", "--memory-limit", "0"], "--memory-limit", 2),
    (["--self", "--time-limit", "nan"], "--time-limit", 2),
    (["--self", "--time-limit", "inf"], "--time-limit", 2),
    (["--self", "--time-limit", "-1"], "--time-limit", 2),
    (["--self", "--output-limit", "inf"], "--output-limit", 2),
]


@pytest.mark.skipif(os.name != "posix", reason="exec permissions: POSIX")
@pytest.mark.parametrize("options, words, status", _JUDGE_ERRORS)
def test_judge_bad_run_and_limits_give_one_error_line(tmp_path, options, words, status):
    script = tmp_path / "noexec.sh"
    script.write_text("#!/bin/sh\necho 1\n")  # no execute bit
    options = [str(script) if o == "NOEXEC" else o for o in options]
    done = subprocess.run(
        [sys.executable, "-m", "fastsudoku", "judge", "poj3074", *options, "--generate", "1"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == status, done.stderr
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("fastsudoku: error: "), done.stderr
    assert words in lines[0], done.stderr
    assert "Traceback" not in done.stderr and done.stdout == ""


@pytest.mark.parametrize(
    "target, words",
    [
        ("FILE", "is not a directory"),
        ("missing/deeper/dir", "no directory"),
        ("", "must name a directory"),
    ],
)
def test_gen_tests_out_into_a_file_or_a_missing_path(tmp_path, target, words):
    (tmp_path / "FILE").write_text("x")
    out = str(tmp_path / target) if target else ""
    done = subprocess.run(
        [sys.executable, "-m", "fastsudoku", "gen-tests", "poj3074", "--count", "1", "--out", out],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=tmp_path,
    )
    assert done.returncode == (2 if not target else 1), done.stderr
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("fastsudoku: error: "), done.stderr
    assert words in lines[0], done.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["FILE"]


# --- the package: one table of commands, public names only, one error prefix (issue 18) -----


def test_the_parser_is_built_from_the_table_of_commands(capsys):
    import fastsudoku
    from fastsudoku.cli import COMMANDS, parser

    sub = next(a for a in parser()._actions if a.dest == "command")
    assert list(sub.choices) == list(COMMANDS)
    # --engine offers the package's engines, whatever they are.
    for name in ("solve", "count"):
        engine = next(a for a in sub.choices[name]._actions if a.dest == "engine")
        assert tuple(engine.choices) == tuple(fastsudoku.ENGINES)
    assert main(["--help"]) == 0
    listed = capsys.readouterr().out
    assert all(name in listed and row.help in listed for name, row in COMMANDS.items())


def test_the_command_line_uses_only_public_names():
    """Every import of the cli package names a public module or name of fastsudoku (or a
    module of the cli package itself)."""
    import ast
    from pathlib import Path

    import fastsudoku
    import fastsudoku.cli

    package = Path(fastsudoku.cli.__file__).parent
    modules = sorted(package.glob("*.py"))
    assert len(modules) >= 7
    for path in modules:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module != "__future__":
                where = f"{path.name}:{node.lineno}"
                if node.level == 1:  # from .reading import ...
                    assert node.module is None or not node.module.startswith("_"), where
                    continue
                module = node.module or ""
                if node.level == 0 and not module.startswith("fastsudoku"):
                    continue  # the standard library, numpy
                assert not any(p.startswith("_") for p in module.split(".")), where
                for alias in node.names:
                    assert not alias.name.startswith("_"), where
                    if node.level == 2 and not module:
                        assert alias.name in fastsudoku.__all__ or alias.name in (
                            "formats",
                            "judges",
                            "localjudge",
                            "dask",
                            "variants",
                        ), where
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    assert not any(p.startswith("_") for p in alias.name.split(".")), where
            elif (
                isinstance(node, ast.Attribute)
                and isinstance(node.value, ast.Name)
                and node.value.id in ("fastsudoku", "formats", "judges", "localjudge")
            ):
                public = not node.attr.startswith("_") or node.attr == "__version__"
                assert public, f"{path.name}:{node.lineno}"


ERROR_CASES = [
    (["solve", "--limit", "0", "-"], 2),
    (["solve", "--box", "0x3", "-"], 2),
    (["target", "--node-limit", "-1", "-"], 2),
    (["generate", "--clues", "x"], 2),
    (["gen-tests", "poj3074", "--count", "0", "--out", "x"], 2),
    (["judge", "poj3074", "--self", "--repeat", "0", "--generate", "1"], 2),
    (["judge", "poj3074", "--run", "", "--generate", "1"], 2),
    (["solve", "no/such/file"], 65),
    (["judge-format", "poj2676"], 65),
]


@pytest.mark.parametrize("argv, code", ERROR_CASES)
def test_every_command_writes_one_error_line_with_one_prefix(argv, code, capsys, monkeypatch):
    import io

    monkeypatch.setattr(sys, "stdin", io.StringIO("-1\n"))
    assert main(argv) == code
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1 and err[0].startswith("fastsudoku: error: "), err


def test_repeated_givens_are_named_in_the_puzzles_symbols_on_every_path(tmp_path, capsys):
    """The searches of a puzzle's values name values; the message names its symbols, as
    the public functions do (value 1 of 0-9A-F is '0'), whatever the path and the output."""
    f = tmp_path / "hex.txt"
    f.write_text("00" + "." * 254 + "\n" + "0" + "." * 255 + "\n")
    expected = "value 1 ('0') repeats in row 1 (columns 1 and 2)"
    for extra in (
        [],
        ["--output-format", "grid"],
        ["--output-format", "csv"],
        ["--threads", "2"],
        ["--engine", "dlx"],
    ):
        assert main(["solve", "--alphabet", "0-9A-F", *extra, str(f)]) == 65
        out, err = capsys.readouterr()
        assert err == f"{f}:1: {expected}\n", extra
        assert out.splitlines()[0] == f"error: {expected}", extra
    assert main(["check", "--alphabet", "0-9A-F", str(f)]) == 65
    assert capsys.readouterr().out.splitlines() == [f"error: {expected}", "not unique"]
    g = tmp_path / "hex.csv"
    g.write_text("puzzle,solution\n" + "00" + "." * 254 + "," + "0" * 256 + "\n")
    assert main(["check", "--alphabet", "0-9A-F", str(g)]) == 65
    assert capsys.readouterr().out.splitlines() == [f"error: {expected}"]
    assert main(["bench", "--alphabet", "0-9A-F", str(f)]) == 65
    assert capsys.readouterr().err == f"{f}:1: {expected}\n"


def test_check_a_solution_column_right_and_wrong(tmp_path, capsys):
    import fastsudoku as fs

    solution = fs.solve(P)
    broken = solution[:-2] + solution[-1] + solution[-2]  # keeps the givens, breaks rows
    f = tmp_path / "in.csv"
    f.write_text(f"puzzle,solution\n{P},{solution}\n{P},{broken}\n{P},{solution[:-1]}\n")
    assert main(["check", str(f)]) == 65
    out, _err = capsys.readouterr()
    assert out.splitlines()[:2] == ["ok", "wrong solution"]
    assert out.splitlines()[2].startswith("error: ")


def _iss_examples():
    from pathlib import Path

    data = Path(__file__).resolve().parent / "data" / "variants" / "iss_examples.txt"
    out = {}
    for block in data.read_text().split("\n\n"):
        if block.startswith(">"):
            head, text, solution = block.strip().split("\n")
            out[head[2:].rsplit(" (", 1)[0]] = (text, solution)
    return out


def test_variant_lines_solve_count_check_and_convert(tmp_path, capsys):
    """ISS and JSON lines, detected or named: each answered in order (solutions as the
    ISS stores them), a bad line named with its number and the batch going on; the same
    answers with --threads; convert between the two forms and from classic lines."""
    from fastsudoku.variants import Cage, Variant, to_json

    examples = _iss_examples()
    sandwich, sandwich_solution = examples["Between 1 and 9 Sudoku"]
    xsum, xsum_solution = examples["X-Sum"]
    f = tmp_path / "v.txt"
    f.write_text(f"# ISS\n{sandwich}\n\n{xsum}\n.Cage~99~R1C1~R1C2\n.Frob~R1C1\n")
    assert main(["solve", str(f)]) == 65
    out, err = capsys.readouterr()
    assert out.splitlines() == [
        sandwich_solution,
        xsum_solution,
        "no solution",
        "error: ISS constraint string: unknown constraint type 'Frob'",
    ]
    assert f"{f}:6:" in err
    for threads in ([], ["--threads", "2"]):
        assert main(["count", str(f), *threads]) == 65
        assert capsys.readouterr().out.splitlines()[:3] == ["1", "1", "0"]
    assert main(["check", str(f)]) == 65
    assert capsys.readouterr().out.splitlines() == [
        "ok",
        "ok",
        "no solution",
        "error: ISS constraint string: unknown constraint type 'Frob'",
    ]
    # JSON lines (named), two solutions: count 2+, solve --unique exits 1.
    g = tmp_path / "v.jsonl"
    two = Variant("." * 16, constraints=[Cage(["R1C1", "R1C2"], 3)])
    g.write_text(to_json(two) + "\n")
    assert main(["count", "--format", "json", str(g)]) == 0
    assert capsys.readouterr().out.strip() == "2+"
    assert main(["solve", "--unique", str(g)]) == 1
    assert capsys.readouterr().out.strip()[:2] in ("12", "21")
    # convert: ISS -> JSON -> solve gives the same solutions; classic -> ISS.
    h = tmp_path / "j.txt"
    h.write_text(f"{sandwich}\n{xsum}\n")
    assert main(["convert", str(h), "--to", "json"]) == 0
    k = tmp_path / "k.txt"
    k.write_text(capsys.readouterr().out)
    assert main(["solve", str(k)]) == 0
    assert capsys.readouterr().out.splitlines() == [sandwich_solution, xsum_solution]
    c = tmp_path / "c.txt"
    c.write_text(P + "\n")
    assert main(["convert", str(c), "--to", "iss"]) == 0
    iss_line = capsys.readouterr().out.strip()
    assert iss_line.startswith(".~R1C1_4~R1C7_8~R1C9_5")
    assert main(["convert", str(h), "--to", "line"]) == 2
    assert "written as iss or json" in capsys.readouterr().err


def test_variant_lines_refuse_classic_options(tmp_path, capsys):
    f = tmp_path / "v.txt"
    f.write_text(".Cage~3~R1C1~R1C2\n")
    for option, message in (
        (["--box", "3x3"], "carry their own box"),
        (["--size", "9"], "carry their own box"),
        (["--alphabet", "1-9"], "carry their own alphabet"),
        (["--output-format", "grid"], "one line of N*N characters"),
    ):
        assert main(["solve", str(f), *option]) == 2
        assert message in capsys.readouterr().err


def test_fpuzzles_lines(tmp_path, capsys):
    """f-puzzles links and f-puzzles JSON lines (detected), answered like any variant line."""
    import json

    from test_fpuzzles import LINKS, _grid

    obj = {
        "size": 4,
        "grid": _grid(4, "1..." + "." * 12),
        "thermometer": [{"lines": [["R2C1", "R2C2", "R2C3"]]}],
    }
    f = tmp_path / "f.txt"
    f.write_text(f"{LINKS[1]}\nhttps://f-puzzles.com/?load=N4Ig!\n")
    assert main(["count", str(f)]) == 65
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "2+" and out[1].startswith("error: f-puzzles data")
    g = tmp_path / "g.txt"
    g.write_text(json.dumps(obj) + "\n")
    assert main(["solve", str(g)]) == 0  # several solutions: the first (exit 1 with --unique)
    solution = capsys.readouterr().out.strip()
    assert solution[0] == "1" and solution[4] < solution[5] < solution[6]
    assert main(["solve", "--unique", str(g)]) == 1
    capsys.readouterr()
    assert main(["convert", str(g), "--to", "iss"]) == 0
    assert capsys.readouterr().out.strip() == ".Shape~4x4.~R1C1_1.Thermo~R2C1~R2C2~R2C3"


def test_generate_variant_lines(tmp_path, capsys):
    """generate --variant: one unique puzzle a line in ISS or JSON form, read back by
    solve (check says ok), the same for a seed; classic-only options refused."""
    for kind in ("killer", "jigsaw", "windoku", "x", "anti-knight", "anti-king"):
        assert main(["generate", "--variant", kind, "--count", "2", "--seed", "5"]) == 0
        lines = capsys.readouterr().out.splitlines()
        assert len(lines) == 2 and all(ln.startswith(".") for ln in lines)
        f = tmp_path / f"{kind}.txt"
        f.write_text("\n".join(lines) + "\n")
        assert main(["check", str(f)]) == 0
        assert capsys.readouterr().out.splitlines() == ["ok", "ok"]
        assert main(["generate", "--variant", kind, "--count", "2", "--seed", "5"]) == 0
        assert capsys.readouterr().out.splitlines() == lines
    assert (
        main(["generate", "--variant", "killer", "--size", "6", "--to", "json", "--solutions"]) == 0
    )
    line = capsys.readouterr().out.strip()
    assert line.startswith('{"givens"') and len(line.rsplit(" ", 1)[1]) == 36
    assert main(["generate", "--variant", "x", "--clues", "20"]) == 2
    assert "for classic puzzles" in capsys.readouterr().err
    assert main(["generate", "--variant", "windoku", "--size", "4"]) == 2
    assert "9x9 only" in capsys.readouterr().err
    for size in ("0", "37"):
        assert main(["generate", "--variant", "killer", "--size", size]) == 2
        assert "up to 36x36" in capsys.readouterr().err
    assert main(["generate", "--variant", "jigsaw", "--size", "25"]) == 2
    assert "sides up to 16" in capsys.readouterr().err
    # Sides that are not squares get their most square boxes (6x6: 2x3), primes none.
    assert main(["generate", "--variant", "anti-king", "--size", "6", "--seed", "2"]) == 0
    assert capsys.readouterr().out.startswith(".Shape~6x6.")
    assert main(["generate", "--variant", "x", "--size", "5", "--seed", "2"]) == 0
    assert ".NoBoxes" in capsys.readouterr().out


def test_canon_and_dedupe_commands(tmp_path, capsys):
    import fastsudoku as fs

    lines = [P, fs.isomorph(P, seed=1), fs.isomorph(P, seed=2).replace(".", "0")]
    other = "1" + "." * 80
    f = tmp_path / "c.txt"
    f.write_text("\n".join([*lines, other, "11" + "." * 79, "x" * 81]) + "\n")
    assert main(["canon", str(f)]) == 65
    out, err = capsys.readouterr()
    got = out.splitlines()
    assert got[0] == got[1] == fs.canonical(P) and got[2] == fs.canonical(P).replace(".", "0")
    assert got[3] == "." * 80 + "1"
    assert got[4].startswith("error: value 1 repeats in row 1") and got[5].startswith("error:")
    assert f"{f}:5:" in err and f"{f}:6:" in err
    assert main(["canon", "--form", "maxlex", "--threads", "2", str(f)]) == 65
    assert capsys.readouterr().out.splitlines()[3] == "9" + "." * 80
    assert main(["dedupe", str(f)]) == 65
    out, err = capsys.readouterr()
    assert out.splitlines() == [P, other] and "kept 2 of 4 puzzles" in err
    assert main(["dedupe", "--canonical", str(f)]) == 65
    assert capsys.readouterr().out.splitlines() == [fs.canonical(P), "." * 80 + "1"]
    assert main(["canon", "--form", "smallest", str(f)]) == 2
