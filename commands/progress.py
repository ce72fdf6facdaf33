"""Progress of a long command on stderr: click's progress bar, on a terminal only, silenced by ``ratings --quiet``.

One mechanism for every command (issue 26 §6): a command, or the library under it, tells the command's
:class:`Bars` (``obj.bars``, :attr:`commands.context.Context.bars`) what it is doing, how much of it is done and of
how much (``obj.bars("lists", 3, 40)``); a new stage ends the bar before it (its line stays) and begins its own.
Nothing at all is written when stderr is not a terminal (a pipe, a file, a cron job's mail) or with ``--quiet``
(:func:`commands.context.terminal`): the command's answer on stdout is the same either way. A replay's stage
smaller than :data:`REPLAY_AT_LEAST` shows no bar (a warm projections file runs a period or two: no wait).

The library knows nothing of this module: :mod:`ledger` and :mod:`projections` take a plain callable, told (what,
done, total) or (done, total) or a count, and a command passes :meth:`Bars.replay`, :meth:`Bars.stage` or
:meth:`Bars.counter`; ``ratings site`` counts its files with :meth:`Bars.counting`.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any, Protocol, TextIO, TypeVar

import click

REPLAY_AT_LEAST = 24
"""The smallest replay (periods run, or thousands of log records read) that shows a bar: a cold replay, not the
period or two a warm projections file runs again."""


class Writes(Protocol):
    """Anything with a ``write`` method."""

    def write(self, *args: Any, **kwargs: Any) -> Any: ...


W = TypeVar("W", bound=Writes)


class Bars:
    """One click progress bar at a time on ``stream`` (None: nothing, at no cost): a new one for each stage."""

    def __init__(self, stream: TextIO | None) -> None:
        self.stream = stream
        self._bar: Any = None
        self._stage: str | None = None
        self._done = 0

    def __bool__(self) -> bool:
        return self.stream is not None

    def __call__(self, stage: str, done: int, total: int) -> None:
        """``done`` of ``total`` of ``stage`` are done."""
        self.show(stage, done, total)

    def replay(self, stage: str, done: int, total: int) -> None:
        """As :meth:`__call__`, for a replay: a stage under :data:`REPLAY_AT_LEAST` shows nothing and leaves the
        bar shown as it is."""
        self.show(stage, done, total, REPLAY_AT_LEAST)

    def show(self, stage: str, done: int, total: int | None, at_least: int = 1) -> None:
        """``done`` of ``total`` of ``stage`` are done (``total`` None: not known, the count is shown): a stage
        of fewer than ``at_least`` shows nothing."""
        if self.stream is None or (total is not None and total < at_least):
            return
        if stage != self._stage:
            self.close()
            self._stage = stage
            if total is None:  # a count: click draws a bar of unknown length from an endless iterable
                self._bar = click.progressbar(iter(int, 1), label=stage, file=self.stream, show_pos=True)
            else:
                self._bar = click.progressbar(length=total, label=stage, file=self.stream)
            self._bar.__enter__()
            self._done = 0
        if self._bar is not None and done > self._done:
            self._bar.update(done - self._done)
            self._done = done
            if total is not None and done >= total:  # finished: its line stays; more of the stage shows nothing
                self._bar.__exit__(None, None, None)
                self._bar = None

    def stage(self, stage: str) -> Callable[[int, int], None] | None:
        """A callable told (done, total) of ``stage``; None where nothing is shown (the library counts nothing)."""
        return None if self.stream is None else partial(self, stage)

    def counter(self, stage: str, total: int) -> Callable[[int], None]:
        """A callable told ``count`` more are done, of ``total`` in all (what a copy or an import reports)."""
        done = 0

        def count(more: int) -> None:
            nonlocal done
            done += more
            self(stage, done, total)

        return count

    def counting(self, writer: W, stage: str) -> W:
        """``writer`` (an object with a ``write`` method), each of its writes counted on the bar of ``stage``
        (``ratings site``'s files written: how many there will be is not known before)."""
        if self.stream is None:
            return writer
        write = writer.write
        done = 0

        def counted(*args: Any, **kwargs: Any) -> Any:
            nonlocal done
            found = write(*args, **kwargs)
            done += 1
            self.show(stage, done, None)
            return found

        setattr(writer, "write", counted)  # noqa: B010 (the instance's method, replaced for this command)
        return writer

    def close(self) -> None:
        """End the bar shown (its line kept); the next call begins a new one."""
        bar, self._bar, self._stage = self._bar, None, None
        if bar is not None:
            bar.__exit__(None, None, None)
