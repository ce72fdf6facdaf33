"""The words of the fide family's explanation keys (see :mod:`commands.explanation_text`).

Each clause an explanation applies is said on a line of its own after the player's terms, as ``note: ...``
(:data:`projections.rules.fide.explain.MESSAGES` lists the keys).
"""

from __future__ import annotations

WORDS: dict[str, str] = {
    # why a list leaves a game out (§1.1, R&B §1.1.1–1.1.2 and §7.3.1, §6.1–6.2)
    "fide.left.mode": "{rules} (FIDE rates over-the-board play): {mode} games are not rated",
    "fide.left.standard_rate": "{rules} §1.1: under {minimum} minutes for 60 moves",
    "fide.left.no_control": "{rules} {clause}: no time control recorded",
    "fide.left.outside_rapid": "{rules} {clause}: outside more than {low} and less than {high} minutes for 60 moves",
    "fide.left.outside_blitz": "{rules} {clause}: outside more than {low} and at most {high} minutes for 60 moves",
    "fide.left.mismatch": "{rules} §7.3.1: {gap} points or more apart, one rated above {above}",
    "fide.left.match_unrated": "{rules} {clause}: a match with an unrated player ({players})",
    "fide.left.match_decided": (
        "{rules} {clause}: played after the match was decided ({leader} {score}, of {rounds} games)"
    ),
    # Where the player starts: a prior (choice 6), the compression of 1 March 2024 (choice 7).
    "fide.compression": "note: compression of 1 March 2024: {rating} + {factor:g} × ({to} − {rating}) = {compressed}",
    "fide.no_rating": "note: {player} has no FIDE rating: unrated until he qualifies for a first rating (§7.1.4)",
    "fide.prior": "FIDE prior {rating:g} as of {as_of} ({games} games)",
    "fide.prior.other": "{system} prior {rating:g} as of {as_of} ({games} games)",
    "fide.prior.below_floor": "note: {prior} is below the floor {floor}: unrated (§7.2.1)",
    "fide.seeded": "note: seeded from the {prior}",
    "fide.seeded.compressed": "note: seeded from the {prior}, raised to {rating} by the compression of 1 March 2024",
    # A rated player's period (§8.3).
    "fide.opponent_unrated": (
        "note: {game}: {opponent} was unrated: not rated for {player} (§8.3.1, rated opponents only)"
    ),
    "fide.tournament": "tournament {tournament}",
    "fide.no_tournament": "the games with no tournament recorded",
    "fide.capped": "note: {rating} counted as {counted}: §8.3.1 400-point rule",
    "fide.upgraded": "note: {rating} counted as {counted}: §8.3.1 400-point rule",
    "fide.upgraded.once": (
        "note: {rating} counted as {counted}: §8.3.1 400-point rule (the one upgrade in {event}: the greatest "
        "difference)"
    ),
    "fide.not_upgraded": (
        "note: {rating} counted as {rating}: §8.3.1 400-point rule applied only once in {event}, in game {game}"
    ),
    "fide.exempt": "note: {rating} counted as {rating}: §8.3.1, no 400-point cap for a player rated {from} or more",
    "fide.k_capped": (
        "note: §8.3.3: K × n = {k} × {games} exceeds {cap}: K = {capped}, the largest whole number with K × n ≤ {cap}"
    ),
    "fide.event_list": "note: {event} began on {began}: rated from the list of {list} (rating {rating}, K {k})",
    "fide.rounded": "note: §8.3.4: the change {change:g} is rounded to {rounded} (0.5 away from zero)",
    "fide.below_floor": "note: §7.2.1: {rating} is below the floor {floor}: unrated on the next list",
    # An unrated player's period (§7.1.4, §8.2).
    "fide.pool_dropped": "note: §7.1.4: results older than {months} months are no longer pooled",
    "fide.first_event_zero": "note: §8.2.1: the player scored zero in his first event: its results are disregarded",
    "fide.pool_short": (
        "note: §7.1.4: a first rating needs at least {needed} games against rated opponents; {pooled} so far"
    ),
    "fide.initial.two_draws": (
        "note: §8.2.2–8.2.3: Ra = ({opponents} + 2 × {hypothetical}) / {counted} with two hypothetical draws; "
        "Ru = Ra + dp"
    ),
    "fide.initial.two_draws.max": (
        "note: §8.2.2–8.2.3: Ra = ({opponents} + 2 × {hypothetical}) / {counted} with two hypothetical draws; "
        "Ru = Ra + dp, at most {max}"
    ),
    "fide.initial.even": "note: §8.2.3: a score of 50%: Ru = Ra",
    "fide.initial.above": "note: §8.2.3: Ru = Ra + {bonus} for each half point over 50%",
    "fide.initial.below": "note: §8.2.3: a score below 50%: Ru = Ra + dp (table 8.1.1)",
    "fide.initial.below_floor": "note: §7.1.4: Ru {rating} is below {floor}: not published, the results stay pooled",
}
"""Each message key of the family's explanations, and its English."""
