"""Every rating system, checked the same way: a loop over the registry's one list of families.

Each family (:data:`projections.registry.FAMILIES`) is one package of
:mod:`projections.rules` with one interface; nothing here knows which family it
checks. For each: its versions are registered under unique names, dated, each
with its changes and its period scheme's clause; the names that stand for it
today are registered; a small round robin of every result in each version's
first period is rated, each player explained, and every message key said has
its words in the renderer (and is one the family declares); every game the
family's selection leaves out is said by a message key with its words, naming the clause that does; and the states it
made come back from the projections file's codec equal, field for field.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date, timedelta
from typing import Any

import pytest

from commands.explanation_text import WORDS, say
from projections.cache import decode_states, encode_states
from projections.registry import FAMILIES, RULES, SYSTEMS, VERSIONS, describe_rules
from projections.rules.common import EventInfo, Game, PlayerInfo, PriorValue
from projections.rules.explanation import Explanation, Statement
from projections.rules.versions import Family, Version

PLAYERS = ("p1", "p2", "p3", "p4", "p5", "p6")

PRIORS = {  # a prior of every scale the families read, so that every family rates the round robin
    "fide": 1800.0,
    "ecf": 150.0,
    "ecf-rapid": 145.0,
    "ecf-online": 1800.0,
    "icu": 1500.0,
    "glicko": 1500.0,
    "glicko2": 1500.0,
    "iecg": 1700.0,
}

COMMON_KEYS = frozenset(
    {
        "blank",
        "table",
        "before",
        "before.not_rated",
        "no_rated_games",
        "period_terms",
        "after",
        "after.not_rated",
        "note",
        "event_games",
        "left_out",
    }
)
"""The statements every family's explanation may make (:mod:`projections.rules.explanation`, and the
replay's own about events and left-out games)."""


def info(player: str) -> PlayerInfo:
    n = PLAYERS.index(player)
    priors = tuple(
        PriorValue(system, rating + 40 * n, 30, None, 80.0 if "glicko" in system else None, 0.06, "1950-01-01")
        for system, rating in PRIORS.items()
    )
    return PlayerInfo(player, "1980-01-01", 1500 + 50 * n, "registered", priors, 0)


def first_day(version: Version) -> str:
    """A day in the first period at or after the version came into force, not its first day."""
    return (version.in_force_from + timedelta(days=10)).isoformat()


def round_robin(day: str, *, mode: str | None = "otb", control: str | None = "90+30") -> list[Game]:
    """Every pairing once, the results in turn a White win, a draw, a Black win."""
    games = []
    pairs = [(a, b) for a in range(len(PLAYERS)) for b in range(a + 1, len(PLAYERS))]
    for number, (i, j) in enumerate(pairs):
        games.append(Game(f"g{number:02d}", PLAYERS[i], PLAYERS[j], (2, 1, 0)[number % 3], day, None, control, mode))
    return games


def every_version() -> Iterator[tuple[Family, Version]]:
    for family in FAMILIES:
        for version in family.versions:
            yield family, version


VERSION_IDS = [version.params.name for _family, version in every_version()]


def statement_keys(said: tuple[Statement, ...]) -> Iterator[str]:
    """Every message key said, inside the values of statements too (a player's status...)."""
    for statement in said:
        yield statement.key
        for _name, value in statement.values:
            if isinstance(value, Statement):
                yield from statement_keys((value,))


KINDS = (
    ("otb", "5400+30"),
    ("online", "5400+30"),
    ("online", "600+5"),
    ("online", "180+2"),
    ("otb", "900+10"),
    ("otb", "180+2"),
)
"""Modes and rates of play, PGN's time controls: each version rates the first kind its selection keeps whole."""


def rated_games(version: Version, day: str) -> list[Game]:
    """A round robin of the first kind of game the version rates whole."""
    params, system = version.params, version.system
    index = params.periods.index_of_day(day)
    for mode, control in KINDS:
        games = round_robin(day, mode=mode, control=control)
        if system.select is None or not system.select(params, index, {}, games, info)[1]:
            return games
    raise AssertionError(f"{params.name} rates none of {KINDS}")


def rate(version: Version) -> tuple[Any, int, list[Game], dict[str, Any], dict[str, Any]]:
    """The version's params, the period, its games, the states before (none) and after one run."""
    params = version.params
    day = first_day(version)
    index = params.periods.index_of_day(day)
    games = rated_games(version, day)
    ran = version.system.run(params, index, {}, games, info)
    return params, index, games, {}, dict(ran.changed)


def test_the_registry_is_the_families_versions() -> None:
    names = [version.params.name for _family, version in every_version()]
    assert len(names) == len(set(names)), "a name registered twice"
    assert list(RULES) == names == list(VERSIONS) == list(SYSTEMS)
    assert [d.name for d in describe_rules()] == names
    assert [family.name for family in FAMILIES] == ["iecg", "icu", "ecf-grading", "ecf-online", "fide", "glicko"]


@pytest.mark.parametrize("family", FAMILIES, ids=[family.name for family in FAMILIES])
def test_a_family_declares_its_versions(family: Family) -> None:
    assert family.title and family.versions
    for name in family.current:
        assert name in RULES, f"{family.name} stands for itself by {name!r}, which is not registered"
        assert any(version.params.name == name for version in family.versions)
    for version in family.versions:
        params = version.params
        assert params.name and params.periods.rules_clause, f"{params.name}: its periods cite no clause"
        assert isinstance(version.in_force_from, date)
        assert version.changes, f"{params.name}: no changes said"
        assert all(change.description for change in version.changes), f"{params.name}: a change without words"
        if version.timeline:
            assert hasattr(params, "for_period"), f"{params.name} is a timeline without versions"
    assert sum(version.timeline for version in family.versions) <= 1


@pytest.mark.parametrize(("family", "version"), list(every_version()), ids=VERSION_IDS)
def test_a_version_rates_explains_and_keeps_its_states(family: Family, version: Version) -> None:
    params, index, games, before, after = rate(version)
    system = version.system
    assert set(PLAYERS) <= set(after), f"{params.name}: the round robin rated {sorted(after)}"
    # The projections file's codec gives the states back, field for field.
    assert decode_states(encode_states(after, system.codec), system.codec) == after
    # Every player's explanation says only what the family declares, each key with its words.
    said: set[str] = set()
    for player in PLAYERS:
        explained = system.explain(params, index, before, games, info, player)
        assert isinstance(explained, Explanation)
        assert explained.player == player and explained.rules == params.name
        said.update(statement_keys(explained.statements))
        row = system.row(params, index, player, after[player], info(player))
        assert row is None or tuple(row) == system.keys
    assert "after" in said or any(key.endswith(("after", "rating")) for key in said)
    assert said <= family.messages | COMMON_KEYS, f"undeclared keys: {sorted(said - family.messages - COMMON_KEYS)}"
    assert said - {"table"} <= set(WORDS), f"keys without words: {sorted(said - {'table'} - set(WORDS))}"


@pytest.mark.parametrize("family", FAMILIES, ids=[family.name for family in FAMILIES])
def test_every_key_a_family_declares_has_words(family: Family) -> None:
    assert family.messages, f"{family.name} declares no message keys"
    missing = sorted(family.messages - set(WORDS))
    assert not missing, f"{family.name}: keys without words: {missing}"


LEFT_OUT = (
    ("email", "5400+30", None),
    ("online", "5400+30", None),
    ("otb", "5400+30", None),
    ("otb", "60+1", None),
    ("online", "60+1", None),
    ("email", "5400+30", EventInfo("T", "Theme", "thematic", "1900-01-01", None, None, None, None, None)),
)
"""Games one family or another leaves out: by mode, by rate of play, by the kind of event."""


@pytest.mark.parametrize(("family", "version"), list(every_version()), ids=VERSION_IDS)
def test_a_left_out_game_names_its_clause(family: Family, version: Version) -> None:
    system = version.system
    if system.select is None:
        return
    params = version.params
    day = first_day(version)
    index = params.periods.index_of_day(day)
    reasons: list[Statement] = []
    for mode, control, event in LEFT_OUT:
        games = [game._replace(event=event) for game in round_robin(day, mode=mode, control=control)]
        _kept, left = system.select(params, index, {}, games, info)
        reasons += [reason for _game, reason in left]
    assert reasons, f"{params.name} selects its games but left none of these out"
    for reason in reasons:
        assert isinstance(reason, Statement) and reason.key in WORDS, f"{reason!r} has no words"
        said = say(reason)
        assert params.name in said or family.name in said, f"{said!r} names neither the rules nor the family"
        assert any(mark in said for mark in ("§", "(", "choice", "Graded Tournaments")), f"{said!r} cites nothing"
