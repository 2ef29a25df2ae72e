"""The local judge: small competitor programs, one per verdict, and no process left behind."""

import os
import subprocess
import sys
import time

import pytest

import fastsudoku as fs
from fastsudoku.cli import main
from fastsudoku.judges import answer, local, make_tests

pytestmark = pytest.mark.skipif(os.name != "posix", reason="process groups and wait4: POSIX")
PY = sys.executable


def _tests(tmp_path, problem, count=3, seed=1):
    directory = tmp_path / "tests"
    directory.mkdir()
    for k, (text, expected) in enumerate(make_tests(problem, count, seed), 1):
        (directory / f"{k}.in").write_text(text)
        (directory / f"{k}.out").write_text(expected)
    return local.tests_in(directory)


def _program(tmp_path, name, body):
    path = tmp_path / f"{name}.py"
    path.write_text(body)
    return f"{PY} {path}"


def _gone(pid, wait=3.0):
    """No process is left in the group `pid` (polls while init reaps orphans)."""
    deadline = time.time() + wait
    while time.time() < deadline:
        try:
            os.killpg(pid, 0)
        except ProcessLookupError:
            return True
        time.sleep(0.05)
    return False


CORRECT = (
    "import sys\nfrom fastsudoku.judges import answer\n"
    "sys.stdout.write(answer({p!r}, sys.stdin.read()))\n"
)


def test_correct_program_is_accepted_everywhere(tmp_path):
    tests = _tests(tmp_path, "poj3074")
    cmd = _program(tmp_path, "ok", CORRECT.format(p="poj3074"))
    verdicts = local.judge("poj3074", cmd, tests, time_limit=10)
    assert [v.verdict for v in verdicts] == ["AC"] * 3
    assert all(v.wall > 0 and v.cpu > 0 and v.peak_kb > 1000 for v in verdicts)


def test_wrong_digit_points_at_the_line(tmp_path):
    tests = _tests(tmp_path, "poj3074")
    cmd = _program(
        tmp_path,
        "wa",
        "import sys\nfrom fastsudoku.judges import answer\n"
        "lines = answer('poj3074', sys.stdin.read()).split('\\n')\n"
        "d = lines[0][0]\nlines[0] = ('1' if d != '1' else '2') + lines[0][1:]\n"
        "sys.stdout.write('\\n'.join(lines))\n",
    )
    first = local.judge("poj3074", cmd, tests[:1], time_limit=10)[0]
    assert first.verdict == "WA" and first.message.startswith("line 1: expected")


def test_sleeper_is_killed_with_its_children(tmp_path):
    tests = _tests(tmp_path, "poj3074", count=1)
    pidfile = tmp_path / "child.pid"
    cmd = _program(
        tmp_path,
        "tle",
        "import subprocess, sys, time\n"
        f"child = subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(60)'])\n"
        f"open({str(pidfile)!r}, 'w').write(str(child.pid))\n"
        "time.sleep(60)\n",
    )
    start = time.time()
    result = local.run(cmd, tests[0][1], time_limit=1.0)
    assert result.timed_out and time.time() - start < 10
    verdict, _ = local._verdict("poj3074", result, tests[0][1], tests[0][2], 1.0, None)
    assert verdict == "TLE"
    child = int(pidfile.read_text())
    assert _gone(result.pid)
    with pytest.raises(ProcessLookupError):
        for _ in range(60):  # the orphan is reaped by init soon after the kill
            os.kill(child, 0)
            time.sleep(0.05)


def test_crash_is_a_runtime_error(tmp_path):
    tests = _tests(tmp_path, "poj3074", count=1)
    cmd = _program(tmp_path, "re", "import sys\nsys.stdin.read()\n1 / 0\n")
    v = local.judge("poj3074", cmd, tests, time_limit=10)[0]
    assert v.verdict == "RE" and "exit code 1" in v.message and "ZeroDivisionError" in v.message


@pytest.mark.no_sanitizer(
    reason="the judged program inherits the preloaded ASan runtime, whose "
    "SIGSEGV handler turns the signal into a report and exit code 1"
)
def test_signal_is_a_runtime_error(tmp_path):
    tests = _tests(tmp_path, "poj3074", count=1)
    cmd = _program(tmp_path, "sig", "import os, signal\nos.kill(os.getpid(), signal.SIGSEGV)\n")
    v = local.judge("poj3074", cmd, tests, time_limit=10)[0]
    assert v.verdict == "RE" and "SIGSEGV" in v.message
    # Through a shell, the signal comes back as exit code 128 + 11, and is named.
    v = local.judge("poj3074", cmd + " < /dev/null", tests, time_limit=10)[0]
    assert v.verdict == "RE" and "139" in v.message and "SIGSEGV" in v.message


@pytest.mark.no_sanitizer(
    reason="the judged program inherits the preloaded ASan runtime, which "
    "reserves terabytes of address space and aborts at start under RLIMIT_AS"
)
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="RLIMIT_AS is enforced on Linux")
def test_memory_hog_is_mle(tmp_path):
    tests = _tests(tmp_path, "poj3074", count=1)
    cmd = _program(tmp_path, "mle", "x = bytearray(1 << 30)\nprint(len(x))\n")
    v = local.judge("poj3074", cmd, tests, time_limit=10, memory_limit_mb=200)[0]
    assert v.verdict == "MLE"
    # Without a limit the same program is judged on its answer.
    assert local.judge("poj3074", cmd, tests, time_limit=10)[0].verdict == "WA"


def test_poj2676_accepts_a_different_valid_solution(tmp_path):
    multi = (
        "103000509\n002109400\n000704000\n300502006\n060000050\n700803004\n"
        "000401000\n009205800\n000000000\n"
    )
    directory = tmp_path / "t"
    directory.mkdir()
    text = "1\n" + multi
    (directory / "1.in").write_text(text)
    (directory / "1.out").write_text(answer("poj2676", text))
    cmd = _program(
        tmp_path,
        "other",
        "import sys\nimport fastsudoku as fs\n"
        "lines = sys.stdin.read().split()\n"
        "grid = '\\n'.join(lines[1:10]) + '\\n'\n"
        "sols = list(fs.solutions(grid, limit=50))\n"
        "sys.stdout.write(sols[-1])\n",
    )
    tests = local.tests_in(directory)
    v = local.judge("poj2676", cmd, tests, time_limit=10)[0]
    assert v.verdict == "AC"
    ours = answer("poj2676", text)
    assert len(list(fs.solutions(multi, limit=50))) > 1
    # A grid that breaks a rule is a WA naming it.
    bad = _program(
        tmp_path,
        "bad",
        f"import sys\nsys.stdin.read()\nsys.stdout.write({ours!r}.replace('1', '2', 1))\n",
    )
    v = local.judge("poj2676", bad, tests, time_limit=10)[0]
    assert v.verdict == "WA" and "case 1" in v.message


def test_missing_blank_line_between_poj3076_cases_is_pe(tmp_path):
    tests = _tests(tmp_path, "poj3076", count=4, seed=3)
    multi = [t for t in tests if answer("poj3076", t[1].read_text()).count("\n\n")]
    assert multi, "some generated file must hold two cases"
    cmd = _program(
        tmp_path,
        "pe",
        "import sys\nfrom fastsudoku.judges import answer\n"
        "sys.stdout.write(answer('poj3076', sys.stdin.read()).replace('\\n\\n', '\\n'))\n",
    )
    verdicts = local.judge("poj3076", cmd, multi[:1], time_limit=10)
    assert verdicts[0].verdict == "PE"


def test_cli_self_and_json_report(tmp_path, capsys):
    import json

    assert (
        main(["judge", "p1074", "--self", "--generate", "3", "--time-limit", "10", "--json"]) == 0
    )
    report = json.loads(capsys.readouterr().out)
    assert report["summary"]["accepted"] == 3 and report["summary"]["slowest_wall"] > 0
    tests = tmp_path / "t"
    assert main(["gen-tests", "poj3074", "--count", "2", "--seed", "5", "--out", str(tests)]) == 0
    capsys.readouterr()
    cmd = f"{PY} -c \"import sys; sys.stdin.read(); print('nope')\""
    assert (
        main(
            [
                "judge",
                "poj3074",
                "--run",
                cmd,
                "--tests",
                str(tests),
                "--repeat",
                "2",
                "--time-limit",
                "10",
            ]
        )
        == 1
    )
    out = capsys.readouterr().out
    assert "WA" in out and "0/2 accepted" in out and "medians of 2 runs" in out
    assert main(["judge", "poj3074", "--self", "--tests", str(tmp_path / "none")]) == 65


@pytest.mark.parametrize(
    "body",
    [
        CORRECT.format(p="poj3074"),
        "import sys\n1 / 0\n",
        "import subprocess, sys\nsubprocess.Popen([sys.executable, '-c', "
        "'import time; time.sleep(60)'])\nprint('child left behind')\n",
    ],
)
def test_no_process_outlives_any_verdict(tmp_path, body):
    tests = _tests(tmp_path, "poj3074", count=1)
    result = local.run(_program(tmp_path, "p", body), tests[0][1], time_limit=10)
    assert not result.timed_out
    assert _gone(result.pid)


def test_generated_tests_are_reproducible():
    assert make_tests("kattis-sudokunique", 2, 9) == make_tests("kattis-sudokunique", 2, 9)
    assert make_tests("poj3074", 2, 1) != make_tests("poj3074", 2, 2)


# --- issue 17: isolation, the judge's own resources, the memory limit's reach --------------


def _alive(pid):
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="child subreaper: Linux")
@pytest.mark.parametrize("parent_sleeps", [False, True])
def test_setsid_grandchild_holding_stdout_dies_before_the_verdict(tmp_path, parent_sleeps):
    """A child that leaves the session (setsid) and keeps stdout open held the judge until it
    ended (a 2 s limit took 30 s) and outlived the verdict."""
    tests = _tests(tmp_path, "poj3074", count=1)
    pidfile = tmp_path / "grandchild.pid"
    cmd = _program(
        tmp_path,
        "escape",
        "import subprocess, sys, time\n"
        "child = subprocess.Popen([sys.executable, '-c', 'import time; "
        'print("still here", flush=True); time.sleep(60)\'], start_new_session=True)\n'
        f"open({str(pidfile)!r}, 'w').write(str(child.pid))\n"
        + ("time.sleep(60)\n" if parent_sleeps else "print('bye', flush=True)\n"),
    )
    code = (
        "import sys, time\nfrom pathlib import Path\nfrom fastsudoku.judges import local\n"
        "start = time.perf_counter()\n"
        f"v = local.judge('poj3074', {cmd!r}, [('1', Path({str(tests[0][1])!r}), "
        f"Path({str(tests[0][2])!r}))], time_limit=2)[0]\n"
        "print(v.verdict, time.perf_counter() - start)\n"
    )
    done = subprocess.run([PY, "-c", code], capture_output=True, text=True, timeout=40)
    assert done.returncode == 0, done.stderr
    verdict, seconds = done.stdout.split()
    assert verdict == ("TLE" if parent_sleeps else "WA")
    assert float(seconds) < 2 + 2.5  # the limit plus a short grace
    grandchild = int(pidfile.read_text())
    assert not _alive(grandchild)  # killed and reaped, not a zombie


# The judge's own peak: VmHWM, the high-water mark of this process's memory (ru_maxrss would
# carry the peak of the pytest process that forked it across exec).
PEAK_RSS = (
    "import re, sys\nfrom pathlib import Path\nfrom fastsudoku.judges import local\n"
    "tests = [('1', Path(sys.argv[1]), Path(sys.argv[2]))]\n"
    "v = local.judge('poj3074', sys.argv[3], tests, time_limit=20, "
    "output_limit_mb=float(sys.argv[4]))[0]\n"
    "hwm = re.search(r'VmHWM:\\s*(\\d+)', open('/proc/self/status').read())\n"
    "print(v.verdict, int(hwm.group(1)) // 1024)\n"
    "print(v.message)\n"
)


@pytest.mark.no_sanitizer(reason="measures peak memory, which ASan's shadow memory inflates")
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="VmHWM: Linux")
@pytest.mark.parametrize("output_limit, verdict", [(64, "OLE"), (400, "WA")])
def test_a_huge_output_does_not_grow_the_judge(tmp_path, output_limit, verdict):
    """500 MB of output made the judge peak at 1,535 MB: it kept stdout whole.  Past the
    output limit the program is killed (OLE); under it, the output is compared as a stream."""
    tests = _tests(tmp_path, "poj3074", count=1)
    cmd = _program(
        tmp_path,
        "flood",
        "import sys\nline = b'1' * 1023 + b'\\n'\n"
        "block = line * 1024\nfor _ in range(300):\n"
        "    sys.stdout.buffer.write(block)\n",
    )  # 300 MB
    done = subprocess.run(
        [PY, "-c", PEAK_RSS, str(tests[0][1]), str(tests[0][2]), cmd, str(output_limit)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    first, message = done.stdout.splitlines()
    got, peak_mb = first.split()
    assert got == verdict, message
    assert int(peak_mb) < 150  # the judge's own peak, far below 300 MB
    if verdict == "OLE":
        assert "stdout passed the output limit of 64 MB" in message
    else:
        assert "line 1: expected" in message and "1111" in message


def test_streaming_compare_matches_the_whole_text_rules():
    import io

    cases = [
        ("1\n2\n", "1\n2", "AC"),
        ("1\n2\n", "1  \r\n2\n\n\n", "AC"),
        ("1 2\n3\n", "1\n2 3\n", "PE"),
        ("1\n\n2\n", "1\n2\n", "PE"),
        ("1\n2\n", "1\n3\n", "WA"),
        ("1\n2\n", "1\n", "WA"),
        ("1\n", "1\n2\n", "WA"),
        ("", "", "AC"),
        ("", "\n\n", "AC"),
        ("1\n", "", "WA"),
    ]
    for expected, output, verdict in cases:
        assert local.compare("poj3074", "", expected, output)[0] == verdict, (expected, output)
    # Lines and tokens over the cap never equal anything, and stay bounded.
    assert list(local._lines(io.StringIO("a" * 10 + "\nb"), cap=4)) == [
        ("aaaa", False),
        ("b", True),
    ]
    assert list(local._lines(io.StringIO("ab" + " " * 10 + "\nb"), cap=4)) == [
        ("ab", True),
        ("b", True),
    ]
    chunked = io.StringIO(" x " + "y" * 200_000 + " z\n")
    assert [(t[:3], w) for t, w in local._tokens(chunked, cap=100_000)] == [
        ("x", True),
        ("yyy", False),
        ("z", True),
    ]
    tokens = " ".join(str(k) for k in range(50_000))
    assert [t for t, _ in local._tokens(io.StringIO(tokens))] == tokens.split()
    message = local.compare("poj3074", "", "1\n", "9" * 500 + "\n")[1]
    assert len(message) < 200


@pytest.mark.no_sanitizer(
    reason="the judged program inherits the preloaded ASan runtime, which "
    "reserves terabytes of address space and aborts at start under RLIMIT_AS"
)
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the tree is sampled on Linux")
def test_forking_memory_hog_is_mle(tmp_path):
    """Four forked children of 300 MB under a 512 MB limit got AC with "peak 305 MB": the
    limit was per process.  The whole tree's resident size is what counts."""
    tests = _tests(tmp_path, "poj3074", count=1)
    # Each child stays under RLIMIT_AS (a bare interpreter's 13 MB + 150 MB < 256 MB); the
    # parent imports fastsudoku (150 MB of address space) only after they are done.
    cmd = _program(
        tmp_path,
        "forks",
        "import os, sys, time\n"
        "kids = []\nfor _ in range(4):\n"
        "    pid = os.fork()\n    if pid == 0:\n"
        "        block = b'x' * (150 << 20)\n        time.sleep(1.5)\n"
        "        os._exit(0)\n"
        "    kids.append(pid)\nfor pid in kids:\n"
        "    assert os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1]) == 0\n"
        "from fastsudoku.judges import answer\n"
        "sys.stdout.write(answer('poj3074', sys.stdin.read()))\n",
    )
    v = local.judge("poj3074", cmd, tests, time_limit=20, memory_limit_mb=256)[0]
    assert v.verdict == "MLE", v
    assert "processes together" in v.message
    peak = float(v.message.split()[1])
    assert peak > 256 and v.peak_kb > 256 * 1024  # never a peak below the limit
    # The same program is accepted under a limit that holds the tree.
    assert (
        local.judge("poj3074", cmd, tests, time_limit=20, memory_limit_mb=2048)[0].verdict == "AC"
    )


@pytest.mark.no_sanitizer(
    reason="the judged program inherits the preloaded ASan runtime, which "
    "reserves terabytes of address space and aborts at start under RLIMIT_AS"
)
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="RLIMIT_AS is enforced on Linux")
def test_mle_from_a_refused_allocation_never_reports_a_peak_below_the_limit(tmp_path):
    tests = _tests(tmp_path, "poj3074", count=1)
    cmd = _program(tmp_path, "mle", "x = bytearray(1 << 30)\n")
    v = local.judge("poj3074", cmd, tests, time_limit=10, memory_limit_mb=256)[0]
    assert v.verdict == "MLE" and "over the limit" not in v.message
    assert "RLIMIT_AS" in v.message and "virtual memory" in v.message


def test_localjudge_is_an_alias_of_judges_local():
    """``fastsudoku.localjudge`` (the first version's module) re-exports every public name of
    ``fastsudoku.judges.local``, the same objects."""
    import inspect

    import fastsudoku.localjudge as alias

    assert sorted(alias.__all__) == sorted(local.__all__)
    assert all(getattr(alias, name) is getattr(local, name) for name in local.__all__)
    public = {
        name
        for name, obj in vars(local).items()
        if not name.startswith("_")
        and (inspect.isfunction(obj) or inspect.isclass(obj))
        and obj.__module__ == local.__name__
    }
    assert public <= set(local.__all__)


def test_the_checker_names_units_as_the_reference_does():
    from reference import _unit_name, units

    assert [(_unit_name(k, 9), unit) for k, unit in enumerate(units(9, 3, 3))] == local._UNITS9
    latin = bytes((i + j) % 9 + 1 for i in range(9) for j in range(9))  # rows, columns ok
    assert local._broken_rule(bytes(81), latin) == "2 repeats in box 1"
    solved = bytes(int(ch) for ch in fs.solve("." * 81))
    assert local._broken_rule(bytes(81), solved) == ""
    swapped = bytearray(solved)
    swapped[0], swapped[9] = swapped[9], swapped[0]  # rows 1 and 2 broken
    assert local._broken_rule(bytes(81), bytes(swapped)) == f"{solved[9]} repeats in row 1"
    assert local._broken_rule(solved[:80] + b"\0", solved[:80] + b"\0") == "r9c9 is empty"
    given = bytes([solved[0] % 9 + 1]) + bytes(80)
    assert local._broken_rule(given, solved) == f"r1c1 changes the given {given[0]} to {solved[0]}"


def test_bad_commands_and_limits_are_refused(tmp_path):
    tests = _tests(tmp_path, "poj3074", count=1)
    for command in ["", "   ", 'python3 "x']:
        with pytest.raises(ValueError, match="command"):
            local.judge("poj3074", command, tests, time_limit=1)
    with pytest.raises(FileNotFoundError):
        local.judge("poj3074", str(tmp_path / "nonexistent"), tests, time_limit=1)
    script = tmp_path / "noexec.sh"
    script.write_text("#!/bin/sh\necho 1\n")
    with pytest.raises(PermissionError):
        local.judge("poj3074", str(script), tests, time_limit=1)
    ok = _program(tmp_path, "ok", CORRECT.format(p="poj3074"))
    for kwargs in [
        {"time_limit": float("nan")},
        {"time_limit": float("inf")},
        {"time_limit": 0},
        {"time_limit": -1},
        {"time_limit": 1, "memory_limit_mb": float("nan")},
        {"time_limit": 1, "memory_limit_mb": 1e30},
        {"time_limit": 1, "memory_limit_mb": -1},
        {"time_limit": 1, "output_limit_mb": 0},
    ]:
        with pytest.raises(ValueError, match="limit"):
            local.judge("poj3074", ok, tests, **kwargs)
    with pytest.raises(TypeError, match="time_limit"):
        local.judge("poj3074", ok, tests, time_limit="1")
