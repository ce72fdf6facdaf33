"""FIDE Elo, by version of the FIDE Rating Regulations: ``fide-2014``, ``fide-2017``, ``fide-2022``,
``fide-2024``, ``fide-2025`` (the standard list), ``fide-2024-rapid``, ``fide-2024-blitz``, ``fide-2025-rapid``,
``fide-2025-blitz`` (the Rapid and Blitz Rating Regulations), and ``fide``, the standard list's timeline.

Sources (every version's text, or the parts of it found):

- ``fide-2014``: the Rating Regulations effective from 1 July 2014 till 30 June
  2017 (FIDE Handbook B.02, https://www.fide.com/fide/handbook.html?id=172; the
  handbook's archive lists it as "effective from 1 July 2014 till 30 June
  2017"). Their K clause (numbered 8.56 there) is quoted in full by
  http://samara-chess.ru/index.php?go=Pages&in=print&id=24 and
  http://chessxpose.blogspot.com/2014/08/k40-for-u18.html; the change from 9
  to 5 games for a first rating "effective 1.July.2014" by
  https://uschess.discourse.group/t/initial-fide-rating/19212; the unchanged
  400-point rule and table by http://www.chesselo.com/new_fide_system.html.
- ``fide-2022``: effective from 1 January 2022 till 29 February 2024
  (https://handbook.fide.com/chapter/B022022): §8.2 and §8.3.1 transcribed
  verbatim in a public verification record of the archived page; §8.3.3 (the
  junior K "until the end of the year of their 18th birthday" and the K×n ≤ 700
  cap) as quoted from https://www.fide.com/docs/regulations/FIDE%20Rating%20Regulations%202022.pdf.
- ``fide-2024``: effective from 1 March 2024 (https://handbook.fide.com/chapter/B022024,
  "Approved by FIDE Council on 15/12/2023"), §7 and §8 in full, and
  https://qc.fide.com/2024/03/01/new-rating-regulations-come-into-force/ for the
  one-off increase of ratings between 1000 and 2000 on that day.
- ``fide-2025``: the 2024 text as amended "Effective from 1 October 2025" in
  §8.3.1 (the 400-point rule no longer applies to players rated 2650 and above).
- Rates of play, §1.1 (the standard list): the 2024 text as transcribed from
  https://handbook.fide.com/chapter/B022024 (120 minutes for 60 moves "Where at
  least one of the players in the game has a rating of 2400 or higher", 90 from
  1800, 60 "Where both of the players in the game are rated below 1800"); the 2022
  text the same numbers, "at the start of the tournament"
  (https://handbook.fide.com/chapter/B022022, quoted beside the text it replaced by
  https://kolokwium.blogspot.com/2021/12/przepisy-rankingowe-fide-2022.html);
  the 2017–2021 text ("effective from 1 July 2017 till 31 December 2021 (with
  amendments effective from 1 February 2021)" in the handbook's archive) 2200 and
  1600, "in the game", by the same blog.
- ``fide-*-rapid`` and ``fide-*-blitz``: the Rapid and Blitz Rating Regulations
  "Applied from 1 March, 2024" (https://handbook.fide.com/chapter/B02RBRegulations2024),
  as compared with the standard text, clause by clause, by a public verification
  record (github.com/zugzwang-foundation/Chess-ELO-Rating,
  docs/research/VERIFICATION_2026-10-09.md): §1.1.1 rapid "more than 10 minutes
  but less than 60 minutes for each player; or the time allotted + 60 times any
  increment"; §1.1.2 blitz "more than 3 minutes but not more than 10 minutes";
  §7.2.1 an unrated player's standard rating is used; §7.3.1 the 400-point rule
  with no 2650 exemption and, "Effective from 1 December 2024", games 600 points
  or more apart are not rated "if at least one of the players is rated above 2600";
  K (§7.3.3), rounding, first ratings and the floor word for word the standard
  ones. The earlier rapid and blitz texts (2014, 2017, 2022) were not found (FIDE's
  news of 16 November 2011 had K 20 for every player; a 2021 summary, K 20 or
  700/n, no 400-point rule): no version of them is registered.
- Matches (§6 of the 2024 text): "6.1 Matches in which one player is unrated shall not be rated. 6.2 Where
  a match is over a specific number of games, those played after one player has won shall not be rated. This
  requirement may be waived by prior request.", from https://handbook.fide.com/chapter/B022024 as transcribed
  by the verification record above (github.com/zugzwang-foundation/Chess-ELO-Rating,
  docs/research/VERIFICATION_2026-10-09.md, "§5 and §6"); §6.1 also quoted from the same page by a public
  guide for unrated players. The Rapid and Blitz chapter of 2024 is, by the same record, word for word the
  standard one outside the clauses it lists (matches are not among them), its sections numbered one lower
  from the list onward: its matches clauses are taken as §5.1–5.2 (the numbers inferred, not read). The
  2008 text (FIDE Handbook B.02, "amended by the General Assemblies of 1984 through 2008", as kept by
  http://arbitri.lombardiascacchi.com/handbook/handbook.asp-level=B0206.htm and
  https://docsbay.net/doc/5644/gens-una-sumus) §6.5: "Where a match is over a specific number of games,
  those played after one player has won may not be rated. (GA 2000)"; it has no clause on a match with an
  unrated player, but none of its ways for an unrated player's results to count fits a match of two (§6.31,
  a small round robin, "at least 4 must be rated"; §6.42, a Swiss, "at least three rated opponents in the
  event"). The 2014, 2017–2021 and 2022 texts of these clauses were not found (choice 14).

Clauses (numbered as in the 2022 and 2024 texts; the 2014 text numbers the same
rules differently, K being its 8.56):

- §7.1 a list on the first day of each month: periods of one month
  (:data:`FIDE_PERIODS`), for every version here (monthly since 2012).
- §7.1.4 a first rating is published when it rests on at least 5 games against
  rated opponents, pooled over rating periods of not more than 26 months, and is
  at least the floor (1000 to February 2024, 1400 from March 2024); §7.2.1 a
  player whose rating drops below the floor is unrated on the next list and is
  then treated as any other unrated player.
- §8.1.2 the expected score PD from FIDE's table
  (:mod:`projections.rules.elo_table`), never the logistic formula.
- §8.2 the initial rating: the first event scored zero is disregarded (§8.2.1);
  2014 and 2022: Ra the average of the rated opponents, Ru = Ra at 50%, Ra + 20 a
  half point above 50%, Ra + dp below (§8.2.2–8.2.3); 2024: Ra includes two
  hypothetical opponents rated 1800, both drawn, Ru = Ra + dp, at most 2200.
- §8.3.1 only games against rated players change a rated player's rating; the
  400-point rule: 2014 and 2024 in every game, 2022 "only one upgrade" a
  tournament, 2025 not for players rated 2650 and above.
- §8.3.2 ΔR = K × Σ(W − PD) over the period; §8.3.3 K (below); §8.3.4 the
  period's change rounded to the nearest whole number, 0.5 away from zero.
- The one-off compression of 1 March 2024 (``fide-2024`` and ``fide-2025``):
  a rating R from 1000 to 1999 becomes R + 0.4 × (2000 − R).

Where the texts are silent, or were not found, the choices a FIDE rating
officer would expect:

1. **Periods and lists.** FIDE's list dated the first of a month incorporates
   the play of the month before; here the list of period ``YYYY-MM`` holds the
   play of that month (FIDE's list of the first of the next month). A period is
   rated once: every game with the ratings at the start of the period (the
   previous list), one ΔR a period, rounded once (§8.3.2 c–d allow "a tournament
   or Rating Period"; the brief of this project rates by period). §8.2.4 (an
   unrated player rated before one of his tournaments is rated) cannot arise:
   a first rating is made at the end of a period and used from the next.
2. **K** (§8.3.3, 40/20/10 in every version since 1 July 2014), in this order:
   a player whose published rating ever reached 2400 has K 10; a junior whose
   rating never reached 2300 has K 40; a player with fewer than 30 rated games
   has K 40; anyone else K 20. The order is the one FIDE's published lists
   bear out (the K = 10 line holds "even if the rating drops below 2400"; the
   junior line "as long as their rating remains under 2300"). K is fixed at
   the start of the period from the previous list ("The K is determined based
   on the rating at the beginning of the tournament", FIDE, 1 July 2009). A
   junior is, in 2014, under 18 on the first day of the period ("until their
   18th birthday"); from 2022, in a calendar year no later than the one of his
   18th birthday ("until the end of the year of their 18th birthday"). No date
   of birth: not a junior. The games counted for the 30 are every rated game
   of the player, the games of his first rating included; a prior FIDE rating
   brings its ``games`` (0 when not given). The K×n ≤ 700 cap (2022 on; absent
   from the 2014 K clause as quoted) takes n as the player's rated games of the
   period. The list shows the K of the next period, before that cap.
3. **The 2022 400-point rule** reads "a player may benefit from only one
   upgrade under this rule": the upgrade is the raising of an opponent more
   than 400 points *below* the player to 400 below (it only ever helps the
   higher rated player). So the lower rated player's opponent is always
   counted 400 above him (which never helps him), and the higher rated player
   has one upgrade a tournament, in the game of the greatest difference (the
   first such game in (day, game) order on a tie). The tournament is the
   game's ``tournament``; the games with none recorded in one period are taken
   as one event. A tournament whose games fall in two periods is an event in
   each (the run sees one period).
4. **Rounding.** The period's change: nearest whole number, 0.5 away from zero
   (§8.3.4 of 2022 and 2024; the 2014 text was not found and is taken to round
   the same way). The initial rating: nearest whole number, 0.5 up (§8.2.3
   "rounded to the nearest whole number"); p for table 8.1.1 to two decimals,
   half up (the Title Regulations' rule for the same table). The compressed
   rating: nearest whole number, 0.5 up. Everything else is exact integer
   arithmetic in hundredths (PD has two decimals).
5. **First ratings.** The games counted are the player's games against
   opponents rated at the start of the period; a game between two unrated
   players is not rated for either (2022 and 2024 §8.2.2 "rated opponents";
   the 2014 round-robin method for unrated players' games against each other is
   not applied: the ledger does not record a tournament's pairing system). The
   first event (§8.2.1) is the tournament of the player's first game against a
   rated opponent; "scores zero" is his score against the rated opponents of
   that event. The pool keeps the results of the 26 periods ending with the one
   being rated (§7.1.4 "not more than 26 months"); older results drop out. A
   first rating below the floor is not published, and the player stays unrated
   with his pool, rated again each period until it qualifies. The seed's "at
   least 9 results" (seed ``004``) is the rule before 1 July 2014; every version
   here requires 5 (:attr:`FideParams.first_rating_games`).
6. **Priors.** A ``fide`` prior makes the player rated with it (rounded half
   up) from his first game, with its ``games``; a prior below the version's
   floor leaves him unrated (§7.2.1). Any other prior is ignored: FIDE rates
   an unrated player only by §8.2.
7. **The 2024 compression** is applied once, to every rating on the list dated
   1 March 2024, that is to the ratings the period ``2024-03`` starts from
   (:attr:`FideParams.compression_period`), before its games are rated; so a
   timeline that rates each period by the version in force on its last day
   applies it in the first period under the 2024 rules. The opponents'
   ratings pooled by unrated players are raised the same way, and so is a
   ``fide`` prior dated before 1 March 2024 that seeds a player later. Replayed
   as a version on its own over earlier years, ``fide-2024`` rates those years
   under the 2024 rules too and still compresses on 1 March 2024.
8. **Unplayed games** are not rated (§5.1 "Whether these occur because of
   forfeiture or any other reason, they are not counted"): ``walkovers`` is
   False.
9. **The 2014 and 2017 texts.** Of the 2017–2021 text only §1.1 was found:
   ``fide-2017`` keeps every other clause of ``fide-2014`` (K 40 until the 18th
   birthday, no K×n cap, the 400-point rule in every game), so the two rate
   alike; it is registered so that ``fide-2014`` ends on 30 June 2017 and the
   timeline names the text in force. The 2014 text's §1.1 was not found either:
   it is taken as the 2017 one (2200/1600), the numbers FIDE used since 2000.
10. **Rapid and blitz.** Each list is rated on its own with the standard
   arithmetic of its version (the rapid and blitz chapter repeats it): floor 1400,
   first ratings, K, and the compression of 1 March 2024 (FIDE's news of that day
   names no list: "all players with a rating between 1000 and 2000"). §7.2.1 (an
   unrated player's standard rating is used) is the ``fide`` prior of choice 6,
   since the rapid list cannot see the standard one. ``fide-2025-rapid`` and
   ``fide-2025-blitz`` are the 2024 chapter unchanged: the amendment of 1 October
   2025 is in the standard chapter only.
11. **The timeline** ``fide`` rates each monthly period under the version in force
   on its last day (fide-2014 for any period before 1 July 2014, whose rules were
   K 30/15/10 and 9 games); the compression falls once, in ``2024-03``, the first
   period under fide-2024 (choice 7), and later versions start from the
   compressed list. There is no rapid or blitz timeline: no version of those lists
   before March 2024 is registered.
12. **Rates of play.** A player's time is that of 60 moves: each ``moves/seconds``
   field in full, a sudden-death field with its increment for every move left
   (:func:`projections.rules.common.seconds_for_moves`), as §1.1 ("assuming the
   game lasts 60 moves") and R&B §1.1 ("the time allotted + 60 times any
   increment") say. The ratings of §1.1's tiers ("at the start of the game", 2022
   "of the tournament") are those of the list the period starts from, as every
   rating here; an unrated player is below every tier. A game whose time control
   is not recorded (or is ``?`` or unreadable) is rated on the standard list, as it
   was before rates of play were read, and on neither the rapid nor the blitz list;
   ``-`` (no clock) is slower than any minimum. Which list a game is on is decided
   before the system sees it (:func:`admits`, :func:`excluded`, :func:`rated_games`);
   the period's run rates every game it is given.
13. **Events** (issue 12 §2). An event is rated whole, in the period in which it
   ends (FIDE's list takes a competition once finished: "the closing date ... is
   the date on or by which a competition must be finished to be included on the
   list", FIDE, changes effective 1 July 2009), so an event that crosses a month
   end is not split between two lists (``System.by_event``, ``Game.placed``). Its
   games are rated from the list that period starts from, K included ("The K is
   determined based on the rating at the beginning of the tournament", ibid.):
   that is the list in force at the event's start unless the player had other
   games rated between the event's start and the start of the period of its end
   (a month apart at most for an event of a few days), in which case the later
   list is used: the ledger rates by period and keeps no list beside the run.
   Games of no event, or of an event without an end date, are rated in the period
   of their own day, as before events.
14. **Matches** (§6.1–6.2 of 2024; :func:`match_excluded`). A match is an event of type ``match`` or
   ``two-game-match``; its ``rounds`` is the "specific number of games". *Unrated*: a match in which a player
   is unrated on the list the period starts from (his seed included, so a rapid or blitz player with a
   standard prior is rated, R&B §7.2.1) is left out whole, every game of it, for both players: the rule rates
   the match or not, not a player's side of it. *Decided*: the games are taken in (day, game) order; a player
   has won once his score is more than half the ``rounds`` (4 of 6, 1.5 of 2; 3–1 of 6 decides nothing
   yet); the deciding game is rated and every later one left out. A match with no ``rounds`` has no number of games and
   keeps all its games. The score counts every game of the match the period holds, those left out by another
   clause (mode, rate of play) included: they were played in the match; unplayed games (§5.1) are not games
   of it. "This requirement may be waived by prior request": the ledger records no such request, so it is
   never waived. A match rated in one period (an end date, ``System.by_event``) is seen whole; the games of a
   match without an end date that fall in earlier periods are not seen by the later period's run, whose score
   starts from its own games of the match. For 2014, 2017 and 2022, whose texts of these clauses were not
   found: both rules, as the 2008 text had the one and in effect the other (§6.5; §6.31, §6.42), the 2024
   text states both, and no text between is known to differ; their message keys name the clauses they come
   from ("(2008 §6.5, 2024 §6.2)", "(2024 §6.1)"), not a number of the version's own.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import date
from fractions import Fraction
from typing import Any, Literal, NamedTuple

from projections.periods import PeriodScheme
from projections.rules import admission
from projections.rules.common import (
    Cell,
    Explanation,
    Game,
    PeriodRun,
    PlayerInfo,
    PriorValue,
    Selected,
    System,
    TimeControlError,
    age_on,
    seconds_for_moves,
)
from projections.rules.elo_table import expected_hundredths, rating_difference_hundredths
from projections.rules.rounding import round_half_up, round_hundredths_half_away
from projections.rules.timeline import Timeline

InitialFormula = Literal["20-per-half-point", "two-draws-1800"]
"""§8.2.3: how the initial rating is made from Ra and the score (2014/2022, or 2024)."""

Junior = Literal["18th-birthday", "end-of-year-18"]
"""§8.3.3: until when a junior has K 40 (2014: "until their 18th birthday"; 2022 on: the end of that year)."""

ListName = Literal["standard", "rapid", "blitz"]
"""The FIDE list a parameter set rates: §1.1 of the Rating Regulations (standard), §1.1.1–1.1.2 of the Rapid
and Blitz Rating Regulations."""

FIDE_PERIODS = PeriodScheme(
    months=1, rules_clause="FIDE Rating Regulations §7.1: a list on the first day of each month"
)
"""§7.1: monthly lists (since July 2012, so for every version here)."""


@dataclass(frozen=True)
class FideParams:
    """One version of the FIDE Rating Regulations: every clause that differs between versions is a field."""

    name: str
    periods: PeriodScheme
    """§7.1: the rating period, one month."""
    floor: int
    """§7.1.4, §7.2.1: the lowest rating published; a player below it is unrated."""
    initial_formula: InitialFormula
    """§8.2.2–8.2.3: the initial rating formula."""
    junior_until: Junior
    """§8.3.3: the junior K 40 lasts until the 18th birthday, or the end of that year."""
    cap_once_per_tournament: bool = False
    """§8.3.1 (2022): "In any tournament, a player may benefit from only one upgrade under this rule"."""
    uncapped_from: int | None = None
    """§8.3.1 (from 1 October 2025): players rated this or more use the actual difference in all cases."""
    games_cap: int | None = None
    """§8.3.3 (2022 on): K × n may not exceed this (n the player's games of the period); None: no cap."""
    initial_max: int | None = None
    """§8.2.3 (2024): "The maximum initial rating is 2200"; None: no maximum."""
    compression_period: str | None = None
    """The period whose starting ratings (FIDE's list of 1 March 2024) are compressed (choice 7); None: never."""
    cap: int = 400
    """§8.3.1: "A difference in rating of more than 400 points shall be counted … as … 400 points"."""
    first_rating_games: int = 5
    """§7.1.4: "at least 5 games against rated opponents" (from 1 July 2014; 9 before)."""
    pool_months: int = 26
    """§7.1.4: results "within consecutive rating periods of not more than 26 months are pooled"."""
    hypothetical_rating: int = 1800
    """§8.2.2 (2024): the rating of the two hypothetical opponents, both drawn."""
    half_point_bonus: int = 20
    """§8.2.3 (2014/2022): "Ru = Ra + 20 for each half point scored over 50%"."""
    k_new: int = 40
    """§8.3.3: K for a player new to the list until 30 games, and for juniors under 2300."""
    k_new_games: int = 30
    """§8.3.3: "until they have completed events with at least 30 games"."""
    k_mid: int = 20
    """§8.3.3: "K = 20 as long as a player's rating remains under 2400"."""
    k_high: int = 10
    """§8.3.3: "K = 10 once a player's published rating has reached 2400"."""
    k_high_from: int = 2400
    """§8.3.3: the rating that brings K 10 for good."""
    junior_age: int = 18
    """§8.3.3: the birthday that ends the junior K."""
    junior_below: int = 2300
    """§8.3.3: "as long as their rating remains under 2300"."""
    compression_from: int = 1000
    """Compression of 1 March 2024: ratings from this …"""
    compression_to: int = 2000
    """… to below this are raised …"""
    compression_percent: int = 40
    """… by this per cent of their distance to ``compression_to``."""
    list_name: ListName = "standard"
    """The list rated: §1.1 decides which games are on it (:func:`excluded`)."""
    standard_tiers: tuple[tuple[int, int], ...] = ((2400, 120), (1800, 90))
    """§1.1: "Where at least one of the players in the game has a rating of [R] or higher, each player must
    have a minimum of [M] minutes", as (R, M), highest R first (2014 and 2017: 2200 and 1600)."""
    standard_minutes: int = 60
    """§1.1: the minimum "Where both of the players in the game are rated below" the lowest tier."""
    rapid_minutes: tuple[int, int] = (10, 60)
    """Rapid and Blitz §1.1.1: "more than 10 minutes but less than 60 minutes for each player"."""
    blitz_minutes: tuple[int, int] = (3, 10)
    """Rapid and Blitz §1.1.2: "more than 3 minutes but not more than 10 minutes for each player"."""
    mismatch_from: str | None = None
    """Rapid and Blitz §7.3.1 "Effective from 1 December 2024": from this day (ISO), a game between players
    ``mismatch_gap`` or more apart is not rated if one of them is rated above ``mismatch_above``; None: never."""
    mismatch_gap: int = 600
    """Rapid and Blitz §7.3.1: "a rating difference of 600 points or more"."""
    mismatch_above: int = 2600
    """Rapid and Blitz §7.3.1: "at least one of the players is rated above 2600"."""
    match_unrated_clause: str | None = "(2024 §6.1)"
    """§6.1 (2024): "Matches in which one player is unrated shall not be rated": the clause the message key
    names (the 2014, 2017 and 2022 texts were not found: the 2024 rule, named as such, choice 14); None: no
    such rule."""
    match_decided_clause: str | None = "(2008 §6.5, 2024 §6.2)"
    """§6.2 (2024): "Where a match is over a specific number of games, those played after one player has won
    shall not be rated": the clause the message key names (2014–2022 not found: the rule of the 2008 and 2024
    texts, named as such, choice 14); None: no such rule."""

    def compression_index(self) -> int | None:
        """The period that starts from the compressed ratings, or None."""
        return _compression_index(self.periods, self.compression_period)


@functools.lru_cache(maxsize=64)
def _compression_index(periods: PeriodScheme, label: str | None) -> int | None:
    return None if label is None else periods.index(label)


FIDE_2014 = FideParams(
    name="fide-2014",
    periods=FIDE_PERIODS,
    floor=1000,
    initial_formula="20-per-half-point",
    junior_until="18th-birthday",
    standard_tiers=((2200, 120), (1600, 90)),
)
"""The Rating Regulations effective from 1 July 2014 till 30 June 2017."""

FIDE_2017 = replace(FIDE_2014, name="fide-2017")
"""The Rating Regulations effective from 1 July 2017 till 31 December 2021: §1.1 found (the same rates of play
as 2014); every other clause taken from 2014 (choice 9)."""

FIDE_2022 = FideParams(
    name="fide-2022",
    periods=FIDE_PERIODS,
    floor=1000,
    initial_formula="20-per-half-point",
    junior_until="end-of-year-18",
    cap_once_per_tournament=True,
    games_cap=700,
)
"""The Rating Regulations effective from 1 January 2022 till 29 February 2024."""

FIDE_2024 = FideParams(
    name="fide-2024",
    periods=FIDE_PERIODS,
    floor=1400,
    initial_formula="two-draws-1800",
    junior_until="end-of-year-18",
    games_cap=700,
    initial_max=2200,
    compression_period="2024-03",
    match_unrated_clause="§6.1",
    match_decided_clause="§6.2",
)
"""The Rating Regulations effective from 1 March 2024, before the amendment of 1 October 2025."""

FIDE_2025 = replace(FIDE_2024, name="fide-2025", uncapped_from=2650)
"""The 2024 Rating Regulations as amended from 1 October 2025 (§8.3.1: no 400-point cap from 2650)."""

FIDE_2024_RAPID = replace(
    FIDE_2024,
    name="fide-2024-rapid",
    list_name="rapid",
    mismatch_from="2024-12-01",
    match_unrated_clause="§5.1",
    match_decided_clause="§5.2",
)
"""The Rapid and Blitz Rating Regulations effective from 1 March 2024, rapid list: the standard arithmetic
(§7 K, rounding, first ratings, floor 1400, the compression) with §1.1.1's rate of play and, from 1 December
2024, §7.3.1's 600-point rule; the standard chapter's §6 on matches word for word, as its §5 (choice 14)."""

FIDE_2024_BLITZ = replace(FIDE_2024_RAPID, name="fide-2024-blitz", list_name="blitz")
"""The same regulations, blitz list (§1.1.2)."""

FIDE_2025_RAPID = replace(FIDE_2024_RAPID, name="fide-2025-rapid")
"""The rapid list beside ``fide-2025``: the amendment of 1 October 2025 (no 400-point cap from 2650) is in the
standard chapter only; the rapid and blitz chapter keeps the cap for everyone (choice 10)."""

FIDE_2025_BLITZ = replace(FIDE_2024_BLITZ, name="fide-2025-blitz")
"""The blitz list beside ``fide-2025`` (likewise)."""

VERSIONS: tuple[FideParams, ...] = (
    FIDE_2014,
    FIDE_2017,
    FIDE_2022,
    FIDE_2024,
    FIDE_2024_RAPID,
    FIDE_2024_BLITZ,
    FIDE_2025,
    FIDE_2025_RAPID,
    FIDE_2025_BLITZ,
)
"""Every version, in the order they came into force (the standard list before the rapid and the blitz)."""


class FideTimeline(Timeline[FideParams]):
    """Versions of one FIDE list in force one after another: each period is rated under the version in force
    on its last day (the day its play ends; FIDE's list of the first of the next month); before the first
    version's date, the first version (choice 11).

    The compression of 1 March 2024 happens once: the versions from 2024 compress the period ``2024-03`` only,
    and earlier versions never do.

    >>> FIDE_TIMELINE.for_period(FIDE_PERIODS.index("2024-02")).name, FIDE_TIMELINE.for_period(
    ...     FIDE_PERIODS.index("2024-03")).name
    ('fide-2022', 'fide-2024')
    """

    def version_problem(self, params: FideParams) -> str | None:
        """Every version must rate the timeline's list over its periods."""
        if params.periods != self.periods or params.list_name != self.versions[0][1].list_name:
            return "must rate the same list over the same periods as the timeline's other versions"
        return None

    @property
    def list_name(self) -> ListName:
        """The list every version of the timeline rates."""
        return self.versions[0][1].list_name


Rules = FideParams | FideTimeline
"""What the FIDE system rates: one version, or a timeline of versions."""


def version(params: Rules, index: int) -> FideParams:
    """The version that rates period ``index``: ``params`` itself, or the timeline's version for it."""
    return params.for_period(index) if isinstance(params, FideTimeline) else params


FIDE_TIMELINE = FideTimeline(
    name="fide",
    periods=FIDE_PERIODS,
    versions=(
        (date(2014, 7, 1), FIDE_2014),
        (date(2017, 7, 1), FIDE_2017),
        (date(2022, 1, 1), FIDE_2022),
        (date(2024, 3, 1), FIDE_2024),
        (date(2025, 10, 1), FIDE_2025),
    ),
)
"""The standard list over time: each monthly period under the version in force on its last day."""


DESCRIPTIONS: dict[str, tuple[date, tuple[tuple[str, str], ...]]] = {
    "fide-2014": (
        date(2014, 7, 1),
        (
            ("§8.3.3 (8.56 in this text)", "K 40 until 30 games and until the 18th birthday under 2300; K 20 under "
             "2400; K 10 once a published rating reached 2400 (was 30/15/10); no K×n cap"),
            ("§8.3.1", "a difference of more than 400 points counts as 400, in every game"),
            ("§7.1.4", "a first rating on at least 5 games against rated opponents (was 9), pooled over 26 months, "
             "published from 1000"),
            ("§8.2.3", "Ru = Ra at 50%; Ra + 20 for each half point over 50%; Ra + dp below 50%"),
            ("§7.1", "monthly lists"),
            ("§1.1", "standard list: 120 minutes for 60 moves where a player in the game is rated 2200 or more, 90 "
             "where 1600 or more, else 60 (taken from the 2017 text; the 2014 one was not found)"),
            ("events", "an event is rated whole in the period in which it ends, over-the-board games only; a match "
             "with an unrated player, and the games after a match was decided, are not rated (2024 §6.1–6.2; "
             "2008 §6.5)"),
        ),
    ),
    "fide-2017": (
        date(2017, 7, 1),
        (
            ("§1.1", "the same rates of play: 120/90/60 minutes for 60 moves at 2200/1600 (the only clause of this "
             "text found); every other clause as in fide-2014"),
        ),
    ),
    "fide-2022": (
        date(2022, 1, 1),
        (
            ("§1.1", "rates of play: 120 minutes for 60 moves where a player in the game is rated 2400 or more, 90 "
             "where 1800 or more, else 60 (was 2200/1600)"),
            ("§8.3.1", "the 400-point rule: in any tournament a player may benefit from only one upgrade, for the "
             "game in which the rating difference is greatest"),
            ("§8.3.3", "junior K 40 until the end of the year of the 18th birthday (first found in this text: the "
             "clause of the 2017–2021 text was not found)"),
            ("§8.3.3", "K × n (games in the period) may not exceed 700 (likewise)"),
        ),
    ),
    "fide-2024": (
        date(2024, 3, 1),
        (
            ("§8.3.1", "the 400-point rule in every game again (the once-per-tournament limit abolished)"),
            ("§7.1.4, §7.2.1", "the floor raised from 1000 to 1400"),
            ("§8.2.2–8.2.3", "Ra includes two hypothetical opponents rated 1800, both drawn; Ru = Ra + dp; at most "
             "2200"),
            ("1 March 2024", "one-off: every rating from 1000 to 1999 raised by 0.4 × (2000 − rating)"),
        ),
    ),
    "fide-2024-rapid": (
        date(2024, 3, 1),
        (
            ("R&B §1.1.1", "rapid list: more than 10 and less than 60 minutes a player, the time allotted + 60 "
             "times any increment"),
            ("R&B §6–7", "the standard arithmetic of fide-2024 (K, first ratings, floor 1400, the compression); an "
             "unrated player's FIDE (standard) prior seeds him (R&B §7.2.1)"),
            ("R&B §7.3.1", "from 1 December 2024, a game between players 600 or more apart is not rated if one of "
             "them is rated above 2600"),
        ),
    ),
    "fide-2024-blitz": (
        date(2024, 3, 1),
        (
            ("R&B §1.1.2", "blitz list: more than 3 and at most 10 minutes a player, the time allotted + 60 times "
             "any increment"),
            ("R&B §6–7", "as fide-2024-rapid"),
        ),
    ),
    "fide-2025": (
        date(2025, 10, 1),
        (("§8.3.1", "no 400-point cap for players rated 2650 and above: the actual difference in all cases"),),
    ),
    "fide-2025-rapid": (
        date(2025, 10, 1),
        (("R&B §7.3.1", "unchanged: the 400-point cap still applies to every player (the amendment of 1 October "
          "2025 is in the standard chapter only)"),),
    ),
    "fide-2025-blitz": (
        date(2025, 10, 1),
        (("R&B §7.3.1", "unchanged, as fide-2025-rapid"),),
    ),
    "fide": (
        date(2014, 7, 1),
        (
            ("§7.1", "timeline of the standard list: each monthly period under the version in force on its last "
             "day (fide-2014 before 1 July 2014, fide-2017, fide-2022, fide-2024 from March 2024, fide-2025 from "
             "October 2025)"),
            ("1 March 2024", "the compression applied once, to the list the period 2024-03 starts from"),
        ),
    ),
}  # fmt: skip
"""For each version: the day it came into force and how it differs from the one before, clause by clause."""


class FideState(NamedTuple):
    """One player on a list; plain values only, so that the state is a JSON array.

    ``rating`` is None while the player is unrated; ``pool`` then holds his
    results toward a first rating, each ``(period, opponent's rating, points2)``.
    ``games`` counts his rated games (the first rating's included); the
    ``reached_*`` flags whether a published rating ever reached 2300 or 2400;
    ``started`` whether his first event (§8.2.1) is behind him;
    ``period_games`` his games rated in ``last_period``, the last he played in.
    """

    rating: int | None
    games: int = 0
    reached_2300: bool = False
    reached_2400: bool = False
    pool: tuple[tuple[int, int, int], ...] = ()
    started: bool = False
    last_period: int | None = None
    period_games: int = 0


UNRATED = FideState(None)
"""A player with no rating and no results toward one."""


def make_state(fields: Iterable[Any]) -> FideState:
    """A state from the JSON array of its fields (the pool's entries come back as tuples)."""
    rating, games, reached_2300, reached_2400, pool, started, last_period, period_games = fields
    return FideState(
        rating,
        games,
        bool(reached_2300),
        bool(reached_2400),
        tuple((int(p), int(r), int(w)) for p, r, w in pool),
        bool(started),
        last_period,
        period_games,
    )


# --- arithmetic --------------------------------------------------------------


def compress(params: FideParams, rating: int) -> int:
    """The compression of 1 March 2024: R + 0.4 × (2000 − R) for 1000 ≤ R < 2000, rounded half up (choice 4)."""
    if not params.compression_from <= rating < params.compression_to:
        return rating
    return (100 * rating + params.compression_percent * (params.compression_to - rating) + 50) // 100


def is_junior(params: FideParams, born: str | None, index: int) -> bool:
    """§8.3.3: whether the player has the junior K in period ``index`` (choice 2)."""
    if not born:
        return False
    first_day = params.periods.label(index) + "-01"
    if params.junior_until == "18th-birthday":
        age = age_on(born, first_day)
        return age is not None and age < params.junior_age
    return int(first_day[:4]) - int(born[:4]) <= params.junior_age


def k_factor(params: FideParams, state: FideState, born: str | None, index: int) -> int:
    """§8.3.3: the player's K for period ``index``, before the K×n cap (choice 2 for the order)."""
    rating = state.rating if state.rating is not None else 0
    if state.reached_2400 or rating >= params.k_high_from:
        return params.k_high  # "once a player's published rating has reached 2400 … even if the rating drops"
    if rating < params.junior_below and not state.reached_2300 and is_junior(params, born, index):
        return params.k_new  # "for all players until … their 18th birthday, as long as their rating remains under 2300"
    if state.games < params.k_new_games:
        return params.k_new  # "for a player new to the rating list until they have completed … 30 games"
    return params.k_mid  # "as long as a player's rating remains under 2400"


def capped_k(params: FideParams, k: int, games: int) -> int:
    """§8.3.3 (2022 on): "If … n … multiplied by K … exceeds 700, then K shall be the largest whole number such
    that K x n does not exceed 700"."""
    if params.games_cap is not None and games and k * games > params.games_cap:
        return params.games_cap // games
    return k


class Initial(NamedTuple):
    """§8.2: an initial rating and the terms it was made of."""

    games: int
    opponents: int
    """The sum of the opponents' ratings (the hypothetical ones included)."""
    counted: int
    """The number of opponents (the hypothetical ones included)."""
    points2: int
    """The score in half points (the hypothetical draws included)."""
    ra: Fraction
    p100: int | None
    """p in hundredths where table 8.1.1 is used, else None."""
    dp: int
    rating: int


def initial_rating(params: FideParams, pool: Sequence[tuple[int, int, int]]) -> Initial:
    """§8.2.2–8.2.3: the initial rating Ru from the pooled results ``(period, opponent's rating, points2)``."""
    games = len(pool)
    total = sum(entry[1] for entry in pool)
    points2 = sum(entry[2] for entry in pool)
    if params.initial_formula == "two-draws-1800":
        # 2024 §8.2.2: "plus two hypothetical opponents rated 1800 … considered as a draw"; §8.2.3: Ru = Ra + dp.
        counted, total, points2 = games + 2, total + 2 * params.hypothetical_rating, points2 + 2
        ra = Fraction(total, counted)
        p100 = (100 * points2 + counted) // (2 * counted)  # p to two decimals, half up (choice 4)
        dp = rating_difference_hundredths(p100)
        rating = round_half_up(ra + dp)
        if params.initial_max is not None:
            rating = min(rating, params.initial_max)  # "The maximum initial rating is 2200."
        return Initial(games, total, counted, points2, ra, p100, dp, rating)
    ra = Fraction(total, games)  # 2014/2022 §8.2.2: "the average rating of the player's rated opponents"
    below: int | None = None
    if points2 == games:
        dp = 0  # "If the player scores 50%, then Ru = Ra."
    elif points2 > games:
        dp = params.half_point_bonus * (points2 - games)  # "Ra + 20 for each half point scored over 50%"
    else:
        below = (100 * points2 + games) // (2 * games)  # "less than 50%, then Ru = Ra + dp"; p half up (choice 4)
        dp = rating_difference_hundredths(below)
    return Initial(games, total, games, points2, ra, below, dp, round_half_up(ra + dp))


# --- rates of play (§1.1) ---------------------------------------------------------


def minutes_for_60_moves(time_control: str | None) -> Fraction | None:
    """A player's time for a game of 60 moves, in minutes, from PGN ``TimeControl`` text (None: unknown).

    §1.1 "assuming the game lasts 60 moves"; Rapid and Blitz §1.1 "the time allotted + 60 times any
    increment". ``-`` (no clock) is unbounded; ``?``, empty or unreadable text is unknown (choice 12).

    >>> minutes_for_60_moves("180+2"), minutes_for_60_moves("5400+30"), minutes_for_60_moves("40/5400:1800+30")
    (Fraction(5, 1), Fraction(120, 1), Fraction(130, 1))
    """
    if time_control is None or time_control.strip() in ("", "?"):
        return None
    try:
        seconds = seconds_for_moves(time_control, 60)
    except TimeControlError:
        return None
    if seconds == float("inf"):
        return Fraction(10**9)  # no clock: slower than any bound
    return Fraction(seconds).limit_denominator(1000) / 60


def standard_minimum(params: FideParams, white_rating: int | None, black_rating: int | None) -> int:
    """§1.1: the minutes each player must have for 60 moves, from the higher rating in the game (an unrated
    player counts as below every tier, choice 12)."""
    top = max((r for r in (white_rating, black_rating) if r is not None), default=None)
    for rating, minutes in params.standard_tiers:
        if top is not None and top >= rating:
            return minutes  # "Where at least one of the players in the game has a rating of [R] or higher"
    return params.standard_minutes  # "Where both of the players in the game are rated below"


def list_of_time_control(
    params: FideParams, time_control: str | None, white_rating: int | None, black_rating: int | None
) -> ListName | None:
    """The list a game of ``time_control`` is rated on under ``params``'s version, or None (on none).

    A game with no time control recorded is a standard game, as before rates of play were read (choice 12).

    >>> list_of_time_control(FIDE_2024, "180+2", 1500, 1500), list_of_time_control(FIDE_2024, "900+10", 1500, 1500)
    ('blitz', 'rapid')
    >>> list_of_time_control(FIDE_2024, "3600", 1500, 1500), list_of_time_control(FIDE_2024, "3600", 1800, None)
    ('standard', None)
    """
    minutes = minutes_for_60_moves(time_control)
    if minutes is None:
        return "standard"
    if minutes >= standard_minimum(params, white_rating, black_rating):
        return "standard"  # §1.1
    low, high = params.rapid_minutes
    if low < minutes < high:
        return "rapid"  # R&B §1.1.1: "more than 10 minutes but less than 60 minutes"
    low, high = params.blitz_minutes
    if low < minutes <= high:
        return "blitz"  # R&B §1.1.2: "more than 3 minutes but not more than 10 minutes"
    return None


def _rate_key(params: FideParams, time_control: str | None, minimum: int | None) -> str:
    """The message key of a game not on ``params``'s list because of its rate of play."""
    if params.list_name == "standard":
        return f"{params.name} §1.1: under {minimum} minutes for 60 moves"
    low, high = params.rapid_minutes if params.list_name == "rapid" else params.blitz_minutes
    clause = "§1.1.1" if params.list_name == "rapid" else "§1.1.2"
    if minutes_for_60_moves(time_control) is None:
        return f"{params.name} {clause}: no time control recorded"
    most = "less than" if params.list_name == "rapid" else "at most"
    return f"{params.name} {clause}: outside more than {low} and {most} {high} minutes for 60 moves"


def _admits_rate(params: FideParams, time_control: str | None, minimum: int) -> str | None:
    minutes = minutes_for_60_moves(time_control)
    if params.list_name == "standard":
        if minutes is None or minutes >= minimum:
            return None
        return _rate_key(params, time_control, minimum)
    low, high = params.rapid_minutes if params.list_name == "rapid" else params.blitz_minutes
    fits = minutes is not None and (low < minutes < high if params.list_name == "rapid" else low < minutes <= high)
    # R&B §1.1: rapid "more than 10 … less than 60"; blitz "more than 3 … not more than 10"; choice 12: a game
    # with no time control is not on the rapid or blitz list.
    return None if fits else _rate_key(params, time_control, None)


def excluded(params: Rules, game: Game, white_rating: int | None, black_rating: int | None) -> str | None:
    """None when ``game`` is rated on ``params``'s list, given both players' ratings at the start of the
    period (None: unrated); else the message key of the clause that keeps it off.

    Standard: §1.1's minimum by the higher rating in the game. Rapid and blitz: R&B §1.1.1–1.1.2, and from
    1 December 2024 R&B §7.3.1 (600 points or more apart, one rated above 2600).

    >>> g = Game("g1", "a", "b", 2, "2024-05-04", None, "180+2")
    >>> excluded(FIDE_2024, g, 1500, 1500), excluded(FIDE_2024_BLITZ, g, 1500, 1500)
    ('fide-2024 §1.1: under 60 minutes for 60 moves', None)
    """
    params = version(params, params.periods.index_of_day(game.day))
    minimum = standard_minimum(params, white_rating, black_rating)
    rate = _admits_rate(params, game.time_control, minimum)
    if rate is not None:
        return rate
    if (
        params.mismatch_from is not None
        and game.day >= params.mismatch_from
        and white_rating is not None
        and black_rating is not None
        and abs(white_rating - black_rating) >= params.mismatch_gap
        and max(white_rating, black_rating) > params.mismatch_above
    ):
        return (
            f"{params.name} §7.3.1: {params.mismatch_gap} points or more apart, one rated above {params.mismatch_above}"
        )
    return None


def admits(params: Rules, game: Game) -> str | None:
    """The game filter without ratings: None when ``game`` may be rated on ``params``'s list, else the message
    key of the clause that keeps it off.

    What needs no rating: the rapid and blitz bounds in full, and for the standard list the lowest minimum
    (60 minutes: a faster game is never standard). The standard tiers by rating (§1.1: 90 minutes from 1800,
    120 from 2400 in 2024) and the 600-point rule need the players' ratings: :func:`excluded` decides them.

    >>> g = Game("g1", "a", "b", 2, "2024-05-04", None, "180+2")
    >>> admits(FIDE_2024, g), admits(FIDE_2024_BLITZ, g)
    ('fide-2024 §1.1: under 60 minutes for 60 moves', None)
    >>> admits(FIDE_2024_RAPID, g)
    'fide-2024-rapid §1.1.1: outside more than 10 and less than 60 minutes for 60 moves'
    """
    params = version(params, params.periods.index_of_day(game.day))
    return _admits_rate(params, game.time_control, params.standard_minutes)


def rated_games(
    params: Rules, index: int, states: Mapping[str, Any], games: Sequence[Game], info: Callable[[str], PlayerInfo]
) -> tuple[tuple[Game, ...], tuple[tuple[Game, str], ...]]:
    """The period's games on ``params``'s list, and those kept off with their message keys: :func:`excluded`
    with both players' ratings on the list the period starts from (its start, compressed where it falls, or
    his seed), as §1.1 ("at the start of the game") reads for a system that rates by period (choice 12)."""
    used = version(params, index)
    kept: list[Game] = []
    off: list[tuple[Game, str]] = []
    ratings: dict[str, int | None] = {}
    decided: dict[tuple[Any, ...], str | None] = {}
    tiers = tuple(rating for rating, _ in used.standard_tiers) if used.list_name == "standard" else ()
    mismatch = used.mismatch_from
    for game in games:
        white, black = game.white, game.black
        if white not in ratings:
            ratings[white] = start_state(used, index, white, states, info).rating
        if black not in ratings:
            ratings[black] = start_state(used, index, black, states, info).rating
        # :func:`excluded` reads the ratings only through §1.1's tier (the highest one the better rating
        # reaches) and, on a rapid or blitz list from its date, the 600-point rule: its verdict is made once
        # per time control and tier, or per time control, pair of ratings and side of that date.
        w, b = ratings[white], ratings[black]
        key: tuple[Any, ...]
        if mismatch is not None:
            key = (game.time_control, w, b, game.day >= mismatch)
        else:
            top = max(r for r in (w, b, -1) if r is not None)
            key = (game.time_control, next((tier for tier in tiers if top >= tier), None))
        if key in decided:
            why = decided[key]
        else:
            why = decided[key] = excluded(used, game, w, b)
        if why is None:
            kept.append(game)
        else:
            off.append((game, why))
    return tuple(kept), tuple(off)


MATCH_TYPES = frozenset({"match", "two-game-match"})
"""The event types that are matches (§6 of 2024, choice 14): an individual match, and the IECG's two-game match."""


def _half_points(points2: int) -> str:
    """A score in half points as the match card writes it: ``3.5``, ``4``."""
    return f"{points2 / 2:g}"


def match_excluded(
    params: Rules, index: int, states: Mapping[str, Any], games: Sequence[Game], info: Callable[[str], PlayerInfo]
) -> dict[str, str]:
    """The games of the period's matches that §6 leaves out, by game id, each with its message key (choice 14).

    §6.1 (2024): "Matches in which one player is unrated shall not be rated": every game of a match in which a
    player is unrated on the list the period starts from. §6.2 (2024): "Where a match is over a specific number
    of games, those played after one player has won shall not be rated": in (day, game) order, once a player's
    score is more than half the match's ``rounds``, the games after the deciding one.

    >>> from projections.rules.common import EventInfo, PriorValue
    >>> m = EventInfo("M", "Match", "match", "2024-05-01", "2024-05-06", None, "otb", None, 6)
    >>> played = [Game(f"g{n}", "a", "b", 2, f"2024-05-0{n}", "M", None, "otb", m) for n in range(1, 7)]
    >>> rated = lambda player: PlayerInfo(player, None, 0, "t", (PriorValue("fide", 2000, 50, None, None, None,
    ...     "2024-04-30"),))
    >>> match_excluded(FIDE_2024, FIDE_PERIODS.index("2024-05"), {}, played, rated)["g5"]
    'fide-2024 §6.2: played after the match was decided (a 4–0, of 6 games)'
    """
    used = version(params, index)
    matches: dict[str, list[Game]] = {}
    for game in games:
        if game.event is not None and game.event.type in MATCH_TYPES:
            matches.setdefault(game.event.event, []).append(game)
    out: dict[str, str] = {}
    for played in matches.values():
        played.sort(key=lambda game: (game.day, game.game))
        rounds = played[0].event.rounds if played[0].event is not None else None
        if used.match_unrated_clause is not None:
            players = sorted({player for game in played for player in (game.white, game.black)})
            unrated = [p for p in players if start_state(used, index, p, states, info).rating is None]
            if unrated:  # §6.1 (2024): "Matches in which one player is unrated shall not be rated"
                why = f"{used.name} {used.match_unrated_clause}: a match with an unrated player ({', '.join(unrated)})"
                out.update((game.game, why) for game in played)
                continue
        if used.match_decided_clause is None or rounds is None:
            continue  # §6.2 needs "a specific number of games"
        score: dict[str, int] = {}
        decided: str | None = None
        for game in played:
            if decided is not None:  # §6.2 (2024), §6.5 (2008): "those played after one player has won"
                out[game.game] = decided
                continue
            score[game.white] = score.get(game.white, 0) + game.white_points2
            score[game.black] = score.get(game.black, 0) + 2 - game.white_points2
            leader = max(sorted(score), key=lambda player: score[player])
            if score[leader] > rounds:  # more than half the points of ``rounds`` games (half points > rounds)
                others = sum(points for player, points in score.items() if player != leader)
                decided = (
                    f"{used.name} {used.match_decided_clause}: played after the match was decided "
                    f"({leader} {_half_points(score[leader])}–{_half_points(others)}, of {rounds} games)"
                )
    return out


def select(
    params: Rules, index: int, states: Mapping[str, Any], games: Sequence[Game], info: Callable[[str], PlayerInfo]
) -> Selected:
    """The system's game filter (issue 12 §2): over-the-board games only (:mod:`projections.rules.admission`),
    then :func:`rated_games` by the list's rates of play, then the matches' rules (:func:`match_excluded`). A
    standard list over games that say neither a time control nor a mode (every game before events) keeps them
    all, without looking up a rating, unless one of them is a match's."""
    if version(params, index).list_name == "standard" and all(g.time_control is None and g.mode is None for g in games):
        kept: Sequence[Game] = games
        off: list[tuple[Game, str]] = []
    else:
        board: list[Game] = []
        off = []
        for game in games:
            why = admission.mode_excluded(
                game, admission.OVER_THE_BOARD, f"{params.name} (FIDE rates over-the-board play)"
            )
            if why is None:
                board.append(game)
            else:
                off.append((game, why))
        kept, timed_off = rated_games(params, index, states, board, info)
        off.extend(timed_off)
    if not any(g.event is not None and g.event.type in MATCH_TYPES for g in games):
        return kept, off
    # §6 (choice 14): a match's score counts every game of it the period holds, those left out above included.
    matched = match_excluded(params, index, states, games, info)
    return (
        [g for g in kept if g.game not in matched],
        [*off, *((g, matched[g.game]) for g in kept if g.game in matched)],
    )


# --- one period ----------------------------------------------------------------


class Entry(NamedTuple):
    """One of the player's games of the period, with his opponent's rating at its start (None: unrated)."""

    game: str
    opponent: str
    tournament: str | None
    opponent_rating: int | None
    points2: int


def seed_prior(params: FideParams, info: PlayerInfo) -> PriorValue | None:
    """Choice 6: the prior a player absent from the previous list starts from. On the rapid or blitz list, his
    prior of that list (``fide-rapid``, ``fide-blitz``: FIDE's published rating, issue 13 §3) if he has one,
    else (R&B §7.2.1, an unrated player's standard rating is used) his ``fide`` prior."""
    if params.list_name != "standard":
        own = info.prior(f"fide-{params.list_name}")
        if own is not None:
            return own
    return info.prior("fide")


def seed(params: FideParams, index: int, info: PlayerInfo) -> FideState:
    """Choice 6: the state of a player absent from the previous list, from his prior if any (:func:`seed_prior`)."""
    prior = seed_prior(params, info)
    if prior is None:
        return UNRATED
    rating = round_half_up(prior.rating)
    start = params.compression_index()
    if start is not None and index >= start and prior.as_of < _compression_day(params):
        rating = compress(params, rating)
    if rating < params.floor:
        return UNRATED  # §7.2.1: below the floor, unrated
    return FideState(rating, prior.games or 0, rating >= params.junior_below, rating >= params.k_high_from)


def _compression_day(params: FideParams) -> str:
    """The day of the compressed list: the first day of the compression period."""
    return f"{params.compression_period}-01"


def compressed(params: FideParams, state: FideState) -> FideState:
    """The state on the compressed list (choice 7): its rating and its pooled opponents' ratings."""
    rating = state.rating if state.rating is None else compress(params, state.rating)
    pool = tuple((period, compress(params, opp), points2) for period, opp, points2 in state.pool)
    if rating == state.rating and pool == state.pool:
        return state
    return state._replace(rating=rating, pool=pool)


def start_state(
    params: FideParams, index: int, player: str, states: Mapping[str, Any], info: Callable[[str], PlayerInfo]
) -> FideState:
    """The player on the list the period starts from: the previous list, compressed in the compression period,
    or his seed."""
    state: FideState | None = states.get(player)
    if state is None:
        return seed(params, index, info(player))
    if index == params.compression_index():
        return compressed(params, state)
    return state


class Assessment(NamedTuple):
    """A rated player's period (§8.3): every game's figures and the change."""

    k_base: int
    k: int
    used: tuple[int | None, ...]
    """The difference used in each game (own rating minus the opponent's as counted); None: not rated."""
    pd: tuple[int | None, ...]
    """PD in hundredths of each game; None: not rated."""
    upgrades: tuple[str, ...]
    """Per game: "" or how the 400-point rule applied."""
    sigma100: int
    change: int
    state: FideState


def _upgraded(params: FideParams, own: int, entries: Sequence[Entry]) -> set[int]:
    """§8.3.1 (2022): the games whose opponent more than 400 below is raised: one a tournament, the greatest
    difference, the first on a tie (choice 3)."""
    best: dict[str | None, tuple[int, int]] = {}
    for position, entry in enumerate(entries):
        if entry.opponent_rating is None:
            continue
        gap = own - entry.opponent_rating
        if gap > params.cap and (entry.tournament not in best or gap > best[entry.tournament][0]):
            best[entry.tournament] = (gap, position)
    return {position for _, position in best.values()}


def assess(params: FideParams, index: int, start: FideState, entries: Sequence[Entry], born: str | None) -> Assessment:
    """§8.3: the period of a rated player over his games (those against unrated opponents are not rated)."""
    own = start.rating
    assert own is not None
    rated = sum(1 for entry in entries if entry.opponent_rating is not None)
    k_base = k_factor(params, start, born, index)
    k = capped_k(params, k_base, rated)
    exempt = params.uncapped_from is not None and own >= params.uncapped_from
    upgraded = _upgraded(params, own, entries) if params.cap_once_per_tournament and not exempt else None
    used: list[int | None] = []
    pds: list[int | None] = []
    how: list[str] = []
    sigma100 = 0
    for position, entry in enumerate(entries):
        if entry.opponent_rating is None:
            used.append(None)  # §8.3.1: "For each game played against a rated player"
            pds.append(None)
            how.append("")
            continue
        difference = own - entry.opponent_rating
        note = ""
        if exempt:
            note = "exempt" if abs(difference) > params.cap else ""
        elif difference < -params.cap:
            difference, note = -params.cap, "capped"  # §8.3.1: the opponent counted 400 above
        elif difference > params.cap:
            if upgraded is None or position in upgraded:
                difference, note = params.cap, "upgraded"  # §8.3.1: the opponent counted 400 below
            else:
                note = "not upgraded"  # §8.3.1 (2022): the tournament's one upgrade went to another game
        pd = expected_hundredths(difference)  # §8.3.2 a): PD from table 8.1.2
        sigma100 += 50 * entry.points2 - pd  # §8.3.2 b–c): Σ(score − PD)
        used.append(difference)
        pds.append(pd)
        how.append(note)
    change = round_hundredths_half_away(k * sigma100)  # §8.3.2 d), §8.3.4: 0.5 away from zero
    rating = own + change
    if rating < params.floor:
        state = FideState(None, last_period=index, period_games=rated)  # §7.2.1: unrated on the next list
    else:
        state = FideState(
            rating,
            start.games + rated,
            start.reached_2300 or rating >= params.junior_below,
            start.reached_2400 or rating >= params.k_high_from,
            (),
            True,
            index,
            rated,
        )
    return Assessment(k_base, k, tuple(used), tuple(pds), tuple(how), sigma100, change, state)


class Qualification(NamedTuple):
    """An unrated player's period (§7.1.4, §8.2): his pool and, once it qualifies, his initial rating."""

    kept: tuple[tuple[int, int, int], ...]
    """The earlier results still in the 26-month window."""
    dropped: tuple[tuple[int, int, int], ...]
    """The earlier results that fell out of it."""
    disregarded: frozenset[int]
    """The positions of this period's games disregarded as a first event scored zero (§8.2.1)."""
    initial: Initial | None
    state: FideState


def qualify(params: FideParams, index: int, start: FideState, entries: Sequence[Entry]) -> Qualification:
    """§7.1.4, §8.2: add the period's results against rated opponents to the pool; rate the player once it
    holds enough games and the rating reaches the floor (choice 5)."""
    kept = tuple(entry for entry in start.pool if index - entry[0] < params.pool_months)
    dropped = tuple(entry for entry in start.pool if index - entry[0] >= params.pool_months)
    counted = [position for position, entry in enumerate(entries) if entry.opponent_rating is not None]
    started = start.started
    disregarded: frozenset[int] = frozenset()
    if not started and counted:
        started = True
        first = entries[counted[0]].tournament
        event = [position for position in counted if entries[position].tournament == first]
        if sum(entries[position].points2 for position in event) == 0:
            disregarded = frozenset(event)  # §8.2.1: "scores zero in their first event … disregarded"
    new = tuple(
        (index, rating, entries[position].points2)
        for position in counted
        if position not in disregarded and (rating := entries[position].opponent_rating) is not None
    )
    pool = kept + new
    initial = None
    if len(pool) >= params.first_rating_games:
        initial = initial_rating(params, pool)
        if initial.rating >= params.floor:  # §7.1.4: "The rating must be at least" the floor
            rating = initial.rating
            state = FideState(
                rating,
                len(pool),
                rating >= params.junior_below,
                rating >= params.k_high_from,
                (),
                True,
                index,
                len(new),
            )
            return Qualification(kept, dropped, disregarded, initial, state)
    state = FideState(None, 0, False, False, pool, started, index, len(new))
    return Qualification(kept, dropped, disregarded, initial, state)


def _entries(
    params: FideParams, index: int, states: Mapping[str, Any], games: Sequence[Game], info: Callable[[str], PlayerInfo]
) -> tuple[dict[str, FideState], dict[str, list[Entry]]]:
    """Every player's start state and his games of the period, with the opponents' starting ratings."""
    starts: dict[str, FideState] = {}
    played: dict[str, list[Entry]] = {}
    for game in games:
        white = starts.get(game.white)
        if white is None:
            white = starts[game.white] = start_state(params, index, game.white, states, info)
        black = starts.get(game.black)
        if black is None:
            black = starts[game.black] = start_state(params, index, game.black, states, info)
        played.setdefault(game.white, []).append(
            Entry(game.game, game.black, game.tournament, black.rating, game.white_points2)
        )
        played.setdefault(game.black, []).append(
            Entry(game.game, game.white, game.tournament, white.rating, 2 - game.white_points2)
        )
    return starts, played


def run_period(
    rules: Rules,
    index: int,
    states: Mapping[str, Any],
    games: Sequence[Game],
    info: Callable[[str], PlayerInfo],
) -> PeriodRun:
    """Rate period ``index``: the compression where it falls, then every player who played (§8.2, §8.3)."""
    params = version(rules, index)
    changed: dict[str, FideState] = {}
    if index == params.compression_index():
        for player in sorted(states):
            state = compressed(params, states[player])
            if state != states[player]:
                changed[player] = state
    starts, played = _entries(params, index, states, games, info)
    for player in sorted(played):
        start = starts[player]
        if start.rating is None:
            changed[player] = qualify(params, index, start, played[player]).state
        else:
            changed[player] = assess(params, index, start, played[player], info(player).born).state
    return PeriodRun(changed)


def row(rules: Rules, index: int, player: str, state: FideState, info: PlayerInfo) -> dict[str, Any] | None:
    """The player's row on the list of period ``index``: §7.1.2 publishes the rating, the games rated in the
    period and K (of the next period, under the version that rates it); an unrated player is not published."""
    if state.rating is None:
        return None
    return {
        "rating": state.rating,
        "status": "rated",
        "games": state.games,
        "k": k_factor(version(rules, index + 1), state, info.born, index + 1),
        "period_games": state.period_games if state.last_period == index else 0,
    }


# --- explanations ---------------------------------------------------------------


def _points(points2: int) -> float:
    return points2 / 2


def _yes(flag: bool) -> str:
    return "yes" if flag else "no"


def _hundredths(value: int) -> float:
    return round(value / 100, 2)


def _seed_notes(params: FideParams, index: int, player: str, states: Mapping[str, Any], info: PlayerInfo) -> list[str]:
    if player in states:
        return []
    prior = seed_prior(params, info)
    if prior is None:
        return [f"{player} has no FIDE rating: unrated until he qualifies for a first rating (§7.1.4)"]
    start = seed(params, index, info)
    source = "FIDE" if prior.system == "fide" else prior.system
    words = f"{source} prior {prior.rating:g} as of {prior.as_of} ({prior.games or 0} games)"
    if start.rating is None:
        return [f"{words} is below the floor {params.floor}: unrated (§7.2.1)"]
    if start.rating != round_half_up(prior.rating):
        return [f"seeded from the {words}, raised to {start.rating} by the compression of 1 March 2024"]
    return [f"seeded from the {words}"]


def _compression_note(params: FideParams, index: int, player: str, states: Mapping[str, Any]) -> list[str]:
    if index != params.compression_index() or player not in states:
        return []
    before: FideState = states[player]
    if before.rating is None or compress(params, before.rating) == before.rating:
        return []
    after = compress(params, before.rating)
    return [
        f"compression of 1 March 2024: {before.rating} + 0.4 × ({params.compression_to} − {before.rating}) = {after}"
    ]


def _explain_rated(
    params: FideParams,
    index: int,
    player: str,
    start: FideState,
    entries: Sequence[Entry],
    born: str | None,
    notes: list[str],
) -> Explanation:
    own = start.rating
    assert own is not None
    done = assess(params, index, start, entries, born)
    lines: list[tuple[Cell, ...]] = []
    upgrade_games: dict[str | None, str] = {}
    for entry, note in zip(entries, done.upgrades, strict=True):
        if note == "upgraded":
            upgrade_games[entry.tournament] = entry.game
    for entry, used, pd, note in zip(entries, done.used, done.pd, done.upgrades, strict=True):
        if used is None or pd is None:
            lines.append((entry.game, entry.opponent, "unrated", None, None, _points(entry.points2), None, None))
            notes.append(
                f"{entry.game}: {entry.opponent} was unrated: not rated for {player} (§8.3.1, rated opponents only)"
            )
            continue
        opponent_rating = entry.opponent_rating
        assert opponent_rating is not None
        counted = own - used
        w_we = 50 * entry.points2 - pd
        lines.append(
            (
                entry.game,
                entry.opponent,
                opponent_rating,
                counted,
                used,
                _points(entry.points2),
                _hundredths(pd),
                round(done.k * w_we / 100, 2),
            )
        )
        event = f"tournament {entry.tournament}" if entry.tournament else "the games with no tournament recorded"
        if note == "upgraded":
            once = (
                " (the one upgrade in " + event + ": the greatest difference)" if params.cap_once_per_tournament else ""
            )
            notes.append(f"{opponent_rating} counted as {counted}: §8.3.1 400-point rule{once}")
        elif note == "capped":
            notes.append(f"{opponent_rating} counted as {counted}: §8.3.1 400-point rule")
        elif note == "not upgraded":
            notes.append(
                f"{opponent_rating} counted as {opponent_rating}: §8.3.1 400-point rule applied only once in {event},"
                f" in game {upgrade_games[entry.tournament]}"
            )
        elif note == "exempt":
            notes.append(
                f"{opponent_rating} counted as {opponent_rating}: §8.3.1, no 400-point cap for a player rated "
                f"{params.uncapped_from} or more"
            )
    rated = sum(1 for used in done.used if used is not None)
    w100 = sum(50 * entry.points2 for entry, used in zip(entries, done.used, strict=True) if used is not None)
    we100 = sum(pd for pd in done.pd if pd is not None)
    if done.k != done.k_base:
        notes.append(
            f"§8.3.3: K × n = {done.k_base} × {rated} exceeds {params.games_cap}: K = {done.k}, the largest whole "
            f"number with K × n ≤ {params.games_cap}"
        )
    exact = done.k * done.sigma100
    if exact % 100:
        notes.append(f"§8.3.4: the change {exact / 100:g} is rounded to {done.change} (0.5 away from zero)")
    after = done.state
    if after.rating is None:
        notes.append(f"§7.2.1: {own + done.change} is below the floor {params.floor}: unrated on the next list")
        after_terms: tuple[tuple[str, Cell], ...] = (("rating", None), ("status", "unrated"))
    else:
        after_terms = (
            ("rating", after.rating),
            ("status", "rated"),
            ("games", after.games),
            ("K next period", k_factor(params, after, born, index + 1)),
        )
    return Explanation(
        before=(
            ("rating", own),
            ("games", start.games),
            ("K", done.k_base),
            ("junior", _yes(is_junior(params, born, index))),
            ("reached 2400", _yes(start.reached_2400)),
        ),
        columns=("game", "opponent", "R(opp)", "used", "diff", "W", "We", "K·(W−We)"),
        lines=tuple(lines),
        terms=(
            ("K", done.k),
            ("n", rated),
            ("ΣW", w100 / 100),
            ("ΣWe", _hundredths(we100)),
            ("Σ(W−We)", _hundredths(done.sigma100)),
            ("K·Σ(W−We)", round(exact / 100, 2)),
            ("ΔR", done.change),
        ),
        after=after_terms,
        notes=tuple(notes),
    )


def _formula_words(params: FideParams, initial: Initial) -> str:
    if params.initial_formula == "two-draws-1800":
        return (
            f"§8.2.2–8.2.3: Ra = ({initial.opponents - 2 * params.hypothetical_rating} + 2 × "
            f"{params.hypothetical_rating}) / {initial.counted} with two hypothetical draws; Ru = Ra + dp"
            + (f", at most {params.initial_max}" if params.initial_max is not None else "")
        )
    if initial.p100 is None and initial.dp == 0:
        return "§8.2.3: a score of 50%: Ru = Ra"
    if initial.p100 is None:
        return f"§8.2.3: Ru = Ra + {params.half_point_bonus} for each half point over 50%"
    return "§8.2.3: a score below 50%: Ru = Ra + dp (table 8.1.1)"


def _explain_unrated(
    params: FideParams, index: int, start: FideState, entries: Sequence[Entry], notes: list[str]
) -> Explanation:
    done = qualify(params, index, start, entries)
    label = params.periods.label
    lines: list[tuple[Cell, ...]] = []
    for period, opp, points2 in done.kept:
        lines.append((None, label(period), None, opp, _points(points2), "yes (earlier)"))
    for period, opp, points2 in done.dropped:
        lines.append((None, label(period), None, opp, _points(points2), f"no: older than {params.pool_months} months"))
    if done.dropped:
        notes.append(f"§7.1.4: results older than {params.pool_months} months are no longer pooled")
    for position, entry in enumerate(entries):
        if entry.opponent_rating is None:
            counted = "no: opponent unrated"
        elif position in done.disregarded:
            counted = "no: first event scored zero"
        else:
            counted = "yes"
        rating: Cell = entry.opponent_rating if entry.opponent_rating is not None else "unrated"
        lines.append((entry.game, label(index), entry.opponent, rating, _points(entry.points2), counted))
    if done.disregarded:
        notes.append("§8.2.1: the player scored zero in his first event: its results are disregarded")
    pooled = len(done.kept) + sum(1 for line in lines if line[-1] == "yes")
    terms: list[tuple[str, Cell]] = [("games counted", pooled), ("games needed", params.first_rating_games)]
    initial = done.initial
    if initial is None:
        notes.append(
            f"§7.1.4: a first rating needs at least {params.first_rating_games} games against rated opponents; "
            f"{pooled} so far"
        )
    else:
        notes.append(_formula_words(params, initial))
        terms += [
            ("Ra", round(float(initial.ra), 2)),
            ("score", initial.points2 / 2),
            ("of", initial.counted),
            ("p", None if initial.p100 is None else initial.p100 / 100),
            ("dp", initial.dp),
            ("Ru", initial.rating),
        ]
        if done.state.rating is None:
            notes.append(f"§7.1.4: Ru {initial.rating} is below {params.floor}: not published, the results stay pooled")
    after = done.state
    after_terms: tuple[tuple[str, Cell], ...] = (
        (("rating", after.rating), ("status", "rated"), ("games", after.games))
        if after.rating is not None
        else (("rating", None), ("status", "unrated"), ("games pooled", len(after.pool)))
    )
    return Explanation(
        before=(("rating", None), ("status", "unrated"), ("games pooled", len(start.pool))),
        columns=("game", "period", "opponent", "R(opp)", "W", "counted"),
        lines=tuple(lines),
        terms=tuple(terms),
        after=after_terms,
        notes=tuple(notes),
    )


def explain(
    rules: Rules,
    index: int,
    states: Mapping[str, Any],
    games: Sequence[Game],
    info: Callable[[str], PlayerInfo],
    player: str,
) -> Explanation:
    """The player's part of the run of period ``index``: his games in FIDE's terms (K, PD, the 400-point rule),
    or, unrated, his progress toward a first rating."""
    params = version(rules, index)
    label = params.periods.label(index)
    starts, played = _entries(params, index, states, games, info)
    notes = _compression_note(params, index, player, states)
    entries = played.get(player)
    if entries is None:
        if notes:
            before: FideState = states[player]
            after = compressed(params, before)
            return Explanation(
                before=(("rating", before.rating),),
                columns=(),
                lines=(),
                terms=(),
                after=(("rating", after.rating),),
                notes=tuple(notes),
            )
        raise LookupError(f"player {player} played no game in period {label} of {params.name}")
    notes += _seed_notes(params, index, player, states, info(player))
    start = starts[player]
    if start.rating is None:
        return _explain_unrated(params, index, start, entries, notes)
    return _explain_rated(params, index, player, start, entries, info(player).born, notes)


SYSTEM = System(
    family="fide",
    keys=("rating", "status", "games", "k", "period_games"),
    run=run_period,
    row=row,
    explain=explain,
    make=make_state,
    columns="jq??j?jq",  # rating (or None), games, 2300, 2400, pool, started, last period (or None), its games
    walkovers=False,
    select=select,
    # An event is rated whole, in the period in which it ends: FIDE's list takes a competition once it has
    # finished ("the closing date ... is the date on or by which a competition must be finished to be included
    # on the list", FIDE, changes effective 1 July 2009), with K "determined based on the rating at the
    # beginning of the tournament" (ibid.): here the list the period of its end starts from (choice 13).
    by_event=True,
)
"""The FIDE rating system; its parameter sets are :data:`VERSIONS`."""

TIMELINE_SYSTEM = replace(SYSTEM, family="fide-timeline")
"""The FIDE system rating a :class:`FideTimeline` (its own family: no version supersedes a timeline)."""
