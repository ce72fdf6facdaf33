"""Every form of a fact agrees with its one declaration (:mod:`ledger.fields`), field by field.

What is derived from the declaration (``bulk.GAME_FIELDS``, the decoder's
pattern, ``withheld.ROW_FIELDS``) is checked here too, by what it does; what is
written out for speed or for the type checker (the stored event classes,
``GameFacts``, ``bulk.GameTuple``, the bulk template, ``GameRow``, the fold's
unpacking of a match, the rules' ``Game``) is checked against the declaration,
and a failure names the field that drifted. Each check is a function of the
declaration, so a test also shows it naming the field of a declaration that
drifted on purpose.
"""

from __future__ import annotations

import dataclasses
import json
import typing
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from functools import cache
from itertools import zip_longest
from typing import Any
from uuid import UUID

import pytest
from eventsourcing.application import Application
from eventsourcing.persistence import Mapper
from eventsourcing.utils import get_topic

from ledger import bulk, decoding, events, values
from ledger.application import GameFacts
from ledger.events import EVENT_TYPES, Game, GameRecorded, game_key
from ledger.fields import FACTS, FOLDED_NAMES, GAME, GAME_ROW, PLAYER, PRIOR, RECORDED_BY, REPORTED_ON, Fact
from ledger.store import LogRecord, sqlite_env
from projections import facts, withheld
from projections.rules.common import Game as RulesGame
from projections.rules.common import RatedGame

STAMP = datetime(2024, 5, 6, 7, 8, 9, 123456, tzinfo=UTC)
TOPIC = get_topic(Game)

SAMPLE: dict[str, str] = {
    "game": "G-1",
    "white": "W",
    "black": "B",
    "result": "1-0",
    "finished": "2024-01-05",
    "tournament": "Cup",
    "time_control": "5400+30",
    "event": "E-1",
    "mode": "email",
    "forfeit": "none",
    "reported_on": "2024-01-06",
}
"""A game every check passes, with a distinct value in every field: a value in the wrong place shows."""

REGISTRATION: dict[str, object] = {
    "player": "P",
    "name": "N",
    "country": "",
    "born": None,
    "starting_rating": 1500,
    "source": "none",
    "rated_games": 0,
    "reported_on": "2024-01-01",
}
"""A registration every check passes (its player set per use)."""


def drift(what: str, declared: Sequence[object], found: Sequence[object]) -> list[str]:
    """Each place where ``found`` differs from ``declared``, naming the declared field there."""
    return [
        f"{what}: field {i} is {f!r}, the declaration has {d!r}"
        for i, (d, f) in enumerate(zip_longest(declared, found))
        if d != f
    ]


def wrong_values(what: str, expected: Mapping[str, object], found: Mapping[str, object]) -> list[str]:
    """Each declared field whose value in ``found`` is not the one written into it."""
    return [
        f"{what}: field {name!r} holds {found.get(name, '<missing>')!r}, not {value!r}"
        for name, value in expected.items()
        if found.get(name, "<missing>") != value
    ]


@cache
def mapper() -> Mapper[UUID]:
    return Application[UUID](env=sqlite_env(":memory:")).mapper


def library_state(fields: Mapping[str, object]) -> bytes:
    """The state the library's own mapper stores for a ``GameRecorded`` of ``fields``."""
    recorded = GameRecorded(  # type: ignore[call-arg]
        originator_id=game_key(str(fields["game"])),
        originator_version=1,
        timestamp=STAMP,
        originator_topic=TOPIC,
        **fields,
        recorded_by="t",
    )
    return bytes(mapper().to_stored_event(recorded).state)


# --- the declaration itself ------------------------------------------------------------------------------


@pytest.mark.parametrize("fact", FACTS, ids=lambda fact: fact.event)
def test_a_declaration_names_each_field_once_ends_with_the_reported_date_and_names_real_checks(fact: Fact) -> None:
    assert len(set(fact.names)) == len(fact.names)
    assert fact.names[-1] == REPORTED_ON
    assert RECORDED_BY.name not in fact.names
    for field in fact.fields:
        assert callable(getattr(values, field.check, None)), f"{fact.event}.{field.name}: no values.{field.check}"
        assert field.type in (str, int, float, bool), f"{fact.event}.{field.name}"
        assert 1 <= field.since <= fact.version, f"{fact.event}.{field.name}"


# --- the stored events (ledger/events.py, not edited here) -------------------------------------------------


def event_problems(fact: Fact) -> list[str]:
    """Where the stored event class differs from the declaration: its own fields, their annotations, its version."""
    cls = EVENT_TYPES[fact.event]
    own = dict(cls.__annotations__)
    declared = [(f.name, f.annotation) for f in (*fact.fields, RECORDED_BY)]
    problems = drift(fact.event, declared, list(own.items()))
    version = getattr(cls, "class_version", 1)
    if version != fact.version:
        problems.append(f"{fact.event}: class_version {version}, the declaration has {fact.version}")
    return problems


@pytest.mark.parametrize("fact", FACTS, ids=lambda fact: fact.event)
def test_each_stored_event_declares_the_declared_fields_in_order(fact: Fact) -> None:
    assert event_problems(fact) == []


def test_a_drifted_declaration_is_named_by_the_event_check() -> None:
    swapped = (GAME.fields[1], GAME.fields[0], *GAME.fields[2:])
    assert event_problems(dataclasses.replace(GAME, fields=swapped))[:2] == [
        "GameRecorded: field 0 is ('game', 'str'), the declaration has ('white', 'str')",
        "GameRecorded: field 1 is ('white', 'str'), the declaration has ('game', 'str')",
    ]
    retyped = tuple(dataclasses.replace(f, optional=True) if f.name == "forfeit" else f for f in GAME.fields)
    assert event_problems(dataclasses.replace(GAME, fields=retyped)) == [
        "GameRecorded: field 9 is ('forfeit', 'str'), the declaration has ('forfeit', 'str | None')"
    ]


@pytest.mark.parametrize("fact", [f for f in FACTS if f.version > 1], ids=lambda fact: fact.event)
def test_an_older_state_is_upcast_with_the_added_fields_none(fact: Fact) -> None:
    """The pattern reads a version 1 state with the added fields None: what the upcasters make of it."""
    state: dict[str, Any] = {f.name: "x" for f in fact.fields if f.since == 1}
    for version in range(1, fact.version):
        decoding.UPCASTERS[fact.event, version](state)
    assert {f.name: state.get(f.name, "<missing>") for f in fact.added} == dict.fromkeys(
        (f.name for f in fact.added), None
    )


def test_the_correctable_facts_are_the_declared_ones() -> None:
    assert sorted(events.GAME_FIELDS) == sorted(GAME.corrected)
    assert PLAYER.corrected == events.REGISTRATION_FIELDS
    assert list(withheld.GAME_FLAGS) == list(events.GAME_FIELDS)  # a game correction's flags, as the CLI names them
    assert tuple(withheld.REGISTRATION_FLAGS) == PLAYER.corrected


# --- the application's validated game ------------------------------------------------------------------------


def test_game_facts_has_the_declared_fields_in_order() -> None:
    found = [(f.name, f.type) for f in dataclasses.fields(GameFacts)]
    assert drift("GameFacts", [(f.name, f.annotation) for f in GAME.fields], found) == []


# --- the bulk import: its tuple, and its template -----------------------------------------------------------


def test_the_bulk_tuple_has_the_declared_types_in_order() -> None:
    assert GAME.names == bulk.GAME_FIELDS
    assert GAME.version == bulk.GAME_VERSION
    found = typing.get_args(bulk.GameTuple)
    assert drift("bulk.GameTuple", [f.type | None if f.optional else f.type for f in GAME.fields], found) == []


def template_problems(fact: Fact, sample: Mapping[str, str | None]) -> list[str]:
    """Where the bulk template misplaces, misnames or misses a field of ``fact`` (a tuple of ``sample`` written in
    declared order, read back as JSON), or writes other bytes than the library."""
    item = tuple(sample[name] for name in fact.names)
    written = bulk.StateEncoder(STAMP, TOPIC, "t").game(item)  # type: ignore[arg-type]
    state = json.loads(written)
    keys = ["timestamp", "originator_topic", *fact.names, RECORDED_BY.name]
    problems = drift("the bulk template's keys", [*keys, decoding.VERSION_KEY][: len(state)], list(state))
    problems += wrong_values("the bulk template", {name: sample[name] for name in fact.names}, state)
    if not problems and written != library_state(sample):
        problems.append("the bulk template: not the library's bytes")
    return problems


def test_the_bulk_template_writes_each_declared_field_in_its_place() -> None:
    assert template_problems(GAME, SAMPLE) == []
    unsaid = {**SAMPLE, **{f.name: None for f in GAME.optional}}
    assert template_problems(GAME, unsaid) == []


def test_a_drifted_declaration_is_named_by_the_template_check() -> None:
    moved = (*GAME.fields[:5], GAME.field("forfeit"), *(f for f in GAME.fields[5:] if f.name != "forfeit"))
    problems = template_problems(dataclasses.replace(GAME, fields=moved), SAMPLE)
    assert "the bulk template's keys: field 7 is 'tournament', the declaration has 'forfeit'" in problems
    assert "the bulk template: field 'forfeit' holds 'none', not 'Cup'" not in problems  # values by name
    assert any("field 'tournament' holds 'none', not 'Cup'" in p for p in problems)


# --- the decoder's pattern (derived) -------------------------------------------------------------------------


def test_the_decoders_pattern_is_derived_from_the_declaration() -> None:
    assert [g for g in decoding.GAME_GROUPS if g != decoding.ADDED] == list(GAME.names)
    assert decoding.game_pattern() is decoding.game_pattern()  # compiled once
    match = decoding.game_pattern().match(library_state(SAMPLE).decode())
    assert match is not None
    assert wrong_values("game_pattern", SAMPLE, match.groupdict()) == []


def test_the_decoders_pattern_reads_a_version_1_state_with_the_added_fields_none() -> None:
    state = {
        "timestamp": {"_type_": "datetime_iso", "_data_": STAMP.isoformat()},
        "originator_topic": TOPIC,
        **{f.name: SAMPLE[f.name] for f in GAME.fields if f.since == 1},
        "recorded_by": "t",
    }
    match = decoding.game_pattern().match(json.dumps(state, separators=(",", ":")))
    assert match is not None
    expected = {name: None if GAME.field(name).since > 1 else value for name, value in SAMPLE.items()}
    assert wrong_values("game_pattern of version 1", expected, match.groupdict()) == []


def test_the_decoder_refuses_a_declaration_of_another_version() -> None:
    with pytest.raises(decoding.NewerEventError, match="GameRecorded is of version 3"):
        decoding.state_pattern(GAME, 3)


# --- the fold's row ---------------------------------------------------------------------------------------


def folded(sample: Mapping[str, str | None]) -> dict[str, str]:
    """What a folded row of a game (``sample``) holds, by :data:`GAME_ROW` name: "" for an unsaid fact."""
    return {FOLDED_NAMES.get(name, name): "" if value is None else value for name, value in sample.items()}


def row_problems(row: facts.GameRow, sample: Mapping[str, str | None], what: str) -> list[str]:
    return drift(f"{what} fields", GAME_ROW, row._fields) + wrong_values(what, folded(sample), row._asdict())


def test_game_row_has_the_declared_fields_in_the_folded_order() -> None:
    assert drift("GameRow", GAME_ROW, facts.GameRow._fields) == []
    assert facts.GameRow._fields == withheld.ROW_FIELDS


@pytest.mark.parametrize("unsaid", [False, True], ids=["said", "unsaid"])
def test_the_fold_and_game_row_put_each_field_in_its_place(unsaid: bool) -> None:
    """The fold's own unpacking of a match (its hot path) and :func:`game_row`, with a distinct value a field."""
    sample = {**SAMPLE, **({f.name: None for f in GAME.optional} if unsaid else {})}
    encoder = bulk.StateEncoder(STAMP, get_topic(events.Player), "t")
    registrations = [
        LogRecord(
            position,
            "PlayerRegistered",
            encoder.fields({**REGISTRATION, "player": player}),
        )
        for position, player in ((1, SAMPLE["white"]), (2, SAMPLE["black"]))
    ]
    state = library_state(sample)
    folding = facts.Facts()
    folding.fold([*registrations, LogRecord(3, "GameRecorded", state)])
    assert folding.unusable == {}
    [row] = folding.month(str(SAMPLE["finished"])[:7])
    assert row_problems(row, sample, "the fold's row") == []
    assert row_problems(facts.game_row(state), sample, "game_row") == []
    escaped = state.replace(b'"W"', b'"\\u0057"')  # the same state, escaped: read by the decoder, not the pattern
    assert row_problems(facts.game_row(escaped), sample, "game_row of an escaped state") == []


def test_a_drifted_row_is_named_by_the_row_check() -> None:
    row = facts.GameRow._make(folded(SAMPLE).values())  # the declared order, not the row's
    assert "the fold's row: field 'forfeit' holds 'Cup', not 'none'" in row_problems(row, SAMPLE, "the fold's row")


# --- the rules' game -----------------------------------------------------------------------------------------


def test_the_rules_game_is_made_of_declared_fields() -> None:
    """Every field of the rules' ``Game`` comes from a declared field of a game (:data:`facts.RATED_FROM`), and
    ``RatedGame`` is its first four."""
    assert set(facts.RATED_FROM) == set(RulesGame._fields)
    assert [name for name in facts.RATED_FROM.values() if name not in GAME.names] == []
    assert RatedGame._fields == RulesGame._fields[:4]
    row = facts.GameRow._make(folded(SAMPLE)[name] for name in GAME_ROW)
    rated = facts.GameVersion(row, False, None).game()
    assert rated is not None
    same = {name: folded(SAMPLE)[source] for name, source in facts.RATED_FROM.items() if name == source}
    assert wrong_values("the rules' Game", {**same, "event": None, "forfeit": ""}, rated._asdict()) == []
    assert (rated.white_points2, rated.day) == (values.WHITE_POINTS2[SAMPLE["result"]], SAMPLE["finished"])


# --- registrations and priors --------------------------------------------------------------------------------


def test_a_registration_is_the_declared_facts_of_a_player() -> None:
    declared = [(f.name, f.annotation) for f in PLAYER.fields if f.name != REPORTED_ON]
    found = list(typing.get_type_hints(values.Registration).items())
    assert drift("Registration", declared, [(name, _annotation(hint)) for name, hint in found]) == []


def test_a_folded_prior_is_the_declared_facts_of_a_prior() -> None:
    declared = ["position", *(FOLDED_NAMES.get(n, n) for n in PRIOR.names if n != "source")]
    assert drift("projections.facts.Prior", declared, facts.Prior._fields) == []
    hints = typing.get_type_hints(facts.Prior)
    found = [_annotation(hints[FOLDED_NAMES.get(f.name, f.name)]) for f in PRIOR.fields if f.name != "source"]
    assert drift("Prior's types", [f.annotation for f in PRIOR.fields if f.name != "source"], found) == []


def _annotation(hint: object) -> str:
    """A type hint as :attr:`ledger.fields.Field.annotation` writes it."""
    args = typing.get_args(hint)
    if args:
        return " | ".join("None" if a is type(None) else a.__name__ for a in args)
    return hint.__name__ if isinstance(hint, type) else str(hint)


def test_an_imports_registration_is_the_librarys_bytes() -> None:
    """``import players`` writes a ``PlayerRegistered`` of :data:`PLAYER`'s version (its sex, title and federation
    in their declared places, ``class_version`` last) byte for byte as the library's mapper does."""
    reg = values.Registration("P", "Anna Adler", "IE", None, 800, "none", 0, "F", "WIM", "IRL")
    topic = get_topic(events.Player)
    fast = bulk.StateEncoder(STAMP, topic, "t").fields({**reg._asdict(), "reported_on": "2024-01-01"}, PLAYER.version)
    recorded = events.PlayerRegistered(  # type: ignore[call-arg]
        originator_id=events.player_key("P"),
        originator_version=1,
        timestamp=STAMP,
        originator_topic=topic,
        **reg._asdict(),
        reported_on="2024-01-01",
        recorded_by="t",
    )
    assert fast == bytes(mapper().to_stored_event(recorded).state)
    assert list(json.loads(fast))[2:] == [*PLAYER.names, RECORDED_BY.name, decoding.VERSION_KEY]
