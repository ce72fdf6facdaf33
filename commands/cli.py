"""``ratings``: the rating ledger's command line.

A thin client: every command parses its options, calls :mod:`ledger` (to
record) or :mod:`projections` (to compute, through its Python API
:class:`projections.Ratings`), and formats the answer. Library errors become a
message and exit status 1 at the edge (:func:`commands.context.refusals`);
misuse of the command line exits 2 (click's own).

This module is the group and its registry (:data:`COMMANDS`): each command
lives in a module of its own topic, which imports on its own and never
imports this one; every command is named here as ``module:attribute`` and
imported only when it runs (:class:`commands.groups.LazyGroup`), so a command
loads what it uses and nothing else.
"""

from __future__ import annotations

import gc

import click

from commands import __version__
from commands.groups import DefaultGroup, LazyGroup


@click.group(cls=LazyGroup)
@click.option(
    "--db",
    metavar="PATH|URL",
    help="The ledger: a SQLite file, or postgresql://USER@HOST:PORT/DBNAME [env RATINGS_DB; default ./ratings.db]; "
    "also taken after the command's name.",
)
@click.option("--by", metavar="NAME", help="Who records the facts [default: the OS user].")
@click.option("--no-cache", is_flag=True, help="Compute from the log alone, without the projections file.")
@click.option(
    "--cache-dir",
    envvar="RATINGS_CACHE_DIR",
    type=click.Path(exists=True, file_okay=False, writable=True),
    help="Keep the projections file in this folder [env RATINGS_CACHE_DIR; default: beside a ledger file, "
    "~/.cache/ratings for a PostgreSQL ledger].",
)
@click.option(
    "--skip-unusable",
    is_flag=True,
    help="Compute without the stored facts a replay cannot use (each is named on stderr) [default: refuse].",
)
@click.option(
    "--quiet", is_flag=True, help="No progress bars on stderr (they show only on a terminal, never in a pipe)."
)
@click.version_option(__version__, prog_name="ratings")
@click.pass_context
def cli(
    ctx: click.Context,
    db: str | None,
    by: str | None,
    no_cache: bool,
    cache_dir: str | None,
    skip_unusable: bool,
    quiet: bool,
) -> None:
    """The rating ledger: an append-only log of chess results, and the rating
    lists replayed from it.

    \b
    Example:
        ratings player register 1001 --name "Anna Adler" --country DE
        ratings list --rules iecg-1.7 --period 2024-01
    """
    from commands.context import Context
    from ledger.store import resolve_db

    ctx.obj = Context(resolve_db(db), by, not no_cache, cache_dir)
    ctx.call_on_close(ctx.obj.close)
    ctx.obj.skip_unusable = skip_unusable
    ctx.obj.quiet = quiet


@click.group(cls=LazyGroup)
def player() -> None:
    """Register players and record their withdrawals and inactivity."""


@click.group(cls=LazyGroup)
def game() -> None:
    """Record games and adjudications."""


@click.group(cls=LazyGroup)
def event() -> None:
    """Register tournaments and matches, pair them, and see their crosstables and status."""


@click.group("import", cls=LazyGroup)
def import_() -> None:
    """Import players or games (CSV), tournament reports (TRF), games (PGN) or FIDE lists, all or nothing."""


prior = DefaultGroup(
    "prior", "commands.player:player_prior", short_help="Record a rating the player brings from another system."
)
"""``ratings player prior P …`` records a prior rating; ``ratings player prior void P …`` voids one."""

adjust = DefaultGroup(
    "adjust", "commands.reference:adjust", short_help="Record a grading committee's adjustment, or void one."
)
"""``ratings adjust …`` records an adjustment; ``ratings adjust void …`` voids one."""

export = DefaultGroup(
    "export", "commands.audit:export", short_help="Write the lists of a run of periods, or an event as TRF."
)
"""``ratings export --rules …`` writes lists; ``ratings export trf --event E`` writes a tournament report."""

COMMANDS: dict[LazyGroup, dict[str, str]] = {
    cli: {
        "list": "commands.list_:list_",
        "explain": "commands.explain:explain",
        "history": "commands.history:history",
        "log": "commands.log:log",
        "players": "commands.players:players_",
        "publish": "commands.audit:publish",
        "publish-db": "commands.publication_db:publish_db",
        "audit": "commands.audit:audit",
        "diff": "commands.audit:diff",
        "verify": "commands.audit:verify",
        "init": "commands.files:init",
        "backup": "commands.files:backup",
        "copy": "commands.files:copy",
        "pool": "commands.pool:pool",
        "rules": "commands.reference:rules_",
        "convert": "commands.reference:convert_",
        "demo": "commands.demo:demo",
        "site": "commands.site:site",
    },
    player: {
        "register": "commands.player:player_register",
        "withdraw": "commands.player:player_withdraw",
        "inactive": "commands.player:player_inactive",
        "reactivate": "commands.player:player_reactivate",
        "correct": "commands.corrections:player_correct",
        "void": "commands.undo:player_void",
        "restore": "commands.undo:player_restore",
        "eligibility": "commands.eligibility:player_eligibility",
        "merge": "commands.merges:player_merge",
        "unmerge": "commands.merges:player_unmerge",
    },
    prior: {"void": "commands.undo:prior_void"},
    adjust: {"void": "commands.undo:adjust_void"},
    export: {"trf": "commands.tournament_reports:export_trf"},
    game: {
        "record": "commands.game:game_record",
        "adjudicate": "commands.game:game_adjudicate",
        "correct": "commands.corrections:game_correct",
        "void": "commands.corrections:game_void",
        "restore": "commands.corrections:game_restore",
        "show": "commands.game:game_show",
    },
    event: {
        "register": "commands.events:event_register",
        "correct": "commands.events:event_correct",
        "void": "commands.events:event_void",
        "restore": "commands.events:event_restore",
        "pair": "commands.events:event_pair",
        "withdraw": "commands.events:event_withdraw",
        "bye": "commands.events:event_bye",
        "bye-void": "commands.events:event_bye_void",
        "list": "commands.events:event_list",
        "show": "commands.events:event_show",
        "status": "commands.events:event_status",
        "enter": "commands.eligibility:event_enter",
    },
    import_: {
        "players": "commands.imports:import_players",
        "games": "commands.imports:import_games",
        "trf": "commands.tournament_reports:import_trf",
        "pgn": "commands.tournament_reports:import_pgn",
        "fide-list": "commands.tournament_reports:import_fide_list",
    },
}
"""Every command, by the group it is registered on and its name, as ``module:attribute``: the one place
the command line is put together (no command module imports this one). A command's module is imported
when the command runs (or a help page lists it)."""

for group, commands in COMMANDS.items():
    group.lazy.update(commands)
cli.add_command(player)
cli.add_command(game)
cli.add_command(event)
cli.add_command(import_)
cli.add_command(adjust)
cli.add_command(export)
player.add_command(prior)


def main() -> None:
    # One command, then the process exits: the cyclic collector would only walk, again and again, the
    # facts, states and rows a command builds and keeps until it ends (they hold no reference cycles),
    # costing a tenth of a second of a query; reference counting still frees everything else.
    gc.disable()
    cli(prog_name="ratings")
