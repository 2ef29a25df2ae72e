"""A Sphinx extension: docs/_generated/cli-help.md, the ``--help`` of every command, written
from the command line's own parser when the build starts (so the page cannot drift)."""

from pathlib import Path
from typing import Any, Dict


def write_cli_help(app: Any) -> None:
    from fastsudoku.cli import COMMANDS, parser, subcommands

    top = parser()
    sub = subcommands(top)
    parts = ["### fastsudoku\n", "```text", top.format_help().rstrip(), "```", ""]
    for name in COMMANDS:
        parts += [
            f"### fastsudoku {name}\n",
            "```text",
            sub.choices[name].format_help().rstrip(),
            "```",
            "",
        ]
    out = Path(app.srcdir) / "_generated" / "cli-help.md"
    out.parent.mkdir(exist_ok=True)
    text = "\n".join(parts)
    if not out.exists() or out.read_text(encoding="utf-8") != text:
        out.write_text(text, encoding="utf-8")


def setup(app: Any) -> Dict[str, Any]:
    app.connect("builder-inited", write_cli_help)
    return {"parallel_read_safe": True, "version": "1"}
