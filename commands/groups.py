"""The command line's groups: commands found by name and imported when used, and groups with a default.

**Lazy groups.** A command is named in the registry (:data:`commands.cli.COMMANDS`) as
``module:attribute``; :class:`LazyGroup` imports its module only when that command is run, or
when a help page lists it (click's documented lazy-loading pattern). So ``ratings game record``
imports the recording side and ``ratings list`` the projections, and neither pays for the site's
templates, the PGN reader's chess library or the PostgreSQL driver.

**Groups with a default.** ``ratings player prior P …`` and ``ratings adjust …`` were commands
before they got an undo (``ratings player prior void``, ``ratings adjust void``).
:class:`DefaultGroup` keeps them working unchanged: when the first argument names none of the
group's subcommands, the group runs its default command with all the arguments, under the group's
own name (its usage, help and errors read ``ratings adjust``). ``record`` names the default command
explicitly, for an argument that is also a subcommand's name (a player whose id is ``void``:
``ratings player prior record void …``).
"""

from __future__ import annotations

from collections.abc import Mapping
from importlib import import_module
from typing import Any

import click

DEFAULT_NAME = "record"
"""The explicit name of a group's default command."""


NO_LEDGER = frozenset({"commands.reference:rules_", "commands.reference:convert_", "commands.demo:demo"})
"""The commands that read no ledger (they take no ``--db``)."""


def load(where: str) -> click.Command:
    """The command at ``module:attribute``, its module imported now; a command that reads a ledger takes
    ``--db`` after its name too (:func:`db_option`)."""
    module, _, attribute = where.partition(":")
    command = getattr(import_module(module), attribute)
    if not isinstance(command, click.Command):
        raise TypeError(f"{where} is not a click command")
    if where not in NO_LEDGER and not isinstance(command, click.Group) and "db_after" not in command_params(command):
        command.params.append(db_option())
    return command


def command_params(command: click.Command) -> set[str | None]:
    """The names of ``command``'s parameters."""
    return {param.name for param in command.params}


def db_option() -> click.Option:
    """``--db`` after the command's name (``ratings list --db f.db …``): the same ledger ``ratings --db``
    names, given here instead (given both places, this one)."""
    return click.Option(
        ["--db", "db_after"],
        metavar="PATH|URL",
        expose_value=False,
        callback=_set_db,
        help="The ledger, as `ratings --db PATH|URL` (either place).",
    )


def _set_db(ctx: click.Context, param: click.Parameter, value: str | None) -> None:
    if value is not None:
        from commands.context import Context
        from ledger.store import resolve_db

        obj = ctx.find_object(Context)
        if obj is not None:
            obj.db = resolve_db(value)


class LazyGroup(click.Group):
    """A group whose commands (``lazy``: name → ``module:attribute``) are imported when first asked for."""

    def __init__(self, name: str | None = None, lazy: Mapping[str, str] | None = None, **attrs: Any) -> None:
        super().__init__(name, **attrs)
        self.lazy = dict(lazy or {})

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*self.commands, *self.lazy})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in self.commands and cmd_name in self.lazy:
            self.add_command(load(self.lazy[cmd_name]), cmd_name)
        return super().get_command(ctx, cmd_name)


class DefaultGroup(LazyGroup):
    """A group whose default command (``module:attribute``) runs when the first argument is not one of its
    subcommands; its help is the default command's, unless given."""

    def __init__(self, name: str, default: str, **attrs: Any) -> None:
        super().__init__(name, **attrs)
        self._default = default
        self._loaded: click.Command | None = None

    @property
    def default(self) -> click.Command:
        """The default command, imported on first use."""
        if self._loaded is None:
            self._loaded = load(self._default)
        return self._loaded

    def get_help(self, ctx: click.Context) -> str:
        if self.help is None:
            self.help = self.default.help
        return super().get_help(ctx)

    def make_context(
        self, info_name: str | None, args: list[str], parent: click.Context | None = None, **extra: Any
    ) -> click.Context:
        if args and args[0] in self.list_commands(click.Context(self)):
            return super().make_context(info_name, args, parent=parent, **extra)
        if args and args[0] == DEFAULT_NAME:
            args = args[1:]
        # The caller invokes the command of the context it gets back: here, the default command.
        return self.default.make_context(info_name, args, parent=parent, **extra)
