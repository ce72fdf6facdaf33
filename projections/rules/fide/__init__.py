"""FIDE Elo, by version of the FIDE Rating Regulations: ``fide-2014``, ``fide-2017``, ``fide-2022``,
``fide-2024``, ``fide-2025`` (the standard list), ``fide-2024-rapid``, ``fide-2024-blitz``, ``fide-2025-rapid``,
``fide-2025-blitz`` (the Rapid and Blitz Rating Regulations), and ``fide``, the standard list's timeline.

The package: this module declares the versions (their clauses documented where each is declared), the
systems and the family; :mod:`~projections.rules.fide.formulas` holds the parameters and the arithmetic,
:mod:`~projections.rules.fide.system` the games each list rates, a period's run and a list row,
:mod:`~projections.rules.fide.explain` the explanation as message keys (their words are
:mod:`commands.words_fide`'s).

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
   rated once: each event with the ratings of the list in force at its start
   (choice 13), one ΔR a period, rounded once (§8.3.2 c–d allow "a tournament
   or Rating Period"; the brief of this project rates by period).
2. **K** (§8.3.3, 40/20/10 in every version since 1 July 2014), in this order:
   a player whose published rating ever reached 2400 has K 10; a junior whose
   rating never reached 2300 has K 40; a player with fewer than 30 rated games
   has K 40; anyone else K 20. The order is the one FIDE's published lists
   bear out (the K = 10 line holds "even if the rating drops below 2400"; the
   junior line "as long as their rating remains under 2300"). K is fixed at
   the start of each event, from the list in force then and the games of the
   events completed before it ("The K is determined based on the rating at
   the beginning of the tournament", FIDE, 1 July 2009; choice 13). A
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
   as one event. A registered event is rated whole (choice 13); a free-text
   tournament whose games fall in two periods is an event in each.
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
   here requires 5 (:attr:`~projections.rules.fide.formulas.FideParams.first_rating_games`).
6. **Priors.** A ``fide`` prior makes the player rated with it (rounded half
   up) from his first game, with its ``games``; a prior below the version's
   floor leaves him unrated (§7.2.1). Any other prior is ignored: FIDE rates
   an unrated player only by §8.2.
7. **The 2024 compression** is applied once, to every rating on the list dated
   1 March 2024, that is to the ratings the period ``2024-03`` starts from
   (:attr:`~projections.rules.fide.formulas.FideParams.compression_period`), before its games are rated; so a
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
   before the system sees it (``admits``, ``excluded`` and ``rated_games`` of
   :mod:`~projections.rules.fide.system`); the period's run rates every game it is given.
13. **Events** (issue 25 §1). An event is rated whole, on the list after the period in which it ends (FIDE's
   list takes a competition once finished: "the closing date ... is the date on or by which a competition must
   be finished to be included on the list", FIDE, changes effective 1 July 2009), so an event that crosses a
   month end is not split between two lists (``System.by_event``, ``Game.placed``). Each event is rated from the
   list in force at its start (Title Regulations 1.4.6a: "The Rating List in effect at the start of the
   tournament shall be used"; "The K is determined based on the rating at the beginning of the tournament",
   FIDE, 1 July 2009): the player's and his opponents' ratings are those of that list, even when a later list
   came out before the event ended (``System.begun``, :func:`~projections.rules.fide.system.period_entries`).
   K is set per event at its start (§8.3.3 "until they have completed events with at least 30 games"): the
   games of that list, plus his rated games of the events that ended before this one began (in the period of
   its start, or in the run's own period); the junior clause is read on the first day of the period of its
   start. The K×n ≤ 700 cap takes n as the player's rated games on the list (every event of the period), and
   caps each event's K; the period's change is the sum over his events, rounded once per list (§8.3.4), as
   before. A player unrated on the list in force at an event's start is unrated for it: his opponents' games
   with him are not rated for them; rated since (a first rating published before the event is rated), he is
   rated with his current rating and K (§8.2.4 of 2022 and 2024: "rated as a rated player with his current
   rating, but in the rating of his opponents he is counted as an unrated player"). An event whose end is not
   recorded is rated on no list until it is (``event status`` says so): its games wait, and recording its end
   (``event correct --end``) rates it whole, on the list after the period of its end. A game recorded before
   its event's start is rated on its own day. Games that name only a free-text tournament carry no dates: the
   ledger cannot tell when that tournament ended, so the games of one name in one period are one event, from
   the first of them to the last (FIDE rates registered tournaments only: register the event, with its dates,
   to have it rated whole across a month end); the games with no tournament recorded in one period are one
   event too (as choice 3 takes them). The rules in force are the period's (the version rating the list), as
   for every other clause.
14. **Matches** (§6.1–6.2 of 2024; :func:`~projections.rules.fide.system.match_excluded`). A match is an event
   of type ``match`` or ``two-game-match``; its ``rounds`` is the "specific number of games". *Unrated*: a match
   in which a player is unrated on the list the period starts from (his seed included, so a rapid or blitz
   player with a standard prior is rated, R&B §7.2.1) is left out whole, every game of it, for both players: the
   rule rates the match or not, not a player's side of it. *Decided*: the games are taken in (day, game) order;
   a player has won once his score is more than half the ``rounds`` (4 of 6, 1.5 of 2; 3–1 of 6 decides nothing
   yet); the deciding game is rated and every later one left out. A match with no ``rounds`` has no number of
   games and keeps all its games. The score counts every game of the match the period holds, those left out by
   another clause (mode, rate of play) included: they were played in the match; unplayed games (§5.1) are not
   games of it. "This requirement may be waived by prior request": the ledger records no such request, so it is
   never waived. A match rated in one period (an end date, ``System.by_event``) is seen whole; the games of a
   match without an end date that fall in earlier periods are not seen by the later period's run, whose score
   starts from its own games of the match. For 2014, 2017 and 2022, whose texts of these clauses were not found:
   both rules, as the 2008 text had the one and in effect the other (§6.5; §6.31, §6.42), the 2024 text states
   both, and no text between is known to differ; their message keys name the clauses they come from ("(2008
   §6.5, 2024 §6.2)", "(2024 §6.1)"), not a number of the version's own.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import date

from projections.rules.common import System, deferred
from projections.rules.fide import system
from projections.rules.fide.formulas import FideParams, FideTimeline, Rules
from projections.rules.periods import PeriodScheme
from projections.rules.versions import Family, Version, changes

EXPLANATION = "projections.rules.fide.explain"
"""The module of the family's explanation, loaded when an explanation is first asked for."""

__all__ = [
    "DESCRIPTIONS",
    "FAMILY",
    "FIDE_2014",
    "FIDE_2017",
    "FIDE_2022",
    "FIDE_2024",
    "FIDE_2024_BLITZ",
    "FIDE_2024_RAPID",
    "FIDE_2025",
    "FIDE_2025_BLITZ",
    "FIDE_2025_RAPID",
    "FIDE_PERIODS",
    "FIDE_TIMELINE",
    "SYSTEM",
    "TIMELINE_SYSTEM",
    "VERSIONS",
    "FideParams",
    "FideTimeline",
    "Rules",
]

FIDE_PERIODS = PeriodScheme(
    months=1, rules_clause="FIDE Rating Regulations §7.1: a list on the first day of each month"
)
"""§7.1: monthly lists (since July 2012, so for every version here)."""


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


SYSTEM = System(
    family="fide",
    keys=system.KEYS,
    run=system.run_period,
    row=system.row,
    explain=deferred(EXPLANATION, "explain"),
    make=system.make_state,
    columns="jq??j?jq",  # rating (or None), games, 2300, 2400, pool, started, last period (or None), its games
    walkovers=False,  # §5.1: unplayed games "are not counted" (choice 8)
    select=system.select,
    # An event is rated whole, in the period in which it ends: FIDE's list takes a competition once it has
    # finished ("the closing date ... is the date on or by which a competition must be finished to be included
    # on the list", FIDE, changes effective 1 July 2009), from the list in force at its start, K included
    # (Title Regulations 1.4.6a; "determined based on the rating at the beginning of the tournament", ibid.):
    # choice 13.
    by_event=True,
    begun=system.run_begun,
)
"""The FIDE rating system; its parameter sets are :data:`VERSIONS`."""

TIMELINE_SYSTEM = replace(SYSTEM, family="fide-timeline")
"""The FIDE system rating a :class:`FideTimeline` (its own family: no version supersedes a timeline)."""


def _version(params: FideParams | FideTimeline, rating: System) -> Version:
    in_force, changed = DESCRIPTIONS[params.name]
    return Version(params, rating, in_force, changes(changed), params is FIDE_TIMELINE)


FAMILY = Family(
    "fide",
    "FIDE Rating Regulations (B.02)",
    (*(_version(params, SYSTEM) for params in VERSIONS), _version(FIDE_TIMELINE, TIMELINE_SYSTEM)),
    explanation=EXPLANATION,
    shown=(FIDE_TIMELINE.name,),
)
"""Its versions, in the order ``ratings rules`` lists them; the standard list's timeline stands for it."""
