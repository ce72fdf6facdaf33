"""``game record``, ``game adjudicate`` and ``game show``: the facts of a game."""

from __future__ import annotations

import json
from typing import Any

import click

from commands import params
from commands.context import Context, pass_context, refusals
from commands.log import entry_line, fact_text
from commands.options import format_option, known_at_option, known_date, reported_option
from ledger.values import FORFEIT_KINDS, MODES
from projections.game_view import GameFact, GameView, game_view


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


@click.command("show")
@click.argument("game_id", metavar="ID")
@known_at_option
@format_option(["text", "json"], "text")
@pass_context
def game_show(obj: Context, game_id: str, known_at: str | None, fmt: str) -> None:
    """Show a game: its facts as recorded, every amendment in log order, and the game as it stands.

    \b
    Example:
        ratings game show G7
        ratings game show G7 --known-at 2024-03-01 --format json
    """
    with refusals(obj):
        reader = obj.reader()
        try:
            view = game_view(reader, game_id, known_date(known_at))
        finally:
            reader.close()
    if fmt == "json":
        click.echo(json.dumps(game_json(view), ensure_ascii=False))
    else:
        click.echo(game_text(view), nl=False)


def _entry(fact: GameFact) -> dict[str, Any]:
    """A fact of the game in the shape of a ``log`` entry (the reason among its facts, as the log has it)."""
    facts = dict(fact.facts)
    if fact.reason is not None:
        facts["reason"] = fact.reason
    return {
        "position": fact.position,
        "type": fact.type,
        "facts": facts,
        "recorded_by": fact.recorded_by,
        "reported_on": fact.reported_on,
    }


def game_json(view: GameView) -> dict[str, Any]:
    """``game show --format json``: the recording and each amendment as ``log`` entries, then the game now."""
    adjudication = view.adjudication
    return {
        "game": view.game,
        "known_at": view.known_at,
        "recorded": _entry(view.recorded),
        "amendments": [_entry(fact) for fact in view.amendments],
        "now": {
            **dict(view.now),
            "status": view.status,
            "adjudicated": None if adjudication is None else {"result": adjudication[0], "on": adjudication[1]},
        },
        "withheld": view.withheld,
        "players": {
            p.side: {"player": p.player, "name": p.name, "federation": p.federation, "sex": p.sex, "title": p.title}
            for p in view.players
        },
    }


def game_text(view: GameView) -> str:
    """``game show``'s text: the recording and each amendment as ``log`` lines, then the game as it stands."""
    adjudication = view.adjudication
    now = [
        *view.now,
        ("status", view.status),
        ("adjudicated", None if adjudication is None else adjudication[0]),
        ("adjudicated_on", None if adjudication is None else adjudication[1]),
    ]
    lines = [
        f"game {view.game}" + ("" if view.known_at is None else f", as known at {view.known_at}"),
        "recorded:",
        entry_line(_entry(view.recorded)),
        "amendments:" + ("" if view.amendments else " none"),
        *(entry_line(_entry(fact)) for fact in view.amendments),
        "as it stands:",
        "  " + " ".join(f"{key}={fact_text(value)}" for key, value in now),
        *(
            f"  {p.side} {p.player} {p.name}: federation={fact_text(p.federation)} sex={fact_text(p.sex)} "
            f"title={fact_text(p.title)}"
            for p in view.players
        ),
    ]
    if view.withheld is not None:  # shown as stored, and why no list uses it
        lines.append(f"withheld from every list: {view.withheld}")
    return "\n".join(lines) + "\n"
