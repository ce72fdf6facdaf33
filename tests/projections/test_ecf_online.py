"""ECF online ratings (projections.rules.ecf_online), through SYSTEM.run, SYSTEM.row and SYSTEM.explain.

Source: seed ``003_5a3c6466f750d2b6.txt`` (the ECF's "Rating Calculation" page,
https://englishchessonline.org.uk/ecf-online-rating-calculation/): "Rnew =
Roriginal + k (W-We)", "Roriginal is the starting rating" of "the monthly
grading formula" (every result of a month from the ratings at its start), We
"based on the elo probability table" (FIDE's table 8.1.2,
https://handbook.fide.com/chapter/B022024), seeds "FIDE ELO rating =
7.5*ECF+700", and the time-control guidelines. k = 20 is the package's choice 1
(the seed gives none). Every number is worked by hand in its comment.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence

import pytest

from commands.explanation_text import say
from projections.rules.common import Game, PlayerInfo, PriorValue, local
from projections.rules.ecf_online import (
    DESCRIPTIONS,
    ECF_ONLINE,
    ECF_ONLINE_BLITZ,
    ECF_ONLINE_RAPID,
    SYSTEM,
    VERSIONS,
    EcfOnlineParams,
)
from projections.rules.ecf_online.explain import MESSAGES
from projections.rules.ecf_online.formulas import EcfOnlineState, category_of
from projections.rules.explanation import Explanation

PERIOD = ECF_ONLINE.periods.index("2024-05")


def notes(explanation: Explanation) -> list[str]:
    """What the explanation says after the player's terms, in words (each key one of :data:`MESSAGES`)."""
    said = [s for s in explanation.statements if s.key.startswith("ecf_online.")]
    assert all(s.key in MESSAGES for s in said)
    return [say(s).removeprefix("note: ") for s in said]


def person(player: str, starting: int = 1500, **priors: float | tuple[float, str]) -> PlayerInfo:
    """A player with priors given as system=rating (``ecf_rapid`` for ``ecf-rapid``), or (rating, status)."""
    values = []
    for system, value in sorted(priors.items()):
        rating, status = value if isinstance(value, tuple) else (value, None)
        values.append(PriorValue(system.replace("_", "-"), rating, None, status, None, None, "2024-01-01"))
    return PlayerInfo(player, None, starting, "test", tuple(values))


def infos(*people: PlayerInfo) -> Callable[[str], PlayerInfo]:
    known = {p.player: p for p in people}
    return lambda player: known.get(player) or person(player)


def game(gid: str, white: str, black: str, points2: int, day: str = "2024-05-10", tc: str | None = "5400+30") -> Game:
    return Game(gid, white, black, points2, day, "League", tc)


def run(
    params: EcfOnlineParams,
    states: Mapping[str, EcfOnlineState],
    games: Sequence[Game],
    info: Callable[[str], PlayerInfo] | None = None,
) -> dict[str, EcfOnlineState]:
    return SYSTEM.run(params, PERIOD, states, games, info or infos()).changed


def at(rating: float, games: int = 50) -> EcfOnlineState:
    return EcfOnlineState(rating, games, "ecf")


# --- time controls ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("time_control", "category"),
    [
        # Standard: "60 minutes or more per player".
        ("3600", "standard"),  # 60 minutes
        ("3599", "rapid"),  # just under: rapid ("less than 60 minutes")
        ("5400+30", "standard"),  # 90 min + 60 × 30 s = 120 min
        ("3000+10", "standard"),  # 50 min + 60 × 10 s = 60 min
        ("2990+10", "rapid"),  # 49 min 50 s + 10 min = 59 min 50 s
        ("40/7200:3600", "standard"),  # 40 moves in 120 min, then 60 min: 180 min within 60 moves
        ("40/1200:600", "rapid"),  # 20 min + 10 min = 30 min
        ("20/300", "rapid"),  # 20 moves in 5 min, repeating: three periods within 60 moves = 15 min
        ("40/300", "blitz"),  # two periods within 60 moves = 10 min
        # Rapid: "more than 10 minutes and less than 60 minutes"; blitz: "between 3 and 10 minutes".
        ("660", "rapid"),  # 11 minutes
        ("601", "rapid"),  # a second over 10 minutes
        ("600", "blitz"),  # 10 minutes
        ("300+5", "blitz"),  # 5 min + 60 × 5 s = 10 min
        ("300+6", "rapid"),  # 5 min + 60 × 6 s = 11 min
        ("180", "blitz"),  # 3 minutes
        ("120+1", "blitz"),  # 2 min + 60 × 1 s = 3 min
        ("*180", "blitz"),  # sandclock: its 3 minutes
        # Faster: not rated.
        ("179", None),
        ("119+1", None),  # 1 min 59 s + 1 min = 2 min 59 s
        ("60+1", None),
        ("*60", None),
        # Choice 4: no time control ("-") has no limit; unknown ("?", None, not PGN) is standard.
        ("-", "standard"),
        ("?", "standard"),
        (None, "standard"),
        ("G/90", "standard"),
    ],
)
def test_the_category_of_a_time_control(time_control: str | None, category: str | None) -> None:
    assert category_of(time_control) == category


def test_each_list_rates_only_its_own_games() -> None:
    games = [
        game("s", "A", "B", 2, tc="5400+30"),
        game("r", "A", "B", 2, tc="900+10"),  # 15 + 10 = 25 min
        game("b", "A", "B", 2, tc="180+2"),  # 3 + 2 = 5 min
        game("bullet", "C", "D", 2, tc="60"),  # 1 min: in no list
    ]
    for params, gid in ((ECF_ONLINE, "s"), (ECF_ONLINE_RAPID, "r"), (ECF_ONLINE_BLITZ, "b")):
        changed = run(params, {}, games)
        assert sorted(changed) == ["A", "B"]
        assert changed["A"].games == 1
        lines = SYSTEM.explain(params, PERIOD, {}, games, infos(), "A").rows
        assert [line[0] for line in lines] == [gid]
    with pytest.raises(LookupError, match="played no blitz game in period 2024-05"):
        SYSTEM.explain(ECF_ONLINE_BLITZ, PERIOD, {}, games, infos(), "C")


# --- the formula -------------------------------------------------------------------------------


def month_of_four() -> tuple[dict[str, EcfOnlineState], list[Game]]:
    """A at 1600 plays three games of May; B, C and D, his opponents, play each other too, before him."""
    states = {"A": at(1600), "B": at(1500), "C": at(1650), "D": at(1700)}
    games = [
        game("g1", "B", "C", 2, "2024-05-01"),  # B beats C
        game("g2", "D", "B", 1, "2024-05-02"),  # D draws B
        game("g3", "A", "B", 2, "2024-05-03"),  # A beats B
        game("g4", "C", "A", 1, "2024-05-05"),  # C draws A
        game("g5", "D", "A", 2, "2024-05-07"),  # D beats A
    ]
    return states, games


def test_every_result_of_the_month_is_rated_from_the_start_of_month_ratings() -> None:
    # Seed 003, "Rating Algorithm": "the monthly grading formula ... Rnew = Roriginal + k (W-We) where Roriginal
    # is the starting rating": every We from both players' ratings at the START of May (A 1600,
    # B 1500, C 1650, D 1700), whatever their earlier games of May did; k = 20; FIDE table 8.1.2:
    #   g1 B (1500) beats C (1650): D 150 (row 146-153) C .70, B .30: B 20 × (1 − .30) = +14.0, C 20 × −.70 = −14.0
    #   g2 D (1700) draws B (1500): D 200 (row 198-206) D .76, B .24: D 20 × (.5 − .76) = −5.2, B +5.2
    #   g3 A (1600) beats B (1500): D 100 (row 99-106) A .64, B .36: A 20 × (1 − .64) = +7.2, B 20 × −.36 = −7.2
    #   g4 C (1650) draws A (1600): D 50 (row 47-53) C .57, A .43: A 20 × (.5 − .43) = +1.4, C −1.4
    #   g5 D (1700) beats A (1600): D 100 (row 99-106) D .64, A .36: A 20 × (0 − .36) = −7.2, D +7.2
    # A: 1600 + 7.2 + 1.4 − 7.2 = 1601.4 (published 1601); B: 1500 + 14 + 5.2 − 7.2 = 1512.0;
    # C: 1650 − 14 − 1.4 = 1634.6 (published 1635, half up); D: 1700 − 5.2 + 7.2 = 1702.0.
    # Game by game, A would have met B at 1519.2 (D 80.8 → 81, row 77-83: .61) and gained 7.8, not 7.2.
    states, games = month_of_four()
    changed = run(ECF_ONLINE, states, games)
    assert {p: s.rating for p, s in changed.items()} == pytest.approx(
        {"A": 1601.4, "B": 1512.0, "C": 1634.6, "D": 1702.0}
    )
    assert {p: (s.games, s.period_games) for p, s in changed.items()} == {
        "A": (53, 3), "B": (53, 3), "C": (52, 2), "D": (52, 2)
    }  # fmt: skip
    published = {p: SYSTEM.row(ECF_ONLINE, PERIOD, p, s, person(p))["rating"] for p, s in changed.items()}  # type: ignore[index]
    assert published == {"A": 1601, "B": 1512, "C": 1635, "D": 1702}
    assert SYSTEM.row(ECF_ONLINE, PERIOD, "A", changed["A"], person("A")) == {
        "rating": 1601,
        "status": "rated",
        "games": 53,
        "category": "standard",
        "k": 20,
        "seed": "ecf",
        "period_games": 3,
    }
    # The explanation: the same terms, each against the start-of-month ratings (R and R(opp) never move).
    explanation = SYSTEM.explain(ECF_ONLINE, PERIOD, states, games, infos(), "A")
    headings = ["game", "opponent", "R", "R(opp)", "diff", "W", "We", "k·(W−We)"]
    assert [c.heading for c in explanation.columns] == headings
    assert explanation.rows == (
        ("g3", "B", 1600.0, 1500.0, 100, 1.0, 0.64, 7.2),
        ("g4", "C", 1600.0, 1650.0, -50, 0.5, 0.43, 1.4),
        ("g5", "D", 1600.0, 1700.0, -100, 0.0, 0.36, -7.2),
    )
    # Σ(W − We) = .36 + .07 − .36 = .07; ΔR = 20 × .07 = 1.4.
    assert dict(explanation.before) == {"rating": 1600.0, "games": 50, "seed": "ecf"}
    assert dict(explanation.terms) == pytest.approx({"k": 20, "category": "standard", "Σ(W−We)": 0.07, "ΔR": 1.4})
    assert dict(explanation.after) == pytest.approx({"rating": 1601, "exact": 1601.4, "games": 53})


def test_the_order_of_the_month_s_games_does_not_matter() -> None:
    # Every game reads the start of the month: the month's games in any order give the same states, to the bit.
    states, games = month_of_four()
    forward = run(ECF_ONLINE, states, games)
    assert run(ECF_ONLINE, states, games[::-1]) == forward
    assert run(ECF_ONLINE, states, [games[2], games[0], games[4], games[1], games[3]]) == forward


def test_a_new_player_plays_every_game_of_his_first_month_from_his_seed() -> None:
    # X has no online rating: "Starting Ratings" seeds him from his ECF grade 120: 7.5 × 120 + 700 = 1600, his
    # start of May. X (1600) beats A (1600): D 0 (row 0-3) .50: +10; X (1600) beats B (1500): D 100 (row 99-106)
    # .64: 20 × .36 = +7.2. X: 1600 + 10 + 7.2 = 1617.2 (published 1617). A: 1600 − 10 = 1590; B: 20 × −.36:
    # 1500 − 7.2 = 1492.8 (published 1493). Game by game X would have met B at 1610 (D 110, row 107-113: .65, +7.0).
    info = infos(person("X", ecf=120))
    states = {"A": at(1600), "B": at(1500)}
    games = [game("g1", "X", "A", 2, "2024-05-01"), game("g2", "B", "X", 0, "2024-05-02")]
    changed = run(ECF_ONLINE, states, games, info)
    assert {p: s.rating for p, s in changed.items()} == pytest.approx({"X": 1617.2, "A": 1590.0, "B": 1492.8})
    assert (changed["X"].seed, changed["X"].games, changed["X"].period_games) == ("ecf", 2, 2)
    explanation = SYSTEM.explain(ECF_ONLINE, PERIOD, states, games, info, "X")
    assert explanation.rows == (
        ("g1", "A", 1600.0, 1600.0, 0, 1.0, 0.5, 10.0),
        ("g2", "B", 1600.0, 1500.0, 100, 1.0, 0.64, 7.2),
    )
    assert notes(explanation)[0] == '"Starting Ratings": the ecf grade 120 as of 2024-01-01: 7.5 × 120 + 700 = 1600'
    # B's explanation reads X at his seed, the start of May, too.
    assert SYSTEM.explain(ECF_ONLINE, PERIOD, states, games, info, "B").rows == (
        ("g2", "X", 1500.0, 1600.0, -100, 0.0, 0.36, -7.2),
    )


def test_there_is_no_400_point_rule() -> None:
    # 1500 beats 2000: D −500 (row 485-517) We .04; 20 × .96 = +19.2 → 1519.2 (published 1519);
    # 2000: We .96; 20 × −.96 = −19.2 → 1980.8 (published 1981). Capped at 400 it would be +18.4.
    changed = run(ECF_ONLINE_RAPID, {"A": at(1500), "B": at(2000)}, [game("g1", "A", "B", 2, tc="1200")])
    assert changed["A"].rating == pytest.approx(1519.2)
    assert SYSTEM.row(ECF_ONLINE_RAPID, PERIOD, "B", changed["B"], person("B"))["rating"] == 1981  # type: ignore[index]


# --- seeds -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("params", "priors", "rating", "source"),
    [
        # "converted ECF OTB standard grades (for online standard rating) or converted ECF OTB rapid grades (for
        # online rapid or blitz ratings)": 7.5 × 150 + 700 = 1825; 7.5 × 140 + 700 = 1750.
        (ECF_ONLINE, {"ecf": 150, "ecf_rapid": 140}, 1825, "ecf"),
        (ECF_ONLINE_RAPID, {"ecf": 150, "ecf_rapid": 140}, 1750, "ecf-rapid"),
        (ECF_ONLINE_BLITZ, {"ecf": 150, "ecf_rapid": 140}, 1750, "ecf-rapid"),
        # "OTB standard ratings have been used where no rapid rating is available and vice versa".
        (ECF_ONLINE, {"ecf_rapid": 140, "fide": 2000}, 1750, "ecf-rapid"),
        (ECF_ONLINE_BLITZ, {"ecf": 150, "fide": 2000}, 1825, "ecf"),
        # "Where no OTB ratings are available FIDE elo ratings have been used where known, or otherwise the
        # player's internet provider rating".
        (ECF_ONLINE, {"fide": 1900, "internet": 1650}, 1900, "fide"),
        (ECF_ONLINE_RAPID, {"internet": 1650}, 1650, "internet"),
        # Choice 5: an online rating already is used as it is; one of another category is not.
        (ECF_ONLINE, {"ecf_online": 1777, "ecf": 150}, 1777, "ecf-online"),
        (ECF_ONLINE, {"ecf_online": (1777, "blitz"), "ecf": 150}, 1825, "ecf"),
        (ECF_ONLINE_BLITZ, {"ecf_online": (1777, "blitz"), "ecf": 150}, 1777, "ecf-online"),
        # Choice 5: nothing at all: the registration's starting rating.
        (ECF_ONLINE, {}, 1234, "registration"),
        # An exact seed: 7.5 × 150.5 + 700 = 1828.75, published 1829.
        (ECF_ONLINE, {"ecf": 150.5}, 1828.75, "ecf"),
    ],
    ids=str,
)
def test_seeds_and_their_fallbacks(
    params: EcfOnlineParams, priors: dict[str, float | tuple[float, str]], rating: float, source: str
) -> None:
    # X draws Y, both with the same seed (We .50): no change, so the rating after the game is the seed.
    info = infos(person("X", 1234, **priors), person("Y", 1234, **priors))
    games = [game("g1", "X", "Y", 1, tc={"standard": "5400", "rapid": "1200", "blitz": "300"}[params.category])]
    after = run(params, {}, games, info)["X"]
    assert after.rating == pytest.approx(rating)
    assert (after.seed, after.games) == (source, 1)
    explanation = SYSTEM.explain(params, PERIOD, {}, games, info, "X")
    assert dict(explanation.before)["rating"] == pytest.approx(rating)
    words = notes(explanation)[0]
    assert "starting rating 1234" in words if source == "registration" else '"Starting Ratings"' in words
    row = SYSTEM.row(params, PERIOD, "X", after, info("X"))
    assert row is not None and row["rating"] == int(rating + 0.5) and row["seed"] == source


def test_the_seed_of_a_grade_is_explained_with_the_formula() -> None:
    info = infos(person("X", ecf=150), person("Y", ecf=150))
    said = notes(SYSTEM.explain(ECF_ONLINE, PERIOD, {}, [game("g1", "X", "Y", 1)], info, "X"))
    assert said[0] == '"Starting Ratings": the ecf grade 150 as of 2024-01-01: 7.5 × 150 + 700 = 1825'


def test_a_player_on_the_list_keeps_his_rating_not_a_new_seed() -> None:
    # A is on the list at 1600 (and has a grade that would seed 1825): the list wins. He draws B 1600: 1600.
    info = infos(person("A", ecf=150))
    changed = run(ECF_ONLINE, {"A": at(1600), "B": at(1600)}, [game("g1", "A", "B", 1)], info)
    assert changed["A"] == EcfOnlineState(1600.0, 51, "ecf", PERIOD, 1)


# --- system -------------------------------------------------------------------------------------


def test_system_keys_and_versions() -> None:
    assert SYSTEM.family == "ecf-online"
    # "Roriginal is the starting rating": each player from his start, his games and his opponents' starts.
    assert SYSTEM.reach is local
    assert SYSTEM.keys == ("rating", "status", "games", "category", "k", "seed", "period_games")
    assert SYSTEM.walkovers is False
    assert [(p.name, p.category, p.k, p.periods.months) for p in VERSIONS] == [
        ("ecf-online", "standard", 20, 1),
        ("ecf-online-rapid", "rapid", 20, 1),
        ("ecf-online-blitz", "blitz", 20, 1),
    ]
    assert list(DESCRIPTIONS) == ["ecf-online", "ecf-online-rapid", "ecf-online-blitz"]
    assert all(changes for _, changes in DESCRIPTIONS.values())


def test_a_state_survives_json() -> None:
    state = EcfOnlineState(1519.8, 52, "fide", PERIOD, 2)
    assert SYSTEM.make(json.loads(json.dumps(state))) == state


def test_the_period_games_are_those_of_the_listed_period() -> None:
    state = EcfOnlineState(1519.8, 52, "fide", PERIOD, 2)
    assert SYSTEM.row(ECF_ONLINE, PERIOD + 1, "A", state, person("A"))["period_games"] == 0  # type: ignore[index]


def test_other_categories_are_named_in_the_explanation() -> None:
    games = [game("s", "A", "B", 2, tc="5400"), game("b", "A", "B", 0, tc="300")]
    said = notes(SYSTEM.explain(ECF_ONLINE, PERIOD, {}, games, infos(), "A"))
    assert "1 game(s) of the period are not standard games and are not rated on this list" in said
