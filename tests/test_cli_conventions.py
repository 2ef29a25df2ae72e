"""The command line's conventions: --version, -o/--output written atomically, one set of
input options on every command that reads puzzles, --node-limit, --json summaries, a help
page with an example and the exit codes, and shell completion made from the parser."""

import json
import shutil
import subprocess
import sys

import pytest

import fastsudoku
from fastsudoku.cli import COMMANDS, main, parser, subcommands

P = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
NONE = "12345678." + "........9" + "." * 63  # r1c9 can only be 9, which column 9 has
HARD = "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3"
EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."


def _subparsers():
    return subcommands(parser()).choices


def test_version(capsys):
    assert main(["--version"]) == 0
    assert capsys.readouterr().out.strip() == f"fastsudoku {fastsudoku.__version__}"


def test_every_help_page_has_a_description_an_example_and_exit_codes():
    for name, sub in _subparsers().items():
        page = sub.format_help()
        assert "example:" in page and "fastsudoku " + name in page, name
        assert "exit codes: 0" in page and "65" in page and "130" in page, name
        assert COMMANDS[name].description.split()[0] in page, name


def test_the_commands_that_read_puzzles_share_the_input_options():
    readers = [name for name, row in COMMANDS.items() if row.reads]
    assert {"solve", "count", "check", "convert", "rate", "canon", "dedupe", "target"} <= set(
        readers
    )
    for name in readers:
        flags = {f for a in _subparsers()[name]._actions for f in a.option_strings}
        assert {"--format", "--box", "--size", "--alphabet"} <= flags, name
    for name, row in COMMANDS.items():
        flags = {f for a in _subparsers()[name]._actions for f in a.option_strings}
        assert ("-o" in flags) == row.writes, name


def test_a_classic_command_refuses_a_variant_format(tmp_path, capsys):
    f = tmp_path / "in.txt"
    f.write_text(EASY + "\n")
    for command in ("rate", "canon", "target"):
        assert main([command, str(f), "--format", "iss"]) == 2
        assert "reads classic puzzles" in capsys.readouterr().err


def test_size_on_rate_and_target_format_line(tmp_path, capsys):
    f = tmp_path / "in.txt"
    f.write_text(f"{EASY}\n{NONE}\n")
    assert main(["target", str(f), "--format", "line"]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert lines[1] == "-1" and int(lines[0]) > 0
    assert main(["target", str(f), "--lines"]) == 1
    assert capsys.readouterr().out.splitlines() == lines
    assert main(["rate", str(f), "--size", "9"]) == 0
    rated = capsys.readouterr().out.splitlines()
    assert len(rated) == 2 and rated[1].startswith("no_solution")


def test_output_file_is_written_whole_or_left_alone(tmp_path, capsys, monkeypatch):
    f = tmp_path / "in.txt"
    f.write_text(f"{P}\n{NONE}\n")
    out = tmp_path / "out.txt"
    assert main(["solve", str(f)]) == 1
    expected = capsys.readouterr().out
    assert main(["solve", str(f), "-o", str(out)]) == 1
    assert capsys.readouterr().out == ""
    assert out.read_text() == expected
    # a usage error (found before any input is read) leaves the file as it was
    out.write_text("kept\n")
    assert main(["solve", str(f), "--limit", "0", "--output", str(out)]) == 2
    assert out.read_text() == "kept\n"
    # an interrupted run leaves it too, and no temporary file behind
    from fastsudoku.cli import solve as cli_solve

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    with monkeypatch.context() as patch:
        patch.setattr(cli_solve, "_solve", interrupted)
        assert main(["solve", str(f), "-o", str(out)]) == 130
    assert out.read_text() == "kept\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["in.txt", "out.txt"]

    # a write that fails at the end (a full disk) leaves it too, with one error line
    def full_disk(fd):
        raise OSError(28, "No space left on device")

    with monkeypatch.context() as patch:
        patch.setattr("os.fsync", full_disk)
        assert main(["solve", str(f), "-o", str(out)]) == 1
    assert out.read_text() == "kept\n"
    assert "No space left on device" in capsys.readouterr().err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["in.txt", "out.txt"]
    assert main(["solve", str(f), "-o", str(tmp_path)]) == 2
    assert "is a directory" in capsys.readouterr().err


def test_node_limit_gives_limit_answers(tmp_path, capsys):
    f = tmp_path / "in.txt"
    f.write_text(f"{HARD}\n{EASY}\n")
    for command in ("solve", "count"):
        assert main([command, str(f), "--node-limit", "0"]) == 1
        out, err = capsys.readouterr()
        lines = out.splitlines()
        assert lines[0] == "limit" and lines[1] != "limit", command
        assert f"{f}:1: node limit of 0" in err
    assert main(["solve", str(f), "--node-limit", "0", "--threads", "2"]) == 1
    assert capsys.readouterr().out.splitlines()[0] == "limit"
    assert main(["check", str(f), "--node-limit", "0"]) == 1
    assert capsys.readouterr().out.splitlines() == ["limit", "ok"]
    assert main(["solve", str(f), "--node-limit", "-1"]) == 2


def test_json_summaries_count_each_outcome(tmp_path, capsys):
    f = tmp_path / "in.txt"
    f.write_text(f"{P}\n{NONE}\n{'x' * 81}\n{'.' * 81}\n")
    assert main(["count", str(f), "--json"]) == 65
    summary = json.loads(capsys.readouterr().err.splitlines()[-1])
    assert summary["puzzles"] == 4
    assert (summary["solved"], summary["no_solution"], summary["not_unique"]) == (1, 1, 1)
    assert (summary["error"], summary["limit"]) == (1, 0)
    assert main(["check", str(f), "--json"]) == 65
    summary = json.loads(capsys.readouterr().err.splitlines()[-1])
    assert (summary["ok"], summary["no_solution"], summary["not_unique"]) == (1, 1, 1)
    assert summary["error"] == 1 and summary["puzzles"] == 4
    d = tmp_path / "twice.txt"
    d.write_text(f"{P}\n{P[::-1]}\n{P}\n{'x' * 81}\n")
    assert main(["dedupe", str(d), "--json"]) == 65
    summary = json.loads(capsys.readouterr().err.splitlines()[-1])
    assert (summary["puzzles"], summary["kept"], summary["equivalent"]) == (3, 1, 2)
    assert summary["error"] == 1
    g = tmp_path / "easy.txt"
    g.write_text(EASY + "\n")
    assert main(["bench", str(g), "--json", "--repeat", "1"]) == 0
    bench = json.loads(capsys.readouterr().out)
    assert bench["puzzles"] == 1 and bench["solve_many_per_s"] > 0


def test_completion_scripts_name_every_command(capsys):
    for shell in ("bash", "zsh", "fish"):
        assert main(["completion", shell]) == 0
        script = capsys.readouterr().out
        assert all(name in script for name in COMMANDS), shell
        assert "--node-limit" in script or "node-limit" in script


@pytest.mark.skipif(shutil.which("bash") is None, reason="needs bash")
def test_bash_completion_completes_commands_options_and_choices(tmp_path, capsys):
    assert main(["completion", "bash"]) == 0
    script = tmp_path / "fastsudoku.bash"
    script.write_text(capsys.readouterr().out)

    def complete(*words):
        line = " ".join(f"'{w}'" for w in words)
        done = subprocess.run(
            [
                "bash",
                "-c",
                f'source "{script}"; COMP_WORDS=(fastsudoku {line}); '
                f"COMP_CWORD={len(words)}; _fastsudoku; "
                'printf "%s\\n" "${COMPREPLY[@]}"',
            ],
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert done.returncode == 0, done.stderr
        return done.stdout.split()

    assert complete("so") == ["solve"]
    assert "--format" in complete("solve", "--fo")
    assert complete("solve", "--format", "cs") == ["csv"]
    assert complete("solve", "--engine", "dl") == ["dlx"]
    assert "--explain" in complete("rate", "--ex")


def test_python_m_fastsudoku_imports_without_running():
    done = subprocess.run(
        [sys.executable, "-c", "import fastsudoku.__main__; print('imported')"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0 and done.stdout.strip() == "imported"
