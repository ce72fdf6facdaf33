"""``ratings explain``: why a player has his rating on one list, read-only."""

from __future__ import annotations

import click

from commands import output
from commands.context import Context, pass_context, refusals
from commands.explanation_text import explanation_json, explanation_text, say, table_rows
from commands.options import format_option, known_at_option, known_date, period_option, rules_option
from projections import NotExplainedError


@click.command()
@click.argument("player_id", metavar="P")
@rules_option
@period_option
@known_at_option
@click.option(
    "--since-published",
    is_flag=True,
    help="Also show what changed for the player since the list was last published, and why.",
)
@format_option(output.FORMATS, "table")
@pass_context
def explain(
    obj: Context, player_id: str, rules: str, period: str, known_at: str | None, since_published: bool, fmt: str
) -> None:
    """Explain a player's rating on the list of a period, game by game.

    --format json gives the whole answer (docs/formats.md); --format csv the
    table of his games alone.

    \b
    Example:
        ratings explain 1001 --rules iecg-1.7 --period 2024-01
        ratings explain 1001 --rules iecg-1.7 --period 2024-01 --since-published
    """
    with refusals(obj):
        ratings = obj.ratings()
        known = known_date(known_at)
        try:
            found = ratings.explain(player_id, rules, period, known)
        except NotExplainedError as error:  # the games left out, in words
            raise LookupError(error.said(say)) from None
        name = ratings.name(player_id, known)
        from commands.audit import since_published_text  # the publications, for --since-published only

        since = since_published_text(ratings.projector, rules, period, player_id) if since_published else ""
    if fmt == "json":
        answer = explanation_json(found, name, since if since_published else None)
        click.echo(output.json_answer("explain", answer), nl=False)
    elif fmt == "csv":
        click.echo(output.csv_text(table_rows(found), [column.heading for column in found.columns]), nl=False)
    else:
        click.echo(since + explanation_text(found, name), nl=False)
