"""The projections cache: what new facts invalidate, and that it is never a source of truth.

Every warm answer is compared with a cold run (``Projector(reader, None)``)
over the same log, byte for byte.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

from tests.projections.federation import RULES, Federation, period_index

PERIODS = ["2021-01", "2021-03", "2021-05", "2021-07", "2021-09"]


def season(fed: Federation) -> None:
    """Six ICCF players, a round of games in each of four periods."""
    players = [fed.iccf(f"P{i}", 1700 + 50 * i, rated_games=20 + 10 * i) for i in range(6)]
    dates = ["2021-01-15", "2021-03-15", "2021-05-15", "2021-07-15"]
    for n, day in enumerate(dates):
        for i in range(0, 6, 2):
            white, black = players[(i + n) % 6], players[(i + n + 1) % 6]
            fed.score(white, black, (1.0, 0.5, 0.0)[(i + n) % 3], day)


def warm_lists(fed: Federation, cache: Path, periods: list[str] = PERIODS) -> dict[str, str]:
    projector = fed.projector(cache)
    try:
        return {p: projector.rating_list(RULES, p).as_json() for p in periods}
    finally:
        projector.close()


def cold_lists(fed: Federation, periods: list[str] = PERIODS) -> dict[str, str]:
    return {p: fed.rating_list(p).as_json() for p in periods}


def cached_periods(cache: Path, table: str) -> list[int]:
    con = sqlite3.connect(cache)
    try:
        return [row[0] for row in con.execute(f"SELECT DISTINCT period FROM {table} ORDER BY period")]
    finally:
        con.close()


def test_late_game_changes_its_period_and_later_lists_only(tmp_path: Path) -> None:
    """A game recorded late for an old period changes that period's list and every later one, not
    the earlier ones; the warm lists equal a cold run over the same log."""
    fed = Federation(tmp_path / "l.db")
    season(fed)
    cache = tmp_path / "l.projections.db"
    before = warm_lists(fed, cache)
    assert before == cold_lists(fed)
    fed.score("P0", "P5", 1.0, "2021-03-20")  # late result for period 2021-03
    projector = fed.projector(cache)
    projector.facts()  # folds the new game: invalidates 2021-03 and later
    projector.close()
    assert cached_periods(cache, "materialised") == [period_index("2021-01")]
    assert [p for p in cached_periods(cache, "states") if p >= period_index("2021-03")] == []
    after = warm_lists(fed, cache)
    assert after == cold_lists(fed)
    assert after["2021-01"] == before["2021-01"]
    for period in PERIODS[1:]:
        assert after[period] != before[period], period


def test_adjudication_invalidates_from_the_finished_period(tmp_path: Path) -> None:
    """§VIII.3 through the cache: adjudicating an old game moves it from its finished period to the
    decision's; both periods and later ones are recomputed, and equal a cold run."""
    fed = Federation(tmp_path / "l.db")
    season(fed)
    gid = fed.game("P1", "P2", "1-0", "2021-03-25", forfeit="withdrawal")
    cache = tmp_path / "c.db"
    before = warm_lists(fed, cache)
    fed.ledger.adjudicate_game(gid, result="0-1", on="2021-05-02")
    after = warm_lists(fed, cache)
    assert after == cold_lists(fed)
    assert after["2021-01"] == before["2021-01"]
    assert after["2021-03"] == before["2021-03"]  # the unadjudicated withdrawal was never rated there
    assert after["2021-05"] != before["2021-05"]


def test_inactivity_marker_invalidates_lists_from_its_date(tmp_path: Path) -> None:
    """A marker dated in an old period changes the lists from that period on; warm equals cold."""
    fed = Federation(tmp_path / "l.db")
    season(fed)
    cache = tmp_path / "c.db"
    before = warm_lists(fed, cache)
    fed.ledger.mark_inactive("P3", on="2021-04-01", reason="no reply")
    after = warm_lists(fed, cache)
    assert after == cold_lists(fed)
    assert after["2021-01"] == before["2021-01"]
    assert '"P3"' in before["2021-03"]
    assert '"P3"' not in after["2021-03"]


def test_warm_cache_answers_a_period_it_never_computed(tmp_path: Path) -> None:
    """A second projector over a warm cache (no new events) lists a period not yet computed the same
    as a cold run (the first period comes from every stored month, loaded or not)."""
    fed = Federation(tmp_path / "l.db")
    season(fed)
    cache = tmp_path / "c.db"
    first = warm_lists(fed, cache, ["2021-01"])
    later = warm_lists(fed, cache, ["2021-07", "2021-03"])
    assert first | later == cold_lists(fed, ["2021-01", "2021-03", "2021-07"])


def test_cache_file_rebuilds_when_deleted(tmp_path: Path) -> None:
    """The cache holds no facts: deleted, it is rebuilt from the log to the same lists."""
    fed = Federation(tmp_path / "l.db")
    season(fed)
    cache = tmp_path / "c.db"
    before = warm_lists(fed, cache)
    for path in tmp_path.glob("c.db*"):
        path.unlink()
    assert not cache.exists()
    assert warm_lists(fed, cache) == before
    assert cache.exists()
    assert cached_periods(cache, "materialised") == [period_index(p) for p in PERIODS]
    fed.score("P2", "P4", 0.5, "2021-09-10")
    assert warm_lists(fed, cache) == cold_lists(fed)


def test_cache_of_one_ledger_is_not_used_for_another(tmp_path: Path) -> None:
    """A cache built from one ledger file is rebuilt, not reused, for a different ledger — whether the
    other log is longer or shorter than the one the cache has folded."""
    cache = tmp_path / "shared.projections.db"
    first = Federation(tmp_path / "first.db")
    season(first)
    first_lists = warm_lists(first, cache)
    assert first_lists == cold_lists(first)

    # A longer log with the same players but other results.
    longer = Federation(tmp_path / "longer.db")
    season(longer)
    longer.score("P0", "P1", 0.0, "2021-01-20")
    longer.score("P2", "P3", 1.0, "2021-05-20")
    longer_lists = warm_lists(longer, cache)
    assert longer_lists == cold_lists(longer)
    assert longer_lists != first_lists

    # A shorter log: one game only.
    shorter = Federation(tmp_path / "shorter.db")
    shorter.score(shorter.iccf("P0", 1700), shorter.iccf("P1", 1750), 1.0, "2021-03-03")
    shorter_lists = warm_lists(shorter, cache)
    assert shorter_lists == cold_lists(shorter)
    assert '"P2"' not in shorter_lists["2021-03"]

    # And back to the first ledger: its own lists again.
    assert warm_lists(first, cache) == first_lists


def test_same_length_log_of_another_ledger_is_not_reused(tmp_path: Path) -> None:
    """Two ledgers with the same number of events and the same commands differ in their stored
    events (timestamps); the fingerprint tells them apart, and the lists follow the ledger used."""
    cache = tmp_path / "shared.db"
    one, two = Federation(tmp_path / "one.db"), Federation(tmp_path / "two.db")
    for fed, result in ((one, 1.0), (two, 0.0)):
        fed.score(fed.iccf("A", 1800), fed.iccf("B", 1800), result, "2021-01-10")
    assert warm_lists(one, cache, ["2021-01"]) == cold_lists(one, ["2021-01"])
    assert warm_lists(two, cache, ["2021-01"]) == cold_lists(two, ["2021-01"])
    assert cold_lists(one, ["2021-01"]) != cold_lists(two, ["2021-01"])


def test_a_correction_of_an_old_game_recomputes_from_its_period_only(tmp_path: Path) -> None:
    """Audit issue §5 on a small ledger: a correction of a game several periods back, then the latest
    list, keeps the cached runs before the corrected period and recomputes the ones from it; the list
    equals a cold replay's byte for byte, after each of several corrections."""
    fed = Federation(tmp_path / "l.db")
    season(fed)
    late = [fed.score("P0", "P3", 0.5, day) for day in ("2021-07-20", "2021-03-20", "2021-05-20")]
    cache = tmp_path / "l.projections.db"
    assert warm_lists(fed, cache, PERIODS[-1:]) == cold_lists(fed, PERIODS[-1:])
    for game, result in zip(late, ("1-0", "0-1", "1-0"), strict=True):
        fed.ledger.correct_game(game, changes={"result": result}, reason="test")
        projector = fed.projector(cache)
        projector.facts()  # folds the correction: forgets its period's run and the later ones
        projector.close()
        finished = fed.ledger.game(game).facts["finished"][:7]
        kept = cached_periods(cache, "states")
        assert kept and max(kept) < period_index(finished) <= period_index(PERIODS[-1])
        assert warm_lists(fed, cache, PERIODS[-1:]) == cold_lists(fed, PERIODS[-1:])
        assert max(cached_periods(cache, "states")) == period_index(PERIODS[-1])


def test_the_facts_a_cache_gives_back_are_the_facts_folded_from_the_log(tmp_path: Path) -> None:
    """The cache holds the folded facts exactly: a projector that reads them back from the file has
    the same registrations, corrections, amendments, markers, priors, adjustments and games, month by
    month, as the one that folded them from the log and wrote them."""
    fed = Federation(tmp_path / "l.db")
    season(fed)
    ledger = fed.ledger
    withdrawn = fed.game("P1", "P2", "1-0", "2021-03-25", forfeit="withdrawal")
    ledger.adjudicate_game(withdrawn, result="0-1", on="2021-05-02")
    ledger.correct_game("g0001", changes={"result": "0-1", "finished": "2021-02-02"}, reason="test")
    ledger.void_game("g0002", reason="test")
    ledger.correct_player("P4", changes={"name": "Player Four", "country": "DE"}, reason="test")
    ledger.mark_inactive("P5", on="2021-06-01", reason="test")
    ledger.reactivate("P5", on="2021-08-01")
    ledger.record_prior("P3", system="iccf", rating=1999.5, as_of="2020-12-31", games=40, status="established")
    ledger.adjust_ratings(system="icu-1980", player=None, points=-15, on="2021-07-01", reason="test")
    cache = tmp_path / "c.db"
    writer = fed.projector(cache)
    folded = writer.facts()
    reader = fed.projector(cache)
    loaded = reader.facts()
    try:
        assert loaded.position == folded.position
        fields = ["registrations", "registered_on", "player_corrections", "players", "amendments", "amended"]
        for name in [*fields, "markers", "priors", "adjustments"]:
            assert getattr(loaded, name) == getattr(folded, name), name
            assert list(getattr(loaded, name)) == list(getattr(folded, name)), name  # the same order too
        assert loaded.marks == folded.marks
        assert loaded.game_months() == folded.game_months()
        for month in sorted(folded.game_months()):
            rows, want = loaded.month(month), folded.month(month)
            assert rows == want, month
            assert [type(row) for row in rows] == [type(row) for row in want], month
    finally:
        writer.close()
        reader.close()


def test_one_players_state_is_read_without_decoding_the_others() -> None:
    """``player_state`` finds exactly what ``decode_states`` would, packed or as JSON text, for awkward ids too."""
    from projections.cache import decode_states, encode_states, player_state
    from projections.registry import get_rules, system_for
    from projections.rules.glicko.formulas import GlickoState
    from projections.rules.iecg.formulas import PlayerState

    ids = ["P1", "P12", "1", "a,b", 'q"uote', "back\\slash", "é", "P"]
    iecg = {p: PlayerState(1500 + i, 1500, i % 2 == 0, 10, 20, 1, 2, 3, 0, 0, 4, 1500) for i, p in enumerate(ids)}
    glicko = {p: GlickoState(1500.5 + i, 80.25, 3, 7) for i, p in enumerate(ids)}
    odd = {p: GlickoState(1500, 80.25, 3, 7) for p in ids}  # an int where the codec packs floats: JSON text
    for states, rules in ((iecg, "iecg-1.7"), (glicko, "glicko"), (odd, "glicko")):
        codec = system_for(get_rules(rules)).codec
        blob = encode_states(states, codec)
        assert isinstance(blob, str) == (states is odd)
        assert decode_states(blob, codec) == states
        for player in [*ids, "P2", "a", "Q"]:
            assert player_state(blob, player, codec) == states.get(player)
    codec = system_for(get_rules("iecg")).codec
    assert type(decode_states(encode_states(iecg, codec), codec)["P"].established) is bool


def test_every_systems_states_survive_the_codec() -> None:
    """A state of every system, with None, text, tuples and truths, comes back equal and of the same types."""
    from projections.cache import decode_states, encode_states
    from projections.registry import get_rules, system_for
    from projections.rules.ecf_grading.formulas import EcfState
    from projections.rules.ecf_online.formulas import EcfOnlineState
    from projections.rules.fide.formulas import FideState
    from projections.rules.glicko.formulas import Glicko2State
    from projections.rules.icu.formulas import IcuState

    samples: dict[str, list[tuple[Any, ...]]] = {
        "fide-2024": [
            FideState(None, 3, False, True, ((1, 1800, 2), (2, 1750, 0)), True, None, 0),
            FideState(2012, 40),
        ],
        "ecf-grading": [
            EcfState(None, 120, 0, "estimated", 6, None, 3, (120.0, 118.5)),
            EcfState(150, 140, 10, "graded", 30, "A", 4, ()),
        ],
        "ecf-online": [EcfOnlineState(1500.25, 3, "ecf", None, 0), EcfOnlineState(1612.0, 9, "default", 7, 2)],
        "icu-1980": [IcuState(None, 0, "ungraded"), IcuState(1450, 12, "graded", 4, 2)],
        "glicko2": [Glicko2State(1500.0, 350.0, 0.06, 0, 1)],
    }
    for rules, states in samples.items():
        codec = system_for(get_rules(rules)).codec
        keyed = {f"P{i}": state for i, state in enumerate(states)}
        blob = encode_states(keyed, codec)
        assert isinstance(blob, bytes), rules
        back = decode_states(blob, codec)
        assert back == keyed, rules
        assert [list(map(type, s)) for s in back.values()] == [list(map(type, s)) for s in keyed.values()], rules
        assert decode_states(encode_states({}, codec), codec) == {}
