"""``pool``: the rating pool over a run of periods, its inflation and deflation, as a table and a chart (seed 004)."""

from __future__ import annotations

from datetime import date

import click

from commands import output
from commands.chart import check_plot, write_pool
from commands.context import Context, pass_context, refusals
from commands.options import format_option, known_at_option, known_date, rules_option
from projections.pool import PoolPeriod, pool_of
from projections.registry import get_rules
from projections.span import check_span

POOL_KEYS = ["period", "listed", "mean", "median", "entered", "entered_points", "left", "left_points", "drift", "net"]
POOL_HEADERS = ["period", "listed", "mean", "median", "in", "points in", "out", "points out", "drift", "net"]


def pool_rows(pool: list[PoolPeriod]) -> list[dict[str, object]]:
    """One row a period, ``net`` included."""
    return [{**p._asdict(), "net": p.net} for p in pool]


@click.command()
@rules_option
@click.option("--from", "first", required=True, metavar="YYYY-MM", help="The first period.")
@click.option("--to", "last", required=True, metavar="YYYY-MM", help="The last period.")
@known_at_option
@format_option(output.FORMATS, "table")
@click.option(
    "--plot",
    "plot",
    metavar="FILE",
    type=click.Path(dir_okay=False),
    help="Also draw the pool as a chart: FILE ending in .svg or .png (a PNG needs matplotlib, the extra [plot]).",
)
@pass_context
def pool(obj: Context, rules: str, first: str, last: str, known_at: str | None, fmt: str, plot: str | None) -> None:
    """Show the pool of each list: players listed, mean and median rating, and the rating points
    that entered the pool (newcomers), left it (players no longer listed) and drifted among the
    players on both lists; their sum is the net change (inflation or deflation, seed 004).

    \b
    Example:
        ratings pool --rules fide-2024 --from 2024-01 --to 2024-12
        ratings pool --rules glicko2 --from 2024-01 --to 2024-12 --plot pool.svg
    """
    if plot is not None:
        check_plot(plot)  # refused before the table is printed
    with refusals(obj):
        if plot is not None:  # never onto the ledger or its projections file
            obj.output(plot, "--plot")
        params = get_rules(rules)
        known = known_date(known_at)
        projector = obj.projector()
        start, end = check_span(projector, params, first, last, date.today())
        before = projector.rating_list(rules, params.periods.label(start - 1), known).rows
        lists = [
            (params.periods.label(i), projector.rating_list(rules, params.periods.label(i), known).rows)
            for i in range(start, end + 1)
        ]
        found = pool_of(lists, before)
    if plot is not None:  # the chart first: a chart that cannot be written refuses the command, table and all
        write_pool(plot, found, f"Pool of {rules} {first} to {last}")
    rows = pool_rows(found)
    text = output.emit(
        fmt,
        rows,
        POOL_KEYS,
        POOL_HEADERS,
        json_text=lambda: output.json_answer("pool", {"rules": rules, "periods": rows}),
    )
    click.echo(text, nl=False)
    if plot is not None:
        click.echo(f"chart written to {plot}", err=True)
