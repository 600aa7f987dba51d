"""Many seeded games without a listener: the figures behind ``accessible-cards simulate``.

Each game registers its own ``simulate`` (and the ``figures_lines`` that print
its figures); :func:`simulate` calls it by the game's description, with one
keyword signature for every game. The helpers every game's simulation shares
(:func:`game_seeds`, :func:`wilson`, :func:`percentile`) live in
:mod:`accessible_cards.stats`, below the games, and are named here too.
"""

from __future__ import annotations

import contextlib
import signal
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from types import FrameType
from typing import Any, TextIO

from .errors import OptionError
from .game import GameDescription
from .stats import Run, game_seeds, percentile, watching, wilson

__all__ = ["Progress", "Run", "figures_lines", "game_seeds", "percentile", "simulate", "wilson"]

PROGRESS_EVERY = 5.0
"""Seconds between two progress lines of a long run."""


def simulate(
    game: GameDescription,
    *,
    players: int | None = None,
    games: int,
    seed: int,
    settings: Mapping[str, Any],
    variant: str | None = None,
    ai: Sequence[str] | None = None,
    swap: bool = False,
    run: Run | None = None,
) -> dict[str, Any]:
    """Play ``games`` seeded games of ``game`` and return its figures (what ``--json`` prints).

    With ``run`` the games are watched: it is told of each game, Ctrl-C sets its
    ``stop``, and the figures are those of the games finished so far, with
    ``"stopped": {"asked": G, "done": N}`` added when the run was stopped.
    An OptionError when the game cannot be simulated, or refuses the options,
    the preset or the computer levels it is given.
    """
    if game.simulate is None:
        raise OptionError("error-simulate-none", f"{game.title} cannot be simulated", game=game.name)
    if run is None:
        return game.simulate(
            players=players, games=games, seed=seed, settings=settings, variant=variant, ai=ai, swap=swap
        )
    with watching(run), _stop_on_interrupt(run):
        figures = game.simulate(
            players=players, games=games, seed=seed, settings=settings, variant=variant, ai=ai, swap=swap
        )
    if run.stop:
        figures["stopped"] = {"asked": games, "done": run.done}
    return figures


@contextlib.contextmanager
def _stop_on_interrupt(run: Run) -> Iterator[None]:
    """Ctrl-C asks ``run`` to stop after the game being played; a second Ctrl-C stops at once.

    A game whose simulation does not draw its seeds from :func:`game_seeds` is stopped at once.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def stop(signum: int, frame: FrameType | None) -> None:
        if run.stop or not run.seeded:  # a game that draws its own seeds cannot stop early: stop at once
            raise KeyboardInterrupt
        run.stop = True

    previous = signal.signal(signal.SIGINT, stop)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


class Progress:
    """``on_game`` for a :class:`Run`: a plain line every few seconds with the share done and the time left.

    Each report is one new line (no spinner, no redraw), so a screen reader reads it once.
    """

    def __init__(self, out: TextIO, every: float = PROGRESS_EVERY, clock: Callable[[], float] = time.monotonic) -> None:
        self.out = out
        self.every = every
        self.clock = clock
        self.began = clock()
        self.last = self.began

    def __call__(self, done: int, asked: int) -> None:
        now = self.clock()
        if done == 0 or now - self.last < self.every:
            return
        self.last = now
        left = (now - self.began) / done * (asked - done)
        print(f"{_share(done, asked)} done ({done} of {asked} games), {_duration(left)} left.", file=self.out)
        self.out.flush()


def _share(done: int, asked: int) -> str:
    percent = 100 * done / asked
    return f"{percent:.0f}%" if percent >= 1 else "less than 1%"


def _duration(seconds: float) -> str:
    """About how long, in the largest unit that fits: seconds, minutes, hours or days."""
    for unit, size in (("days", 86400), ("hours", 3600), ("minutes", 60)):
        if seconds >= 2 * size:
            return f"about {seconds / size:.0f} {unit}"
    return f"about {max(1, round(seconds))} seconds"


def figures_lines(game: GameDescription, figures: Mapping[str, Any]) -> list[str]:
    """The lines ``simulate`` prints for ``figures`` without ``--json``: the game's own, or one per figure."""
    if game.figures_lines is not None:
        return game.figures_lines(figures)
    return [f"{key}: {value}" for key, value in figures.items()]
