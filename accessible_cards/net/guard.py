"""The way in: wrong codes counted per address and in total, a growing wait, a lockout, few connections waiting.

A code is checked only after :meth:`Guard.delay` has passed for its address, so a guesser who opens
connection after connection gains nothing by it. Each address has a few free tries; after them every
further wrong code doubles the wait before the next is checked (half a second, 1 s, 2 s ... up to
8 s), and :attr:`Limits.lock_after` wrong codes within :attr:`Limits.window` lock the address out
for :attr:`Limits.lock_time`: the teacher is told on the console. Wrong codes from all addresses
together are bounded as well: past :attr:`Limits.total` in a window every check waits until the
window has room again, so many addresses guess no faster than a few (a right code still gets in, later).

The join code (and SSH's password, which is the join code) and the teacher's code are counted apart
(:data:`JOIN` and :data:`TEACHER`): a child who knows the join code gains no teacher's tries by it.

Connections that have not said the right code yet are bounded too (:meth:`Guard.enter`), per address
and in all, so half-open connections cannot use up the server's descriptors.
"""

from __future__ import annotations

import secrets
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Final

JOIN: Final = "join"
"""Wrong join codes (the protocol's hello and rejoin, and SSH passwords)."""
TEACHER: Final = "teacher"
"""Wrong teacher's codes."""

CODE_DIGITS: Final = 10
"""The join code's digits: 10**10 codes, against at most ``Limits.total`` wrong ones a minute (docs/reliability.md)."""
TEACHER_DIGITS: Final = 12
"""The teacher's code's digits: it opens every hand, so two digits more."""
CODE_LENGTH: Final = 16
"""The longest code the wire carries."""


def new_code(digits: int = CODE_DIGITS) -> str:
    """A fresh code of ``digits`` digits from the system's own source."""
    return f"{secrets.randbelow(10**digits):0{digits}d}"


def normal_code(typed: str) -> str:
    """A code as it is compared: without the spaces, commas, dots and dashes it was read out or typed with."""
    return "".join(character for character in typed if character.isalnum())[:CODE_LENGTH]


def spoken_code(code: str) -> str:
    """The code in groups of three (the last of four when one would stand alone), each digit apart: it is read
    digit by digit, a pause between the groups, by a voice, a screen reader and a braille display alike.

    ``4829135507`` is ``4 8 2, 9 1 3, 5 5 0 7``; typing it with the spaces and commas is the same code.
    """
    groups = [code[i : i + 3] for i in range(0, len(code), 3)]
    if len(groups) > 1 and len(groups[-1]) == 1:
        groups[-2:] = [groups[-2] + groups[-1]]
    return ", ".join(" ".join(group) for group in groups)


@dataclass(frozen=True)
class Limits:
    """How many wrong codes, how long the waits and the lockout, how many connections may wait unadmitted."""

    free_tries: int = 3
    """Wrong codes from one address that cost no wait."""
    first_wait: float = 0.5
    """Seconds before the code after the first costly wrong one is checked; each further one doubles it."""
    longest_wait: float = 8.0
    lock_after: int = 12
    """Wrong codes from one address within ``window`` that lock it out."""
    window: float = 60.0
    lock_time: float = 300.0
    total: int = 60
    """Wrong codes from all addresses within ``window``; past it every check waits."""
    pending: int = 64
    """Connections not yet admitted, from all addresses, at once."""
    pending_per_address: int = 16
    """Connections not yet admitted from one address at once."""
    hello_time: float = 10.0
    """Seconds a new connection has to say the join code (the ``join`` client says it at once)."""
    login_time: float = 20.0
    """Seconds an SSH connection has to log in (a child types the ten digits of the password in that time)."""


@dataclass
class _Address:
    wrong: deque[float] = field(default_factory=deque)
    """When its wrong codes came, within the window."""
    next_check: float = 0.0
    locked_until: float = 0.0


@dataclass(frozen=True)
class Lockout:
    """An address locked out: what the teacher is told."""

    address: str
    kind: str
    tries: int
    minutes: int


class Guard:
    """Wrong codes and waiting connections, per address and in total, for one server."""

    def __init__(self, limits: Limits | None = None, clock: Callable[[], float] = time.monotonic) -> None:
        self.limits = limits or Limits()
        self.clock = clock
        self._addresses: dict[tuple[str, str], _Address] = {}
        self._total: dict[str, deque[float]] = {JOIN: deque(), TEACHER: deque()}
        self._pending: dict[str, int] = {}

    # -- connections not yet admitted ------------------------------------------------------------

    def enter(self, address: str) -> bool:
        """A new connection from ``address`` that has not said the code: False when too many wait already."""
        waiting = self._pending.get(address, 0)
        if waiting >= self.limits.pending_per_address or sum(self._pending.values()) >= self.limits.pending:
            return False
        self._pending[address] = waiting + 1
        return True

    def admitted(self, address: str) -> None:
        """A connection that :meth:`enter` let in has said the code, or has gone: it waits no more."""
        waiting = self._pending.get(address, 0) - 1
        if waiting > 0:
            self._pending[address] = waiting
        else:
            self._pending.pop(address, None)

    @property
    def waiting(self) -> int:
        """Connections not yet admitted, now."""
        return sum(self._pending.values())

    # -- codes -------------------------------------------------------------------------------------

    def locked(self, address: str, kind: str = JOIN) -> float:
        """Seconds ``address`` stays locked out for ``kind`` (0: it is not)."""
        entry = self._addresses.get((address, kind))
        return max(0.0, entry.locked_until - self.clock()) if entry is not None else 0.0

    def delay(self, address: str, kind: str = JOIN) -> float:
        """Seconds to wait before a code from ``address`` is checked (0: check it now).

        The larger of the address's own wait and, when all addresses together have passed
        :attr:`Limits.total` wrong codes in the window, the time until the oldest of them leaves it.
        """
        now = self.clock()
        wait = 0.0
        entry = self._addresses.get((address, kind))
        if entry is not None:
            wait = max(0.0, entry.next_check - now)
        total = self._expire(self._total[kind], now)
        if len(total) >= self.limits.total:
            wait = max(wait, total[0] + self.limits.window - now)
        return wait

    def wrong(self, address: str, kind: str = JOIN) -> Lockout | None:
        """A wrong code from ``address``: counted; the lockout it caused, if it caused one."""
        now = self.clock()
        limits = self.limits
        entry = self._addresses.setdefault((address, kind), _Address())
        self._expire(entry.wrong, now).append(now)
        self._expire(self._total[kind], now).append(now)
        costly = len(entry.wrong) - limits.free_tries
        if costly > 0:
            entry.next_check = now + min(limits.longest_wait, limits.first_wait * 2 ** (costly - 1))
        if len(entry.wrong) >= limits.lock_after and entry.locked_until <= now:
            entry.locked_until = now + limits.lock_time
            tries = len(entry.wrong)
            entry.wrong.clear()
            return Lockout(address, kind, tries, max(1, round(limits.lock_time / 60)))
        self._forget(now)
        return None

    def right(self, address: str, kind: str = JOIN) -> None:
        """The right code from ``address``: its own wait is over (the total keeps what it counted)."""
        entry = self._addresses.get((address, kind))
        if entry is not None and entry.locked_until <= self.clock():
            del self._addresses[(address, kind)]

    def unlock(self, address: str) -> bool:
        """The teacher lets ``address`` try again at once; False when it was not locked out or waiting."""
        found = [key for key in self._addresses if key[0] == address]
        for key in found:
            del self._addresses[key]
        return bool(found)

    def _expire(self, times: deque[float], now: float) -> deque[float]:
        while times and times[0] <= now - self.limits.window:
            times.popleft()
        return times

    def _forget(self, now: float) -> None:
        """Drop the addresses that have nothing left to count, so a long day's guessers do not pile up."""
        if len(self._addresses) < 1024:
            return
        for key, entry in list(self._addresses.items()):
            if not self._expire(entry.wrong, now) and entry.locked_until <= now and entry.next_check <= now:
                del self._addresses[key]
