"""``import trf`` (and ``export trf``): FIDE tournament reports in and out."""

from __future__ import annotations

import csv
from collections.abc import Iterator
from contextlib import contextmanager

import click

from commands.context import Context, pass_context, refusals
from commands.options import known_at_option, known_date, reported_option
from commands.output import os_reason
from commands.params import WHOLE
from ledger import file_imports, trf_write
from ledger.errors import ImportRowError, InvalidValueError
from ledger.imports import csv_lines
from ledger.outputs import written_aside
from ledger.trf_import import PriorGamesError, TrfPlan
from projections import trf_export
from projections.replay import knowledge


@click.command("trf")
@click.argument("file", type=click.Path(exists=True, dir_okay=False))
@click.option("--event", "event_id", metavar="ID", help="The event's id [default: the file's name].")
@click.option("--register-new", is_flag=True, help="Register the file's players the ledger does not know.")
@click.option("--priors", is_flag=True, help="Record the file's ratings as fide priors as of the event's start.")
@click.option(
    "--prior-games",
    type=WHOLE,
    metavar="N",
    help="With --priors: the games count of a prior whose player has none in a fide prior (it sets FIDE's K).",
)
@click.option("--again", is_flag=True, help="Import games already recorded (same players, result and date) again.")
@click.option(
    "--into-existing", is_flag=True, help="File the games into the registered --event even where its facts differ."
)
@click.option("--dry-run", is_flag=True, help="Print what would be recorded; record nothing.")
@reported_option
@pass_context
def import_trf(
    obj: Context,
    file: str,
    event_id: str | None,
    register_new: bool,
    priors: bool,
    prior_games: int | None,
    again: bool,
    into_existing: bool,
    dry_run: bool,
    reported: str | None,
) -> None:
    """Import a FIDE tournament report (TRF16 or TRF-2026): the event, its players and games, all or nothing.

    Players are matched by FIDE id, then by name and birth date. Every adjustment
    made to fit the file is printed, and every player whose points in the file
    differ from his rounds. A file whose games are recorded already (under any
    event) is refused, and so is a registered event whose type, dates or rate of
    play differ from the file's. Byes are recorded as facts of the event; the
    lines pairing programs write for the bye ("spielfrei", "BYE"...) are not
    players. With --priors, each prior's games count (FIDE's K) is the player's
    fide prior's, else --prior-games: the import is refused without either.

    \b
    Example:
        ratings import trf open2024.trf --event open-2024 --register-new --priors --prior-games 30
    """
    if prior_games is not None and not priors:
        raise click.UsageError("--prior-games is for --priors: give both")
    with refusals(obj), _misuse(PriorGamesError):
        plan, records = file_imports.import_trf(
            obj.ledger(),
            file,
            event=event_id,
            register_new=register_new,
            priors=priors,
            reported_on=reported,
            dry_run=dry_run,
            again=again,
            into_existing=into_existing,
            prior_games=prior_games,
            progress=obj.bars.stage("games checked"),
        )
    obj.bars.close()
    for line in report(plan, dry_run):
        click.echo(line)
    if dry_run:
        click.echo(f"would record {len(records)} events; nothing was recorded")


class _OptionMisuse(click.ClickException):
    """A refusal that is a misuse of options: exit 2, one line."""

    exit_code = 2


@contextmanager
def _misuse(*kinds: type[Exception]) -> Iterator[None]:
    """The library's refusals of ``kinds`` as an option misuse (exit 2)."""
    try:
        yield
    except kinds as error:
        raise _OptionMisuse(str(error)) from None


def report(plan: TrfPlan, dry_run: bool) -> list[str]:
    """What an import recorded (or would record), then its adjustments and point differences."""
    verb = "would import" if dry_run else "imported"
    facts = plan.event_facts
    not_rated = sum(game.not_rated for game in plan.games)
    forfeits = sum(game.forfeit != "none" for game in plan.games)
    lines = [
        f"{verb} event {plan.event} ({facts['name']}, {facts['start']} to {facts['end']}): "
        f"{len(plan.players)} players ({len(plan.new_players)} new), {len(plan.games)} games "
        f"({forfeits} forfeits, {not_rated} not rated), {len(plan.priors)} priors"
    ]
    if dry_run:
        lines.extend(
            f"  register {p.player} {p.name}" + (f" FIDE id {p.fide_id}" if p.fide_id else "") for p in plan.new_players
        )
        lines.extend(f"  prior fide {p.rating} as of {p.as_of} for {p.player}" for p in plan.priors)
        lines.extend(
            f"  game {g.game} {g.white} {g.black} {g.result} {g.finished}"
            + (" forfeit" if g.forfeit != "none" else "")
            + (" not rated" if g.not_rated else "")
            for g in plan.games
        )
    if plan.byes:
        counts = {k: sum(b.kind == k for b in plan.byes) for k in "HFUZ+-"}
        kinds = ", ".join(f"{n} {k}" for k, n in counts.items() if n)
        lines.append(f"{verb} {len(plan.byes)} bye{'s' if len(plan.byes) != 1 else ''} ({kinds})")
    if dry_run:
        lines.extend(f"  bye {b.kind} round {b.round} for {b.player}" for b in plan.byes)
    lines.extend(f"note: {note}" for note in plan.notes)
    lines.extend(f"points: {line}" for line in plan.mismatches)
    return lines


@click.command("pgn")
@click.argument("file", type=click.Path(exists=True, dir_okay=False))
@click.option("--event", "event_id", metavar="ID", help="The event of every game [default: from the Event headers].")
@click.option(
    "--players",
    "mapping",
    type=click.Path(exists=True, dir_okay=False),
    help="A CSV file with columns name,player: the player of each PGN name without a FIDE id the ledger holds.",
)
@click.option("--date", metavar="YYYY-MM-DD", help="The date of games whose Date and EventDate are incomplete.")
@click.option("--create-event", is_flag=True, help="Register the --event from the headers if it is not registered.")
@click.option("--again", is_flag=True, help="Import games already recorded (same players, result and date) again.")
@click.option("--dry-run", is_flag=True, help="Print what would be recorded; record nothing.")
@reported_option
@pass_context
def import_pgn(
    obj: Context,
    file: str,
    event_id: str | None,
    mapping: str | None,
    date: str | None,
    create_event: bool,
    again: bool,
    dry_run: bool,
    reported: str | None,
) -> None:
    """Import the games of a PGN file from their headers (no moves are read), all or nothing.

    Players by their WhiteFideId/BlackFideId tags, else by the --players mapping;
    unfinished games (*) are counted and skipped. --event names a registered
    event (or, with --create-event, a new one); a file whose games are recorded
    already is refused.

    \b
    Example:
        ratings import pgn round5.pgn --event open-2024 --players names.csv
    """
    if create_event and event_id is None:  # --create-event alone names no event to create
        raise click.UsageError("--create-event needs --event: events named by the headers are registered anyway")
    with refusals(obj):
        names = read_names(mapping) if mapping else {}
        plan, records = file_imports.import_pgn(
            obj.ledger(), file, event=event_id, names=names, reported_on=reported, dry_run=dry_run, date=date,
            again=again, create_event=create_event, progress=obj.bars.stage("games checked"),
        )  # fmt: skip
    obj.bars.close()
    verb = "would import" if dry_run else "imported"
    shown = ", ".join(sorted(plan.events)) or "none"
    click.echo(f"{verb} {len(plan.games)} games ({len(plan.unfinished)} unfinished skipped); new events: {shown}")
    if dry_run:
        for game in plan.games:
            click.echo(f"  game {game.game} {game.white} {game.black} {game.result} {game.finished} event {game.event}")
    for line in plan.unfinished:
        click.echo(f"note: line {line}: unfinished (*), skipped")
    for note in plan.notes:
        click.echo(f"note: {note}")
    if dry_run:
        click.echo(f"would record {len(records)} events; nothing was recorded")


def read_names(path: str) -> dict[str, str]:
    """The ``--players`` mapping: a CSV file with a header ``name,player`` (PGN name → membership number)."""
    found: dict[str, str] = {}
    try:
        with open(path, "rb") as handle:  # bounded memory: line by line, each line bounded
            reader = csv.reader(csv_lines(handle))
            header = [cell.strip() for cell in next(reader, [])]
            if header != ["name", "player"]:
                raise InvalidValueError(
                    f"{path}: the first line must be the header name,player, not {','.join(header)!r}"
                )
            for line, row in enumerate(reader, start=2):
                if len(row) != 2 or not row[0].strip() or not row[1].strip():
                    raise InvalidValueError(f"{path} line {line}: a row is a PGN name and a player id")
                name = row[0].strip()
                if name in found:
                    raise InvalidValueError(f"{path} line {line}: {name!r} is mapped twice")
                found[name] = row[1].strip()
    except ImportRowError as error:
        raise InvalidValueError(f"{path} line {error.line}: {error.reason}") from None
    except csv.Error as error:
        raise InvalidValueError(f"{path}: {error}") from None
    return found


@click.command("fide-list")
@click.argument("file", type=click.Path(exists=True, dir_okay=False))
@click.option("--as-of", required=True, metavar="YYYY-MM-DD", help="The date of the list (its first day in force).")
@click.option("--dry-run", is_flag=True, help="Count what would be recorded; record nothing.")
@reported_option
@pass_context
def import_fide_list(obj: Context, file: str, as_of: str, dry_run: bool, reported: str | None) -> None:
    """Record FIDE's ratings of a monthly list (XML, TXT, or the zip of either) as the priors of the registered
    players with a FIDE id: standard as fide, rapid as fide-rapid, blitz as fide-blitz.

    A prior's games come from the list's K, not from its games of the month: K 20 or 10 (at least 30 games
    completed) records 30, K 40 records 0. Where the list gives a player's sex, title or federation otherwise
    than recorded, a correction records the list's (a blank on the list erases nothing).

    The list is read as a stream: a list of a million players needs little memory.

    \b
    Example:
        ratings import fide-list players_list_xml.zip --as-of 2026-11-01
    """
    with refusals(obj):
        report = file_imports.import_fide_list(
            obj.ledger(),
            file,
            as_of=as_of,
            reported_on=reported,
            dry_run=dry_run,
            progress=obj.bars.stage("reading the list"),
        )
    obj.bars.close()
    systems = ", ".join(f"{count} {system}" for system, count in sorted(report.priors.items())) or "none"
    verb = "would record" if dry_run else "recorded"
    corrected = ""
    if report.corrected:
        correct = "would correct" if dry_run else "corrected"
        corrected = f"; {correct} the sex, title or federation of {report.corrected} player(s) as the list has them"
    click.echo(
        f"read {report.read} players, {report.matched} registered here: {verb} priors {systems}"
        f" ({report.kept} already recorded as of {as_of}, {report.void} void players skipped){corrected}"
    )
    if dry_run:
        click.echo(f"would record {len(report.records)} events; nothing was recorded")


@click.command("trf")
@click.option("--event", "event_id", required=True, metavar="ID", help="The event to write.")
@click.option("--out", "out", type=click.Path(dir_okay=False), help="The file to write [default: standard output].")
@click.option(
    "--trf-version",
    "version",
    type=click.Choice(trf_write.VERSIONS),
    default="16",
    show_default=True,
    help="TRF16, or TRF-2026 (FIDE C.04 Annex 2, version 2026).",
)
@known_at_option
@pass_context
def export_trf(obj: Context, event_id: str, out: str | None, version: str, known_at: str | None) -> None:
    """Write an event as a FIDE tournament report (TRF16 or TRF-2026) that `ratings import trf` reads back to the
    same games and byes: the players' sex, title, federation, FIDE id and birth date, the byes, the round dates
    and the arbiters, as the ledger holds them.

    Every adjustment made to fit the format is said on standard error.

    \b
    Example:
        ratings export trf --event open-2024 --out open2024.trf
        ratings export trf --event open-2024 --trf-version 2026 --out open2024.trf
    """
    with refusals(obj):  # never onto the ledger or its projections file
        target = None if out is None else obj.output(out, "--out")
    with refusals(obj), obj.ratings() as ratings:
        known = knowledge(known_date(known_at))
        report = trf_export.gather(ratings.reader, ratings.projector.view(known), event_id, known)
        exported = trf_export.trf_of(report, version)
        text = trf_write.write(exported.trf, version)
    for note in exported.notes:
        click.echo(f"note: {note}", err=True)
    if target is None:
        click.echo(text, nl=False)
        return
    try:
        with written_aside(target) as temp:  # a failed write leaves the old file whole
            temp.write_text(text, encoding="utf-8")
    except OSError as error:  # a folder, an unwritable place, a full disk: no traceback
        raise click.ClickException(f"cannot write --out {out}: {os_reason(error)}") from None
    click.echo(f"wrote event {event_id} to {out}: {len(exported.trf.players)} players, {len(report.games)} games")
