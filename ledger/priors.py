"""Ratings from outside the formulas: a player's prior ratings (from another system, or from before the ledger
began) and a grading committee's adjustments (ICU 1980, "Feedback Points"), and their voids.

A prior is a fact of its player's aggregate, named by its system and as-of date; an adjustment is an aggregate
of its own (:class:`~ledger.events.Adjustment`), voided by the one path every kind is
(:meth:`ledger.corrections.Corrections.set_void`); a void adjustment's key cannot be recorded again.
"""

from __future__ import annotations

from ledger import values
from ledger.corrections import Corrections
from ledger.errors import (
    DuplicateAdjustmentError,
    DuplicatePriorError,
    InvalidValueError,
    UnknownAdjustmentError,
    UnknownPriorError,
)
from ledger.events import Adjustment, PriorRatingRecorded, PriorRatingVoided, RatingAdjusted, adjustment_key
from ledger.players import Players
from ledger.store import LogRecord


class Priors(Players, Corrections):
    """Prior ratings and adjustments."""

    def record_prior(
        self,
        player: str,
        *,
        system: str,
        rating: float,
        as_of: str,
        games: int | None = None,
        status: str | None = None,
        deviation: float | None = None,
        volatility: float | None = None,
        source: str = "",
        reported_on: str | None = None,
    ) -> None:
        """Record a rating the player brought from another system, as that system published it."""
        player = values.check_id(player, "player id")
        values.check_choice(system, values.PRIOR_SYSTEMS, "system")
        if status is not None:
            values.check_choice(status, values.PRIOR_STATUSES, "status")
        values.check_prior(system, rating, games, deviation, volatility)
        source = values.check_free_text(source, "source", required=False)
        if status == "provisional" and not games:
            raise InvalidValueError(
                "a provisional rating needs the games behind it (--games at least 1): it is 'rating/games'"
            )
        day, reported = self.dated(as_of, "as-of date", reported_on)
        aggregate = self.counting_player(player)
        if (system, day.isoformat()) in aggregate.priors:
            raise DuplicatePriorError(f"player {player!r} already has a {system} rating as of {day.isoformat()}")
        aggregate.trigger_event(
            PriorRatingRecorded,
            player=player,
            system=system,
            rating=float(rating),
            games=games,
            status=status,
            deviation=deviation,
            volatility=volatility,
            as_of=day.isoformat(),
            source=source.strip(),
            reported_on=reported.isoformat(),
            recorded_by=self.user,
        )
        self.save(aggregate)

    def void_prior(
        self,
        player: str,
        *,
        system: str,
        as_of: str,
        reason: str,
        reported_on: str | None = None,
        dry_run: bool = False,
    ) -> list[LogRecord]:
        """Void a prior rating recorded in error, named by its system and as-of date: it no longer counts (a
        prior of the same key may then be recorded)."""
        player = values.check_id(player, "player id")
        values.check_choice(system, values.PRIOR_SYSTEMS, "system")
        day = values.parse_date(as_of, "as-of date").isoformat()
        reason = values.check_text(reason, "reason")
        aggregate = self.player(player)
        if (system, day) not in aggregate.priors:
            held = ", ".join(f"{s} as of {d}" for s, d in sorted(aggregate.priors)) or "none"
            raise UnknownPriorError(
                f"player {player!r} has no {system} prior rating as of {day} that counts (his priors: {held})"
            )
        original = aggregate.prior_reported[(system, day)]
        reported = self._after_report(original, reported_on, f"the {system} prior rating of {day}", "void")
        aggregate.trigger_event(
            PriorRatingVoided,
            player=player,
            system=system,
            as_of=day,
            reason=reason,
            reported_on=reported,
            recorded_by=self.user,
        )
        return self.save_or_preview(aggregate, dry_run=dry_run)

    def adjust_ratings(
        self,
        *,
        system: str,
        player: str | None,
        points: int,
        on: str,
        reason: str,
        reported_on: str | None = None,
    ) -> None:
        """Record a grading committee's adjustment of one player's rating, or of all (``player`` None)."""
        values.check_choice(system, values.ADJUSTABLE_SYSTEMS, "system")
        reason = values.check_text(reason, "reason")
        values.check_points(points)
        day, reported = self.dated(on, "adjustment date", reported_on)
        if player is not None:
            player = self.counting_player(values.check_id(player, "player id")).player
        key = adjustment_key(system, player, day.isoformat(), reason)
        who = "every player" if player is None else f"player {player!r}"
        duplicate = DuplicateAdjustmentError(f"this adjustment of {who} on {day.isoformat()} is already recorded")
        if (recorded := self.aggregate(key, Adjustment)) is not None:
            if recorded.voided:  # a voided adjustment keeps its aggregate id: the same key cannot be recorded again
                raise DuplicateAdjustmentError(
                    f"this adjustment of {who} on {day.isoformat()} was recorded and voided: "
                    "record it with another reason"
                )
            raise duplicate
        aggregate = Adjustment._create(
            RatingAdjusted,
            system=system,
            player=player,
            points=points,
            on=day.isoformat(),
            reason=reason,
            reported_on=reported.isoformat(),
            recorded_by=self.user,
        )
        self._save_new(aggregate, duplicate)

    def void_adjustment(
        self,
        *,
        system: str,
        player: str | None,
        on: str,
        reason: str,
        because: str,
        reported_on: str | None = None,
        dry_run: bool = False,
    ) -> list[LogRecord]:
        """Void an adjustment recorded in error, named by its natural key (system, player or all, date, reason)."""
        values.check_choice(system, values.ADJUSTABLE_SYSTEMS, "system")
        if player is not None:
            player = values.check_id(player, "player id")
        day = values.parse_date(on, "adjustment date").isoformat()
        reason = values.check_text(reason, "reason")
        because = values.check_text(because, "reason for the void")
        aggregate = self.aggregate(adjustment_key(system, player, day, reason), Adjustment)
        if aggregate is None:
            who = "every player" if player is None else f"player {player!r}"
            raise UnknownAdjustmentError(
                f"no {system} adjustment of {who} on {day} with reason {reason!r} is recorded "
                "(see `ratings log`: system, player, on and reason must match)"
            )
        return self.set_void(aggregate, True, reason=because, reported_on=reported_on, dry_run=dry_run)
