"""Helpers shared by the War tests: a guard against games that never end, and simulate's documented keys."""

from __future__ import annotations

import signal
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any


class Hang(Exception):
    """A game that should have ended is still being played."""


@contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    """Fail instead of hanging when a game that should end does not."""

    def alarm(signum: int, frame: Any) -> None:
        raise Hang(f"still playing after {seconds} s")

    old = signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


SIMULATE_KEYS = {
    "game",
    "players",
    "games",
    "options",
    "rounds",
    "battles",
    "plays",
    "wars",
    "wins",
    "draws",
    "cycles",
    "first_battle_war_rate",
}
