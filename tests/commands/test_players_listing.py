"""``ratings players`` (issue 13 §4): everyone registered, with ids, country, born, status and his latest lists.

The expected tables are written by hand from the facts each test records; the ratings of ``--rules iecg-1.7``
are those worked by hand in tests/commands/test_list.py (``test_json_worked_by_hand``): two established ICCF
players of 2000 and 1800, Pn = 100, one game 1-0 in January 2024 → 2005 and 1795.
"""

from __future__ import annotations

import json

import pytest

from tests.commands.support import Ratings, stored_rows


@pytest.fixture
def federation(ratings: Ratings) -> Ratings:
    """Five players: Anna (DE, a WIM, born 1980-05-01, FIDE 2500001, ecf:123456A, ICCF 2000) and Bob (IE, icu:1234,
    ICCF 1800), established; Karla Kosta of DE corrected to Carla Costa of PT; Dan Doyle (IE) voided after
    playing Carla in event E1; Eve Egan (IE) inactive from 5 January 2024. Anna beats Bob in E1 on 10 January."""
    ratings.register("A", "Anna Adler", "--country", "DE", "--born", "1980-05-01", "--source", "iccf",
                     "--starting-rating", "2000", "--rated-games", "100", "--sex", "F", "--title", "WIM",
                     "--fide-id", "2500001", "--national-id", "ecf:123456A")  # fmt: skip
    ratings.register("B", "Bob Byrne", "--country", "IE", "--source", "iccf", "--starting-rating", "1800",
                     "--rated-games", "100", "--national-id", "icu:1234")  # fmt: skip
    ratings.register("C", "Karla Kosta", "--country", "DE")
    ratings.register("D", "Dan Doyle", "--country", "IE")
    ratings.register("E", "Eve Egan", "--country", "IE")
    ratings.ok("player", "correct", "C", "--name", "Carla Costa", "--country", "PT", "--reason", "misspelt",
               "--reported", "2024-01-03")  # fmt: skip
    ratings.ok("player", "inactive", "E", "--on", "2024-01-05", "--reason", "a break", "--reported", "2024-01-05")
    ratings.ok("event", "register", "E1", "--name", "Spring open", "--type", "swiss", "--start", "2024-01-10",
               "--mode", "email", "--reported", "2024-01-10")  # fmt: skip
    ratings.game("G1", "A", "B", "1-0", "2024-01-10", "--event", "E1")
    ratings.game("G2", "D", "C", "0-1", "2024-01-12", "--event", "E1")
    ratings.ok("player", "void", "D", "--reason", "registered in error", "--reported", "2024-01-15")
    return ratings


EVERYONE = """\
player  name         country  fed  sex  title  born        FIDE id  national ids  status
------  -----------  -------  ---  ---  -----  ----------  -------  ------------  --------
A       Anna Adler   DE       GER  F    WIM    1980-05-01  2500001  ecf:123456A   active
B       Bob Byrne    IE       IRL                                   icu:1234      active
C       Carla Costa  PT       POR                                                 active
D       Dan Doyle    IE       IRL                                                 void
E       Eve Egan     IE       IRL                                                 inactive
"""
"""The federation is FIDE's code of the country where none is recorded (DE: GER, IE: IRL, and Carla's PT, as
corrected: POR)."""


def test_everyone_registered_with_ids_corrected_names_and_status(federation: Ratings) -> None:
    assert federation.ok("players").output == EVERYONE


def test_search_is_a_case_insensitive_substring_of_id_name_or_any_id_number(federation: Ratings) -> None:
    def players(text: str) -> list[str]:
        lines = federation.ok("players", "--search", text).output.splitlines()[2:]
        return [line.split()[0] for line in lines]

    assert players("BYRNE") == ["B"]
    assert players("2500001") == ["A"]  # the FIDE id
    assert players("1234") == ["A", "B"]  # Anna's ecf:123456A holds it, and Bob's icu:1234
    assert players("costa") == ["C"]  # the corrected name
    assert players("kosta") == []  # not the name as first registered
    assert players("e") == ["A", "B", "D", "E"]  # Anna Adler, Bob Byrne, Dan Doyle, id E (and Eve)


def test_country_in_any_case(federation: Ratings) -> None:
    expected = """\
player  name       country  fed  sex  title  born  FIDE id  national ids  status
------  ---------  -------  ---  ---  -----  ----  -------  ------------  --------
B       Bob Byrne  IE       IRL                             icu:1234      active
D       Dan Doyle  IE       IRL                                           void
E       Eve Egan   IE       IRL                                           inactive
"""
    assert federation.ok("players", "--country", "IE").output == expected
    assert federation.ok("players", "--country", "ie").output == expected
    assert federation.ok("players", "--country", "DE", "--format", "csv").output == (
        "player,name,country,federation,sex,title,born,fide_id,national_ids,status\n"
        "A,Anna Adler,DE,GER,F,WIM,1980-05-01,2500001,ecf:123456A,active\n"
    )


def test_a_bad_country_is_refused_with_exit_1(federation: Ratings) -> None:
    federation.refused("players", "--country", "I3", message="--country 'I3' is not a code of two or three capital")
    federation.refused("players", "--country", "Ireland", message="--country 'IRELAND' is not a code")


def test_event_lists_the_players_of_its_games_not_void(federation: Ratings) -> None:
    """G2 of E1 was played by Dan Doyle, since voided: the game leaves with him, so Carla is not listed."""
    assert federation.ok("players", "--event", "E1", "--format", "csv").output == (
        "player,name,country,federation,sex,title,born,fide_id,national_ids,status\n"
        "A,Anna Adler,DE,GER,F,WIM,1980-05-01,2500001,ecf:123456A,active\n"
        "B,Bob Byrne,IE,IRL,,,,,icu:1234,active\n"
    )


def test_an_unknown_event_is_refused_and_the_ledger_unchanged(federation: Ratings) -> None:
    before = stored_rows(federation.db)
    result = federation.refused("players", "--event", "NOPE", message="unknown event 'NOPE'")
    assert result.stdout == ""
    assert stored_rows(federation.db) == before


def test_rules_column_shows_rating_and_status_on_the_latest_list(federation: Ratings) -> None:
    """The last game is of January 2024: the latest IECG period is 2024-01 (two months from January)."""
    expected = """\
player  name         country  fed  sex  title  born        FIDE id  national ids  status    iecg-1.7 2024-01
------  -----------  -------  ---  ---  -----  ----------  -------  ------------  --------  ----------------
A       Anna Adler   DE       GER  F    WIM    1980-05-01  2500001  ecf:123456A   active    2005 established
B       Bob Byrne    IE       IRL                                   icu:1234      active    1795 established
C       Carla Costa  PT       POR                                                 active
D       Dan Doyle    IE       IRL                                                 void
E       Eve Egan     IE       IRL                                                 inactive
"""
    assert federation.ok("players", "--rules", "iecg-1.7").output == expected


def test_json_with_rules(federation: Ratings) -> None:
    found = json.loads(federation.ok("players", "--search", "a", "--rules", "iecg-1.7", "--format", "json").output)
    assert found == {
        "lists": {"iecg-1.7": "2024-01"},
        "players": [
            {
                "player": "A",
                "name": "Anna Adler",
                "country": "DE",
                "federation": "GER",
                "sex": "F",
                "title": "WIM",
                "born": "1980-05-01",
                "fide_id": "2500001",
                "national_ids": {"ecf": "123456A"},
                "status": "active",
                "lists": {"iecg-1.7": {"rating": 2005, "status": "established"}},
            },
            {
                "player": "C",
                "name": "Carla Costa",
                "country": "PT",
                "federation": "POR",
                "sex": None,
                "title": None,
                "born": None,
                "fide_id": None,
                "national_ids": {},
                "status": "active",
                "lists": {"iecg-1.7": None},
            },
            {
                "player": "D",
                "name": "Dan Doyle",
                "country": "IE",
                "federation": "IRL",
                "sex": None,
                "title": None,
                "born": None,
                "fide_id": None,
                "national_ids": {},
                "status": "void",
                "lists": {"iecg-1.7": None},
            },
            {
                "player": "E",
                "name": "Eve Egan",
                "country": "IE",
                "federation": "IRL",
                "sex": None,
                "title": None,
                "born": None,
                "fide_id": None,
                "national_ids": {},
                "status": "inactive",
                "lists": {"iecg-1.7": None},
            },
        ],
    }


def test_rules_on_a_ledger_without_games_has_no_list(ratings: Ratings) -> None:
    ratings.register("A", "Anna Adler", "--country", "DE")
    assert ratings.ok("players", "--rules", "iecg-1.7", "--format", "csv").output == (
        "player,name,country,federation,sex,title,born,fide_id,national_ids,status,iecg-1.7\n"
        "A,Anna Adler,DE,GER,,,,,,active,\n"
    )
    found = json.loads(ratings.ok("players", "--rules", "iecg-1.7", "--format", "json").output)
    assert found["lists"] == {"iecg-1.7": None}
    assert found["players"][0]["lists"] == {"iecg-1.7": None}


def test_an_empty_ledger_lists_nobody(ratings: Ratings) -> None:
    assert ratings.ok("players", "--format", "json").output == '{\n  "lists": {},\n  "players": []\n}\n'
    assert ratings.ok("players").output == (
        "player  name  country  fed  sex  title  born  FIDE id  national ids  status\n"
        "------  ----  -------  ---  ---  -----  ----  -------  ------------  ------\n"
    )


def test_all_lists_adds_each_familys_current_list(federation: Ratings) -> None:
    """One column per family, each headed by its latest period for a last game in January 2024: the IECG's
    two months, the ICU's year and the ECF grading's half year (six-monthly from 2012, ecf_grading choice 1)
    all start in January; the monthly systems' period is the month."""
    found = json.loads(federation.ok("players", "--search", "anna", "--all-lists", "--format", "json").output)
    assert found["lists"] == {
        "iecg-1.7": "2024-01",
        "icu-1980": "2024-01",
        "ecf-grading": "2024-01",
        "ecf-online": "2024-01",
        "fide": "2024-01",
        "glicko": "2024-01",
        "glicko2": "2024-01",
    }
    assert found["players"][0]["lists"]["iecg-1.7"] == {"rating": 2005, "status": "established"}


def test_a_merged_duplicate_shows_merged_into_the_original(federation: Ratings) -> None:
    """Issue 22 §5: F, a second registration of Anna, merged into A, was listed ``active``. P into Q, then Q into
    R: P shows the registration his facts count as, R."""
    federation.register("F", "Anna Adler-Byrne", "--country", "DE")
    federation.ok("player", "merge", "F", "--into", "A", "--reason", "registered twice", "--reported", "2024-01-20")
    assert federation.ok("players", "--search", "adler").output == (
        "player  name              country  fed  sex  title  born        FIDE id  national ids  status\n"
        "------  ----------------  -------  ---  ---  -----  ----------  -------  ------------  -------------\n"
        "A       Anna Adler        DE       GER  F    WIM    1980-05-01  2500001  ecf:123456A   active\n"
        "F       Anna Adler-Byrne  DE       GER                                                 merged into A\n"
    )
    federation.register("G", "Anna A.", "--country", "DE")
    federation.register("H", "Anna", "--country", "DE")
    federation.ok("player", "merge", "G", "--into", "H", "--reason", "twice", "--reported", "2024-01-21")
    federation.ok("player", "merge", "H", "--into", "B", "--reason", "twice", "--reported", "2024-01-22")
    found = json.loads(federation.ok("players", "--format", "json").stdout)["players"]
    assert {p["player"]: p["status"] for p in found if p["player"] in "FGH"} == {
        "F": "merged into A",
        "G": "merged into B",
        "H": "merged into B",
    }
    federation.ok("player", "unmerge", "F", "--reason", "not her after all", "--reported", "2024-01-23")
    assert (
        "F       Anna Adler-Byrne  DE       GER                                                 active"
        in federation.ok("players", "--search", "adler").output
    )
