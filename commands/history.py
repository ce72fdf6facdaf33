"""``ratings history``: a player's figures after every period, as a table or a chart, read-only."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import click

from commands import output
from commands.context import Context, pass_context, refusals
from commands.listing import headings
from commands.options import RULES_TYPE, format_option, known_at_option, known_date
from projections import systems
from projections.registry import get_rules, system_for


@click.command()
@click.argument("player_id", metavar="P")
@click.option(
    "--rules",
    "rules",
    required=True,
    multiple=True,
    type=RULES_TYPE,
    help=RULES_TYPE.help("The rules version (repeatable with --plot: a line of the chart each)."),
)
@known_at_option
@click.option(
    "--plot",
    "plot",
    metavar="FILE",
    type=click.Path(dir_okay=False),
    help="Also draw the history as a chart: FILE ending in .svg or .png (a PNG needs matplotlib, the extra [plot]).",
)
@format_option(output.FORMATS, "table")
@pass_context
def history(
    obj: Context, player_id: str, rules: tuple[str, ...], known_at: str | None, plot: str | None, fmt: str
) -> None:
    """Show a player's rating after every period he was rated in.

    With --plot, also draw it as a chart, one line for each --rules; with several --rules,
    each one's table is printed under its name. --format csv takes one --rules;
    --format json gives every --rules' rows (docs/formats.md).

    \b
    Example:
        ratings history 1001 --rules iecg-1.7
        ratings history 1001 --rules iecg-1.7 --known-at 2024-03-01
        ratings history 1001 --rules fide-2024 --rules glicko2 --plot 1001.svg
    """
    from commands.chart import check_plot, write_history  # history's own: not list's
    from commands.chart_scene import Series

    if len(rules) > 1 and plot is None:
        raise click.UsageError("several --rules draw one chart: give --plot FILE.svg or FILE.png, or one --rules")
    if len(rules) > 1 and fmt == "csv":
        raise click.UsageError("--format csv takes one --rules (one table): give one, or --format json")
    twice = sorted({r for r in rules if rules.count(r) > 1})
    if twice:
        raise click.UsageError(f"--rules {twice[0]} is given twice")
    if plot is not None:
        check_plot(plot)
    texts: list[str] = []
    series: list[Series] = []
    histories: list[dict[str, Any]] = []
    with refusals(obj):
        if plot is not None:  # never onto the ledger or its projections file
            obj.output(plot, "--plot")
        known = known_date(known_at)
        ratings = obj.ratings()
        for one in rules:
            params = get_rules(one)
            system = system_for(params)
            found = ratings.history(player_id, one, known)
            heading = f"{one}:\n" if len(rules) > 1 else ""
            keys = systems.history_keys(system)
            if not found:
                if fmt == "csv":
                    texts.append(output.csv_text([], keys))
                else:
                    texts.append(f"{heading}{player_id} has no {system.rated} games under {one}\n")
                series.append(Series(one, ()))
                histories.append({"rules": one, "rows": []})
                continue
            info = systems.player_info(ratings.projector.view(known))(player_id)
            rows = systems.history_rows(params, system, player_id, found, info)
            text = output.emit("csv" if fmt == "csv" else "table", rows, keys, headings(system, keys))
            texts.append(heading + text)
            series.append(Series(one, chart_points(rows)))
            histories.append({"rules": one, "rows": rows})
        if plot is not None or fmt == "json":
            name = ratings.name(player_id, known)
    if plot is not None:  # the chart first: a chart that cannot be written refuses the command, tables and all
        write_history(plot, series, f"{player_id} {name}: rating history", name)
    if fmt == "json":
        answer = {"player": player_id, "name": name, "histories": histories}
        click.echo(output.json_answer("history", answer), nl=False)
    else:
        click.echo("\n".join(texts), nl=False)
    if plot is not None:
        click.echo(f"chart written to {plot}", err=True)


def chart_points(rows: Sequence[Mapping[str, Any]]) -> tuple[tuple[str, float], ...]:
    """The (period, rating) of each row of ``history`` that shows a rating (its ``rating``, or an ICU ``grade``).

    >>> chart_points([{"period": "2024-01", "rating": 1997}, {"period": "2024-03", "rating": None}])
    (('2024-01', 1997),)
    """
    found: list[tuple[str, float]] = []
    for row in rows:
        value = row.get("rating", row.get("grade"))
        if isinstance(value, int | float) and not isinstance(value, bool):
            found.append((str(row["period"]), value))
    return tuple(found)
