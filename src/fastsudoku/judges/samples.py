"""The sample input and output of each judge problem, as its statement shows them (byte for
byte: the trailing spaces of some inputs are the statement's).  Each is also a file in
``tests/data/judges``, and the tests check that the two agree and that every registered
problem answers its samples exactly.

>>> POJ3074.input.splitlines()[-1]
'end'
"""

from __future__ import annotations

from typing import NamedTuple


class Sample(NamedTuple):
    """A sample of a problem statement: the input file and the output the judge expects."""

    input: str
    output: str


def _lines(*rows: str) -> str:
    return "".join(row + "\n" for row in rows)


ACWING166 = Sample(
    _lines(
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        "......52..8.4......3...9...5.1...6..2..7........3.....6...1..........7.4.......3.",
        "end",
    ),
    _lines(
        "417369825632158947958724316825437169791586432346912758289643571573291684164875293",
        "416837529982465371735129468571298643293746185864351297647913852359682714128574936",
    ),
)

HDU1426 = Sample(
    _lines(
        "7 1 2 ? 6 ? 3 5 8",
        "? 6 5 2 ? 7 1 ? 4",
        "? ? 8 5 1 3 6 7 2",
        "9 2 4 ? 5 6 ? 3 7",
        "5 ? 6 ? ? ? 2 4 1",
        "1 ? 3 7 2 ? 9 ? 5",
        "? ? 1 9 7 5 4 8 6",
        "6 ? 7 8 3 ? 5 1 9",
        "8 5 9 ? 4 ? ? 2 3",
    ),
    _lines(
        "7 1 2 4 6 9 3 5 8",
        "3 6 5 2 8 7 1 9 4",
        "4 9 8 5 1 3 6 7 2",
        "9 2 4 1 5 6 8 3 7",
        "5 7 6 3 9 8 2 4 1",
        "1 8 3 7 2 4 9 6 5",
        "2 3 1 9 7 5 4 8 6",
        "6 4 7 8 3 2 5 1 9",
        "8 5 9 6 4 1 7 2 3",
    ),
)

KATTIS_SUDOKUNIQUE = Sample(
    _lines(
        "3 0 7 4 0 0 0 0 8",
        "0 0 4 0 0 7 3 5 0",
        "0 1 0 0 2 0 0 0 9",
        "0 6 9 2 7 0 8 3 0",
        "0 0 0 0 0 0 0 0 0",
        "0 3 2 0 1 4 7 9 0",
        "2 0 0 0 8 0 0 4 0",
        "0 7 6 1 0 0 9 0 0",
        "4 0 0 0 0 9 2 0 6",
        "",
        "0 4 8 3 9 0 7 1 6",
        "7 7 1 6 0 8 3 4 9",
        "9 3 6 7 4 1 0 8 0",
        "6 8 0 0 3 9 1 7 4",
        "3 0 9 1 7 4 6 0 8",
        "7 1 4 8 6 0 9 0 3",
        "8 6 3 4 1 7 0 9 0",
        "1 9 0 0 8 6 4 3 7",
        "4 0 7 9 0 3 8 6 1",
        "",
        "0 4 8 3 9 0 7 1 6",
        "0 7 1 6 0 8 3 4 9",
        "9 3 6 7 4 1 0 8 0",
        "6 8 0 0 3 9 1 7 4",
        "3 0 9 1 7 4 6 0 8",
        "7 1 4 8 6 0 9 0 3",
        "8 6 3 4 1 7 0 9 0",
        "1 9 0 0 8 6 4 3 7",
        "4 0 7 9 0 3 8 6 1",
    ),
    _lines(
        "3 5 7 4 9 1 6 2 8",
        "9 2 4 8 6 7 3 5 1",
        "6 1 8 5 2 3 4 7 9",
        "1 6 9 2 7 5 8 3 4",
        "7 4 5 9 3 8 1 6 2",
        "8 3 2 6 1 4 7 9 5",
        "2 9 1 3 8 6 5 4 7",
        "5 7 6 1 4 2 9 8 3",
        "4 8 3 7 5 9 2 1 6",
        "",
        "Find another job",
        "",
        "Non-unique",
    ),
)

LEETCODE37 = Sample(
    _lines(
        '[["5","3",".",".","7",".",".",".","."],'
        '["6",".",".","1","9","5",".",".","."],'
        '[".","9","8",".",".",".",".","6","."],'
        '["8",".",".",".","6",".",".",".","3"],'
        '["4",".",".","8",".","3",".",".","1"],'
        '["7",".",".",".","2",".",".",".","6"],'
        '[".","6",".",".",".",".","2","8","."],'
        '[".",".",".","4","1","9",".",".","5"],'
        '[".",".",".",".","8",".",".","7","9"]]'
    ),
    _lines(
        '[["5","3","4","6","7","8","9","1","2"],'
        '["6","7","2","1","9","5","3","4","8"],'
        '["1","9","8","3","4","2","5","6","7"],'
        '["8","5","9","7","6","1","4","2","3"],'
        '["4","2","6","8","5","3","7","9","1"],'
        '["7","1","3","9","2","4","8","5","6"],'
        '["9","6","1","5","3","7","2","8","4"],'
        '["2","8","7","4","1","9","6","3","5"],'
        '["3","4","5","2","8","6","1","7","9"]]'
    ),
)

P1074_1 = Sample(
    _lines(
        "7 0 0 9 0 0 0 0 1",
        "1 0 0 0 0 5 9 0 0",
        "0 0 0 2 0 0 0 8 0",
        "0 0 5 0 2 0 0 0 3",
        "0 0 0 0 0 0 6 4 8",
        "4 1 3 0 0 0 0 0 0",
        "0 0 7 0 0 2 0 9 0",
        "2 0 1 0 6 0 8 0 4",
        "0 8 0 5 0 4 0 1 2",
    ),
    _lines("2829"),
)

P1074_2 = Sample(
    _lines(
        "0 0 0 7 0 2 4 5 3",
        "9 0 0 0 0 8 0 0 0",
        "7 4 0 0 0 5 0 1 0",
        "1 9 5 0 8 0 0 0 0",
        "0 7 0 0 0 0 0 2 5",
        "0 3 0 5 7 9 1 0 8",
        "0 0 0 6 0 1 0 0 0",
        "0 6 0 9 0 0 0 0 1",
        "0 0 0 0 0 0 0 0 6",
    ),
    _lines("2852"),
)

P1784 = Sample(
    _lines(
        "8 0 0 0 0 0 0 0 0 ",
        "0 0 3 6 0 0 0 0 0 ",
        "0 7 0 0 9 0 2 0 0 ",
        "0 5 0 0 0 7 0 0 0 ",
        "0 0 0 0 4 5 7 0 0 ",
        "0 0 0 1 0 0 0 3 0 ",
        "0 0 1 0 0 0 0 6 8 ",
        "0 0 8 5 0 0 0 1 0 ",
        "0 9 0 0 0 0 4 0 0",
    ),
    _lines(
        "8 1 2 7 5 3 6 4 9",
        "9 4 3 6 8 2 1 7 5",
        "6 7 5 4 9 1 2 8 3",
        "1 5 4 2 3 7 8 9 6",
        "3 6 9 8 4 5 7 2 1",
        "2 8 7 1 6 9 5 3 4",
        "5 2 1 9 7 4 3 6 8",
        "4 3 8 5 2 6 9 1 7",
        "7 9 6 3 1 8 4 5 2",
    ),
)

POJ2676 = Sample(
    _lines(
        "1",
        "103000509",
        "002109400",
        "000704000",
        "300502006",
        "060000050",
        "700803004",
        "000401000",
        "009205800",
        "804000107",
    ),
    _lines(
        "143628579",
        "572139468",
        "986754231",
        "391542786",
        "468917352",
        "725863914",
        "237481695",
        "619275843",
        "854396127",
    ),
)

POJ3074 = Sample(
    _lines(
        ".2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.",
        "......52..8.4......3...9...5.1...6..2..7........3.....6...1..........7.4.......3.",
        "end",
    ),
    _lines(
        "527389416819426735436751829375692184194538267268174593643217958951843672782965341",
        "416837529982465371735129468571298643293746185864351297647913852359682714128574936",
    ),
)

_POJ3076_INPUT = _lines(
    "--A----C-----O-I",
    "-J--A-B-P-CGF-H-",
    "--D--F-I-E----P-",
    "-G-EL-H----M-J--",
    "----E----C--G---",
    "-I--K-GA-B---E-J",
    "D-GP--J-F----A--",
    "-E---C-B--DP--O-",
    "E--F-M--D--L-K-A",
    "-C--------O-I-L-",
    "H-P-C--F-A--B---",
    "---G-OD---J----H",
    "K---J----H-A-P-L",
    "--B--P--E--K--A-",
    "-H--B--K--FI-C--",
    "--F---C--D--H-N-",
)
_POJ3076_OUTPUT = _lines(
    "FPAHMJECNLBDKOGI",
    "OJMIANBDPKCGFLHE",
    "LNDKGFOIJEAHMBPC",
    "BGCELKHPOFIMAJDN",
    "MFHBELPOACKJGNID",
    "CILNKDGAHBMOPEFJ",
    "DOGPIHJMFNLECAKB",
    "JEKAFCNBGIDPLHOM",
    "EBOFPMIJDGHLNKCA",
    "NCJDHBAEKMOFIGLP",
    "HMPLCGKFIAENBDJO",
    "AKIGNODLBPJCEFMH",
    "KDEMJIFNCHGAOPBL",
    "GLBCDPMHEONKJIAF",
    "PHNOBALKMJFIDCEG",
    "IAFJOECGLDPBHMNK",
)

POJ3076 = Sample(_POJ3076_INPUT, _POJ3076_OUTPUT)

# AcWing 169 is the same problem with the same sample; its answer has a blank line after
# each grid.
ACWING169 = Sample(_POJ3076_INPUT, _POJ3076_OUTPUT + "\n")


SPOJ_SUDOKU = Sample(
    _lines(
        "1",
        "--A----C-----O-I ",
        "-J--A-B-P-CGF-H-",
        "--D--F-I-E----P-",
        "-G-EL-H----M-J--",
        "----E----C--G---",
        "-I--K-GA-B---E-J ",
        "D-GP--J-F----A--",
        "-E---C-B--DP--O-",
        "E--F-M--D--L-K-A ",
        "-C--------O-I-L-",
        "H-P-C--F-A--B---",
        "---G-OD---J----H ",
        "K---J----H-A-P-L ",
        "--B--P--E--K--A-",
        "-H--B--K--FI-C--",
        "--F---C--D--H-N-",
    ),
    _lines(
        "FPAHMJECNLBDKOGI",
        "OJMIANBDPKCGFLHE",
        "LNDKGFOIJEAHMBPC",
        "BGCELKHPOFIMAJDN",
        "MFHBELPOACKJGNID",
        "CILNKDGAHBMOPEFJ",
        "DOGPIHJMFNLECAKB",
        "JEKAFCNBGIDPLHOM",
        "EBOFPMIJDGHLNKCA",
        "NCJDHBAEKMOFIGLP",
        "HMPLCGKFIAENBDJO",
        "AKIGNODLBPJCEFMH",
        "KDEMJIFNCHGAOPBL",
        "GLBCDPMHEONKJIAF",
        "PHNOBALKMJFIDCEG",
        "IAFJOECGLDPBHMNK",
    ),
)


__all__ = [
    "Sample",
    "ACWING166",
    "HDU1426",
    "KATTIS_SUDOKUNIQUE",
    "LEETCODE37",
    "P1074_1",
    "P1074_2",
    "P1784",
    "POJ2676",
    "POJ3074",
    "POJ3076",
    "ACWING169",
    "SPOJ_SUDOKU",
]
