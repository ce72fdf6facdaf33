"""``ratings``: the rating ledger's command line.

A thin client: every command parses its options, calls :mod:`ledger` (to
record) or :mod:`projections` (to compute), and formats the answer. Library
errors become a message and exit status 1 here, at the edge; misuse of the
command line exits 2 (click's own).
"""

from __future__ import annotations

import gc
import hashlib
import json
import os
import sqlite3
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

import click
from eventsourcing.domain import EventSourcingError
from eventsourcing.persistence import PersistenceError

from commands import output, params
from commands.explain_text import explanation_text
from commands.groups import DefaultGroup
from commands.icu_text import icu_explanation_text, icu_history_rows, icu_table, not_graded_notice
from commands.params import DECIMAL, WHOLE
from commands.system_text import system_explanation_text, system_table
from ledger.application import Progress, RatingLedger
from ledger.chain import ChainError
from ledger.errors import LedgerError, UnknownPlayerError
from ledger.events import player_key
from ledger.imports import GAME_COLUMNS, GAME_OPTIONAL, PLAYER_COLUMNS, PLAYER_OPTIONAL, read_rows
from ledger.ledger_file import describe_store_error
from ledger.store import SQLiteLogReader, open_reader, resolve_db
from ledger.values import FORFEIT_KINDS, PRIOR_STATUSES, PRIOR_SYSTEMS, SOURCES, parse_date
from projections import systems
from projections.icu_lists import ICU_LIST_KEYS
from projections.lists import LIST_KEYS, RatingList
from projections.log import log_entries
from projections.periods import PeriodError
from projections.registry import RULES, UnknownRulesError, get_rules, system_of
from projections.replay import Projector, cache_path_for
from projections.rules.conversions import ConversionError
from projections.rules.icu import IcuParams

F = TypeVar("F", bound=Callable[..., Any])

REFUSED = (LedgerError, PeriodError, UnknownRulesError, LookupError, ChainError, ConversionError)
"""Errors that mean "refused": a message and exit status 1."""

STORE_ERRORS = (PersistenceError, sqlite3.Error)
"""Errors of the ledger file itself (not a SQLite file, not writable, locked...): a message and exit status 1."""


class Context:
    """What every command gets from the group: the ledger file, who types, the cache choice.

    Recording commands open the ledger with :meth:`ledger`; read commands only ever read it,
    through :meth:`reader` or :meth:`projector` (issue 10 §2): neither creates nor changes a file.
    """

    def __init__(self, db: str, by: str | None, cache: bool, cache_dir: str | None = None) -> None:
        self.db = db
        self.by = by
        self.cache = cache
        self.cache_dir = cache_dir
        self.opened: RatingLedger | None = None

    def ledger(self) -> RatingLedger:
        """The ledger, opened to record in it: a missing, foreign or read-only file is refused (a LedgerError)."""
        if self.opened is None:
            self.opened = RatingLedger(self.db, user=self.by)
        return self.opened

    def reader(self) -> SQLiteLogReader:
        """A read-only reader of the ledger: a missing or foreign file is refused (a LedgerError)."""
        return open_reader(self.db)[0]

    def cache_path(self) -> str | None:
        """Where the projections file lives: in ``--cache-dir`` (env ``RATINGS_CACHE_DIR``) when given, else
        beside the ledger; None (the projections kept in memory) when the ledger's folder cannot be written."""
        if self.cache_dir is not None:
            resolved = str(Path(self.db).resolve())
            tag = hashlib.sha256(resolved.encode()).hexdigest()[:12]  # two ledgers of one name, two caches
            return str(Path(self.cache_dir) / Path(cache_path_for(f"{Path(self.db).stem}-{tag}.db")).name)
        beside = cache_path_for(self.db)
        if not os.access(Path(beside).resolve().parent, os.W_OK):
            click.echo(
                f"note: the folder of {self.db} is read-only: the projections are kept in memory "
                "(--cache-dir DIR keeps them)",
                err=True,
            )
            return None
        return beside

    skip_unusable = False
    """``ratings --skip-unusable``: compute without the stored facts a replay cannot use, naming each on stderr."""

    def projector(self) -> Projector:
        reader = self.reader()
        projector = Projector(reader, self.cache_path() if self.cache else None, notice=say)
        unusable_facts(projector, self.skip_unusable)
        return projector

    def log_projector(self, upto: int | None = None) -> Projector:
        """A projector of the log alone, never of the projections file (issue 10 §1: what ``publish`` records
        and ``audit``'s verdict never depend on the cache); ``upto``: the log as it stood at that position."""
        projector = Projector(self.reader(), None, notice=say, upto=upto)
        unusable_facts(projector, self.skip_unusable)
        return projector


def say(line: str) -> None:
    """One line on stderr: what the command did besides its answer (the projections file set aside...)."""
    click.echo(line, err=True)


def unusable_facts(projector: Projector, skip: bool) -> None:
    """Issue 10 §3: refuse to compute while the log holds a stored fact a replay cannot use (the first one
    named, and a count), unless ``skip``: then name each on stderr; the lists are computed without them."""
    unusable = projector.facts().unusable
    if not unusable:
        return
    if not skip:
        first = next(iter(unusable.values()))
        others = len(unusable) - 1
        more = f" (and {others} more unusable fact{'s' if others > 1 else ''})" if others else ""
        raise click.ClickException(
            f"the log holds a fact that cannot be used: {first}{more}; "
            "or compute without it with `ratings --skip-unusable ...`"
        )
    for text in unusable.values():
        click.echo(f"skipped: {text}", err=True)


@contextmanager
def refusals(obj: Context | None = None) -> Iterator[None]:
    """Turn the library's refusals into a clear message and exit status 1.

    With the command's context, an error of the store names the ledger file.
    """
    try:
        yield
    except REFUSED as error:
        message = str(error.args[0]) if isinstance(error, LookupError) and error.args else str(error)
        raise click.ClickException(message) from None
    except STORE_ERRORS as error:
        raise click.ClickException(describe_store_error(error, obj.db if obj is not None else None)) from None
    except EventSourcingError as error:  # a stored event the library cannot decode (edited by hand)
        where = f"the ledger {obj.db}" if obj is not None else "the ledger"
        raise click.ClickException(
            f"{where} holds a stored event that cannot be read ({type(error).__name__}: {error}): "
            "`ratings verify` says where; restore a backup"
        ) from None
    finally:
        if obj is not None and obj.opened is not None:  # a witness the recording could not extend...
            for line in obj.opened.notices:
                say(line)
            obj.opened.notices.clear()


pass_context = click.make_pass_decorator(Context)


@click.group()
@click.option("--db", metavar="PATH", help="The ledger file [env RATINGS_DB; default ./ratings.db].")
@click.option("--by", metavar="NAME", help="Who records the facts [default: the OS user].")
@click.option("--no-cache", is_flag=True, help="Compute from the log alone, without the projections file.")
@click.option(
    "--cache-dir",
    envvar="RATINGS_CACHE_DIR",
    type=click.Path(exists=True, file_okay=False, writable=True),
    help="Keep the projections file in this folder [env RATINGS_CACHE_DIR; default: beside the ledger].",
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
    ctx.obj.skip_unusable = skip_unusable


rules_option = click.option(
    "--rules", "rules", required=True, type=params.Choice(sorted(RULES)), help="The rules version."
)
period_option = click.option("--period", required=True, metavar="YYYY-MM", help="The rating period (its first month).")
reported_option = click.option(
    "--reported", metavar="YYYY-MM-DD", help="When the rating office received it [default: today]."
)
known_at_option = click.option(
    "--known-at",
    metavar="YYYY-MM-DD",
    help="Count only the facts reported on or before this date [default: everything recorded].",
)


def known_date(known_at: str | None) -> str | None:
    """The ``--known-at`` date as ISO text, or a refusal naming the bad value."""
    return None if known_at is None else parse_date(known_at, "--known-at date").isoformat()


# --- player ------------------------------------------------------------------


@cli.group()
def player() -> None:
    """Register players and record their withdrawals and inactivity."""


@player.command("register")
@click.argument("player_id", metavar="ID")
@click.option("--name", required=True, help="The player's name.")
@click.option("--country", default="", help="Country code.")
@click.option("--born", metavar="YYYY-MM-DD", help="Date of birth.")
@click.option("--starting-rating", type=WHOLE, help="The starting rating (IECG §VII).")
@click.option(
    "--source",
    type=params.Choice(SOURCES),
    default="none",
    show_default=True,
    help="Where the starting rating comes from (IECG §VII).",
)
@click.option("--rated-games", type=WHOLE, help="Rated games behind the starting rating.")
@reported_option
@pass_context
def player_register(
    obj: Context,
    player_id: str,
    name: str,
    country: str,
    born: str | None,
    starting_rating: int | None,
    source: str,
    rated_games: int | None,
    reported: str | None,
) -> None:
    """Register a player with a starting rating and its source.

    \b
    Example:
        ratings player register 1001 --name "Anna Adler" --country DE --source tutor --starting-rating 1500
    """
    with refusals(obj):
        reg = obj.ledger().register_player(
            player_id,
            name,
            country=country,
            born=born,
            starting_rating=starting_rating,
            source=source,
            rated_games=rated_games,
            reported_on=reported,
        )
    click.echo(f"registered {reg.player} {reg.name}: starting rating {reg.starting_rating} ({reg.source})")


@player.command("withdraw")
@click.argument("player_id", metavar="P")
@click.option("--tournament", required=True, help="The tournament withdrawn from.")
@click.option("--on", "on", required=True, metavar="YYYY-MM-DD", help="The date of the withdrawal.")
@click.option("--silent", is_flag=True, help="The player stopped replying without announcing it.")
@reported_option
@pass_context
def player_withdraw(obj: Context, player_id: str, tournament: str, on: str, silent: bool, reported: str | None) -> None:
    """Record a player's withdrawal from a tournament (IECG §VIII.2).

    \b
    Example:
        ratings player withdraw 1001 --tournament "Class 2 #17" --on 2024-03-02 --silent
    """
    with refusals(obj):
        obj.ledger().withdraw_player(player_id, tournament=tournament, on=on, silent=silent, reported_on=reported)
    click.echo(f"recorded: {player_id} withdrew from {tournament} on {on}" + (" (silent)" if silent else ""))


@player.command("inactive")
@click.argument("player_id", metavar="P")
@click.option("--on", "on", required=True, metavar="YYYY-MM-DD", help="From when.")
@click.option("--reason", required=True, help="Why.")
@reported_option
@pass_context
def player_inactive(obj: Context, player_id: str, on: str, reason: str, reported: str | None) -> None:
    """Mark a player inactive: he is left off every list from then on.

    \b
    Example:
        ratings player inactive 1001 --on 2024-05-01 --reason "requested a break"
    """
    with refusals(obj):
        obj.ledger().mark_inactive(player_id, on=on, reason=reason, reported_on=reported)
    click.echo(f"recorded: {player_id} inactive from {on}")


@player.command("reactivate")
@click.argument("player_id", metavar="P")
@click.option("--on", "on", required=True, metavar="YYYY-MM-DD", help="From when.")
@click.option("--reason", default="reactivated", show_default=True, help="Why.")
@reported_option
@pass_context
def player_reactivate(obj: Context, player_id: str, on: str, reason: str, reported: str | None) -> None:
    """End a player's inactivity.

    \b
    Example:
        ratings player reactivate 1001 --on 2024-11-01
    """
    with refusals(obj):
        obj.ledger().reactivate(player_id, on=on, reason=reason, reported_on=reported)
    click.echo(f"recorded: {player_id} active again from {on}")


@click.command("prior")
@click.argument("player_id", metavar="P")
@click.option("--system", required=True, type=params.Choice(PRIOR_SYSTEMS), help="The system the rating is from.")
@click.option("--rating", required=True, type=DECIMAL, help="The rating (or grade) as that system published it.")
@click.option("--games", type=WHOLE, help="The games behind it.")
@click.option("--status", type=params.Choice(PRIOR_STATUSES), help="Its standing in that system.")
@click.option("--deviation", type=DECIMAL, help="Its rating deviation (Glicko).")
@click.option("--volatility", type=DECIMAL, help="Its volatility (Glicko-2).")
@click.option("--as-of", "as_of", required=True, metavar="YYYY-MM-DD", help="The date the rating was valid.")
@click.option("--source", default="", help="Where it comes from (a list, a federation).")
@reported_option
@pass_context
def player_prior(
    obj: Context,
    player_id: str,
    system: str,
    rating: float,
    games: int | None,
    status: str | None,
    deviation: float | None,
    volatility: float | None,
    as_of: str,
    source: str,
    reported: str | None,
) -> None:
    """Record a rating the player brings from another system, or from before the ledger began.

    A rating of the IECG's old scheme (system iecg) is transferred as IECG §IX.5
    says; an ICCF rating that is higher replaces a starting rating (§IX.5.d).

    \b
    Example:
        ratings player prior 1001 --system iecg --rating 1850 --games 22 --status established --as-of 1996-12-31

    A prior recorded in error is undone by `ratings player prior void` (see its --help).
    """
    with refusals(obj):
        obj.ledger().record_prior(
            player_id,
            system=system,
            rating=rating,
            games=games,
            status=status,
            deviation=deviation,
            volatility=volatility,
            as_of=as_of,
            source=source,
            reported_on=reported,
        )
    click.echo(f"recorded: {player_id} {system} rating {rating:g} as of {as_of}")


prior = DefaultGroup("prior", player_prior, short_help="Record a rating the player brings from another system.")
"""``ratings player prior P …`` records a prior rating; ``ratings player prior void P …`` voids one."""
player.add_command(prior)


# --- game --------------------------------------------------------------------


@cli.group()
def game() -> None:
    """Record games and adjudications."""


@game.command("record")
@click.argument("game_id", metavar="ID")
@click.option("--white", required=True, metavar="P", help="White's player id.")
@click.option("--black", required=True, metavar="P", help="Black's player id.")
@click.option("--result", required=True, metavar="R", help="1-0, 0-1 or 1/2-1/2.")
@click.option("--finished", required=True, metavar="YYYY-MM-DD", help="When the game finished.")
@click.option("--tournament", metavar="T", help="The tournament.")
@click.option("--time-control", metavar="TC", help="PGN TimeControl, e.g. 40/7200 or 5400+30.")
@click.option("--forfeit", type=params.Choice(FORFEIT_KINDS[1:]), help="A forfeit (IECG §VIII.1–2).")
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
        )
    click.echo(f"recorded {facts.game}: {facts.white} {facts.result} {facts.black} on {facts.finished}")


@game.command("adjudicate")
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


# --- import ------------------------------------------------------------------


@cli.group("import")
def import_() -> None:
    """Import players or games from a CSV file, all or nothing."""


def _progress(rows: int) -> tuple[Progress | None, Callable[[], None]]:
    if not sys.stderr.isatty():
        return None, lambda: None
    bars: dict[str, Any] = {}

    def progress(stage: str, count: int) -> None:
        if stage not in bars:
            for bar in bars.values():
                bar.render_finish()
            bars[stage] = click.progressbar(length=rows, label=stage.ljust(8), file=sys.stderr)
            bars[stage].__enter__()
        bars[stage].update(count)

    def finish() -> None:
        for bar in bars.values():
            bar.__exit__(None, None, None)

    return progress, finish


ENCODING = "utf-8-sig"
"""CSV files are UTF-8; a byte order mark (as spreadsheets write "CSV UTF-8") is skipped."""


def _undecodable_line(file: str) -> int:
    """The first line of ``file`` that is not UTF-8 text (0 if there is none)."""
    with open(file, "rb") as handle:
        for number, raw in enumerate(handle, start=1):
            try:
                raw.decode("utf-8")
            except UnicodeDecodeError:
                return number
    return 0


def _import(obj: Context, file: str, columns: tuple[str, ...], optional: tuple[str, ...], what: str) -> None:
    try:
        with open(file, newline="", encoding=ENCODING) as handle:
            rows = max(0, sum(1 for _ in handle) - 1)
    except UnicodeDecodeError:
        raise click.ClickException(
            f"line {_undecodable_line(file)}: the file is not UTF-8 text; save it as UTF-8 (nothing was recorded)"
        ) from None
    except OSError as error:
        raise click.ClickException(f"cannot read {file}: {error.strerror or error}") from None
    progress, finish = _progress(rows)
    with refusals(obj), open(file, newline="", encoding=ENCODING) as handle:
        ledger = obj.ledger()
        parsed = read_rows(handle, columns, optional)
        try:
            if what == "players":
                count = ledger.import_players(parsed, progress)
            else:
                count = ledger.import_games(parsed, progress)
        finally:
            finish()
    click.echo(f"imported {count} {what} from {file}")


@import_.command("players")
@click.argument("file", type=click.Path(exists=True, dir_okay=False))
@pass_context
def import_players(obj: Context, file: str) -> None:
    """Register the players of a CSV file.

    Columns: player,name,country,starting_rating,source,rated_games
    (optionally born,reported). An empty cell means the default.

    \b
    Example:
        ratings import players players.csv
    """
    _import(obj, file, PLAYER_COLUMNS, PLAYER_OPTIONAL, "players")


@import_.command("games")
@click.argument("file", type=click.Path(exists=True, dir_okay=False))
@pass_context
def import_games(obj: Context, file: str) -> None:
    """Record the games of a CSV file.

    Columns: game,white,black,result,finished,tournament,forfeit
    (optionally time_control,reported). An empty cell means the default.

    \b
    Example:
        ratings import games games.csv
    """
    _import(obj, file, GAME_COLUMNS, GAME_OPTIONAL, "games")


# --- queries -----------------------------------------------------------------


def list_text(rating_list: RatingList, fmt: str) -> str:
    if fmt == "json":
        return rating_list.as_json()
    rows = list(rating_list.rows)
    params = get_rules(rating_list.rules)
    system = system_of(params)
    if system is not None:
        keys = systems.list_keys(system)
        return output.csv_text(rows, keys) if fmt == "csv" else system_table(rows, keys)
    icu = isinstance(params, IcuParams)
    if fmt == "csv":
        return output.csv_text(rows, ICU_LIST_KEYS if icu else LIST_KEYS)
    if icu:
        return icu_table(rows)
    headers = ["#", "cl#", "player", "name", "country", "rating", "TER", "class", "status", "games", "W", "D", "L"]
    return output.table(rows, LIST_KEYS, headers)


@cli.command("list")
@rules_option
@period_option
@click.option("--format", "fmt", type=params.Choice(["table", "csv", "json"]), default="table", show_default=True)
@known_at_option
@pass_context
def list_(obj: Context, rules: str, period: str, fmt: str, known_at: str | None) -> None:
    """Print the rating list of a period (as known at a date, with --known-at).

    \b
    Example:
        ratings list --rules iecg-1.7 --period 2024-01 --format json
        ratings list --rules iecg-1.7 --period 2024-01 --known-at 2024-03-01
    """
    with refusals():
        projector = obj.projector()
        known = known_date(known_at)
        rating_list = projector.rating_list(rules, period, known)
        params = get_rules(rules)
        notice = ""
        if isinstance(params, IcuParams):
            notice = not_graded_notice(projector.explain_icu(rules, "", period, known, check=False)[0])
        elif system_of(params) is not None:
            notice = "".join(f"{note}\n" for note in projector.notes(rules, period, known))
    click.echo(list_text(rating_list, fmt), nl=False)
    if notice:
        click.echo(notice, nl=False, err=True)


@cli.command()
@click.argument("player_id", metavar="P")
@rules_option
@period_option
@known_at_option
@click.option(
    "--since-published",
    is_flag=True,
    help="Also show what changed for the player since the list was last published, and why.",
)
@pass_context
def explain(obj: Context, player_id: str, rules: str, period: str, known_at: str | None, since_published: bool) -> None:
    """Explain a player's rating on the list of a period, game by game.

    \b
    Example:
        ratings explain 1001 --rules iecg-1.7 --period 2024-01
        ratings explain 1001 --rules iecg-1.7 --period 2024-01 --since-published
    """
    with refusals():
        projector = obj.projector()
        known = known_date(known_at)
        if isinstance(get_rules(rules), IcuParams):
            click.echo(_icu_explain(projector, rules, player_id, period, known), nl=False)
            return
        if system_of(get_rules(rules)) is not None:
            found = projector.explain_system(rules, player_id, period, known)
            name = (projector.view(known).players.get(player_id) or projector.facts().players[player_id]).name
            since = since_published_text(projector, rules, period, player_id) if since_published else ""
            click.echo(since + system_explanation_text(found, player_id, name, rules, period), nl=False)
            return
        explanation = projector.explain(rules, player_id, period, known)
        view = projector.view(known)
        name = (view.players.get(player_id) or projector.facts().players[player_id]).name
        since = since_published_text(projector, rules, period, player_id) if since_published else ""
    click.echo(since + explanation_text(explanation, name), nl=False)


@cli.command()
@click.argument("player_id", metavar="P")
@rules_option
@known_at_option
@pass_context
def history(obj: Context, player_id: str, rules: str, known_at: str | None) -> None:
    """Show a player's rating after every period he was rated in.

    \b
    Example:
        ratings history 1001 --rules iecg-1.7
        ratings history 1001 --rules iecg-1.7 --known-at 2024-03-01
    """
    with refusals():
        known = known_date(known_at)
        if isinstance(get_rules(rules), IcuParams):
            found = obj.projector().history(rules, player_id, known)
            click.echo(
                icu_history_rows(found) if found else f"{player_id} has no graded games under {rules}\n", nl=False
            )
            return
        if system_of(get_rules(rules)) is not None:
            click.echo(_system_history(obj.projector(), rules, player_id, known), nl=False)
            return
        rows = [
            {
                "period": period,
                "rating": s.rating,
                "ter": s.ter,
                "status": "established" if s.established else "provisional",
                "games": s.games,
            }
            for period, s in obj.projector().history(rules, player_id, known)
        ]
    if not rows:
        click.echo(f"{player_id} has no rated games under {rules}")
        return
    click.echo(
        output.table(
            rows, ["period", "rating", "ter", "status", "games"], ["period", "rating", "TER", "status", "games"]
        ),
        nl=False,
    )


@cli.command()
@click.option("--player", "player_id", metavar="P", help="Only the events that concern this player.")
@click.option("--format", "fmt", type=params.Choice(["text", "json"]), default="text", show_default=True)
@pass_context
def log(obj: Context, player_id: str | None, fmt: str) -> None:
    """Show the events of the log, in log order.

    \b
    Example:
        ratings log --player 1001
    """
    with refusals(obj):
        reader = obj.reader()
        if player_id is not None and not reader.aggregate_records(player_key(player_id)):
            raise UnknownPlayerError(f"unknown player {player_id!r}")
        for entry in log_entries(reader, player_id):
            if fmt == "json":
                click.echo(json.dumps(entry, ensure_ascii=False))
            else:
                facts = " ".join(f"{k}={_fact(v)}" for k, v in entry["facts"].items())
                click.echo(
                    f"{entry['position']:>7}  {entry['type']:<20}  {facts}  "
                    f"[by {entry['recorded_by']}, reported {entry['reported_on']}]"
                )


def _icu_explain(projector: Projector, rules: str, player: str, period: str, known: str | None) -> str:
    """``explain`` under icu-1980; a player of a group that cannot be graded is refused, with the group named."""
    done, before = projector.explain_icu(rules, player, period, known)
    for group in done.run.unanchored:
        if player in group:
            raise LedgerError(
                f"{player} cannot be graded in {period}: his group of ungraded players ({', '.join(group)}) "
                "met no graded opponent, directly or through each other (ICU 1980, Playing Unrated Players)"
            )
    name = (projector.view(known).players.get(player) or projector.facts().players[player]).name
    return icu_explanation_text(done, before, player, name, period)


def _system_history(projector: Projector, rules: str, player: str, known: str | None) -> str:
    """``history`` under a system of issue 5: the player's row after each period he played in."""
    params = get_rules(rules)
    system = system_of(params)
    assert system is not None
    found = projector.history(rules, player, known)
    if not found:
        return f"{player} has no rated games under {rules}\n"
    info = systems.player_info(projector.view(known))(player)
    rows = []
    for label, state in found:
        row = system.row(params, params.periods.index(label), player, state, info)
        shown: dict[str, Any] = {key: None for key in system.keys} if row is None else dict(row)
        if row is None:
            shown["status"] = "not published"
        rows.append({"period": label, **shown})
    keys = ["period", *system.keys]
    return output.table(rows, keys)


def _fact(value: Any) -> str:
    """One fact of ``log``'s text: ``-`` for none, quoted where it holds blanks."""
    if value is None:
        return "-"
    text = str(value).lower() if isinstance(value, bool) else str(value)
    return json.dumps(text, ensure_ascii=False) if not text or any(c.isspace() for c in text) else text


from commands import (  # noqa: E402  (they register their commands on the groups above)
    audit,
    corrections,
    files,
    inflation,
    reference,
    undo,
)
from commands.audit import since_published_text  # noqa: E402
from commands.demo import demo  # noqa: E402  (registers the demo command)

cli.add_command(demo)
__all__ = ["audit", "cli", "corrections", "files", "inflation", "main", "reference", "undo"]


def main() -> None:
    # One command, then the process exits: the cyclic collector would only walk, again and again, the
    # facts, states and rows a command builds and keeps until it ends (they hold no reference cycles),
    # costing a tenth of a second of a query; reference counting still frees everything else.
    gc.disable()
    cli(prog_name="ratings")
