"""``ratings demo``: a synthetic federation in a temporary ledger, listed and explained."""

from __future__ import annotations

import tempfile
from dataclasses import replace
from datetime import date
from pathlib import Path

import click

from commands.context import Context, pass_context, refusals
from commands.explanation_text import explanation_text
from commands.listing import list_text
from commands.output import os_reason
from commands.params import COUNT, WHOLE
from ledger import stores
from ledger.application import RatingLedger
from ledger.outputs import written_new
from ledger.synthetic import Federation, events_of, federation
from projections.registry import get_rules
from projections.replay import Projector
from projections.rules.periods import PeriodError

DEMO_TODAY = date(2024, 12, 31)
"""The demo ledger's "today", so that it is the same on every run."""

RULES = "iecg-1.7"
"""The rules version the demo lists and explains."""


@click.command()
@click.option("--seed", type=WHOLE, default=1997, show_default=True, help="The federation's random seed.")
@click.option("--period", default="2023-11", show_default=True, metavar="YYYY-MM", help="The period to list.")
@click.option("--top", type=COUNT, default=25, show_default=True, help="How many rows of the list to print.")
@click.option("--keep", metavar="PATH", help="Keep the demo ledger in this new file.")
@pass_context
def demo(obj: Context, seed: int, period: str, top: int, keep: str | None) -> None:
    """Build a synthetic federation in a temporary ledger; print a list and one explanation.

    A few hundred players over five years (2019–2023), with forfeits,
    withdrawals, adjudications and inactive players: the same every time.
    With --keep the ledger is kept, to query it further.

    \b
    Example:
        ratings demo
        ratings demo --keep demo.db
        ratings --db demo.db diff --rules iecg-1.4 --against-rules iecg-1.7 --period 2023-11
    """
    try:
        get_rules(RULES).periods.index(period)
    except PeriodError as error:
        raise click.ClickException(str(error)) from None
    kept = None if keep is None else stores.store(keep)
    if kept is not None and kept.file is None:
        raise click.ClickException(
            f"--keep takes a new file, not a database: `ratings demo --keep demo.db`, then "
            f"`ratings copy --from demo.db --to {kept.shown}`"
        )
    if keep is not None:
        with refusals(obj):  # never onto the ledger or its projections file
            obj.output(keep, "--keep")
    if keep is not None and (Path(keep).exists() or Path(keep).is_symlink()):
        raise click.ClickException(f"{keep} already exists: the demo writes a new ledger")
    if keep is not None and not Path(keep).absolute().parent.is_dir():  # a refusal, no traceback
        raise click.ClickException(f"cannot keep the demo ledger in {keep}: no folder {str(Path(keep).parent)!r}")
    fed = federation(seed)
    with tempfile.TemporaryDirectory() as folder, refusals():
        if keep is None:
            _build(fed, str(Path(folder) / "demo.db"), folder, period, top)
        else:  # built aside, and named only when whole
            try:
                with written_new(Path(keep)) as temp:
                    _build(fed, str(temp), folder, period, top)
            except OSError as error:  # a folder that cannot be written, a full disk: no traceback
                raise click.ClickException(f"cannot keep the demo ledger in {keep}: {os_reason(error)}") from None


def _build(fed: Federation, db: str, folder: str, period: str, top: int) -> None:
    """The demo ledger made at ``db`` (its projections in ``folder``), its list and explanation printed."""
    ledger = RatingLedger.create(db, clock=lambda: DEMO_TODAY, user="demo")
    try:
        _run(ledger, fed, str(Path(folder) / "demo.projections.db"), period, top)
    finally:
        ledger.close()


def _run(ledger: RatingLedger, fed: Federation, cache: str, period: str, top: int) -> None:
    """Record the federation in ``ledger``; print the list of ``period`` and its leader's explanation (the
    projections kept in ``cache``)."""
    ledger.import_players(enumerate(fed.players, start=2))
    for prior in fed.priors:
        games = int(prior["games"]) if prior["games"] else None
        ledger.record_prior(
            prior["player"], system=prior["system"], rating=float(prior["rating"]), games=games, as_of=prior["as_of"]
        )
    events = events_of(fed.games)
    for event in events:
        ledger.register_tournament(
            str(event["event"]),
            name=str(event["name"]),
            type=str(event["type"]),
            start=str(event["start"]),
            end=event["end"],
            mode=event["mode"],
            rate_of_play=event["rate_of_play"],
            rating_class=event["rating_class"],
            reported_on="2019-01-01",
        )
    ledger.import_games(enumerate(({**row, "event": row["tournament"]} for row in fed.games), start=2))
    for adj in fed.adjudications:
        ledger.adjudicate_game(adj["game"], result=adj["result"], on=adj["on"])
    for w in fed.withdrawals:
        ledger.withdraw_from_tournament(w["player"], tournament=w["tournament"], on=w["on"])
    for m in fed.inactive:
        ledger.mark_inactive(m["player"], on=m["on"], reason=m["reason"])
    for m in fed.reactivated:
        ledger.reactivate(m["player"], on=m["on"])
    reader = ledger.reader()
    projector = Projector(reader, cache)
    try:
        rating_list = projector.rating_list(RULES, period)
        click.echo(
            f"A synthetic federation: {len(fed.players)} players, {len(fed.games)} games, "
            f"{len(events)} events, {len(fed.adjudications)} adjudications, {len(fed.withdrawals)} withdrawals, "
            f"{len(fed.inactive)} players marked inactive."
        )
        click.echo(
            f"\nRating list, rules {RULES}, period {period} ({len(rating_list.rows)} players listed; top {top}):\n"
        )
        rows = list(rating_list.rows)[:top]
        click.echo(list_text(replace(rating_list, rows=tuple(rows)), "table"), nl=False)
        if rating_list.rows:
            leader = rating_list.rows[0]["player"]
            click.echo(f"\nWhy {leader} is rated {rating_list.rows[0]['rating']}:\n")
            explanation = projector.explain(RULES, leader, period)
            click.echo(explanation_text(explanation, projector.facts().players[leader].name), nl=False)
    finally:
        projector.close()
        reader.close()
