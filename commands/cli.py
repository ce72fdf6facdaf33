"""``ratings``: the rating ledger's command line.

A thin client: every command parses its options, calls :mod:`ledger` (to
record) or :mod:`projections` (to compute, through its Python API
:class:`projections.Ratings`), and formats the answer. Library errors become a
message and exit status 1 at the edge (:func:`commands.context.refusals`);
misuse of the command line exits 2 (click's own).

This module is the group and its registry (:data:`COMMANDS`): each command
lives in a module of its own topic, which imports on its own and never
imports this one; every command is registered here, with ``add_command``.
"""

from __future__ import annotations

import gc

import click

from commands import (
    audit,
    corrections,
    eligibility,
    events,
    files,
    games,
    imports,
    inflation,
    merges,
    players,
    publication_db,
    queries,
    reference,
    registry_listing,
    site,
    tournament_reports,
    undo,
)
from commands.context import Context
from commands.demo import demo
from commands.groups import DefaultGroup
from ledger.store import resolve_db


@click.group()
@click.option(
    "--db",
    metavar="PATH|URL",
    help="The ledger: a SQLite file, or postgresql://USER@HOST:PORT/DBNAME [env RATINGS_DB; default ./ratings.db].",
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
@click.version_option(package_name="rating-ledger")
@click.pass_context
def cli(
    ctx: click.Context, db: str | None, by: str | None, no_cache: bool, cache_dir: str | None, skip_unusable: bool
) -> None:
    """The rating ledger: an append-only log of chess results, and the rating
    lists replayed from it.

    \b
    Example:
        ratings player register 1001 --name "Anna Adler" --country DE
        ratings list --rules iecg-1.7 --period 2024-01
    """
    ctx.obj = Context(resolve_db(db), by, not no_cache, cache_dir)
    ctx.call_on_close(ctx.obj.close)
    ctx.obj.skip_unusable = skip_unusable


@click.group()
def player() -> None:
    """Register players and record their withdrawals and inactivity."""


@click.group()
def game() -> None:
    """Record games and adjudications."""


@click.group()
def event() -> None:
    """Register tournaments and matches, pair them, and see their crosstables and status."""


@click.group("import")
def import_() -> None:
    """Import players or games (CSV), tournament reports (TRF), games (PGN) or FIDE lists, all or nothing."""


prior = DefaultGroup("prior", players.player_prior, short_help="Record a rating the player brings from another system.")
"""``ratings player prior P …`` records a prior rating; ``ratings player prior void P …`` voids one."""

adjust = DefaultGroup("adjust", reference.adjust, short_help="Record a grading committee's adjustment, or void one.")
"""``ratings adjust …`` records an adjustment; ``ratings adjust void …`` voids one (issue 10 §3)."""

export = DefaultGroup("export", audit.export, short_help="Write the lists of a run of periods, or an event as TRF.")
"""``ratings export --rules …`` writes lists; ``ratings export trf --event E`` writes a tournament report (issue 13)."""

COMMANDS: dict[click.Group, tuple[click.Command, ...]] = {
    cli: (
        player,
        game,
        event,
        import_,
        adjust,
        queries.list_,
        queries.explain,
        queries.history,
        queries.log,
        registry_listing.players_,
        audit.publish,
        publication_db.publish_db,
        audit.audit,
        audit.diff,
        export,
        audit.verify,
        files.init,
        files.backup,
        files.copy,
        inflation.pool,
        reference.rules_,
        reference.convert_,
        demo,
        site.site,
    ),
    player: (
        players.player_register,
        players.player_withdraw,
        players.player_inactive,
        players.player_reactivate,
        prior,
        corrections.player_correct,
        undo.player_void,
        undo.player_restore,
        eligibility.player_eligibility,
        merges.player_merge,
        merges.player_unmerge,
    ),
    prior: (undo.prior_void,),
    adjust: (undo.adjust_void,),
    export: (tournament_reports.export_trf,),
    game: (
        games.game_record,
        games.game_adjudicate,
        corrections.game_correct,
        corrections.game_void,
        corrections.game_restore,
        games.game_show,
    ),
    event: (
        events.event_register,
        events.event_correct,
        events.event_void,
        events.event_restore,
        events.event_pair,
        events.event_withdraw,
        events.event_list,
        events.event_show,
        events.event_status,
        eligibility.event_enter,
    ),
    import_: (
        imports.import_players,
        imports.import_games,
        tournament_reports.import_trf,
        tournament_reports.import_pgn,
        tournament_reports.import_fide_list,
    ),
}
"""Every command, by the group it is registered on: the one place the command line is put together
(no command module imports this one)."""

for group, commands in COMMANDS.items():
    for command in commands:
        group.add_command(command)


def main() -> None:
    # One command, then the process exits: the cyclic collector would only walk, again and again, the
    # facts, states and rows a command builds and keeps until it ends (they hold no reference cycles),
    # costing a tenth of a second of a query; reference counting still frees everything else.
    gc.disable()
    cli(prog_name="ratings")
