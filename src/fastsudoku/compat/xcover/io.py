"""``xcover.io``: problems in Knuth's text format (his programs DLX1 and DLX2).

The first line that is not a comment (a line starting with ``|`` or ``/``) or empty
names the items: the primary ones, then, after a ``|``, the secondary ones; each later
line is an option, its items separated by whitespace::

    | a comment
    p q r | x y
    p q x y:A
    p r x:A y

:func:`read_xcover_from_file` returns what the original does: ``(options, primary,
secondary, colored)``, the options as lists of strings, ``secondary`` None and
``colored`` False when the item line has no ``|``, else the secondary items and True.
Like the original it reads every line after the item line as an option (a later comment
or empty line too: an option of its words, or an empty one), and only the part after
the first ``|`` as the secondary items.  (A file with no item line: ExactCoverError; the
original raises UnboundLocalError.)

:func:`write_xcover_to_file` writes the original's bytes (each item followed by a space)
with two differences: item lists it infers come in the order the options name them (the
original's, from a set, in no set order), and the secondary items pass through
``item_to_string`` as the others do (the original writes them as they are, so a
non-string secondary item raises TypeError and a name with a space breaks the file).
"""

import os
from typing import Any, Callable, Hashable, Iterable, List, Optional, Tuple, Union

from ..._errors import ExactCoverError
from .solvers import items

__all__ = ["read_xcover_from_file", "write_xcover_to_file"]

PathLike = Union[str, "os.PathLike[str]"]


def read_xcover_from_file(
    filename: PathLike,
) -> Tuple[List[List[str]], List[str], Optional[List[str]], bool]:
    """``(options, primary, secondary, colored)`` from a file in Knuth's format (module
    docstring).

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as d:
    ...     path = os.path.join(d, "xcc.txt")
    ...     with open(path, "w") as f:
    ...         _ = f.write("| colours\\np q r | x y\\np q x y:A\\np r x:A y\\n")
    ...     read_xcover_from_file(path)
    ([['p', 'q', 'x', 'y:A'], ['p', 'r', 'x:A', 'y']], ['p', 'q', 'r'], ['x', 'y'], True)
    """
    header: Optional[List[str]] = None
    options: List[List[str]] = []
    with open(filename, encoding="utf-8") as f:
        for line in f:
            if header is not None:
                options.append(line.split())
            elif line == "\n" or line[:1] in ("|", "/"):
                continue  # a comment (or an empty line) before the item line
            else:
                header = line.split("|")
    if header is None:
        raise ExactCoverError(f"{filename}: no line of items (only comments or nothing)")
    primary = header[0].split()
    if len(header) > 1:
        return options, primary, header[1].split(), True
    return options, primary, None, False


def _compact(item: Any) -> str:
    return str(item).replace(" ", "")


def write_xcover_to_file(
    filename: PathLike,
    options: Iterable[Iterable[Hashable]],
    primary: Optional[Iterable[Hashable]] = None,
    secondary: Optional[Iterable[Hashable]] = None,
    colored: bool = False,
    item_to_string: Optional[Callable[[Any], str]] = None,
) -> None:
    """Write a problem in Knuth's format: the item line (inferred lists as
    :func:`fastsudoku.compat.xcover.covers` infers them), then one option a line, each
    entry as ``item_to_string`` makes it (default: ``str`` without its spaces).

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as d:
    ...     path = os.path.join(d, "xcc.txt")
    ...     write_xcover_to_file(path, [[1, 4, 7], [1, 4], [2, 7]], secondary=[7])
    ...     with open(path) as f:
    ...         f.read()
    '1 4 2 | 7 \\n1 4 7 \\n1 4 \\n2 7 \\n'
    """
    opts = [list(option) for option in options]
    prim, sec = items([entry for option in opts for entry in option], primary, secondary, colored)
    text = item_to_string if item_to_string is not None else _compact
    lines = ["".join(text(item) + " " for item in prim)]
    if sec:
        lines[0] += "| " + "".join(text(item) + " " for item in sec)
    lines.extend("".join(text(entry) + " " for entry in option) for option in opts)
    with open(filename, "w", encoding="utf-8") as f:
        f.write("".join(line + "\n" for line in lines))
