"""The command-line reference, ``docs/cli.md``: every command's ``--help``, generated.

The reference is checked in, and ``tests/test_docs.py`` fails when it is not what this module
generates from the code, so it never drifts from the command line. Regenerate it with::

    python -m tests.cli_reference --write

It walks :data:`commands.cli.cli` through click's context API (``list_commands`` and
``get_command``, which import each lazy command as it is asked for), depth first in the order
``ratings --help`` lists them, and prints each help page as ``--help`` prints it, at a fixed width
of :data:`WIDTH` columns whatever the terminal. A group with a default command
(:class:`commands.groups.DefaultGroup`: ``ratings player prior``, ``ratings adjust``,
``ratings export``) shows its default command's help, as ``--help`` does.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from pathlib import Path

import click

from commands.cli import cli
from commands.groups import DefaultGroup

ROOT = Path(__file__).resolve().parent.parent
REFERENCE = ROOT / "docs" / "cli.md"
"""Where the reference is checked in."""

REGENERATE = "python -m tests.cli_reference --write"
"""The command that rewrites :data:`REFERENCE`."""

WIDTH = 80
"""The width the help pages are wrapped to (click's own default for a terminal it cannot measure)."""

PREAMBLE = f"""\
# Command-line reference

Every command of `ratings`, with what its `--help` prints. This file is
generated from the code by `{REGENERATE}`, and a test
fails when it differs from what the code prints: do not edit it by hand. The
options of `ratings` itself (`--db`, `--by`, `--no-cache`, `--cache-dir`,
`--skip-unusable`) go before the command: `ratings --db demo.db list …`. The
guides by topic are listed in [the index](README.md).
"""


def help_pages(
    command: click.Command, name: str = "ratings", parent: click.Context | None = None
) -> Iterator[tuple[str, str]]:
    """``(command path, help page)`` for ``command`` and, below it, every command of its groups."""
    shown = command.default if isinstance(command, DefaultGroup) else command
    ctx = click.Context(shown, info_name=name, parent=parent, terminal_width=WIDTH, max_content_width=WIDTH)
    yield ctx.command_path, shown.get_help(ctx)
    if isinstance(command, click.Group):
        group_ctx = click.Context(command, info_name=name, parent=parent, terminal_width=WIDTH, max_content_width=WIDTH)
        for sub_name in command.list_commands(group_ctx):
            sub = command.get_command(group_ctx, sub_name)
            if sub is None:
                raise LookupError(f"{group_ctx.command_path} lists {sub_name!r} but has no such command")
            yield from help_pages(sub, sub_name, group_ctx)


def anchor(path: str) -> str:
    """The anchor GitHub gives the heading ``path``."""
    return path.replace(" ", "-")


def reference() -> str:
    """The text of ``docs/cli.md``."""
    pages = list(help_pages(cli))
    contents = "\n".join(f"- [`{path}`](#{anchor(path)})" for path, _ in pages)
    sections = "\n".join(f"## {path}\n\n```text\n{page}\n```\n" for path, page in pages)
    return f"{PREAMBLE}\n{contents}\n\n{sections}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.cli_reference", description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help=f"write {REFERENCE.relative_to(ROOT)}")
    parser.add_argument("--check", action="store_true", help="exit 1 when the checked-in file differs")
    args = parser.parse_args(argv)
    text = reference()
    if args.write:
        REFERENCE.parent.mkdir(exist_ok=True)
        partial = REFERENCE.with_name(f".{REFERENCE.name}.partial")  # written whole, then renamed into place
        partial.write_text(text, encoding="utf-8")
        partial.replace(REFERENCE)
        print(f"wrote {REFERENCE.relative_to(ROOT)}")
    elif args.check:
        current = REFERENCE.read_text(encoding="utf-8") if REFERENCE.exists() else ""
        if current != text:
            print(f"{REFERENCE.relative_to(ROOT)} is out of date: run `{REGENERATE}`", file=sys.stderr)
            return 1
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
