"""``player merge`` and ``player unmerge``: a duplicate registration counted as the player it duplicates.

A merge is a new fact, never an edit: as known before it, the duplicate's games are his own; from it on,
every list counts them as the original's. ``player unmerge`` undoes a merge recorded in error.
"""

from __future__ import annotations

import click

from commands.context import Context, pass_context, refusals
from commands.corrections import correction_options, report


@click.command("merge")
@click.argument("player_id", metavar="P")
@click.option("--into", "into", metavar="Q", required=True, help="The player P is a duplicate of.")
@correction_options
@pass_context
def player_merge(
    obj: Context, player_id: str, into: str, reason: str, reported: str | None, dry_run: bool, rules: str
) -> None:
    """Record that P was a duplicate registration of Q: from the merge on, P's games, priors and events count
    as Q's in every list (as known at an earlier date, they do not).

    Refused when P and Q played the same game. No new game can name P once merged.

    \b
    Example:
        ratings player merge 1009 --into 1004 --reason "registered twice at the Spring Open"
    """
    with refusals(obj):
        records = obj.ledger().merge_player(player_id, into=into, reason=reason, reported_on=reported, dry_run=dry_run)
    report(obj, rules, records, f"recorded: {player_id} merged into {into}")


@click.command("unmerge")
@click.argument("player_id", metavar="P")
@correction_options
@pass_context
def player_unmerge(obj: Context, player_id: str, reason: str, reported: str | None, dry_run: bool, rules: str) -> None:
    """Undo a merge recorded in error: P counts as himself again.

    \b
    Example:
        ratings player unmerge 1009 --reason "not the same person: father and son"
    """
    with refusals(obj):
        records = obj.ledger().unmerge_player(player_id, reason=reason, reported_on=reported, dry_run=dry_run)
    report(obj, rules, records, f"recorded: {player_id} unmerged")
