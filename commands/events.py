"""``event register|correct|void|restore|pair|withdraw|list|show|status``: tournaments and matches as facts.

The CLI calls a registered tournament, match or group an *event*; the ledger calls it a tournament
(:mod:`ledger.tournaments`), "event" being a fact of the log there.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import click

from commands import output, params
from commands.context import Context, pass_context, refusals
from commands.corrections import correction_options, report, void_command
from commands.options import RULES_TYPE, format_option, known_at_option, known_date, reported_option
from commands.params import WHOLE
from ledger.events import BYE_KINDS
from ledger.values import EVENT_CLASSES, EVENT_TYPES, MODES
from projections import CrosstableView, EventRecord, cell_text, quarters_text
from projections.api import known_date as date_option

F = TypeVar("F", bound=Callable[..., Any])

SHOW_RULES = "iecg-1.7"
"""The rules version whose list gives the start ratings of ``event show``'s performances unless ``--rules`` names
another."""

FACT_FLAGS = {
    "name": "--name",
    "type": "--type",
    "start": "--start",
    "end": "--end",
    "rate_of_play": "--rate-of-play",
    "mode": "--mode",
    "rating_class": "--class",
    "rounds": "--rounds",
    "site": "--site",
    "federation": "--federation",
    "chief_arbiter": "--chief-arbiter",
    "deputy_arbiters": "--deputy-arbiter",
    "round_dates": "--round-date",
}


def event_facts(*, required: bool) -> Callable[[F], F]:
    """The options of an event's facts; ``required``: the registration's (name, type and start required)."""

    def apply(func: F) -> F:
        options = [
            click.option(
                "--round-date",
                "round_dates",
                multiple=True,
                metavar="YYYY-MM-DD",
                help="The date of each round, in order (repeat it; '-' for a round without a date).",
            ),
            click.option(
                "--deputy-arbiter",
                "deputy_arbiters",
                multiple=True,
                metavar="NAME",
                help="A deputy arbiter (repeat it for each; TRF line 112).",
            ),
            click.option("--chief-arbiter", metavar="NAME", help="The chief arbiter (TRF line 102)."),
            click.option("--federation", metavar="CC", help="The organising federation's code."),
            click.option("--site", metavar="TEXT", help="Where it is played (a city, a server, 'email')."),
            click.option("--rounds", type=WHOLE, help="The number of rounds."),
            click.option(
                "--class", "rating_class", type=params.Choice(EVENT_CLASSES), help="An IECG class (D §2.4a, §2.5a)."
            ),
            click.option("--mode", type=params.Choice(MODES), help="How its games are played."),
            click.option(
                "--rate-of-play", metavar="TC", help="PGN TimeControl of its games (a game's own overrides it)."
            ),
            click.option("--end", metavar="YYYY-MM-DD", help="When it ends (or ended)."),
            click.option("--start", required=required, metavar="YYYY-MM-DD", help="When it starts."),
            click.option("--type", "type_", required=required, type=params.Choice(EVENT_TYPES), help="Its type."),
            click.option("--name", required=required, help="Its name."),
        ]
        for option in options:
            func = option(func)
        return func

    return apply


def _listed(facts: dict[str, Any]) -> dict[str, Any]:
    """The repeated options as lists (None when not given: a correction leaves them as they are); a round date
    ``-`` is a round without a date."""
    found = dict(facts)
    for key in ("deputy_arbiters", "round_dates"):
        given = found.get(key) or ()
        found[key] = [None if key == "round_dates" and item == "-" else item for item in given] or None
    return found


def _text(value: Any) -> str:
    """A fact as ``event show`` and ``event correct`` say it: a list's items parted by commas, ``-`` for None."""
    if isinstance(value, list | tuple):
        return ", ".join("-" if item is None else str(item) for item in value)
    return str(value)


@click.command("register")
@click.argument("event_id", metavar="ID")
@event_facts(required=True)
@reported_option
@pass_context
def event_register(obj: Context, /, event_id: str, type_: str, reported: str | None, **facts: Any) -> None:
    """Register an event: a tournament, a match, an IECG group.

    \b
    Example:
        ratings event register C2-17 --name "Class 2 #17" --type class --class 2 \\
            --start 2024-01-10 --mode email
    """
    facts = _listed(facts)
    with refusals(obj):
        recorded = obj.ledger().register_tournament(event_id, type=type_, reported_on=reported, **facts)
    end = f" to {recorded['end']}" if recorded["end"] else ""
    click.echo(f"registered event {event_id}: {recorded['name']} ({recorded['type']}), from {recorded['start']}{end}")


@click.command("correct")
@click.argument("event_id", metavar="ID")
@event_facts(required=False)
@correction_options
@pass_context
def event_correct(
    obj: Context, /, event_id: str, type_: str | None, reason: str, reported: str | None, dry_run: bool, rules: str,
    **facts: Any,
) -> None:  # fmt: skip
    """Correct facts of an event (a new event in the log: the registration is never edited); with --dry-run,
    the ratings it would change.

    \b
    Example:
        ratings event correct C2-17 --end 2025-06-30 --reason "extended by the TD"
        ratings event correct C2-17 --type thematic --reason "a thematic group" --dry-run
    """
    given = {key: value for key, value in {**_listed(facts), "type": type_}.items() if value is not None}
    if not given:
        raise click.UsageError(f"name a fact to correct: {', '.join(FACT_FLAGS.values())}")
    with refusals(obj):
        records = obj.ledger().correct(
            "tournament", event_id, changes=given, reason=reason, reported_on=reported, dry_run=dry_run
        )
    shown = ", ".join(
        f"{key.replace('_', '-') if isinstance(value, list) else FACT_FLAGS[key][2:]} {_text(value)}"
        for key, value in given.items()
    )
    report(obj, rules, records, f"recorded: event {event_id} corrected: {shown}")


event_void = void_command(
    "tournament",
    void=True,
    metavar="ID",
    done="recorded: event {id} void",
    help="""Void an event registered in error: it and every game of it no longer count.

    \b
    Example:
        ratings event void C2-17 --reason "registered twice"
    """,
)

event_restore = void_command(
    "tournament",
    void=False,
    metavar="ID",
    done="recorded: event {id} restored",
    help="""Restore a voided event: it and its games count again.

    \b
    Example:
        ratings event restore C2-17 --reason "it was not registered twice"
    """,
)


@click.command("pair")
@click.argument("event_id", metavar="ID")
@click.option("--round", "round_", required=True, type=WHOLE, help="The round.")
@click.option("--white", required=True, metavar="P", help="White's player id.")
@click.option("--black", required=True, metavar="P", help="Black's player id.")
@reported_option
@pass_context
def event_pair(obj: Context, event_id: str, round_: int, white: str, black: str, reported: str | None) -> None:
    """Record a pairing of the event: a game to be played (unfinished until its game is recorded).

    \b
    Example:
        ratings event pair C2-17 --round 1 --white 1001 --black 1002
    """
    with refusals(obj):
        obj.ledger().pair_in_tournament(event_id, round=round_, white=white, black=black, reported_on=reported)
    click.echo(f"recorded: {event_id} round {round_}: {white} v {black}")


@click.command("withdraw")
@click.argument("event_id", metavar="ID")
@click.option("--player", required=True, metavar="P", help="The player who withdrew.")
@click.option("--on", "on", required=True, metavar="YYYY-MM-DD", help="The date of the withdrawal.")
@click.option("--silent", is_flag=True, help="He stopped replying without announcing it (C §9D).")
@reported_option
@pass_context
def event_withdraw(obj: Context, event_id: str, player: str, on: str, silent: bool, reported: str | None) -> None:
    """Record a player's withdrawal from an event: his unfinished pairings are forfeited (IECG C §9A).

    \b
    Example:
        ratings event withdraw C2-17 --player 1003 --on 2024-05-02
    """
    with refusals(obj):
        obj.ledger().withdraw_from_tournament(player, tournament=event_id, on=on, silent=silent, reported_on=reported)
    click.echo(f"recorded: {player} withdrew from {event_id} on {on}" + (" (silent)" if silent else ""))


@click.command("bye")
@click.argument("event_id", metavar="ID")
@click.argument("player", metavar="PLAYER")
@click.argument("round_", metavar="ROUND", type=WHOLE)
@click.option(
    "--kind",
    required=True,
    type=params.Choice(BYE_KINDS),
    help="TRF16's code: H half-point bye, F full-point bye, U pairing-allocated bye, Z zero-point bye, "
    "+/- won/lost unplayed.",
)
@click.option(
    "--points",
    type=params.Choice(("0", "0.5", "1")),
    help="What the event's regulations give it, where not the kind's own (a U scored 0.5).",
)
@reported_option
@pass_context
def event_bye(
    obj: Context, event_id: str, player: str, round_: int, kind: str, points: str | None, reported: str | None
) -> None:
    """Record a bye: a round in which the player had no game. Counted in the score table, never rated.

    \b
    Example:
        ratings event bye open-2024 1003 5 --kind H
    """
    with refusals(obj):
        obj.ledger().record_bye(event_id, player=player, round=round_, kind=kind, points=points, reported_on=reported)
    click.echo(f"recorded: {event_id} round {round_}: bye {kind} for {player}")


@click.command("bye-void")
@click.argument("event_id", metavar="ID")
@click.argument("player", metavar="PLAYER")
@click.argument("round_", metavar="ROUND", type=WHOLE)
@click.option("--reason", required=True, metavar="TEXT", help="Why the bye no longer counts.")
@reported_option
@pass_context
def event_bye_void(obj: Context, event_id: str, player: str, round_: int, reason: str, reported: str | None) -> None:
    """Void a bye recorded in error (a new fact: the bye is never edited; record the right one after it).

    \b
    Example:
        ratings event bye-void open-2024 1003 5 --reason "he played round 5"
    """
    with refusals(obj):
        kind = obj.ledger().void_bye(event_id, player=player, round=round_, reason=reason, reported_on=reported)
    click.echo(f"recorded: {event_id} round {round_}: bye {kind} of {player} void")


LIST_COLUMNS = ["event", "name", "type", "start", "end", "mode", "rate_of_play", "class", "rounds"]


@click.command("list")
@click.option("--from", "from_", metavar="YYYY-MM-DD", help="Only events still running on or after this date.")
@click.option("--to", metavar="YYYY-MM-DD", help="Only events started on or before this date.")
@click.option("--type", "type_", type=params.Choice(EVENT_TYPES), help="Only events of this type.")
@known_at_option
@format_option(output.FORMATS, "table")
@pass_context
def event_list(
    obj: Context, from_: str | None, to: str | None, type_: str | None, known_at: str | None, fmt: str
) -> None:
    """List the registered events (not void), by start date.

    \b
    Example:
        ratings event list --from 2024-01-01 --type class
    """
    with refusals(obj):
        known = known_date(known_at)
        since = date_option(from_, "--from date")
        until = date_option(to, "--to date")
    with refusals(obj), obj.ratings() as ratings:
        rows = [
            {
                "event": e.event,
                "name": e.name,
                "type": e.type,
                "start": e.start,
                "end": e.end or "",
                "mode": e.mode or "",
                "rate_of_play": e.rate_of_play or "",
                "class": e.rating_class or "",
                "rounds": e.rounds or "",
            }
            for e in ratings.events(known)
            if (type_ is None or e.type == type_)
            and (until is None or e.start <= until)
            and (since is None or (e.end or "9999-12-31") >= since)
        ]
    if fmt == "table" and not rows:
        click.echo("no events")
        return
    text = output.emit(fmt, rows, LIST_COLUMNS, json_text=lambda: output.json_answer("event list", {"events": rows}))
    click.echo(text, nl=False)


@click.command("show")
@click.argument("event_id", metavar="ID")
@click.option(
    "--rules",
    type=RULES_TYPE,
    default=SHOW_RULES,
    show_default=True,
    help=RULES_TYPE.help("The list whose ratings at the start give the performances (C §14.2)."),
)
@known_at_option
@format_option(output.FORMATS, "table")
@pass_context
def event_show(obj: Context, event_id: str, rules: str, known_at: str | None, fmt: str) -> None:
    """Show an event: its facts, its games, and its crosstable in the order of IECG C §14.

    The crosstable names each player, his federation (else his country) and his rating at the start; a Swiss
    with rounds shows each round as opponent's number, colour and result (5w1), other events the grid.
    --format json gives the whole answer (docs/formats.md); --format csv the crosstable alone.

    \b
    Example:
        ratings event show C2-17
    """
    with refusals(obj), obj.ratings() as ratings:
        known = known_date(known_at)
        record = ratings.event(event_id, known)
        games = ratings.event_games(event_id, known)
        table = ratings.crosstable_view(event_id, rules, known) if games or record.pairings or record.byes else None
    rows = [
        {
            "game": v.row.game,
            "white": v.row.white,
            "black": v.row.black,
            "result": v.row.result,
            "finished": v.row.finished,
            "forfeit": "" if v.row.forfeit == "none" else v.row.forfeit,
            "adjudicated": "" if v.adjudication is None else f"{v.adjudication[0]} on {v.adjudication[1]}",
        }
        for v in games
    ]
    if fmt == "csv":
        cross_rows, columns = crosstable_rows(table) if table is not None else ([], CROSSTABLE_COLUMNS)
        click.echo(output.csv_text(cross_rows, columns), nl=False)
        return
    if fmt == "json":
        click.echo(output.json_answer("event show", event_json(record, rows, rules, table)), nl=False)
        return
    click.echo(facts_text(record), nl=False)
    if games:
        click.echo("\ngames:")
        click.echo(output.table(rows, list(rows[0])), nl=False)
    if table is not None:
        click.echo(f"\ncrosstable (IECG C §14; performances from the {rules} list before the start):")
        click.echo(crosstable_text(table), nl=False)


def event_json(
    record: EventRecord, games: list[dict[str, Any]], rules: str, table: CrosstableView | None
) -> dict[str, Any]:
    """``event show --format json``: the whole answer (:data:`commands.output.JSON_KEYS`)."""
    info = record.info
    return {
        "event": info.event,
        "void": record.void,
        "facts": {key: getattr(info, key) for key in FACT_FLAGS},
        "withdrawn": [{"player": p, "on": on, "silent": silent} for p, on, silent in record.withdrawn],
        "byes": [{"player": p, "round": n, "kind": kind, "points": points} for p, n, kind, points in record.byes],
        "history": [
            {"position": line.position, "kind": line.kind, "reported": line.reported, "facts": dict(line.facts)}
            for line in record.lines
        ],
        "games": games,
        "crosstable": None if table is None else {"rules": rules, "rows": crosstable_rows(table)[0]},
    }


def facts_text(record: EventRecord) -> str:
    """The event's facts as now known, then each fact of its history."""
    info = record.info
    lines = [f"event {info.event}: {info.name}" + ("  [void]" if record.void else "")]
    for key, flag in FACT_FLAGS.items():
        value = getattr(info, key)
        if value is not None:
            label = key.replace("_", "-") if isinstance(value, list | tuple) else flag[2:]
            lines.append(f"  {label}: {_text(value)}")
    for player, on, silent in record.withdrawn:
        lines.append(f"  withdrew: {player} on {on}" + (" (silent)" if silent else ""))
    for player, number, kind, points in record.byes:
        lines.append(f"  bye: round {number} {player} {kind}" + (f" ({points} points)" if points is not None else ""))
    lines.append("history:")
    for line in record.lines:
        facts = " ".join(f"{key}={_text(value)}" for key, value in line.facts if value is not None)
        lines.append(f"  {line.position:>6}  {line.kind:<10}  reported {line.reported}  {facts}".rstrip())
    return "\n".join(lines) + "\n"


CROSSTABLE_COLUMNS = ["#", "player", "name", "fed", "rating", "points", "SB", "perf", "decided by"]
"""The columns of every crosstable (:func:`crosstable_rows` adds the grid's, the rounds' and the byes')."""


def crosstable_text(view: CrosstableView) -> str:
    """The crosstable as a table (:func:`crosstable_rows`)."""
    return output.table(*crosstable_rows(view))


def crosstable_rows(view: CrosstableView) -> tuple[list[dict[str, Any]], list[str]]:
    """The crosstable's rows and columns: rank, player, his name, federation and rating at the start; a
    column a row's opponent (but in a Swiss with rounds), then each round (opponent's number, colour, result:
    ``5w1``) where the event has rounds; points, Sonneborn-Berger, performance. A column ``no`` numbers the
    rows when a rank is shared (the rounds name opponents by that number, as the grid's columns do)."""
    table = view.table
    order = [row.player for row in table.rows]
    rows = []
    any_byes = not view.rounds and any(row.byes for row in table.rows)
    numbered = any(row.rank != index + 1 for index, row in enumerate(table.rows))
    grid = [str(j + 1) for j in range(len(order))] if view.grid else []
    rounds = [f"R{n}" for n in range(1, view.rounds + 1)]
    for index, (row, line) in enumerate(zip(table.rows, view.lines, strict=True)):
        cells = {str(j + 1): ("x" if j == index else cell_text(table.grid[index][j])) for j in range(len(grid))}
        rows.append(
            {
                "#": row.rank,
                "player": row.player + (" (withdrew)" if row.withdrew else ""),
                "name": line.name,
                "fed": line.federation or "",
                "rating": "" if line.rating is None else line.rating,
                **({"no": line.number} if numbered else {}),
                **cells,
                **dict(zip(rounds, line.rounds, strict=True)),
                **({"byes": " ".join(f"R{n}{kind}" for n, kind in row.byes)} if any_byes else {}),
                "points": row.points,
                "SB": quarters_text(row.sb4),
                "perf": "" if row.performance is None else row.performance,
                "decided by": row.decided_by,
            }
        )
    byes = ["byes"] if any_byes else []
    columns = ["#", "player", "name", "fed", "rating", *(["no"] if numbered else []), *grid, *rounds, *byes,
               "points", "SB", "perf", "decided by"]  # fmt: skip
    return rows, columns


@click.command("status")
@click.argument("event_id", metavar="ID")
@click.option(
    "--rules", "rules", multiple=True, type=RULES_TYPE, help=RULES_TYPE.help("Only these systems [default: all].")
)
@known_at_option
@format_option(output.FORMATS, "table")
@pass_context
def event_status(obj: Context, event_id: str, rules: tuple[str, ...], known_at: str | None, fmt: str) -> None:
    """For every registered system: whether and in which period the event's games were rated, and the games
    left out, by the clause that leaves them out.

    --format csv gives a row a system (rules, rated, periods, left_out: ids separated by blanks); --format
    json the same with each game left out and why (docs/formats.md).

    \b
    Example:
        ratings event status C2-17 --rules iecg-1.7 --rules fide-2024
    """
    with refusals(obj), obj.ratings() as ratings:
        known = known_date(known_at)
        record = ratings.event(event_id, known)
        found = [] if record.void else ratings.event_status(event_id, rules or None, known)
    from commands.explanation_text import say  # the words of why a game is left out: `event status` only

    systems: list[dict[str, Any]] = [
        {
            "rules": status.rules,
            "rated": list(status.rated),
            "periods": list(status.periods),
            "left_out": [{"game": game, "reason": say(why)} for game, why in status.left_out],
        }
        for status in found
    ]
    if fmt == "json":
        answer = {"event": event_id, "void": record.void, "systems": systems}
        click.echo(output.json_answer("event status", answer), nl=False)
        return
    if fmt == "csv":
        rows = [
            {
                "rules": one["rules"],
                "rated": " ".join(one["rated"]),
                "periods": " ".join(one["periods"]),
                "left_out": " ".join(game["game"] for game in one["left_out"]),
            }
            for one in systems
        ]
        click.echo(output.csv_text(rows, ["rules", "rated", "periods", "left_out"]), nl=False)
        return
    if record.void:
        void = [line for line in record.lines if line.kind == "voided"][-1]
        click.echo(f"event {event_id} is void (reported {void.reported}): none of its games is rated")
        return

    for status in found:
        if status.rated:
            where = ", ".join(status.periods)
            head = f"{status.rules}: {len(status.rated)} game{'s' if len(status.rated) != 1 else ''} rated in {where}"
        else:
            head = f"{status.rules}: not rated"
        click.echo(head)
        by_reason: dict[str, list[str]] = {}
        for game, why in status.left_out:
            by_reason.setdefault(say(why), []).append(game)
        for said, games in by_reason.items():
            click.echo(f"  {', '.join(games)}: {said}")
