"""The one module of symbols and alphabets: which characters stand for the values 1..N of
a grid of side N, how an alphabet is named or spelled out, how a text's characters are
matched to one, and how a character is named in a message.

Every side 1..64 has a defined one-character alphabet (``default_symbols``): ``1-9`` up to
9, ``1-9A-Z`` up to 35 (``ALNUM``), then ``WIDE`` (``1-9A-Za-z@$%``, case-sensitive) up to
64.  A grid written in it reads back as the same values (a test checks every side).  The
rules for an explicit ``alphabet=`` (a name, a range spec like ``"1-9A-G"``, or the symbols
themselves; which characters a symbol may not be) are here too, in one place.  The
81-character line has its own codec (``_line81``); the layouts of a text (lines, tokens,
separators) are ``_grid``'s.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from typing import Dict, List, Optional, Tuple

from ._errors import ParseError
from ._options import alphabet_option

EMPTY_CHARS = ".0-_*?"
ALNUM = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
HEX = "0123456789ABCDEF"
#: Every side up to 64, case-sensitive: what generate() writes above side 35.
WIDE = ALNUM + "abcdefghijklmnopqrstuvwxyz" + "@$%"
_NAMES = {"digits": ALNUM[:9], "alnum": ALNUM, "letters": LETTERS, "hex": HEX, "wide": WIDE}


def _expand_alphabet(spec: str) -> str:
    """'1-9A-G' -> '123456789ABCDEFG'; a plain string of symbols is returned as is."""
    if re.fullmatch(r"(?:[0-9A-Za-z]-[0-9A-Za-z])+", spec):
        out: List[str] = []
        for a, b in re.findall(r"([0-9A-Za-z])-([0-9A-Za-z])", spec):
            if ord(b) < ord(a):
                raise ParseError(f"alphabet range {a}-{b} runs backwards")
            out.extend(chr(o) for o in range(ord(a), ord(b) + 1))
        return "".join(out)
    return spec


def describe_char(ch: str) -> str:
    """A character as a message shows it: quoted, with its code point and name when it is
    invisible, a space or not ASCII ('\\ufeff' -> "U+FEFF (ZERO WIDTH NO-BREAK SPACE)")."""
    code = f"U+{ord(ch):04X} ({unicodedata.name(ch, 'unnamed character')})"
    if ch.isascii() and ch.isprintable() and not ch.isspace():
        return repr(ch)
    if ch.isprintable() and not ch.isspace() and unicodedata.category(ch)[0] not in "CMZ":
        return f"{ch!r}, {code}"
    return code


def describe_token(tok: str) -> str:
    """A token as a message shows it: a long one cut short, invisible characters named."""
    if len(tok) == 1:
        return describe_char(tok)
    shown = repr(tok) if len(tok) <= 24 else f"{tok[:20]!r}... ({len(tok):,} characters)"
    odd = next((ch for ch in tok if not (ch.isascii() and ch.isprintable())), None)
    return shown if odd is None else f"{shown}, holding {describe_char(odd)}"


def symbol_table(symbols: str) -> Dict[str, int]:
    """Each symbol -> its value (1 for the first).  Letters match in either case unless two
    symbols differ only by case (the alphabets above side 35 hold A-Z and a-z): then the
    alphabet is case-sensitive and only the symbols themselves match."""
    table = {ch: v for v, ch in enumerate(symbols, 1)}
    other_case: Dict[str, int] = {}
    for v, ch in enumerate(symbols, 1):
        for variant in (ch.lower(), ch.upper()):
            if variant == ch:
                continue
            if variant in table or other_case.get(variant, v) != v:
                return table  # case-sensitive
            other_case[variant] = v
    table.update(other_case)
    return table


def _check_symbols(alphabet: str, symbols: str) -> str:
    """The alphabet's symbols as the output writes them; ParseError for one that cannot be
    a cell (a space, '|', an empty mark, a character whose case changes its length) or a
    repeat."""
    for ch in symbols:
        if ch.isspace() or ch == "|" or not ch.isprintable():
            raise ParseError(
                f"alphabet {alphabet!r} holds {describe_char(ch)}, which cannot "
                "be a cell symbol (spaces, '|' and invisible characters separate "
                "cells)"
            )
        if len(ch.upper()) != 1 or len(ch.lower()) != 1:
            raise ParseError(
                f"alphabet {alphabet!r}: symbol {describe_char(ch)} becomes "
                f"{ch.upper()!r} in upper case; use symbols that keep one "
                "character in both cases"
            )
    if len(set(symbols)) != len(symbols):
        twice = next(ch for ch in symbols if symbols.count(ch) > 1)
        raise ParseError(f"alphabet {alphabet!r} repeats a symbol: {describe_char(twice)}")
    if len(symbol_table(symbols)) > len(symbols):  # case-insensitive: written in upper
        upper = symbols.upper()  # case where that reads back the same
        table = symbol_table(upper)
        if all(table.get(ch) == v for v, ch in enumerate(symbols, 1)):
            return upper
    return symbols


def check_alphabet(alphabet: Optional[str]) -> None:
    """ParseError now for an alphabet no grid could use (a batch checks it once, before its
    rows, instead of marking every row invalid); its length is checked against each grid."""
    alphabet = alphabet_option(alphabet)
    if alphabet is not None and alphabet.lower() not in _NAMES:
        _check_symbols(alphabet, _expand_alphabet(alphabet))


def alphabet_symbols(alphabet: str, n: int) -> str:
    """The n symbols of an alphabet, value 1 first.

    Names: "digits" (1-9), "letters" (A-Z), "alnum" (1-9 then A-Z), "hex" (0-9A-F, where
    '0' is the first value), "wide" (1-9, A-Z, a-z, '@', '$', '%': every side up to 64,
    case-sensitive); ranges such as "A-P", "1-9A-G", "0-9A-F"; or the symbols themselves,
    e.g. "123456789ABCDEFG".  An alphabet in which no two symbols differ only by case is
    read in either case and written in upper case; one that holds both cases of a letter
    is case-sensitive.
    """
    if not isinstance(alphabet, str) or not alphabet:
        raise ParseError(f"alphabet must be a non-empty string, got {alphabet!r}")
    key = alphabet.lower()
    if key in _NAMES:
        symbols = _NAMES[key]
        if len(symbols) < n:
            raise ParseError(
                f"alphabet {alphabet!r} has only {len(symbols)} symbols, the grid needs {n}"
            )
        symbols = symbols[:n]
    else:
        symbols = _expand_alphabet(alphabet)
        if len(symbols) != n:
            raise ParseError(
                f"alphabet {alphabet!r} has {len(symbols)} symbols, the grid needs {n}"
            )
    return _check_symbols(alphabet, symbols)


def default_symbols(n: int) -> str:
    """The symbols written for a side n when the input named none: 1-9 then A-Z up to
    side 35, and the case-sensitive "wide" alphabet (1-9, A-Z, a-z, '@', '$', '%') above."""
    return WIDE[:n]  # WIDE begins with ALNUM


def _candidate_alphabets(n: int, text: str) -> List[str]:
    cands = []
    if n <= len(ALNUM):
        cands.append(ALNUM[:n])
    if n <= 26:
        cands.append(LETTERS[:n])
    if n == 16:
        cands.append(HEX)
    if n > len(ALNUM):
        cands.append(WIDE[:n])
    return cands


def _decoder(symbols: str, text_chars: str) -> Dict[str, int]:
    """Map every accepted character to its value (0 for empty); not to be changed."""
    # In the 1-9A-G alphabet of side 16, '0' could also be hex's first value: it is an empty
    # cell only when the text uses no other empty character.
    zero_is_empty = not (
        len(symbols) == 16
        and any(e in text_chars for e in EMPTY_CHARS if e != "0" and e not in symbols)
    )
    return _decoding_table(symbols, zero_is_empty)


@functools.lru_cache(maxsize=256)
def _decoding_table(symbols: str, zero_is_empty: bool) -> Dict[str, int]:
    """_decoder's table (a pure function of its arguments, cached: the same few alphabets
    are read again and again)."""
    table = symbol_table(symbols)
    for e in EMPTY_CHARS:
        if e not in table and (e != "0" or zero_is_empty):
            table[e] = 0
    return table


def choose_alphabet(n: int, chars: str, alphabet: Optional[str]) -> Tuple[str, Dict[str, int]]:
    """The symbols and decoding table for the characters of a char-mode grid."""
    if alphabet is not None:
        symbols = alphabet_symbols(alphabet, n)
        return symbols, _decoder(symbols, chars)
    seen = set(chars)
    fits = []
    for symbols in _candidate_alphabets(n, chars):
        table = _decoder(symbols, chars)
        if seen <= table.keys():
            fits.append((symbols, table))
    if not fits:
        symbols = default_symbols(n)
        return symbols, _decoder(symbols, chars)  # the caller reports the bad character
    if len(fits) > 1:
        decoded = {tuple(t[ch] for ch in sorted(seen)) for _, t in fits}
        if len(decoded) > 1:
            names = " or ".join(repr(_describe(s)) for s, _ in fits)
            raise ParseError(
                f"ambiguous alphabet for side {n}: could be {names}; pass alphabet=..."
            )
    return fits[0]


def _describe(symbols: str) -> str:
    """'123456789ABCDEFG' -> '1-9A-G': runs of three or more consecutive characters as
    ranges."""
    parts = []
    k = 0
    while k < len(symbols):
        j = k
        while j + 1 < len(symbols) and ord(symbols[j + 1]) == ord(symbols[j]) + 1:
            j += 1
        if j - k >= 2:
            parts.append(f"{symbols[k]}-{symbols[j]}")
        else:
            parts.append(symbols[k : j + 1])
        k = j + 1
    return "".join(parts)


# ----------------------------------------------------------------------------------------
# Text
# ----------------------------------------------------------------------------------------
