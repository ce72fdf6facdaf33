"""A command that also has subcommands: ``ratings adjust …`` records, ``ratings adjust void …`` undoes.

``ratings player prior P …`` and ``ratings adjust …`` were commands before
issue 10 gave them an undo (``ratings player prior void``, ``ratings adjust
void``). :class:`DefaultGroup` keeps them working unchanged: when the first
argument names none of the group's subcommands, the group runs its default
command with all the arguments, under the group's own name (its usage, help
and errors read ``ratings adjust``). ``record`` names the default command
explicitly, for an argument that is also a subcommand's name (a player whose
id is ``void``: ``ratings player prior record void …``).
"""

from __future__ import annotations

from typing import Any

import click

DEFAULT_NAME = "record"
"""The explicit name of a group's default command."""


class DefaultGroup(click.Group):
    """A group whose default command runs when the first argument is not one of its subcommands."""

    def __init__(self, name: str, default: click.Command, **attrs: Any) -> None:
        attrs.setdefault("help", default.help)
        attrs.setdefault("short_help", default.short_help)
        super().__init__(name, **attrs)
        self.default = default

    def make_context(
        self, info_name: str | None, args: list[str], parent: click.Context | None = None, **extra: Any
    ) -> click.Context:
        if args and args[0] in self.commands:
            return super().make_context(info_name, args, parent=parent, **extra)
        if args and args[0] == DEFAULT_NAME:
            args = args[1:]
        # The caller invokes the command of the context it gets back: here, the default command.
        return self.default.make_context(info_name, args, parent=parent, **extra)
