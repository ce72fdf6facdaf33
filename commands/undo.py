"""``player void|restore``, ``player prior void`` and ``adjust void``: every kind of fact can be undone.

Nothing is ever edited: each undo is a new event, with ``--reason``, and
takes ``--dry-run`` (write nothing; show the ratings it would change, as
``game void`` does).
"""

from __future__ import annotations

import click

from commands import params
from commands.context import Context, pass_context, refusals
from commands.corrections import DRY_RUN_RULES, correction_options, report, void_command
from commands.options import RULES_TYPE, reported_option
from ledger.values import ADJUSTABLE_SYSTEMS, PRIOR_SYSTEMS
from projections.registry import RULES

player_void = void_command(
    "player",
    void=True,
    metavar="P",
    done="recorded: {id} void",
    help="""Void a registration recorded in error: the player and every game he played leave every list.

    Under every rules system, as known from the reported date on (`--known-at`
    an earlier date still shows him). No new fact can name a void player;
    `ratings player restore` undoes the void.

    \b
    Example:
        ratings player void 1009 --reason "registered twice: he is 1004"
    """,
)

player_restore = void_command(
    "player",
    void=False,
    metavar="P",
    done="recorded: {id} restored",
    help="""Restore a voided player: he and his games count again.

    \b
    Example:
        ratings player restore 1009 --reason "voided by mistake"
    """,
)


@click.command("void")
@click.argument("player_id", metavar="P")
@click.option("--system", required=True, type=params.Choice(PRIOR_SYSTEMS), help="The system of the prior rating.")
@click.option("--as-of", "as_of", required=True, metavar="YYYY-MM-DD", help="Its as-of date, as recorded.")
@correction_options
@pass_context
def prior_void(
    obj: Context,
    player_id: str,
    system: str,
    as_of: str,
    reason: str,
    reported: str | None,
    dry_run: bool,
    rules: str,
) -> None:
    """Void a prior rating recorded in error: it no longer counts (a correct one may then be recorded).

    The prior is named by its system and as-of date, as `ratings player prior` recorded it.

    \b
    Example:
        ratings player prior void 1001 --system fide --as-of 2023-12-01 --reason "the rating of another player"
    """
    with refusals(obj):
        records = obj.ledger().void_prior(
            player_id, system=system, as_of=as_of, reason=reason, reported_on=reported, dry_run=dry_run
        )
    report(obj, rules, records, f"recorded: {player_id}'s {system} rating as of {as_of} void")


@click.command("void")
@click.option("--system", required=True, type=params.Choice(ADJUSTABLE_SYSTEMS), help="The adjustment's system.")
@click.option("--player", "player_id", metavar="P", help="The player it adjusted.")
@click.option("--all", "everyone", is_flag=True, help="It adjusted every player (a global adjustment).")
@click.option("--on", "on", required=True, metavar="YYYY-MM-DD", help="Its date, as recorded.")
@click.option("--reason", required=True, help="Its reason, as recorded (the committee's decision).")
@click.option("--because", required=True, help="Why it is voided.")
@reported_option
@click.option("--dry-run", is_flag=True, help="Write nothing; show the ratings it would change.")
@click.option(
    "--rules",
    type=RULES_TYPE,
    help=RULES_TYPE.help(
        f"The rules version of --dry-run's impact [default: the adjustment's system, else {DRY_RUN_RULES}]."
    ),
)
@pass_context
def adjust_void(
    obj: Context,
    system: str,
    player_id: str | None,
    everyone: bool,
    on: str,
    reason: str,
    because: str,
    reported: str | None,
    dry_run: bool,
    rules: str | None,
) -> None:
    """Void an adjustment recorded in error: it no longer counts.

    The adjustment is named as `ratings adjust` recorded it: system, --player
    or --all, --on and --reason; --because says why it is voided.

    \b
    Example:
        ratings adjust void --system icu-1980 --player 2001 --on 1980-12-31 --reason "feedback from group 4" \\
            --because "group 4 was graded again"
    """
    if everyone == (player_id is not None):
        raise click.UsageError("give either --player P or --all")
    with refusals(obj):
        records = obj.ledger().void_adjustment(
            system=system,
            player=player_id,
            on=on,
            reason=reason,
            because=because,
            reported_on=reported,
            dry_run=dry_run,
        )
    who = "every player" if player_id is None else player_id
    report(
        obj,
        rules or (system if system in RULES else DRY_RUN_RULES),
        records,
        f"recorded: {system} adjustment of {who} on {on} void",
    )
