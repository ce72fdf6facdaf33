"""``player register|withdraw|inactive|reactivate`` and ``player prior``: the facts of a player."""

from __future__ import annotations

import click

from commands import params
from commands.context import Context, pass_context, refusals
from commands.options import identities, identity_options, reported_option
from commands.params import DECIMAL, WHOLE
from ledger.identities import label
from ledger.values import PRIOR_STATUSES, PRIOR_SYSTEMS, SOURCES, check_identity


@click.command("register")
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
@click.option("--sex", metavar="M|F", help="As FIDE's list writes it, M or F (TRF's m and w are read too).")
@click.option("--title", metavar="TITLE", help="FIDE title: GM, IM, WGM, FM, WIM, CM, WFM or WCM.")
@click.option(
    "--federation",
    metavar="CODE",
    help="FIDE federation, three letters (ENG, IRL, GER) [default: from --country where it maps: IE is IRL].",
)
@identity_options(correcting=False)
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
    sex: str | None,
    title: str | None,
    federation: str | None,
    fide_id: str | None,
    national_ids: tuple[str, ...],
    reported: str | None,
) -> None:
    """Register a player with a starting rating and its source, his FIDE and national ids, and the facts a
    FIDE tournament report asks (sex, title, federation).

    \b
    Example:
        ratings player register 1001 --name "Anna Adler" --country DE --source tutor --starting-rating 1500
        ratings player register 1002 --name "Brian Byrne" --country IE --fide-id 2500001 --national-id icu:1234
        ratings player register 1003 --name "Carol Cole" --country GB --federation ENG --sex F --title WFM
    """
    ids = identities(fide_id, national_ids)
    if None in ids.values():
        raise click.BadParameter("'none' releases an id in `player correct`, not at registration")
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
            ids={scheme: str(number) for scheme, number in ids.items()},
            sex=sex,
            title=title,
            federation=federation,
        )
    shown = "".join(f", {label(*check_identity(scheme, number))}" for scheme, number in ids.items())
    click.echo(f"registered {reg.player} {reg.name}: starting rating {reg.starting_rating} ({reg.source}){shown}")


@click.command("withdraw")
@click.argument("player_id", metavar="P")
@click.option("--event", metavar="E", help="The registered event withdrawn from (IECG C §9A: his unfinished games "
              "are forfeited).")  # fmt: skip
@click.option("--tournament", help="A tournament that is not a registered event, by name.")
@click.option("--on", "on", required=True, metavar="YYYY-MM-DD", help="The date of the withdrawal.")
@click.option("--silent", is_flag=True, help="The player stopped replying without announcing it.")
@reported_option
@pass_context
def player_withdraw(
    obj: Context, player_id: str, event: str | None, tournament: str | None, on: str, silent: bool, reported: str | None
) -> None:
    """Record a player's withdrawal from an event (IECG C §9, §VIII.2), or from a tournament named in text.

    \b
    Example:
        ratings player withdraw 1001 --event C2-17 --on 2024-03-02 --silent
        ratings player withdraw 1001 --tournament "Class 2 #17" --on 2024-03-02
    """
    if (event is None) == (tournament is None):
        raise click.UsageError("name what he withdrew from: --event E (a registered event) or --tournament T")
    with refusals(obj):
        if event is not None:
            obj.ledger().withdraw_from_tournament(
                player_id, tournament=event, on=on, silent=silent, reported_on=reported
            )
        else:
            assert tournament is not None
            obj.ledger().withdraw_player(player_id, tournament=tournament, on=on, silent=silent, reported_on=reported)
    click.echo(f"recorded: {player_id} withdrew from {event or tournament} on {on}" + (" (silent)" if silent else ""))


@click.command("inactive")
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


@click.command("reactivate")
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
