"""The crosstable (score table) of one IECG event: points, tie-breaks, ranks and the grid of results.

Implements, from the IECG Rules and Regulations 5.1a (2000) (seed ``002_8243987ea7ba85e3.txt``):

- C §9A "Withdrawals": "all unfinished games are forfeited and all finished games are changed to
  'forfeit, adjudicated to the result'" — in the score table the opponent of the player who withdrew
  gets the win; the rating keeps the played result ("A wins against B, then A withdraws. B's result
  will be 1-0 forfeited, adjudicated 0-1"). :func:`score_games`.
- C §14 "Tiebreaks": 1. Sonneborn-Berger, 2. rating performance from the ratings at the start of the
  tournament, 3. direct match. :func:`crosstable`.
- E §VIII (the IECG Rating Rules 1.7, seed ``000_3dba7590a193faaf.txt``): §VIII.1 an arbiter's
  forfeit is rated as a normal finished game; §VIII.2 a withdrawal is not rated; §VIII.3 the
  remaining player may ask for an adjudication, which is rated, "however, the game is treated as a
  win in the score tables". The score-table points and the rating result of a game are kept apart
  (:class:`ScoredGame`).
- The performance of §14.2 is the IECG's own: the average start rating of the opponents plus
  D(p) = −400·log10((1−p)/p) of the rating rules §I.4
  (:func:`projections.rules.iecg.rating_change_of_score`), p the score fraction of §I.6.

Choices where the text is silent (each a field of :class:`CrosstableParams` where it is a number or a
switch):

1. **Both players withdrew.** §9A applied to each of them: the game is a forfeit lost by both (0-0
   in the score table, as C §12C scores an unreported game "as lost by both"); a finished game keeps
   its played result for the rating, an unfinished one is not rated.
2. **Sonneborn-Berger** is exact, in quarter points: a game's SB is the player's half points in it
   (2/1/0) times the opponent's score-table total in half points, which is 100%/50%/0% of the
   opponent's points (§14 A, B, C) times 4. Every game of the score table counts, forfeits too (the
   opponent's points "are his score-table total"), so a forfeit win over a player who withdrew adds
   that player's points, 0 when §9A took them all.
3. **Performance** counts the games of the score table with the score-table points (§VIII.3: the
   forfeit "is treated as a win in the score tables", and the tie-break ranks the score table), and
   is rounded half up to a whole number (rating rules §I.5, as every published IECG figure); the
   tie-break compares the whole numbers a secretary publishes.
4. **0% and 100%**: the rating rules' own D(0) = −800 and D(1) = +800 (§I.4), so a clean score is
   the opponents' average ± 800.
5. **Unrated opponents** (no start rating given): the games against them are left out of the
   performance, points and games alike (an IECG player always has a Tournament Entry Rating, §III.7,
   or a Starting Rating, §VII, so a missing one is unknown, not low). ``unrated_rating`` puts a
   rating in their place instead (e.g. §VII.3's 800). A player with no game left has no performance
   (None); when any player of a tied group has none, criterion 2 does not separate that group.
6. **Direct match** for two tied players is the result of their game(s); for more, the points each
   scored in the games among the tied players only. When that separates some of them, it is applied
   again among those still level (their own games only), until nothing changes. Players still level
   share a rank.
7. **Rank** is shared by players level on every criterion, in the "1, 2, 2, 4" way; they are listed by
   player id. The first row's ``decided_by`` is "" (no row above).
8. **Byes** (a round without a game, :class:`Bye`) add the points the caller gives them to the score-table
   total (so to the Sonneborn-Berger of his opponents, which weighs their totals) and nothing else: no game
   (``games``), no Sonneborn-Berger of his own (C §14 A–C weigh an opponent's points, and a bye has no
   opponent), no performance (§14.2 averages opponents' ratings). They are never rated. What a
   bye is worth is the caller's (:func:`projections.events.bye_points2`: the event's regulations).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence, Set
from fractions import Fraction
from typing import NamedTuple

from projections.rules.iecg.formulas import rating_change_of_score
from projections.rules.rounding import round_half_up

NO_FORFEIT = ""
ARBITER = "arbiter"
"""Rating rules §VIII.1: a forfeit by the arbiter's decision (claim on time, …), rated as a normal game."""
WITHDRAWAL = "withdrawal"
"""C §9A, rating rules §VIII.2–3: a game scored because a player withdrew; rated only as adjudicated."""
FORFEITS = (NO_FORFEIT, ARBITER, WITHDRAWAL)

POINTS = "points"
SONNEBORN_BERGER = "sonneborn-berger"
PERFORMANCE = "performance"
DIRECT = "direct"
TIED = "tied"
DECIDED_BY = (POINTS, SONNEBORN_BERGER, PERFORMANCE, DIRECT, TIED)
"""The keys of :attr:`Row.decided_by`: the criterion that put a row below the row above it (C §14)."""


class InvalidGameError(ValueError):
    """A game of the event whose fields do not fit together."""


class EventGame(NamedTuple):
    """One pairing of the event as recorded."""

    game: str
    white: str
    black: str
    result: int | None
    """White's points in half points (2 a win, 1 a draw, 0 a loss); None: no result yet (unfinished).
    For a forfeit, the score-table result (the win of the player who did not forfeit)."""
    forfeit: str = NO_FORFEIT
    """"" none, "arbiter" (§VIII.1), "withdrawal" (a game scored because a player withdrew, C §9A)."""
    adjudicated: int | None = None
    """White's half points as an adjudicator decided the game for the rating (§VIII.3), or the played
    result a withdrawal forfeit is "adjudicated to" (§9A); only for withdrawal forfeits."""


class Bye(NamedTuple):
    """A round a player had no game (choice 8): its TRF kind and what the score table gives it."""

    player: str
    round: int
    kind: str
    """``H F U Z + -`` (TRF16)."""
    points2: int
    """The points it scores, in half points."""


class CrosstableParams(NamedTuple):
    """The choices of the module docstring that are numbers or switches."""

    unrated_rating: int | None = None
    """Choice 5: the start rating used for an opponent without one; None: his games leave the performance."""


DEFAULT_PARAMS = CrosstableParams()
"""Choice 5 as the module docstring names it: games against unrated opponents leave the performance."""


class ScoredGame(NamedTuple):
    """A game as the score table and the rating see it."""

    game: str
    white: str
    black: str
    white_points2: int | None
    """White's score-table points in half points; None: not scored yet (no result)."""
    black_points2: int | None
    """Black's, the same way (2 − white's, or 0 for a game lost by both, choice 1)."""
    rating_points2: int | None
    """White's result for the rating in half points; None: not rated (§VIII.2)."""
    forfeit: str


class GridGame(NamedTuple):
    """One game in a cell of the grid, from the row player's side."""

    points2: int | None
    """The row player's score-table points in half points; None: no result yet."""
    forfeit: str


class Row(NamedTuple):
    """One line of the crosstable."""

    rank: int
    player: str
    points2: int
    """Score-table points in half points."""
    points: str
    """The points for display: "4½"."""
    games: int
    """The games scored (forfeits included; games without a result are not)."""
    sb4: int
    """Sonneborn-Berger in quarter points (choice 2)."""
    performance: int | None
    decided_by: str
    """What separated him from the row above: one of :data:`DECIDED_BY`, or "" on the first row."""
    withdrew: bool
    byes: tuple[tuple[int, str], ...] = ()
    """(round, kind) of each of his byes, by round (choice 8)."""

    @property
    def sonneborn_berger(self) -> Fraction:
        """The SB value in points, exact."""
        return Fraction(self.sb4, 4)


class Crosstable(NamedTuple):
    """The rows in final order and the grid, indexed in the same order."""

    rows: tuple[Row, ...]
    grid: tuple[tuple[tuple[GridGame, ...], ...], ...]
    """``grid[i][j]``: the games of row ``i``'s player against row ``j``'s, in the order given."""

    def against(self, player: str, opponent: str) -> tuple[GridGame, ...]:
        """The games of ``player`` against ``opponent``, from ``player``'s side."""
        order = [row.player for row in self.rows]
        return self.grid[order.index(player)][order.index(opponent)]


def points_text(points2: int) -> str:
    """Half points for display: a whole number, with "½" for a half.

    >>> points_text(9), points_text(8), points_text(1), points_text(0)
    ('4½', '4', '½', '0')
    """
    whole, half = divmod(points2, 2)
    if not half:
        return str(whole)
    return "½" if whole == 0 else f"{whole}½"


def quarters_text(quarters: int) -> str:
    """Quarter points (a Sonneborn-Berger value) for display: 51 → "12¾".

    >>> quarters_text(51), quarters_text(22), quarters_text(1), quarters_text(0)
    ('12¾', '5½', '¼', '0')
    """
    whole, rest = divmod(quarters, 4)
    fraction = ("", "¼", "½", "¾")[rest]
    return f"{whole}{fraction}" if whole or not fraction else fraction


def cell_text(games: Sequence[GridGame]) -> str:
    """A grid cell: "1", "½", "0" per game, "+"/"-" for a forfeit won/lost, "*" for no result yet.

    >>> cell_text([GridGame(2, ""), GridGame(1, "")]), cell_text([GridGame(2, "withdrawal"), GridGame(None, "")])
    ('1½', '+*')
    """
    marks = []
    for game in games:
        if game.points2 is None:
            marks.append("*")
        elif game.forfeit:
            marks.append("+" if game.points2 == 2 else "-")
        else:
            marks.append(("0", "½", "1")[game.points2])
    return "".join(marks)


def _check(game: EventGame) -> None:
    if game.white == game.black:
        raise InvalidGameError(f"game {game.game}: a player cannot play himself")
    if game.result not in (None, 0, 1, 2):
        raise InvalidGameError(f"game {game.game}: a result is 0, 1 or 2 half points, not {game.result}")
    if game.adjudicated not in (None, 0, 1, 2):
        raise InvalidGameError(f"game {game.game}: an adjudication is 0, 1 or 2 half points, not {game.adjudicated}")
    if game.forfeit not in FORFEITS:
        raise InvalidGameError(f"game {game.game}: forfeit is one of {FORFEITS}, not {game.forfeit!r}")
    if game.forfeit and game.result not in (0, 2):
        raise InvalidGameError(f"game {game.game}: a forfeit is a win for one player")


def score_game(game: EventGame, withdrawn: Set[str] = frozenset()) -> ScoredGame:
    """The score-table points and the rating result of one game, ``withdrawn`` the players who withdrew.

        C §9A's example: A wins against B (A white), then A withdraws. B's result will be "1-0 forfeited,
        adjudicated 0-1": B gets the win in the score table, the rating keeps A's win (white's points, black's
    points, the rating result in white's half points, the forfeit):

        >>> score_game(EventGame("g1", "A", "B", 2), withdrawn={"A"})[3:]
        (0, 2, 2, 'withdrawal')

        An unfinished game of a player who withdrew is a win for his opponent, not rated (§VIII.2):

        >>> score_game(EventGame("g2", "C", "A", None), withdrawn={"A"})[3:]
        (2, 0, None, 'withdrawal')
    """
    _check(game)
    white_left, black_left = game.white in withdrawn, game.black in withdrawn
    if game.forfeit == WITHDRAWAL:
        # Recorded already as a withdrawal forfeit: its result is the score table's, its
        # adjudication the rating's (§9A, §VIII.3).
        rating = game.adjudicated
    elif game.result is not None:
        if game.adjudicated is not None:
            raise InvalidGameError(f"game {game.game}: a finished game is rated by its result, not adjudicated")
        rating = game.result  # §VIII.1: an arbiter's forfeit is rated as a normal finished game.
    else:
        if game.adjudicated is not None and not (white_left or black_left):
            raise InvalidGameError(f"game {game.game}: only a withdrawal's game is adjudicated for the rating")
        rating = game.adjudicated  # §VIII.3: the remaining player's adjudication, if he asked for one.
    if white_left or black_left:
        # §9A: every game of a player who withdrew, finished or not, is forfeited by him; the
        # remaining player gets the win (§VIII.3: "treated as a win in the score tables").
        # Choice 1: both withdrew, the game is lost by both.
        return ScoredGame(
            game.game, game.white, game.black, 0 if white_left else 2, 0 if black_left else 2, rating, WITHDRAWAL
        )
    if game.result is None:
        return ScoredGame(game.game, game.white, game.black, None, None, None, game.forfeit)
    return ScoredGame(game.game, game.white, game.black, game.result, 2 - game.result, rating, game.forfeit)


def score_games(games: Iterable[EventGame], withdrawn: Set[str] = frozenset()) -> tuple[ScoredGame, ...]:
    """:func:`score_game` for every game, in the order given."""
    return tuple(score_game(game, withdrawn) for game in games)


class _Standing(NamedTuple):
    points2: int
    sb4: int
    performance: int | None


def _performance(
    player: str,
    games: Sequence[ScoredGame],
    ratings: Mapping[str, int],
    params: CrosstableParams,
) -> int | None:
    """C §14.2, rating rules §I.4/§I.6: average start rating of the opponents + D(p) (choices 3–5)."""
    opponents = 0
    count = 0
    points2 = 0
    for game in games:
        if game.white_points2 is None or game.black_points2 is None or player not in (game.white, game.black):
            continue
        own, opponent = (game.white_points2, game.black) if game.white == player else (game.black_points2, game.white)
        rating = ratings.get(opponent, params.unrated_rating)
        if rating is None:
            continue  # choice 5: an opponent without a start rating leaves the performance
        opponents += rating
        count += 1
        points2 += own
    if count == 0:
        return None
    p = Fraction(points2, 2 * count)  # rating rules §I.6: p = (2W + D) / 2N
    return round_half_up(float(Fraction(opponents, count)) + rating_change_of_score(float(p)))


def _direct(group: list[str], games: Sequence[ScoredGame]) -> list[list[str]]:
    """C §14.3, choice 6: the tiers of ``group`` by the points scored among its players, applied again
    to any tier still level that is smaller than the group."""
    members = set(group)
    mini = dict.fromkeys(group, 0)
    for game in games:
        if game.white in members and game.black in members and game.white_points2 is not None:
            mini[game.white] += game.white_points2
            mini[game.black] += game.black_points2 or 0
    levels = sorted(set(mini.values()), reverse=True)
    if len(levels) == 1:
        return [sorted(group)]
    tiers: list[list[str]] = []
    for level in levels:
        tier = [player for player in group if mini[player] == level]
        tiers.extend(_direct(tier, games) if len(tier) > 1 else [tier])
    return tiers


def _order(
    group: list[str], standings: Mapping[str, _Standing], games: Sequence[ScoredGame], criterion: int
) -> list[tuple[list[str], str]]:
    """Tiers of ``group`` in final order, each with the criterion that put it below the tier above
    ("" for the first tier: the caller knows what separated the group from its neighbour)."""
    if len(group) == 1:
        return [(group, "")]
    keys: tuple[str, ...] = (POINTS, SONNEBORN_BERGER, PERFORMANCE, DIRECT)
    if criterion == len(keys):
        return [(sorted(group), "")]
    name = keys[criterion]
    if name == DIRECT:
        tiers = _direct(group, games)
        return [(tier, "" if index == 0 else DIRECT) for index, tier in enumerate(tiers)]
    values: dict[str, int] = {}
    for player in group:
        standing = standings[player]
        value = (standing.points2, standing.sb4, standing.performance)[criterion]
        if value is None:  # choice 5: a group with a player without a performance skips criterion 2
            return _order(group, standings, games, criterion + 1)
        values[player] = value
    result: list[tuple[list[str], str]] = []
    for index, level in enumerate(sorted(set(values.values()), reverse=True)):
        tier = [player for player in group if values[player] == level]
        for sub_index, (sub_tier, key) in enumerate(_order(tier, standings, games, criterion + 1)):
            result.append((sub_tier, key if sub_index else ("" if index == 0 else name)))
    return result


def crosstable(
    games: Sequence[EventGame],
    ratings: Mapping[str, int],
    withdrawn: Set[str] = frozenset(),
    players: Iterable[str] = (),
    params: CrosstableParams = DEFAULT_PARAMS,
    byes: Sequence[Bye] = (),
) -> Crosstable:
    """The crosstable of an event: rows in final order (C §14) and the grid of results.

    ``ratings`` are the start ratings (may miss a player: unrated, choice 5); ``withdrawn`` the players
    who withdrew (C §9A); ``players`` any player to list who has no game; ``byes`` their byes (choice 8).
    A quad's first round, one game still running:

    >>> table = crosstable(
    ...     [EventGame("1", "A", "B", 2), EventGame("2", "C", "D", 1), EventGame("3", "B", "D", None)],
    ...     {"A": 1500, "B": 1500, "C": 1500, "D": 1500},
    ... )
    >>> for row in table.rows:
    ...     print(row.rank, row.player, row.points, row.games, row.performance, repr(row.decided_by))
    1 A 1 1 2300 ''
    2 C ½ 1 1500 'points'
    2 D ½ 1 1500 'tied'
    4 B 0 1 700 'points'

    >>> cell_text(table.against("B", "A")), cell_text(table.against("B", "D"))
    ('0', '*')
    """
    scored = score_games(games, withdrawn)
    everyone = list(
        dict.fromkeys(
            [*players, *(name for game in scored for name in (game.white, game.black)), *(b.player for b in byes)]
        )
    )
    totals = dict.fromkeys(everyone, 0)
    counted = dict.fromkeys(everyone, 0)
    for game in scored:
        if game.white_points2 is None or game.black_points2 is None:
            continue
        totals[game.white] += game.white_points2
        totals[game.black] += game.black_points2
        counted[game.white] += 1
        counted[game.black] += 1
    byes_of: dict[str, list[tuple[int, str]]] = {}
    totals_with_byes = dict(totals)
    for bye in byes:  # choice 8: a bye's points count in the total (the opponents' SB weighs it), nothing else
        byes_of.setdefault(bye.player, []).append((bye.round, bye.kind))
        totals_with_byes[bye.player] += bye.points2
    sb4 = dict.fromkeys(everyone, 0)
    for game in scored:
        if game.white_points2 is None or game.black_points2 is None:
            continue
        # C §14 A/B/C: 100%, 50%, 0% of the opponent's points = own half points × his half points / 4.
        sb4[game.white] += game.white_points2 * totals_with_byes[game.black]
        sb4[game.black] += game.black_points2 * totals_with_byes[game.white]
    standings = {
        player: _Standing(totals_with_byes[player], sb4[player], _performance(player, scored, ratings, params))
        for player in everyone
    }
    rows: list[Row] = []
    for tier, key in _order(sorted(everyone), standings, scored, 0):
        rank = len(rows) + 1
        for index, player in enumerate(tier):
            standing = standings[player]
            decided_by = key if index == 0 else TIED
            rows.append(
                Row(
                    rank,
                    player,
                    standing.points2,
                    points_text(standing.points2),
                    counted[player],
                    standing.sb4,
                    standing.performance,
                    decided_by,
                    player in withdrawn,
                    tuple(sorted(byes_of.get(player, ()))),
                )
            )
    order = [row.player for row in rows]
    position = {player: index for index, player in enumerate(order)}
    cells: list[list[list[GridGame]]] = [[[] for _ in order] for _ in order]
    for game in scored:
        white, black = position[game.white], position[game.black]
        cells[white][black].append(GridGame(game.white_points2, game.forfeit))
        cells[black][white].append(GridGame(game.black_points2, game.forfeit))
    grid = tuple(tuple(tuple(cell) for cell in line) for line in cells)
    return Crosstable(tuple(rows), grid)
