"""What the CLI tests of events share (issue 12): the lines of ``explain`` and ``event status``, a FIDE player."""

from __future__ import annotations

from tests.commands.support import Ratings


def explained_games(text: str) -> list[str]:
    """The games of an explanation's game table (its header starts with ``game``), in order: the lines under
    it up to a blank line, the ``event``/``left out:`` lines, or ``terms:``/``after:``."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines[:-1]) if line.startswith("game ") and lines[i + 1].startswith("-"))
    games = []
    for line in lines[start + 2 :]:
        if not line.strip() or line.startswith(("event ", "left out: ", "terms:", "after:")):
            break
        games.append(line.split()[0])
    return games


def left_out(text: str) -> list[str]:
    """The ``left out:`` lines of an explanation, without the prefix."""
    return [line[len("left out: ") :] for line in text.splitlines() if line.startswith("left out: ")]


def fide_player(ratings: Ratings, player: str, rating: int, as_of: str = "2024-04-30", games: int = 100) -> None:
    ratings.ok("player", "register", player, "--name", f"Player {player}", "--reported", "2023-01-01")
    ratings.ok("player", "prior", player, "--system", "fide", "--rating", str(rating), "--games", str(games),
               "--as-of", as_of, "--reported", as_of)  # fmt: skip


def status_blocks(text: str) -> dict[str, tuple[str, list[str]]]:
    """``event status``'s answer: system → (its head line after the name, a ``game: clause`` line for each game
    left out; the command prints the games of one clause on one line)."""
    blocks: dict[str, tuple[str, list[str]]] = {}
    current = ""
    for line in text.splitlines():
        if line.startswith("  "):  # "g1, g2: the clause": a line for each game
            games, why = line.strip().split(": ", 1)
            blocks[current][1].extend(f"{game}: {why}" for game in games.split(", "))
        else:
            current, head = line.split(": ", 1)
            blocks[current] = (head, [])
    return blocks
