"""The facts as known at a date (audit issue §2), and the projections cache, with corrections.

The oracle of a view "as known at D" is a second ledger holding only the
facts reported on or before D, recorded in the same order with the same
arguments (:func:`bitemporal_support.known_at`): every list, history and
explanation of the full ledger as known at D must equal the second ledger's,
cold or through a cache. A cache kept across corrections, voids,
restorations and late games must give the lists of a cold replay; a dry run
must show exactly what recording the fact does, and write nothing.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, event, given, settings
from hypothesis import strategies as st

from ledger.application import RatingLedger
from ledger.errors import LedgerError
from ledger.store import LogRecord
from projections.rules.explanation import Explanation
from tests.projections.bitemporal_support import (
    AMENDMENT_KINDS,
    COMMANDS,
    LABELS,
    RULES,
    Command,
    Fact,
    History,
    amendments,
    day,
    histories,
    known_at,
    last_event,
    ledger_at,
    lists,
    one_late_fact,
    player_facts,
    projector,
    record_all,
    scratch,
    stored_rows,
)
from tests.projections.federation import period_index

PROPERTY = settings(
    max_examples=15,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)


def histories_of(
    ledger: RatingLedger, players: list[str], known: str | None = None, cache: Path | None = None
) -> dict[str, Any]:
    """Each player's history, as known at ``known`` (or now)."""
    with projector(ledger, cache) as made:
        return {p: made.history(RULES, p, known_at=known) for p in players}


def explanations(
    ledger: RatingLedger, wanted: Iterable[tuple[str, str]], cache: Path | None = None, known: str | None = None
) -> dict[tuple[str, str], Explanation]:
    """The explanation of each (player, period) of ``wanted``, as known at ``known`` (or now)."""
    with projector(ledger, cache) as made:
        return {(p, label): made.explain(RULES, p, label, known_at=known) for p, label in wanted}


def played(*histories: dict[str, Any]) -> list[tuple[str, str]]:
    """Each (player, period) of the histories: the explanations with games in them."""
    return sorted({(p, label) for history in histories for p, runs in history.items() for label, _ in runs})


# --- 1. the oracle -------------------------------------------------------------------


@PROPERTY
@given(history=histories())
def test_the_facts_known_at_a_date_are_the_ledger_of_the_facts_reported_by_then(history: History) -> None:
    """Audit issue §2: lists, states, histories and explanations as known at D equal those of a ledger
    holding only the facts reported by D: cold, through a cache warmed as known now, and through a fresh
    cache; and the views leave the cache's lists as known now those of a cold replay."""
    check_known_at(history)


@pytest.mark.parametrize("command", COMMANDS)
@settings(PROPERTY, max_examples=3)
@given(data=st.data())
def test_one_late_fact_of_any_kind_counts_from_its_report_only(command: Command, data: st.DataObject) -> None:
    """The same, where every fact is reported promptly but one, of each kind in turn (a registration, a
    game, an adjudication, a correction, a void, a restoration, a player correction, a marker), reported
    after D: the views as known at D must see the periods it changes as they were without it."""
    history = data.draw(one_late_fact(command))
    assume(history.known_at != "")
    check_known_at(history)


def check_known_at(history: History) -> None:
    """The views of the full ledger of ``history`` as known at D are those of the oracle's ledger."""
    when = history.known_at
    with scratch() as tmp, closing(ledger_at(tmp / "full.db")) as full, closing(ledger_at(tmp / "known.db")) as known:
        written = record_all(full, history.facts)
        oracle = known_at(written, when, known)
        # The oracle is no oracle where the two ledgers wrote different events for the same command, or the
        # oracle's refused one the full ledger took: see the open bugs at the end of this file.
        event(f"ambiguous oracle: {oracle.ambiguous is not None}")
        assume(oracle.ambiguous is None)
        event(f"facts known: {len(oracle.facts) // 10 * 10}+ of {len(written)}")
        expected = lists(known)
        cache = tmp / "full.projections.db"
        now = lists(full, cache)  # the cache now holds every period as known now
        assert lists(full, None, when) == expected
        assert lists(full, cache, when) == expected
        assert lists(full, tmp / "fresh.db", when) == expected
        assert lists(full, cache) == now == lists(full)
        # The whole state after each run ("the previous list"), listed or not.
        periods = range(period_index(LABELS[0]), period_index(LABELS[-1]) + 1)
        with projector(known) as oracle_projector, projector(full, cache) as made:
            for period in periods:
                assert made.states(RULES, period, when) == oracle_projector.states(RULES, period), period

        players = [f.subject for f in oracle.facts if f.command == "register_player"]
        unknown = [p for p in history.players if p not in players]
        with projector(full, cache) as made:
            assert {p: made.history(RULES, p, known_at=when) for p in players} == histories_of(known, players)
            assert all(made.history(RULES, p, known_at=when) == [] for p in unknown)
        as_known = histories_of(known, players)
        assert histories_of(full, players, when) == as_known
        wanted = played(as_known, histories_of(full, players))
        assert explanations(full, wanted, cache, when) == explanations(known, wanted)
        # The views wrote nothing wrong in the cache: its lists, runs and histories are a cold replay's.
        assert lists(full, cache) == now
        with projector(full, cache) as made, projector(full) as cold:
            assert [made.states(RULES, p) for p in periods] == [cold.states(RULES, p) for p in periods]
        assert histories_of(full, history.players, cache=cache) == histories_of(full, history.players)


# --- 2. a cache kept across corrections ------------------------------------------------------


@PROPERTY
@given(history=histories(), data=st.data())
def test_a_cache_kept_across_corrections_gives_the_lists_of_a_cold_replay(
    history: History, data: st.DataObject
) -> None:
    """Project spec (determinism): record the facts in one to four batches (so later batches bring
    corrections, voids, restorations, player corrections and late games of periods already cached),
    querying some lists through one cache file after each, some as known at a date; then, with every
    list cached, one last fact of any kind alone (no other fact of its batch invalidates the periods it
    changes); every list, history and explanation through the cache equals a cold replay's."""
    facts = list(history.facts)
    # The last fact: of a kind about uniformly chosen (a sample favours its first items).
    commands = sorted({f.command for f in facts})
    command = commands[data.draw(st.integers(0, 2**16), label="the last fact's command") % len(commands)]
    of_kind = [i for i, f in enumerate(facts) if f.command == command and i > 0]
    assume(of_kind)
    last = facts.pop(of_kind[data.draw(st.integers(0, 2**16), label="which") % len(of_kind)])
    event(f"last: {last.command}")
    cuts = sorted(data.draw(st.lists(st.integers(0, len(facts)), max_size=3), label="cuts"))
    with scratch() as tmp, closing(ledger_at(tmp / "l.db")) as ledger:
        cache = tmp / "l.projections.db"
        start = 0
        for cut in [*cuts, len(facts)]:
            record_all(ledger, facts[start:cut])
            start = cut
            queried = data.draw(st.lists(st.sampled_from(LABELS), max_size=6), label="queried")
            assert lists(ledger, cache, labels=queried) == lists(ledger, labels=queried)
            if data.draw(st.booleans(), label="a view as known at a date"):
                when = data.draw(st.integers(-30, 900).map(day), label="known at")
                assert lists(ledger, cache, when, queried) == lists(ledger, None, when, queried)
                players = [f.subject for f in facts[:start] if f.command == "register_player"]
                assert histories_of(ledger, players, when, cache) == histories_of(ledger, players, when)
        assert lists(ledger, cache) == lists(ledger)  # every list is now in the cache
        event(f"last fact refused: {record_all(ledger, [last])[0][1] is None}")
        assert lists(ledger, cache) == lists(ledger)
        players = [f.subject for f in history.facts if f.command == "register_player"]
        assert histories_of(ledger, players, cache=cache) == histories_of(ledger, players)
        wanted = played(histories_of(ledger, players))
        assert explanations(ledger, wanted, cache) == explanations(ledger, wanted)


def test_a_void_a_restoration_and_a_correction_of_a_cached_period(tmp_path: Path) -> None:
    """The same, step by step on a fixed ledger: each amendment of a game of a cached period (and a
    player correction) changes the list through the cache exactly as it changes a cold replay."""
    ledger = two_players(tmp_path / "l.db")
    ledger.record_game("g1", white="A", black="B", result="1-0", finished="2024-01-10", reported_on="2024-01-11")
    ledger.record_game("g2", white="B", black="A", result="1-0", finished="2024-03-10", reported_on="2024-03-11")
    cache = tmp_path / "l.projections.db"
    labels = ["2024-01", "2024-03", "2024-05"]
    seen = [lists(ledger, cache, labels=labels)]
    steps: list[Callable[[], object]] = [
        lambda: ledger.void_game("g1", reason="annulled", reported_on="2024-06-01"),
        lambda: ledger.restore_game("g1", reason="reinstated", reported_on="2024-06-02"),
        lambda: ledger.correct_game("g1", changes={"result": "0-1"}, reason="typo", reported_on="2024-06-03"),
        lambda: ledger.correct_game("g2", changes={"finished": "2024-01-20"}, reason="date", reported_on="2024-06-04"),
        lambda: ledger.correct_player("A", changes={"starting_rating": 2100}, reason="ICCF", reported_on="2024-06-05"),
        lambda: ledger.correct_game("g1", changes={"forfeit": "withdrawal"}, reason="w", reported_on="2024-06-06"),
    ]
    for step in steps:
        step()
        through_cache = lists(ledger, cache, labels=labels)
        assert through_cache == lists(ledger, labels=labels)
        assert through_cache != seen[-1]  # each step changes some list
        seen.append(through_cache)


def test_markers_of_a_cached_period(tmp_path: Path) -> None:
    """An inactivity marker, and a reactivation, of a date in a cached period leave the player off the
    lists from that period on (and put him back), through the cache as in a cold replay."""
    ledger = two_players(tmp_path / "l.db")
    ledger.record_game("g1", white="A", black="B", result="1-0", finished="2024-01-10", reported_on="2024-01-11")
    ledger.record_game("g2", white="A", black="B", result="1-0", finished="2024-07-10", reported_on="2024-07-11")
    cache = tmp_path / "l.projections.db"
    labels = ["2024-01", "2024-03", "2024-05", "2024-07"]
    lists(ledger, cache, labels=labels)
    ledger.mark_inactive("B", on="2024-04-15", reason="on leave", reported_on="2024-04-16")
    listed = {label: [r["player"] for r in rows_of(ledger, label)] for label in labels}
    assert listed == {"2024-01": ["A", "B"], "2024-03": ["A"], "2024-05": ["A"], "2024-07": ["A"]}
    assert lists(ledger, cache, labels=labels) == lists(ledger, labels=labels)
    ledger.reactivate("B", on="2024-06-01", reason="back", reported_on="2024-06-02")
    listed = {label: [r["player"] for r in rows_of(ledger, label)] for label in labels}
    assert listed == {"2024-01": ["A", "B"], "2024-03": ["A"], "2024-05": ["A", "B"], "2024-07": ["A", "B"]}
    assert lists(ledger, cache, labels=labels) == lists(ledger, labels=labels)
    # As known before the reactivation was reported, B is still off the list of May–June.
    assert [r["player"] for r in rows_of(ledger, "2024-05", "2024-06-01")] == ["A"]


# --- 3. a dry run ----------------------------------------------------------------------


DRY = ("correct_game", "void_game", "restore_game", "correct_player")
"""The commands with a dry run."""


@st.composite
def dry_runnable(draw: st.DrawFn, written: list[tuple[Fact, dict[str, Any] | None]]) -> Fact:
    """A correction, void or restoration of a recorded game, or a correction of a registered player."""
    recorded = [f for f, e in written if e is not None]
    games = [f for f in recorded if f.command == "record_game"]
    if games and draw(st.sampled_from([True, True, True, False]), label="a game (or a player)"):
        game = draw(st.sampled_from(games), label="game")
        white, black = game.players
        kinds = [k for k in AMENDMENT_KINDS if k != "adjudicate"]  # an adjudication has no dry run
        return draw(amendments(game.subject, white, black, game.arguments["finished"], game.reported, kinds))
    reg = draw(st.sampled_from([f for f in recorded if f.command == "register_player"]), label="player")
    fact = player_facts(reg.subject, reg.arguments["source"], reg.reported)
    return draw(fact.filter(lambda f: f.command in DRY), label="fact")


@PROPERTY
@given(history=histories(most_games=25), data=st.data())
def test_a_dry_run_shows_what_recording_the_fact_does_and_writes_nothing(history: History, data: st.DataObject) -> None:
    """Audit issue §1: the impact of a dry run lists, period by period, the list as it is (a cold
    replay's before) and as it will be (a cold replay's after recording the fact for real); the
    periods before its first are unchanged; the log's rows are the same bytes after the dry run, and
    a cache the impact was computed through still gives the lists of a cold replay."""
    with scratch() as tmp, closing(ledger_at(tmp / "l.db")) as ledger:
        written = record_all(ledger, history.facts)
        cache = tmp / "l.projections.db" if data.draw(st.booleans(), label="through a cache") else None
        if cache is not None and data.draw(st.booleans(), label="cache warmed"):
            lists(ledger, cache)
        before_rows = stored_rows(ledger)
        for _ in range(5):  # a few tries: a drawn fact may be refused (nothing to correct, not void…)
            fact = data.draw(dry_runnable(written))
            try:
                records = dry_run(ledger, fact)
            except LedgerError:
                assert stored_rows(ledger) == before_rows
                continue
            break
        else:
            assume(False)
        event(f"dry run of {fact.command}")
        assert stored_rows(ledger) == before_rows
        assert [r.position for r in records] == [before_rows[-1][0] + 1]
        with projector(ledger, cache) as made:
            impact = made.impact(RULES, records)
        before = lists(ledger)
        fact.record(ledger)
        after = lists(ledger)
        assert stored_rows(ledger)[:-1] == before_rows
        previewed = json.loads(records[0].state)
        del previewed["timestamp"]
        assert (records[0].type, previewed) == (stored_rows(ledger)[-1][3].rpartition(":")[2], last_event(ledger))
        event(f"periods in the impact: {min(len(impact), 3)}")
        labels = [label for label, _, _ in impact]
        assert labels == sorted(set(labels)) and set(labels) <= set(LABELS)
        for label, was, will_be in impact:
            assert was.as_json() == before[label], label
            assert will_be.as_json() == after[label], label
        changed = [label for label in LABELS if before[label] != after[label]]
        assert all(label >= labels[0] for label in changed) if labels else changed == []
        if cache is not None:
            assert lists(ledger, cache) == after


def dry_run(ledger: RatingLedger, fact: Fact) -> list[LogRecord]:
    """The records ``fact`` would write, from its command's dry run."""
    records: list[LogRecord] = getattr(ledger, fact.command)(
        fact.subject, **fact.arguments, reported_on=fact.reported, dry_run=True
    )
    return records


def test_a_dry_run_of_each_kind_writes_nothing(tmp_path: Path) -> None:
    """A dry run of a correction, a void, a restoration and a player correction leaves the log's rows
    byte for byte as they were, and returns the event after the log's head."""
    ledger = two_players(tmp_path / "l.db")
    ledger.record_game("g1", white="A", black="B", result="1-0", finished="2024-01-10", reported_on="2024-01-11")
    ledger.record_game("g2", white="B", black="A", result="1-0", finished="2024-01-12", reported_on="2024-01-13")
    ledger.void_game("g2", reason="annulled", reported_on="2024-02-01")
    rows = stored_rows(ledger)
    runs = [
        ledger.correct_game("g1", changes={"result": "0-1"}, reason="t", reported_on="2024-02-02", dry_run=True),
        ledger.void_game("g1", reason="t", reported_on="2024-02-02", dry_run=True),
        ledger.restore_game("g2", reason="t", reported_on="2024-02-02", dry_run=True),
        ledger.correct_player("B", changes={"name": "Bee"}, reason="t", reported_on="2024-02-02", dry_run=True),
    ]
    assert stored_rows(ledger) == rows
    types = [records[0].type for records in runs]
    assert types == ["GameCorrected", "GameVoided", "GameRestored", "PlayerCorrected"]
    assert all(len(records) == 1 and records[0].position == rows[-1][0] + 1 for records in runs)


def test_a_dry_run_of_a_new_name_shows_the_old_name_before_and_the_new_one_after(tmp_path: Path) -> None:
    """The impact of a correction of a listed player's name: the list before it holds the name as
    registered, the list after it the corrected name."""
    ledger = two_players(tmp_path / "l.db")
    ledger.record_game("g1", white="A", black="B", result="1-0", finished="2024-01-10", reported_on="2024-01-11")
    records = ledger.correct_player("B", changes={"name": "Bee"}, reason="spelling", dry_run=True)
    with projector(ledger) as made:
        impact = made.impact(RULES, records)
    assert [
        (label, [r["name"] for r in was.rows], [r["name"] for r in will_be.rows]) for label, was, will_be in impact
    ] == [("2024-01", ["Player A", "Player B"], ["Player A", "Bee"])]


# --- 4. facts known in order: fixed examples, checked by hand -------------------------------


def two_players(path: Path) -> RatingLedger:
    """A (ICCF 2000) and B (ICCF 1800), established on 100 rated games, reported 2024-01-01:
    k = 20 for both (IECG §V.3), We of A against B = 1 / (1 + 10^(-200/400)) = 0.7597."""
    ledger = ledger_at(path)
    for player, rating in (("A", 2000), ("B", 1800)):
        ledger.register_player(
            player, f"Player {player}", source="iccf", starting_rating=rating, rated_games=100, reported_on="2024-01-01"
        )
    return ledger


def row(player: str, rating: int, klass: str, position: int, wins: int, draws: int, losses: int) -> dict[str, Any]:
    return {
        "position": position,
        "class_position": 1,
        "player": player,
        "name": f"Player {player}",
        "country": "",
        "rating": rating,
        "ter": rating,
        "class": klass,
        "status": "established",
        "games": wins + draws + losses,
        "wins": wins,
        "draws": draws,
        "losses": losses,
    }


def rows_of(ledger: RatingLedger, label: str, known: str | None = None) -> list[dict[str, Any]]:
    with projector(ledger) as made:
        return list(made.rating_list(RULES, label, known_at=known).rows)


# By hand: A beats B: A 2000 + 20·(1 − 0.7597) = 2004.81 → 2005, B 1800 − 4.81 = 1795.19 → 1795.
ONE_WIN = [row("A", 2005, "1", 1, 1, 0, 0), row("B", 1795, "2", 2, 0, 0, 1)]
# Then B beats A in the same period, both against the same previous list (§VI.1):
# A 2000 + 4.81 − 15.19 = 1989.61 → 1990, B 1800 − 4.81 + 15.19 = 1810.39 → 1810.
ONE_EACH = [row("A", 1990, "1", 1, 1, 0, 1), row("B", 1810, "1", 2, 1, 0, 1) | {"class_position": 2}]


@pytest.mark.parametrize("cached", [False, True])
def test_a_late_result_changes_its_period_as_known_now_and_not_as_known_before(tmp_path: Path, cached: bool) -> None:
    """Audit issue §2: a result of February reported in June changes the list of January–February as
    known now, and leaves the list as known on 1 March the very bytes printed before it was recorded."""
    ledger = two_players(tmp_path / "l.db")
    cache = tmp_path / "l.projections.db" if cached else None
    ledger.record_game("g1", white="A", black="B", result="1-0", finished="2024-01-10", reported_on="2024-01-11")
    printed = lists(ledger, cache, labels=["2024-01"])["2024-01"]
    assert rows_of(ledger, "2024-01") == ONE_WIN
    ledger.record_game("g2", white="B", black="A", result="1-0", finished="2024-02-20", reported_on="2024-06-01")
    assert rows_of(ledger, "2024-01") == ONE_EACH
    assert lists(ledger, cache, labels=["2024-01"])["2024-01"] != printed
    for known in ("2024-03-01", "2024-05-31"):
        assert lists(ledger, cache, known, ["2024-01"])["2024-01"] == printed
    assert rows_of(ledger, "2024-01", "2024-06-01") == ONE_EACH
    assert rows_of(ledger, "2024-01", "2024-01-10") == []  # before g1 was reported
    with projector(ledger, cache) as made:
        assert len(made.explain(RULES, "A", "2024-01", known_at="2024-03-01").rows) == 1
        assert len(made.explain(RULES, "A", "2024-01").rows) == 2
        assert [s.rating for _, s in made.history(RULES, "B", known_at="2024-03-01")] == [1795]
        assert [s.rating for _, s in made.history(RULES, "B")] == [1810]


def test_a_late_void_and_a_late_correction_count_from_their_reports_only(tmp_path: Path) -> None:
    """Audit issue §2: a correction of a result reported on 1 April, and a void reported on 1 May,
    count in views as known from those dates, not before."""
    ledger = two_players(tmp_path / "l.db")
    ledger.record_game("g1", white="A", black="B", result="0-1", finished="2024-01-10", reported_on="2024-01-11")
    ledger.correct_game("g1", changes={"result": "1-0"}, reason="swapped", reported_on="2024-04-01")
    ledger.record_game("g2", white="B", black="A", result="1-0", finished="2024-02-20", reported_on="2024-02-21")
    ledger.void_game("g2", reason="annulled", reported_on="2024-05-01")
    # Before 1 April: A lost both (2000 − 15.19 − 15.19 = 1969.62 → 1970; B 1800 + 30.39 → 1830).
    lost_both = [row("A", 1970, "1", 1, 0, 0, 2), row("B", 1830, "1", 2, 2, 0, 0) | {"class_position": 2}]
    assert rows_of(ledger, "2024-01", "2024-03-31") == lost_both
    # From 1 April: g1 is a win of A, g2 still counts.
    assert rows_of(ledger, "2024-01", "2024-04-01") == ONE_EACH
    # From 1 May, and now: g2 is void.
    assert rows_of(ledger, "2024-01", "2024-05-01") == ONE_WIN
    assert rows_of(ledger, "2024-01") == ONE_WIN


def test_a_game_counts_from_the_report_of_its_last_player(tmp_path: Path) -> None:
    """Facts.py: a game counts as known only once it and both its players' registrations are
    reported: C's registration is entered first but reported on 1 March, after his game's report
    (and a draw of A and B reported in June makes the views of March differ from now)."""
    ledger = two_players(tmp_path / "l.db")
    ledger.register_player(
        "C", "Player C", source="iccf", starting_rating=1800, rated_games=100, reported_on="2024-03-01"
    )
    ledger.record_game("g1", white="A", black="B", result="1-0", finished="2024-01-10", reported_on="2024-01-11")
    ledger.record_game("g2", white="A", black="C", result="1-0", finished="2024-01-12", reported_on="2024-01-13")
    ledger.record_game("g3", white="A", black="B", result="1/2-1/2", finished="2024-01-14", reported_on="2024-06-01")
    assert rows_of(ledger, "2024-01", "2024-02-29") == ONE_WIN
    # From 1 March (C's report day itself included) A has beaten both (2000 + 4.81 + 4.81 → 2010),
    # C lost to him (1800 − 4.81 → 1795).
    both = [row("A", 2010, "1", 1, 2, 0, 0), row("B", 1795, "2", 2, 0, 0, 1), row("C", 1795, "2", 3, 0, 0, 1)]
    both[2]["class_position"] = 2
    assert rows_of(ledger, "2024-01", "2024-03-01") == both
    # Now, with the draw: A 2000 + 4.81 + 4.81 + 20·(0.5 − 0.7597) = 2004.42 → 2004,
    # B 1800 − 4.81 + 20·(0.5 − 0.2403) = 1800.39 → 1800 (class 1 from 1800).
    now = [row("A", 2004, "1", 1, 2, 1, 0), row("B", 1800, "1", 2, 0, 1, 1), row("C", 1795, "2", 3, 0, 0, 1)]
    now[1]["class_position"] = 2
    assert rows_of(ledger, "2024-01") == now


# --- edge cases this file found (fixed) -----------------------------------------------------


def test_a_game_of_a_player_not_yet_known_moved_to_an_earlier_month(tmp_path: Path) -> None:
    """B's registration is entered first but reported on 1 December 2021. His game of September, reported
    in September, is corrected (also in September) to March. As known on 1 October B is not known, so
    neither is the game: the list of March–April 2021 as known then is empty."""
    ledger = ledger_at(tmp_path / "l.db")
    ledger.register_player("A", "A", source="iccf", starting_rating=2000, rated_games=100, reported_on="2021-01-01")
    ledger.register_player("B", "B", source="iccf", starting_rating=1800, rated_games=100, reported_on="2021-12-01")
    ledger.record_game("g1", white="A", black="B", result="1-0", finished="2021-09-10", reported_on="2021-09-11")
    ledger.correct_game("g1", changes={"finished": "2021-03-10"}, reason="typo", reported_on="2021-09-12")
    assert rows_of(ledger, "2021-03", "2021-10-01") == []


def test_a_game_corrected_to_a_player_not_yet_known(tmp_path: Path) -> None:
    """A beat B in March 2021 (all reported in March); the opponent is corrected to C on 20 March. C's
    registration is entered first but reported on 1 December 2021. As known on 1 October C is not known,
    so neither is the game as corrected: the list of March–April 2021 as known then is empty, and C is
    on no list before his registration is reported."""
    ledger = ledger_at(tmp_path / "l.db")
    for player, reported in (("A", "2021-01-01"), ("B", "2021-01-01"), ("C", "2021-12-01")):
        rating = 2000 if player == "A" else 1800
        ledger.register_player(
            player, player, source="iccf", starting_rating=rating, rated_games=100, reported_on=reported
        )
    ledger.record_game("g1", white="A", black="B", result="1-0", finished="2021-03-10", reported_on="2021-03-11")
    ledger.correct_game("g1", changes={"black": "C"}, reason="wrong opponent", reported_on="2021-03-20")
    assert [r["player"] for r in rows_of(ledger, "2021-03")] == ["A", "C"]
    assert rows_of(ledger, "2021-03", "2021-10-01") == []


def test_a_correction_keeps_what_it_says_whatever_was_entered_before(tmp_path: Path) -> None:
    """Two corrections of g1 (recorded 1-0): the first entered, reported on 1 June, says 0-1; the second
    entered, reported on 1 March, says 0-1 and a date in January. As known on 1 April, the office had
    been told (on 1 March) that the result is 0-1: B beat A."""
    ledger = two_players(tmp_path / "l.db")
    ledger.record_game("g1", white="A", black="B", result="1-0", finished="2024-01-10", reported_on="2024-01-11")
    ledger.correct_game("g1", changes={"result": "0-1"}, reason="late letter", reported_on="2024-06-01")
    changes = {"result": "0-1", "finished": "2024-01-12"}
    ledger.correct_game("g1", changes=changes, reason="the arbiter's report", reported_on="2024-03-01")
    # By hand: A loses to B: A 2000 − 15.19 → 1985, B 1800 + 15.19 → 1815.
    lost = [row("A", 1985, "1", 1, 0, 0, 1), row("B", 1815, "1", 2, 1, 0, 0) | {"class_position": 2}]
    assert rows_of(ledger, "2024-01") == lost
    assert rows_of(ledger, "2024-01", "2024-04-01") == lost


# --- a player correction keeps what it says; facts entered out of reported order ----------------------


def test_a_player_correction_keeps_what_it_says_whatever_was_entered_before(tmp_path: Path) -> None:
    """As test_a_correction_keeps_what_it_says_whatever_was_entered_before, for a player: the first entered
    correction, reported on 1 June, names B "Bee"; the second entered, reported on 1 March, says "Bee" of
    Ireland → France. As known on 1 April the office had been told (on 1 March) that B is Bee, of France."""
    ledger = two_players(tmp_path / "l.db")
    ledger.record_game("g1", white="A", black="B", result="1-0", finished="2024-01-10", reported_on="2024-01-11")
    ledger.correct_player("B", changes={"name": "Bee"}, reason="spelling", reported_on="2024-06-01")
    ledger.correct_player("B", changes={"name": "Bee", "country": "FR"}, reason="the form", reported_on="2024-03-01")
    bee = row("B", 1795, "2", 2, 0, 0, 1) | {"name": "Bee", "country": "FR"}
    assert rows_of(ledger, "2024-01") == [ONE_WIN[0], bee]
    assert rows_of(ledger, "2024-01", "2024-04-01") == [ONE_WIN[0], bee]


def result_0_1(ledger: RatingLedger, on: str) -> None:
    ledger.correct_game("g1", changes={"result": "0-1"}, reason="the arbiter's report", reported_on=on)


def void(ledger: RatingLedger, on: str) -> None:
    ledger.void_game("g1", reason="annulled", reported_on=on)


def bee(ledger: RatingLedger, on: str) -> None:
    ledger.correct_player("B", changes={"name": "Bee"}, reason="spelling", reported_on=on)


def inactive(ledger: RatingLedger, on: str) -> None:
    ledger.mark_inactive("B", on="2024-02-15", reason="on leave", reported_on=on)


# By hand: A loses to B: A 2000 − 15.19 → 1985, B 1800 + 15.19 → 1815 (both class 1).
LOST = [row("A", 1985, "1", 1, 0, 0, 1), row("B", 1815, "1", 2, 1, 0, 0) | {"class_position": 2}]

REPORTED_BEFORE_ENTERED_AFTER = [
    # (first entered, reported on 1 June; then entered, reported on 1 March; the list of January–February
    # 2024 as known on 1 April, when the office has been told the second and not the first)
    pytest.param(result_0_1, result_0_1, LOST, id="the same correction twice"),
    pytest.param(void, void, [], id="a void twice"),
    pytest.param(bee, bee, [ONE_WIN[0], ONE_WIN[1] | {"name": "Bee"}], id="the same player correction twice"),
    pytest.param(inactive, inactive, [ONE_WIN[0]], id="the same marker twice"),
    pytest.param(void, result_0_1, LOST, id="a correction of a game voided later"),
]


@pytest.mark.xfail(
    strict=True,
    raises=LedgerError,
    reason="the ledger checks a new fact against every fact entered before it, whatever their reported dates: "
    "a fact reported before an earlier-entered one (which says the same, or voids the game) is refused, "
    "and the views as known between the two reports miss it",
)
@pytest.mark.parametrize(("first", "second", "expected"), REPORTED_BEFORE_ENTERED_AFTER)
def test_a_fact_reported_before_an_earlier_entered_one_is_recorded_and_known_from_its_report(
    tmp_path: Path,
    first: Callable[[RatingLedger, str], None],
    second: Callable[[RatingLedger, str], None],
    expected: list[dict[str, Any]],
) -> None:
    """A letter of 1 June is entered, then the arbiter's report of 1 March saying the same (or correcting
    a game the letter voids): as known on 1 April the office had been told what the report says."""
    ledger = two_players(tmp_path / "l.db")
    ledger.record_game("g1", white="A", black="B", result="1-0", finished="2024-01-10", reported_on="2024-01-11")
    first(ledger, "2024-06-01")
    second(ledger, "2024-03-01")
    assert rows_of(ledger, "2024-01", "2024-04-01") == expected
