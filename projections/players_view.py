"""Everyone registered (``ratings players``): each player's registration as corrected, his
identity numbers, his registration status, and where asked his rating and status on a rules version's latest list.

Pure: the facts come folded (:class:`~projections.facts.FactsView`, as the projector gives them), the identity
numbers by player (:meth:`ledger.identities.Identities.by_player`) and the lists computed
(:class:`~projections.lists.RatingList`); nothing here reads the log or replays a period.

>>> from projections.facts import Facts
>>> from ledger.values import Registration
>>> facts = Facts(players={"1002": Registration("1002", "Bob Byrne", "IE", None, 1800, "iccf", 100),
...                        "1001": Registration("1001", "Anna Adler", "DE", "1980-05-01", 2000, "iccf", 100,
...                                             "F", "WIM", "AUT")})
>>> found = player_lines(facts.view(), {"1001": {"fide": "2500001", "ecf": "123456A"}}, "2024-06-30")
>>> [(p.player, p.fide_id, p.national_ids, p.status) for p in found]
[('1001', '2500001', (('ecf', '123456A'),), 'active'), ('1002', None, (), 'active')]
>>> [(p.federation, p.sex, p.title) for p in found]  # Bob's federation is his country's (IE: IRL)
[('AUT', 'F', 'WIM'), ('IRL', None, None)]
>>> [p.player for p in select(found, search="123456a")], [p.player for p in select(found, country="IE")]
(['1001'], ['1002'])

Choices made here:
- the registration status is ``void`` (the registration voided, and not restored), else ``merged into Q`` (a
  duplicate registration merged; Q is the registration his facts count as, at the end of a chain of
  merges: P into Q, then Q into R, shows P ``merged into R``), else ``inactive`` (his
  inactivity markers leave him inactive at the end of ``day``, today for the CLI), else ``active``; a withdrawal
  is from a tournament, not from the federation, so it is no registration status;
- a player whose registration is withheld as unusable is not registered: he is not listed;
- a rules version's latest period is the one holding the ledger's last fact (:meth:`Facts.last_month`: its latest
  game, or adjustment), as the replay reaches it; with no game yet there is no list, and no period;
- a player not on that list (void, inactive, not yet rated...) has no standing there (None);
- the federation shown is the one recorded, else the one of his country where it maps (``IE`` → ``IRL``,
  :mod:`ledger.federations`); sex and title are shown as recorded (blank: not said);
- ``search`` is a case-insensitive substring of the player id, the name, or any identity number (FIDE or national);
  ``country`` is compared exactly (codes are capitals: the caller checks and upper-cases them).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence, Set
from typing import Any, NamedTuple

from projections.facts import Facts, FactsView
from projections.lists import RatingList
from projections.registry import Rules


class Standing(NamedTuple):
    """A player's row on a list, in brief: his rating and his status there, as the list gives them."""

    rating: Any
    status: str


class PlayerLine(NamedTuple):
    """One registered player as ``ratings players`` shows him."""

    player: str
    name: str
    country: str
    federation: str | None
    """His FIDE federation: as recorded, else his country's (:attr:`ledger.values.Registration.fide_federation`)."""
    sex: str | None
    """``M`` or ``F``, as recorded (None: not said)."""
    title: str | None
    """His FIDE title, as recorded (None: none said)."""
    born: str | None
    fide_id: str | None
    national_ids: tuple[tuple[str, str], ...]
    """(scheme, number) of each national id he holds, by scheme."""
    status: str
    """``active``, ``inactive``, ``void`` or ``merged into Q`` (his registration's status)."""
    standings: tuple[Standing | None, ...] = ()
    """His standing on each list asked for, in the order asked (None: not on that list)."""


def registration_status(view: FactsView, player: str, day: str) -> str:
    """``void``, ``merged into Q`` (not ``active``: his facts count as Q's), ``inactive`` (at the end of ``day``)
    or ``active``."""
    if player in view.void:
        return "void"
    if player in view.alias:
        return f"merged into {view.alias[player]}"
    return "inactive" if view.inactive_at(player, day) else "active"


def player_lines(view: FactsView, ids: Mapping[str, Mapping[str, str]], day: str) -> list[PlayerLine]:
    """Everyone registered (void ones too), as corrected now, with his identity numbers, by player id."""
    lines: list[PlayerLine] = []
    for player, reg in sorted(view.facts.players.items()):
        held = ids.get(player, {})
        national = tuple((scheme, number) for scheme, number in sorted(held.items()) if scheme != "fide")
        status = registration_status(view, player, day)
        lines.append(
            PlayerLine(
                player,
                reg.name,
                reg.country,
                reg.fide_federation,
                reg.sex,
                reg.title,
                reg.born,
                held.get("fide"),
                national,
                status,
            )
        )
    return lines


def matches(line: PlayerLine, text: str) -> bool:
    """Whether ``text`` is (case-insensitively) in the player's id, name or one of his identity numbers."""
    wanted = text.casefold()
    numbers = [number for _, number in line.national_ids] + ([line.fide_id] if line.fide_id else [])
    return any(wanted in field.casefold() for field in (line.player, line.name, *numbers))


def select(
    lines: Iterable[PlayerLine],
    *,
    search: str | None = None,
    country: str | None = None,
    among: Set[str] | None = None,
) -> list[PlayerLine]:
    """The lines that pass every filter given: ``search`` (:func:`matches`), ``country``, and ``among`` (ids)."""
    return [
        line
        for line in lines
        if (search is None or matches(line, search))
        and (country is None or line.country == country)
        and (among is None or line.player in among)
    ]


def latest_period(facts: Facts, params: Rules) -> str | None:
    """The period of ``params`` holding the ledger's last fact (None: no game nor adjustment yet)."""
    month = facts.last_month()
    return None if month is None else params.periods.label(params.periods.index_of_day(month))


def standing_of(rating_list: RatingList | None) -> dict[str, Standing]:
    """Each listed player's :class:`Standing` on ``rating_list`` (none if there is no list)."""
    if rating_list is None:
        return {}
    return {row["player"]: Standing(row["rating"], row["status"]) for row in rating_list.rows}


def with_standings(lines: Iterable[PlayerLine], lists: Sequence[RatingList | None]) -> list[PlayerLine]:
    """The lines with each player's standing on each of ``lists``, in order (None: no list, or not on it)."""
    found = [standing_of(rating_list) for rating_list in lists]
    return [line._replace(standings=tuple(on.get(line.player) for on in found)) for line in lines]
