"""ECF online ratings (projections.rules.ecf_online), through SYSTEM.run, SYSTEM.row and SYSTEM.explain.

Source: seed ``003_5a3c6466f750d2b6.txt`` (the ECF's "Rating Calculation" page,
https://englishchessonline.org.uk/ecf-online-rating-calculation/): "Rnew =
Roriginal + k (W-We)", We "based on the elo probability table" (FIDE's table
8.1.2, https://handbook.fide.com/chapter/B022024), seeds "FIDE ELO rating =
7.5*ECF+700", and the time-control guidelines. k = 20 is this module's choice
(the seed gives none). Every number is worked by hand in its comment.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence

import pytest

from projections.rules.common import Game, PlayerInfo, PriorValue
from projections.rules.ecf_online import (
    DESCRIPTIONS,
    ECF_ONLINE,
    ECF_ONLINE_BLITZ,
    ECF_ONLINE_RAPID,
    SYSTEM,
    VERSIONS,
    EcfOnlineParams,
    EcfOnlineState,
    category_of,
)

PERIOD = ECF_ONLINE.periods.index("2024-05")


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
        lines = SYSTEM.explain(params, PERIOD, {}, games, infos(), "A").lines
        assert [line[0] for line in lines] == [gid]
    with pytest.raises(LookupError, match="played no blitz game in period 2024-05"):
        SYSTEM.explain(ECF_ONLINE_BLITZ, PERIOD, {}, games, infos(), "C")


# --- the formula -------------------------------------------------------------------------------


def test_each_game_moves_both_ratings_and_the_next_game_uses_them() -> None:
    # A, B and C at 1500. A beats B: We .50; 20 × (1 − .50) = +10: A 1510, B 1490.
    # A (1510) beats C (1500): D 10 (row 4-10) We .51; 20 × (1 − .51) = +9.8: A 1519.8, published 1520;
    # C: We .49; 20 × (0 − .49) = −9.8: 1490.2, published 1490.
    states = {"A": at(1500), "B": at(1500), "C": at(1500)}
    games = [game("g1", "A", "B", 2, "2024-05-01"), game("g2", "C", "A", 0, "2024-05-02")]
    changed = run(ECF_ONLINE, states, games)
    assert changed["A"].rating == pytest.approx(1519.8)
    assert changed["B"].rating == 1490.0
    assert changed["C"].rating == pytest.approx(1490.2)
    assert SYSTEM.row(ECF_ONLINE, PERIOD, "A", changed["A"], person("A")) == {
        "rating": 1520,
        "status": "rated",
        "games": 52,
        "category": "standard",
        "k": 20,
        "seed": "ecf",
        "period_games": 2,
    }
    explanation = SYSTEM.explain(ECF_ONLINE, PERIOD, states, games, infos(), "A")
    assert explanation.columns == ("game", "opponent", "R", "R(opp)", "diff", "W", "We", "k·(W−We)", "R after")
    assert explanation.lines == (
        ("g1", "B", 1500.0, 1500.0, 0, 1.0, 0.5, 10.0, 1510.0),
        ("g2", "C", 1510.0, 1500.0, 10, 1.0, 0.51, 9.8, 1519.8),
    )
    assert dict(explanation.terms) == {"k": 20, "category": "standard", "Σ(W−We)": 0.99, "ΔR": 19.8}
    assert dict(explanation.after)["rating"] == 1520


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
    words = explanation.notes[0]
    assert "starting rating 1234" in words if source == "registration" else '"Starting Ratings"' in words
    row = SYSTEM.row(params, PERIOD, "X", after, info("X"))
    assert row is not None and row["rating"] == int(rating + 0.5) and row["seed"] == source


def test_the_seed_of_a_grade_is_explained_with_the_formula() -> None:
    info = infos(person("X", ecf=150), person("Y", ecf=150))
    notes = SYSTEM.explain(ECF_ONLINE, PERIOD, {}, [game("g1", "X", "Y", 1)], info, "X").notes
    assert notes[0] == '"Starting Ratings": the ecf grade 150 as of 2024-01-01: 7.5 × 150 + 700 = 1825'


def test_a_player_on_the_list_keeps_his_rating_not_a_new_seed() -> None:
    # A is on the list at 1600 (and has a grade that would seed 1825): the list wins. He draws B 1600: 1600.
    info = infos(person("A", ecf=150))
    changed = run(ECF_ONLINE, {"A": at(1600), "B": at(1600)}, [game("g1", "A", "B", 1)], info)
    assert changed["A"] == EcfOnlineState(1600.0, 51, "ecf", PERIOD, 1)


# --- system -------------------------------------------------------------------------------------


def test_system_keys_and_versions() -> None:
    assert SYSTEM.family == "ecf-online"
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
    notes = SYSTEM.explain(ECF_ONLINE, PERIOD, {}, games, infos(), "A").notes
    assert "1 game(s) of the period are not standard games and are not rated on this list" in notes
