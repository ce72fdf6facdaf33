"""``player eligibility`` and ``event enter``: which IECG groups a player may enter (IECG 5.1a, D §2.4–2.8).

The rules are IECG Rules and Regulations 5.1a, D §2.4–2.8 and C §9 (:mod:`projections.rules.iecg.entry`),
read from the log by :mod:`projections.eligibility`; this module words their clauses and message keys.
"""

from __future__ import annotations

import click

from commands import params
from commands.context import Context, pass_context, refusals
from commands.options import known_at_option, known_date, reported_option
from projections import (
    DEFAULT_RULES,
    IECG_5_1A,
    Ban,
    Decision,
    Eligibility,
    PlayerEligibility,
    TicketStatus,
    entry_rules,
)
from projections.api import known_date as parse_date

KIND_NAMES = {"class": "class group", "quad": "quad", "invitational": "invitational"}


def rules_choice(func: click.decorators.FC) -> click.decorators.FC:
    """``--rules``: the IECG version whose list gives the TER."""
    return click.option(
        "--rules",
        type=params.Choice(sorted(entry_rules())),
        default=DEFAULT_RULES,
        show_default=True,
        help="The IECG rules version whose list gives the TER (Rating Rules §III.7).",
    )(func)


def on_date(text: str) -> str:
    """The ``--on`` date as ISO text, or a refusal naming it."""
    day = parse_date(text, "--on date")
    assert day is not None
    return day


def ban_text(ban: Ban) -> str:
    """A C §9 sanction in words, with its clause."""
    w = ban.withdrawal
    how = "announced" if w.announced else "silent"
    cause = f"{how} withdrawal from {w.event} on {w.day.isoformat()}"
    if ban.kind == "cancelled":
        what = "membership cancelled"
    elif ban.kind == "suspended":
        what = f"suspended from {ban.start.isoformat()} until {ban.until.isoformat() if ban.until else '?'}"
    elif ban.until is None:
        what = f"no new events from {ban.start.isoformat()} until 6 months after his last other event ends"
    else:
        what = f"no new events from {ban.start.isoformat()} until {ban.until.isoformat()}"
    also = "; withdrawn from all tournaments" if ban.withdraws_all else ""
    return f"{ban.clause}: {what} ({cause}){also}"


def ticket_text(status: TicketStatus) -> str:
    """A promotion ticket and whether it is usable, with the clause."""
    t = status.ticket
    head = (
        f"{t.origin} ({t.clause}: {KIND_NAMES.get(t.kind, t.kind)} of class {t.source}, "
        f"won {t.earned.isoformat()}): to class {t.target}"
    )
    if status.usable:
        return f"{head}: usable for class {', '.join(status.admits)} ({status.clause})"
    why = {
        "used": "used (any qualification may be used only once)",
        "lost": "lost: his class already reaches the ticket's",
        "no-ter": "not usable: he has no TER",
    }.get(status.reason, status.reason)
    return f"{head}: {why} ({status.clause})"


def decision_text(decision: Decision, klass: str, answer: Eligibility) -> str:
    """Why he may or may not enter a group of class ``klass``, in words, with the clause."""
    own = answer.own_class
    barred = answer.barred
    words = {
        "own-class": f"class {klass} is his own class by TER",
        "ticket": f"with the promotion ticket won in {decision.ticket}",
        "below-class": f"class {klass} is below his class {own}: a player enters his own class",
        "above-class": f"class {klass} is above his class {own} and no ticket of his admits to it",
        "ticket-lost": f"class {klass} is above his class {own}, and his ticket is lost: he reached its class",
        "beyond-ticket": f"class {klass} is above what his tickets admit from class {own}",
        "ticket-used": "his ticket was already used (any qualification may be used only once)",
        "too-many-groups": (
            f"he already plays in {len(answer.in_play)} groups (at most {IECG_5_1A.max_groups} at a time)"
        ),
        "no-ter": "he has no TER",
        "by-invitation": "an Invitational is entered by invitation only",
        "fifteen-needs-completed-seven": "a 15-player group needs a completed 7-player group or quad first",
    }
    if barred is not None and decision.clause == barred.clause:
        return ban_text(barred)
    return f"{decision.clause}: {words.get(decision.reason, decision.reason)}"


def eligibility_text(found: PlayerEligibility) -> str:
    """The answer of ``player eligibility``, in lines."""
    answer = found.answer
    listed = f"the {found.rules} list of {found.period}" if found.period else f"no {found.rules} list yet"
    lines = [f"player {found.player} on {answer.on.isoformat()} (TER from {listed}):"]
    if answer.ter is None:
        lines.append("  TER: none: he may enter no class (E §III.6)")
    else:
        note = "" if found.listed else " (not published on that list: his TER is §III.7's)"
        lines.append(f"  TER {answer.ter}: class {answer.own_class} (D 2.4a, 2.5a){note}")
    rights = ", ".join(
        f"class {r.klass} ({r.clause}" + ("" if r.ticket is None else f", ticket {r.ticket}") + ")"
        for r in answer.classes
    )
    lines.append(f"  classes and quads: {rights or 'none'}")
    if answer.barred is not None:
        lines.append(f"  may enter: nothing while barred by {answer.barred.clause} (below)")
    lines.append("  tickets:" + ("" if answer.tickets else " none"))
    lines.extend(f"    {ticket_text(status)}" for status in answer.tickets)
    lines.append(f"  groups in play: {len(answer.in_play)} of {IECG_5_1A.max_groups} (D 2.4d)")
    for group in answer.in_play:
        since = f"entered {group.since.isoformat()}, not started" if group.pending else f"since {group.since}"
        lines.append(f"    {group.event}: {since}")
    lines.append("  bans (C 9C-D):" + ("" if answer.bans else " none"))
    lines.extend(f"    {ban_text(ban)}" for ban in answer.bans)
    return "\n".join(lines) + "\n"


@click.command("eligibility")
@click.argument("player_id", metavar="P")
@click.option("--on", "on", required=True, metavar="YYYY-MM-DD", help="The day of the entry asked about.")
@click.option("--event", "event", metavar="E", help="Also say whether he may enter this group.")
@rules_choice
@known_at_option
@pass_context
def player_eligibility(
    obj: Context, player_id: str, on: str, event: str | None, rules: str, known_at: str | None
) -> None:
    """Which IECG classes and quads a player may enter on a date (D §2.4–2.8, C §9): his TER and class, the
    classes he may enter, his promotion tickets, the groups he plays in (at most 4) and any ban.

    \b
    Example:
        ratings player eligibility 1001 --on 2024-05-02
        ratings player eligibility 1001 --on 2024-05-02 --known-at 2024-05-02 --event C1-4
    """
    with refusals(obj), obj.ratings() as ratings:
        day = on_date(on)
        known = known_date(known_at)
        found = ratings.eligibility(player_id, day, rules, known)
        decision = None if event is None else ratings.may_enter(player_id, event, day, rules, known)
        klass = None if event is None else ratings.event(event, known).info.rating_class
    click.echo(eligibility_text(found), nl=False)
    if decision is not None and event is not None:
        verdict = "yes" if decision.allowed else "no"
        click.echo(f"  may enter {event}: {verdict}: {decision_text(decision, klass or '?', found.answer)}")


@click.command("enter")
@click.argument("player_id", metavar="P")
@click.option("--event", "event", required=True, metavar="E", help="The IECG group (class, quad) entered.")
@click.option("--on", "on", required=True, metavar="YYYY-MM-DD", help="The day of the entry.")
@rules_choice
@reported_option
@pass_context
def event_enter(obj: Context, player_id: str, event: str, on: str, rules: str, reported: str | None) -> None:
    """Record a player's entry into an IECG class group or quad, if he may enter it (D §2.4–2.5, C §9):
    refused with the clause when he may not, else recorded, using the promotion ticket it needs (D §2.4c).

    \b
    Example:
        ratings event enter 1001 --event C1-4 --on 2024-05-02
    """
    with refusals(obj), obj.ratings() as ratings:
        day = on_date(on)
        decision = ratings.may_enter(player_id, event, day, rules)
        if not decision.allowed:
            found = ratings.eligibility(player_id, day, rules)
            klass = ratings.event(event).info.rating_class or "?"
            raise click.ClickException(
                f"{player_id} may not enter {event} on {day}: {decision_text(decision, klass, found.answer)}"
            )
    with refusals(obj):
        obj.ledger().enter_tournament(player_id, tournament=event, on=day, ticket=decision.ticket, reported_on=reported)
    how = "his own class" if decision.ticket is None else f"the ticket won in {decision.ticket}"
    click.echo(f"recorded: {player_id} entered {event} on {day} ({decision.clause}: {how})")
