"""The Python API (issue 11 §2): ``projections.Ratings`` reads, ``ledger.RatingLedger`` and
``projections.publish`` record, with the refusals and the values of ``ratings``, without click.

The ledger is the officer's guide's first step (docs/officer.md) (``examples/``: five players, six games of
January–February 2024), whose figures the guide shows: Anna Adler 1997 and Brendan Byrne 1795,
established, on the iecg-1.7 list of 2024-01.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from ledger import LedgerError, RatingLedger
from ledger.errors import DuplicatePublicationError, InvalidDateError, NoLedgerError
from projections import Ratings, UnusableFactError, publish
from projections.api import cache_file
from projections.registry import UnknownRulesError
from projections.rules.explanation import Explanation
from projections.rules.periods import PeriodError

ROOT = Path(__file__).resolve().parent.parent.parent

DIGEST = "f5cd765ba3b05d548ce5b47b2086158e494e6f7dbbcdfe75ba0001a14757aa7b"
"""The digest of the iecg-1.7 list of 2024-01 as known on 2024-03-01 (docs/api.md's Python session shows it)."""


@pytest.fixture
def club(tmp_path: Path) -> str:
    """The walkthrough's ledger after its two imports."""
    for name in ("players.csv", "games.csv"):
        shutil.copy(ROOT / "examples" / name, tmp_path / name)
    db = str(tmp_path / "club.db")
    ledger = RatingLedger.create(db, user="officer")
    try:
        assert ledger.import_file(str(tmp_path / "players.csv"), "players") == 5
        assert ledger.import_file(str(tmp_path / "games.csv"), "games") == 6
    finally:
        ledger.close()
    return db


def test_a_list_its_rows_and_its_canonical_json(club: str) -> None:
    with Ratings.open(club) as ratings:
        found = ratings.list("iecg-1.7", "2024-01")
        assert [(r["position"], r["player"], r["rating"], r["status"]) for r in found.rows] == [
            (1, "1001", 1997, "established"),
            (2, "1002", 1795, "established"),
        ]
        assert found.as_json().startswith('{\n  "rules": "iecg-1.7",\n  "period": "2024-01",\n  "players": [\n')
        assert ratings.notes("iecg-1.7", "2024-01") == ()
        assert ratings.name("1003") == "Carla Costa"
        assert "glicko2" in ratings.rules() and "icu-1980" in ratings.rules()


def test_opening_reads_only_and_keeps_the_projections_file_where_the_cli_does(club: str, tmp_path: Path) -> None:
    before = Path(club).read_bytes()
    with Ratings.open(club, cache=False) as ratings:
        ratings.list("glicko2", "2024-01")
    assert not (tmp_path / "club.projections.db").exists()
    with Ratings.open(club) as ratings:
        ratings.list("glicko2", "2024-01")
    assert (tmp_path / "club.projections.db").exists()
    elsewhere = tmp_path / "cache"
    elsewhere.mkdir()
    with Ratings.open(club, str(elsewhere)) as ratings:
        ratings.list("glicko2", "2024-01")
    assert [p.name for p in elsewhere.iterdir() if p.suffix == ".db"] == [
        Path(str(cache_file(club, str(elsewhere)))).name
    ]
    assert Path(club).read_bytes() == before


def test_refusals_are_the_projects_exceptions_with_the_clis_messages(club: str, tmp_path: Path) -> None:
    with pytest.raises(NoLedgerError, match="no ledger at"):
        Ratings.open(str(tmp_path / "missing.db"))
    assert not (tmp_path / "missing.db").exists()
    with Ratings.open(club) as ratings:
        with pytest.raises(UnknownRulesError, match=r"^unknown rules version 'iecg-9'; registered versions: ecf-"):
            ratings.list("iecg-9", "2024-01")
        with pytest.raises(LookupError) as unknown:
            ratings.explain("9999", "glicko2", "2024-01")
        assert unknown.value.args == ("unknown player '9999'",)
        with pytest.raises(PeriodError):
            ratings.list("iecg-1.7", "2024-02")  # IECG periods are two months from January
        with pytest.raises(InvalidDateError, match=r"^known_at date '2024-02-30' is not a calendar date$"):
            ratings.list("iecg-1.7", "2024-01", known_at="2024-02-30")


def test_history_explain_and_diff(club: str) -> None:
    with Ratings.open(club) as ratings:
        assert [(period, s.rating, s.games) for period, s in ratings.history("1001", "iecg-1.7")] == [
            ("2024-01", 1997, 2)
        ]
        explained = ratings.explain("1001", "iecg-1.7", "2024-01")
        assert isinstance(explained, Explanation)  # one explanation value for every system
        assert (explained.rules, explained.player, explained.period) == ("iecg-1.7", "1001", "2024-01")
        assert dict(explained.after)["rating"] == 1997
        assert isinstance(ratings.explain("1001", "glicko2", "2024-01"), Explanation)
        same = ratings.diff("iecg-1.7", "2024-01", against_known_at="2024-03-01")
        assert same.changes == []
        # known at 14 January, only E-001 (reported the 15th) is missing: both are off the list then
        earlier = ratings.diff("iecg-1.7", "2024-01", "2024-01-14")
        assert [(c.player, c.old, c.new is not None) for c in earlier.changes] == [
            ("1001", None, True),
            ("1002", None, True),
        ]


def test_publish_refuses_as_the_cli_does_and_the_audit_reproduces(club: str) -> None:
    ledger = RatingLedger(club, user="officer")
    try:
        with pytest.raises(PeriodError) as early:
            publish(ledger, "iecg-1.7", "2024-01", on="2024-02-28")
        assert str(early.value) == (
            "publication date 2024-02-28 is before the last day of period 2024-01 (2024-02-29): "
            "a list is published once its period is over"
        )
        done = publish(ledger, "iecg-1.7", "2024-01", on="2024-03-01")
        assert (done.on, done.players, done.digest, done.head.position) == ("2024-03-01", 2, DIGEST, 11)
        with pytest.raises(DuplicatePublicationError, match=r"^the iecg-1.7 list of 2024-01 was already published"):
            publish(ledger, "iecg-1.7", "2024-01", on="2024-03-01")
        with pytest.raises(LedgerError, match=r"^game 'E-001' is already recorded$"):
            ledger.record_game("E-001", white="1001", black="1002", result="1-0", finished="2024-01-14")
        ledger.correct_game("E-001", changes={"result": "1/2-1/2"}, reason="mistyped", reported_on="2024-03-05")
    finally:
        ledger.close()
    with Ratings.open(club) as ratings:
        (published,) = ratings.publications()
        assert (published.rules, published.period, published.digest) == ("iecg-1.7", "2024-01", DIGEST)
        report = ratings.audit("iecg-1.7", "2024-01")
        assert report.reproduces
        assert [(c.player, c.delta) for c in report.changes] == [("1001", -10), ("1002", 10)]


def test_an_icu_group_that_cannot_be_graded_is_a_note_and_a_refusal(tmp_path: Path) -> None:
    """ICU 1980, "Playing Unrated Players": X and Y, ungraded, play only each other."""
    db = str(tmp_path / "icu.db")
    ledger = RatingLedger.create(db, user="officer")
    try:
        for player in ("X", "Y"):
            ledger.register_player(player, f"Player {player}", reported_on="1980-01-02")
        ledger.record_game("g1", white="X", black="Y", result="1-0", finished="1980-06-01", reported_on="1980-06-01")
    finally:
        ledger.close()
    with Ratings.open(db) as ratings:
        assert ratings.notes("icu-1980", "1980-01") == (
            "not graded: no graded opponent, directly or through other ungraded players "
            "(ICU 1980, Playing Unrated Players): X, Y",
        )
        with pytest.raises(LedgerError) as refused:
            ratings.explain("X", "icu-1980", "1980-01")
        assert str(refused.value) == (
            "X cannot be graded in 1980-01: his group of ungraded players (X, Y) met no graded opponent, "
            "directly or through each other (ICU 1980, Playing Unrated Players)"
        )


def test_a_fact_a_replay_cannot_use_is_refused_unless_skipped(club: str, monkeypatch: pytest.MonkeyPatch) -> None:
    from ledger import values

    with monkeypatch.context() as unbounded:  # the bounds of issue 10 §3 switched off, to record the fact
        for name in ("check_rating", "check_games", "check_whole"):
            unbounded.setattr(values, name, lambda value, *_: value)
        ledger = RatingLedger(club, user="officer")
        try:
            ledger.register_player("X", "Xaver Xu", source="iccf", starting_rating=10**30, rated_games=20)
        finally:
            ledger.close()
    with pytest.raises(UnusableFactError, match=r"^the log holds a fact that cannot be used: position 12 "):
        Ratings.open(club)
    said: list[str] = []
    with Ratings.open(club, notice=said.append, skip_unusable=True) as ratings:
        assert [r["player"] for r in ratings.list("iecg-1.7", "2024-01").rows] == ["1001", "1002"]
    assert len(said) == 1 and said[0].startswith("skipped: position 12 ")


def test_the_public_names_are_each_defined_where_the_package_says() -> None:
    """``projections.__all__`` is :data:`projections.NAMES`'s keys, and each name is its module's own."""
    import importlib

    import projections

    assert sorted(projections.__all__) == sorted(projections.NAMES)
    for name, module in projections.NAMES.items():
        assert getattr(projections, name) is getattr(importlib.import_module(module), name)
