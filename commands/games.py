"""``game record`` and ``game adjudicate``: the facts of a game."""

from __future__ import annotations

import click

from commands import params
from commands.context import Context, pass_context, refusals
from commands.options import reported_option
from ledger.values import FORFEIT_KINDS, MODES


@click.command("record")
@click.argument("game_id", metavar="ID")
@click.option("--white", required=True, metavar="P", help="White's player id.")
@click.option("--black", required=True, metavar="P", help="Black's player id.")
@click.option("--result", required=True, metavar="R", help="1-0, 0-1 or 1/2-1/2.")
@click.option("--finished", required=True, metavar="YYYY-MM-DD", help="When the game finished.")
@click.option("--tournament", metavar="T", help="The tournament.")
@click.option("--time-control", metavar="TC", help="PGN TimeControl, e.g. 40/7200 or 5400+30.")
@click.option("--forfeit", type=params.Choice(FORFEIT_KINDS[1:]), help="A forfeit (IECG §VIII.1–2).")
@click.option("--event", metavar="E", help="The registered event it belongs to (ratings event register).")
@click.option("--mode", type=params.Choice(MODES), help="otb, email or online [default: its event's].")
@reported_option
@pass_context
def game_record(
    obj: Context,
    game_id: str,
    white: str,
    black: str,
    result: str,
    finished: str,
    tournament: str | None,
    time_control: str | None,
    forfeit: str | None,
    event: str | None,
    mode: str | None,
    reported: str | None,
) -> None:
    """Record a finished game.

    \b
    Example:
        ratings game record G1 --white 1001 --black 1002 --result 1-0 --finished 2024-02-11
    """
    with refusals(obj):
        facts = obj.ledger().record_game(
            game_id,
            white=white,
            black=black,
            result=result,
            finished=finished,
            tournament=tournament,
            time_control=time_control,
            forfeit=forfeit,
            reported_on=reported,
            event=event,
            mode=mode,
        )
    click.echo(f"recorded {facts.game}: {facts.white} {facts.result} {facts.black} on {facts.finished}")


@click.command("adjudicate")
@click.argument("game_id", metavar="ID")
@click.option("--result", required=True, metavar="R", help="The adjudicated result.")
@click.option("--on", "on", required=True, metavar="YYYY-MM-DD", help="The date of the decision.")
@reported_option
@pass_context
def game_adjudicate(obj: Context, game_id: str, result: str, on: str, reported: str | None) -> None:
    """Record an adjudication: the game is rated with this result in the period of the decision (IECG §VIII.3).

    \b
    Example:
        ratings game adjudicate G7 --result 1/2-1/2 --on 2024-04-20
    """
    with refusals(obj):
        obj.ledger().adjudicate_game(game_id, result=result, on=on, reported_on=reported)
    click.echo(f"recorded: {game_id} adjudicated {result} on {on}")
