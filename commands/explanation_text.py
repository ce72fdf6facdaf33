"""The text of ``ratings explain``, for every rules system: the words of each statement, and the table.

An explanation (:class:`projections.rules.explanation.Explanation`) says what it says
as statements, a message key and its values; :data:`WORDS` holds the English
of each key, beside the one renderer, :func:`explanation_text`, which has no
branch on the system: which statements, which columns and how a column's cells
are printed are the value's.
"""

from __future__ import annotations

import string
from collections.abc import Callable, Sequence
from typing import Any, cast

from commands import output, words_ecf, words_fide, words_glicko
from projections import Cell
from projections.rules.explanation import OPPONENT, TABLE, Explanation, Statement, Terms, Value

RESULT = {2: "1", 1: "½", 0: "0"}
"""A score in half points, as a game line prints it."""

WORDS: dict[str, str] = {
    "blank": "",
    # Every system's frame: before, the table, the period's terms, after.
    "before": "before: {terms}",
    "before.not_rated": "before: not rated",
    "no_rated_games": "no rated games in the period",
    "period_terms": "terms: {terms}",
    "after": "after: {terms}",
    "after.not_rated": "after: not rated",
    "note": "note: {text}",
    # Events and the games left out, for every system.
    "event_games": "event {event}: {games}",
    "left_out": "left out: {game}{event:of_event}: {reason}",
    # Why a system's selection leaves a game out (projections.rules.selection), each citing its clause.
    "left.no_control": "no recorded time control",
    "left.withdrawal": "withdrawal forfeits are not rated (IECG §VIII.2)",
    "left.walkover": "arbiter's forfeits (walkovers) are not rated",
    "left.not_in_view": "not rated in this view",
    "left.pending_end": (
        "waits for the event's end: {rules} rates an event whole once it has ended (record it: event correct --end)"
    ),
    "icu.left.mode": "{rules} Graded Tournaments: {mode} games are not rated",
    "icu.left.rate": "{rules} Graded Tournaments: {control} is faster than 45/60",
    "iecg.left.thematic": "iecg D §2.9.2: thematic tournaments are not rated",
    "iecg.left.friendly_forfeit": "iecg D §2.7: victories scored by forfeit in friendly matches do not count",
    "iecg.left.friendly_gap": "iecg D §2.7: the TERs differ by {gap}, more than {limit}",
    # The IECG Rating Rules, 1.0–1.7.
    "iecg.not_rated": "Not rated yet: no rated game up to this period.",
    "iecg.no_games": "No rated games in {period}: the rating is unchanged.",
    "iecg.new_player": "New player: starts from his registered starting rating {rating} (IECG §VII).",
    "iecg.restart": (
        "Last rated game 30 or more periods ago: starts again from his starting rating {rating} (IECG §VIII.5)."
    ),
    "iecg.before": "Before the run: {status}",
    "iecg.established": "established, rating {rating}, TER {ter}, Pn {pn}",
    "iecg.provisional": (
        "provisional, {games} rated games, rating {rating}, TER {ter}, starting rating {starting_rating}"
    ),
    "iecg.k": "k = r·p = {r:g} × {p:g} = {k:g}  (r from Ro = {ro}, p from Pn = {pn}; IECG §V.3)",
    "iecg.new_rating": "Rn = Ro + ΣdR = {ro} {change:+.2f} = {rn:.2f} (IECG §V.4)",
    "iecg.provisional_rating": (
        "Over all {games} rated games (IECG §IV.1): Rc = {rc:.2f}, p = {p:.4f}, "
        "D(p) = {d:+.2f}, F = {f:.4f}, Rp = Rc + D(p)·F = {rp:.2f}"
    ),
    "iecg.becomes_established": "{games} rated games: the rating becomes established (IECG §IV.4).",
    "iecg.rating": "Old rating {old} → new rating {new} ({status})",
    # The Irish Chess Union's grading, 1980 (numbers ``:num`` and ``:signed``, scores ``:score``: FORMATS).
    "icu.no_games": "No graded games in {period}: {state}, unchanged.",
    "icu.after": "After the run: {state}",
    "icu.ungraded": "ungraded",
    "icu.published": "{status} {shown}",
    "icu.unpublished": "{status} {grade} (not published: fewer than {games} games)",
    "icu.figure_unpublished": "provisional figure {grade} on {games} games (not published below {least})",
    "icu.order": "Order of grading: group {group}, {name} (ICU 1980, Order of Grading)",
    "icu.group.1": "ungraded",
    "icu.group.2": "provisionally graded under {split}",
    "icu.group.3": "provisionally graded {split} and over",
    "icu.group.4": "graded under {split}",
    "icu.group.5": "graded {split} and over",
    "icu.before": "Before the run: {state}",
    "icu.cannot_grade": (
        "Cannot be graded: the ungraded players {members} met only each other, with no graded opponent directly "
        "or through other ungraded players (ICU 1980, Playing Unrated Players)"
    ),
    "icu.entry": "{game}: v {opponent}, grading {grading:num} ({figure}), {result}",
    "icu.won": "won",
    "icu.drew": "drew",
    "icu.lost": "lost",
    "icu.game": "  {entry}",
    "icu.new_player": "Graded as a new player (ICU 1980, Rating a New Player):",
    "icu.approximation": (
        "  Ungraded opponents at the gradings consistent between {members}, found by successive approximation "
        "in {rounds} rounds to within {tolerance:g} (ICU 1980, Playing Unrated Players)"
    ),
    "icu.sum": "  1) Sum of opponents' gradings: {total:num}",
    "icu.wins": "  2) Wins − losses {wml:+d}: {points:+d}, leaving {left:num}",
    "icu.divided": "  {step}) Divided by {games} games: {value:num}, rounded {grade}",
    "icu.provisional": "Recalculated (ICU 1980, Regarding Provisionally-graded players):",
    "icu.accelerated": "Under {below}, scored {score:score}/{games} (at least {percent}% in at least {least} games)",
    "icu.rule.below": "accelerated, but performance below old grading: normal procedure",
    "icu.rule.performance": "accelerated, performance taken as new grading",
    "icu.rule.from_1200": "accelerated, from a starting point of 1200",
    "icu.provisional.accelerated": (
        "  {test}: performance {batch}/{games} = {performance:num}; {rule} (ICU 1980, Players under 1200)"
    ),
    "icu.provisional.performance": "  New grading {value:num}, rounded {grade}, on {games} games",
    "icu.provisional.previous": "  3) Previous grading {base} × {games} games = {product}, giving {total}",
    "icu.no_longer_provisional": "  {games} graded games: no longer provisional (ICU 1980, Players under 1200)",
    "icu.regraded": "Regraded (ICU 1980, Regrading Graded players):",
    "icu.regrade.accelerated": "  {test}: performance {performance:num}; {rule} (ICU 1980, Players under 1200)",
    "icu.regrade.performance": "  New grading {value:num}, rounded {grade}",
    "icu.regrade.game": (
        "  {entry}: {win:+d}; difference {difference:+d}, {percent}% = {term:signed}; game {change:signed}"
    ),
    "icu.regrade.game.counted": (
        "  {entry}: {win:+d}; difference {difference:+d}, counted {counted:+d}, {percent}% = {term:signed}; "
        "game {change:signed}"
    ),
    "icu.regrade.sum": (
        "  From {base}: wins − losses {wml:+d} × {win_points} = {win_term:signed}; differences "
        "{differences:signed} × {percent}% = {difference_term:signed}; adjustment {adjustment:signed}"
    ),
    "icu.active": "{games} graded games in the year: active",
    "icu.not_active": "{games} graded games in the year: not active",
    "icu.half_rate": (
        "  {activity}, over {line}: half rate, {win_points:num} and {percent:num}%: {gain:signed} "
        "(ICU 1980, Players over 2000)"
    ),
    "icu.full_rate": "  {activity}: full rate over {line} (ICU 1980, Players over 2000)",
    "icu.bonus.none": "  Bonus: none on fewer than {games} games (ICU 1980, Bonuses)",
    "icu.bonus": (
        "  Bonus: threshold for {games} games {threshold:num}; gain {gain:signed} {verdict} (ICU 1980, Bonuses)"
    ),
    "icu.bonus.halved": (
        "  Bonus: threshold for {games} games {threshold:num} (halved: active over 2000); gain {gain:signed} "
        "{verdict} (ICU 1980, Bonuses)"
    ),
    "icu.bonus.over": "is {bonus:num} over it, doubled: {bonus:signed} more",
    "icu.bonus.not_over": "is not over it",
    "icu.crossing": (
        "  {activity}, going over {line}: {base} {change:signed} → {base} {to_line:signed} + ½({above:num}) = "
        "{value:num} (ICU 1980, Players over 2000)"
    ),
    "icu.regrade.result": "  {base} {change:signed} = {value:num}, rounded {grade}",
    "icu.new_grading": "New grading: {state}",
    "icu.adjusted": "Adjusted by the grading committee: {kind} {points:+d} (ICU 1980, Feedback Points)",
    "icu.adjusted.noted": "Adjusted by the grading committee: {kind} {points:+d} ({note}) (ICU 1980, Feedback Points)",
    "icu.adjusted.feedback": "feedback points",
    "icu.adjusted.global": "global adjustment",
    **words_ecf.WORDS,
    **words_fide.WORDS,
    **words_glicko.WORDS,
}
"""The English of each statement: a :meth:`str.format` template over the statement's values."""


def number(value: float) -> str:
    """A figure of a calculation: whole as a whole number, otherwise to two decimals."""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value) if isinstance(value, int) else f"{value:.2f}"


def signed(value: float) -> str:
    """A figure with its sign, ``+0`` for none."""
    text = number(value)
    return text if text.startswith("-") else f"+{text}"


def score(points2: int) -> str:
    """A score in half points as a fraction of games shows it: ``3``, ``1½``, ``½``."""
    whole, half = divmod(points2, 2)
    return f"{whole or ''}½" if half else str(whole)


FORMATS: dict[str, Callable[[Any], str]] = {
    "num": number,
    "signed": signed,
    "score": score,
    "of_event": lambda event: f" (event {event})" if event else "",
}
"""The templates' own format specifications, beside Python's (``{gain:signed}``)."""


class _Words(string.Formatter):
    """:meth:`str.format` with the :data:`FORMATS` specifications."""

    def format_field(self, value: Any, format_spec: str) -> Any:
        found = FORMATS.get(format_spec)
        return found(value) if found is not None else super().format_field(value, format_spec)


WORDS_FORMATTER = _Words()


def cell(value: Cell) -> str:
    """A value as printed: nothing for None, a float as the system rounded it (no trailing zeros)."""
    if value is None:
        return ""
    if isinstance(value, float):
        text = f"{value:.6f}".rstrip("0").rstrip(".")
        return "0" if text == "-0" else text
    return str(value)


def terms(pairs: Sequence[tuple[str, Cell]]) -> str:
    """``name value`` pairs on one line."""
    return ", ".join(f"{name} {cell(value)}" for name, value in pairs)


STYLES: dict[str, Callable[[Any], Cell]] = {
    "figure": cell,
    "plain": lambda value: value,
    "expected": lambda value: f"{value:.4f}",
    "change": lambda value: f"{value:+.2f}",
    "result": lambda points2: RESULT[points2],
    "iecg.cut_off": lambda cut: "yes (§III.8)" if cut else "no",
}
"""How a column's cells are printed (:class:`projections.rules.explanation.Column`): text is aligned left,
numbers (``plain``) right."""


def _value(value: Value) -> Any:
    """A statement's value as its template takes it: a statement said, named figures on one line."""
    if isinstance(value, Statement):
        return say(value)
    if isinstance(value, tuple):
        return terms(cast(Terms, value))
    return value


def say(statement: Statement) -> str:
    """One statement in words.

    >>> say(Statement("iecg.new_player", (("rating", 1500),)))
    'New player: starts from his registered starting rating 1500 (IECG §VII).'
    """
    return WORDS_FORMATTER.vformat(WORDS[statement.key], (), {name: _value(value) for name, value in statement.values})


def table(x: Explanation) -> str:
    """The table of ``x``, a row a line, each cell printed in its column's style; an opponent the ledger knows
    as his id and name (``1002 Brendan Byrne``)."""
    return output.table(table_rows(x), [column.heading for column in x.columns]).rstrip("\n")


def table_rows(x: Explanation) -> list[dict[str, Any]]:
    """The rows of the table of ``x``, keyed by heading, each cell as :func:`table` prints it."""
    names = dict(x.names)
    return [
        {
            column.heading: (
                f"{value} {names[value]}"
                if column.heading == OPPONENT and isinstance(value, str) and value in names
                else STYLES[column.style](value)
            )
            for column, value in zip(x.columns, row, strict=True)
        }
        for row in x.rows
    ]


def game_rows(x: Explanation) -> list[dict[str, Any]]:
    """The rows of the table of ``x`` for JSON, keyed by heading, each cell its value (a number a number, an
    absent cell null), with the opponent's name beside his id (``opponent_name``) where the table names him."""
    names = dict(x.names)
    rows: list[dict[str, Any]] = []
    for row in x.rows:
        found: dict[str, Any] = {}
        for column, value in zip(x.columns, row, strict=True):
            found[column.heading] = value
            if column.heading == OPPONENT and isinstance(value, str) and value in names:
                found["opponent_name"] = names[value]
        rows.append(found)
    return rows


def explanation_json(x: Explanation, name: str, since: str | None) -> dict[str, Any]:
    """``explain --format json``: the whole answer (:data:`commands.output.JSON_KEYS`); the games as values
    (:func:`game_rows`), not as the table prints them."""
    return {
        "player": x.player,
        "name": name,
        "rules": x.rules,
        "period": x.period,
        "before": dict(x.before),
        "games": game_rows(x),
        "terms": dict(x.terms),
        "after": dict(x.after),
        "statements": [said for said in (say(s) for s in x.statements if s != TABLE) if said],
        "since_published": since,
    }


def explanation_text(x: Explanation, name: str) -> str:
    """Everything ``explain`` prints: a heading, then each statement, the table where it stands."""
    out = [f"{x.player} {name}: {x.rules}, period {x.period}"]
    out += [table(x) if statement == TABLE else say(statement) for statement in x.statements]
    return "\n".join(out) + "\n"
