"""The words of the ECF families' explanation keys (see :mod:`commands.explanation_text`).

The keys are :data:`projections.rules.ecf_grading.explain.MESSAGES` (``ecf_grading.*``: Clarke's grading,
seed 004, and the choices of :mod:`projections.rules.ecf_grading.formulas`) and
:data:`projections.rules.ecf_online.explain.MESSAGES` (``ecf_online.*``: the ECF's online ratings, seed 003,
cited by its headings).
"""

from __future__ import annotations

_ESTIMATED = "(seed 004: 'If the opponent is ungraded, their Grade is estimated')"
_TEN_RESULTS = "(seed 004: 'At least 10 results are required to attain a grade')"

WORDS: dict[str, str] = {
    # why a list leaves a game out (projections.rules.selection)
    "ecf_grading.left.mode": (
        "{rules} (seed 003: OTB grades are not impacted by internet games): {mode} games are not rated"
    ),
    "ecf_grading.left.other_list": "{rules} choice 2: a game of {control} goes on {where}",
    "ecf_grading.on_list": "the {list} list",
    "ecf_grading.too_fast": "no list (faster than rapidplay)",
    "ecf_online.left.mode": "{rules} (seed 003: internet games only): {mode} games are not rated",
    "ecf_online.left.other_list": "{rules} (seed 003, Time Controls): a game of {control} goes on {where}",
    "ecf_online.on_list": "the {list} rating",
    "ecf_online.too_fast": "no rating (faster than blitz)",
    # ECF grading: ungraded players and their opponents (choice 9).
    "ecf_grading.estimated": (
        "note: Ungraded: his grade is estimated from his own results in the period, each game the opponent's "
        "grade ± {win_bonus}, without the {cap}-point proviso (he has no grade to measure it from) " + _ESTIMATED
    ),
    "ecf_grading.estimated_together": (
        "note: Ungraded opponents at the estimates consistent between {members}, found by successive "
        "approximation in {rounds} rounds to within {tolerance:g} (as the ICU solves its ungraded players)"
    ),
    "ecf_grading.cannot_grade": (
        "note: Cannot be graded: the ungraded players {members} met only each other, with no graded opponent "
        "directly or through other ungraded players and no earlier games: no points (seed 004: an ungraded "
        "opponent's grade is estimated from available information)"
    ),
    "ecf_grading.ungraded_opponent": (
        "note: {opponent} is ungraded: his estimate {estimate} from his own results in the period, rounded "
        "{rounded} " + _ESTIMATED
    ),
    # ECF grading: the points of a game (seed 004's 40-point proviso; choice 4).
    "ecf_grading.capped": (
        "note: seed 004: an opponent's grade more than {cap} from the player's own {grade} is taken as exactly "
        "{cap} away: {games}"
    ),
    "ecf_grading.capped.game": "{game}: {grade} taken as {used}",
    "ecf_grading.negative": "note: A negative score is counted as {floor} (Wikipedia, ECF grading system)",
    # ECF grading: the grade (choices 5, 6 and 8).
    "ecf_grading.no_made_up": "note: {games} games in the period: no games made up (seed 004)",
    "ecf_grading.made_up": (
        "note: Fewer than {target} games in the period: made up with the {made_up} most recent games of the "
        "previous period {previous} (seed 004)"
    ),
    "ecf_grading.none_to_make_up": "note: Fewer than {target} games in the period, and none in {previous} to make up",
    "ecf_grading.too_few.kept": (
        "note: {results} results, fewer than {minimum}: not graded this period; he keeps his grade {grade} "
        + _TEN_RESULTS
    ),
    "ecf_grading.too_few.ungraded": (
        "note: {results} results, fewer than {minimum}: not graded this period; he stays ungraded " + _TEN_RESULTS
    ),
    "ecf_grading.junior": (
        "note: Junior: age {age} on {day}: +{enhancement}, included in the published grade (seed 004)"
    ),
    # ECF grading: the period's games on another list (choice 2).
    "ecf_grading.elsewhere": "note: Games of the period not on the {list} list: {counts}",
    "ecf_grading.elsewhere.count": "{games} {list}",
    "ecf_grading.list.standard": "standard-play",
    "ecf_grading.list.rapid": "rapidplay",
    "ecf_grading.on.standard": "standard",
    "ecf_grading.on.rapid": "rapid",
    "ecf_grading.on.none": "neither list (faster than rapidplay)",
    # ECF grading: a list said on one line.
    "ecf_grading.join.semicolon": "{first}; {rest}",
    "ecf_grading.join.comma": "{first}, {rest}",
    # ECF online: a new player's start (seed 003, "Starting Ratings"; choice 5).
    "ecf_online.seed.registration": "note: no prior rating: starts from the registration's starting rating {rating}",
    "ecf_online.seed.grade": (
        'note: "Starting Ratings": the {system} grade {grade:g} as of {as_of}: {factor:g} × {grade:g} + {offset} '
        "= {rating:g}"
    ),
    "ecf_online.seed.rating": 'note: "Starting Ratings": the {system} rating {rating:g} as of {as_of}',
    # ECF online: the month's games in another category (seed 003, "Time Controls").
    "ecf_online.other_games": (
        "note: {games} game(s) of the period are not {category} games and are not rated on this list"
    ),
}
"""Each message key of the families' explanations, and its English."""
