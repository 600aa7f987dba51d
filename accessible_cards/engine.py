"""The engine core every game shares: events, results, legal actions, options, the random source.

A game state takes actions and returns frozen events: facts with no prose.
Events only ever carry public facts; what one seat may know besides is in
that seat's view. Chance comes only from the state's own seeded
:class:`random.Random`, so seed + actions replay a game exactly.
"""

from __future__ import annotations

import enum
import random
import secrets
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, fields
from typing import Any, ClassVar, Final, Generic, TypeVar

from .cards import Card
from .errors import OptionError

A = TypeVar("A")


def _plain(value: Any) -> Any:
    """A JSON-ready form of an event field: cards become codes, enums (suits) their values, tuples lists."""
    if isinstance(value, Card):
        return value.code
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, (tuple, list)):
        return [_plain(item) for item in value]
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    return value


@dataclass(frozen=True, slots=True)
class Event:
    """A fact about the game. Subclasses name their ``type`` and hold public facts only."""

    type: ClassVar[str] = "event"

    def holds_next(self) -> bool:
        """True when what follows this event in its step waits for the people at the table.

        A match's game that ends and deals the next one: each person hears the end, then asks for
        the next deal (local play's controller holds it back; a network table waits until every
        person at it is ready).
        """
        return False

    def for_seat(self, seat: int) -> Event | None:
        """This event as ``seat`` may be told it (-1: a watcher); None when it is not that seat's to know.

        Events are public facts, the same for every seat. A game whose seats play boards of their own
        side by side (Klondike's race) tells each seat only what happens on its own board.
        """
        return self

    def to_dict(self) -> dict[str, Any]:
        """The event as JSON-ready data, ``type`` first."""
        data: dict[str, Any] = {"type": self.type}
        for field in fields(self):
            data[field.name] = _plain(getattr(self, field.name))
        return data


@dataclass(frozen=True, slots=True)
class Result:
    """How a game ended: ``scores`` per seat, the ``winners`` (all who drew, on a draw)."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]
    reason: str

    @property
    def draw(self) -> bool:
        """True when more than one seat shares the win."""
        return len(self.winners) != 1


class LegalActions(Generic[A]):
    """The legal actions now: supports ``in``, ``bool``, ``len``, indexing and iteration."""

    __slots__ = ("_actions",)

    def __init__(self, actions: Sequence[A]) -> None:
        self._actions = tuple(actions)

    def __contains__(self, action: object) -> bool:
        return action in self._actions

    def __bool__(self) -> bool:
        return bool(self._actions)

    def __len__(self) -> int:
        return len(self._actions)

    def __iter__(self) -> Iterator[A]:
        return iter(self._actions)

    def __getitem__(self, index: int) -> A:
        return self._actions[index]

    def __repr__(self) -> str:
        return f"LegalActions({list(self._actions)!r})"


class GameState(ABC, Generic[A]):
    """The shape of every game's state.

    ``start()`` performs the deal and returns its events; then ``apply()``
    takes one legal action at a time until ``result`` is set.
    """

    game: ClassVar[str]
    players: int
    seed: int | None
    """The seed its chance was drawn from (a scenario's cards may fix the deal instead)."""

    @property
    def deck_kind(self) -> str | None:
        """The kind of deck in play (its cards are named in that deck's style); None when the game does not say."""
        return None

    @property
    def variant(self) -> str | None:
        """The preset the game was set up from; None for a game without presets."""
        return None

    @abstractmethod
    def start(self) -> list[Event]:
        """Deal (an automatic step) and return its events."""

    @abstractmethod
    def to_move(self) -> int | None:
        """The seat whose move it is now; None before the deal and once the game is over."""

    @abstractmethod
    def legal_actions(self) -> LegalActions[A]:
        """Every action allowed now; empty when the game is over."""

    @abstractmethod
    def apply(self, action: A) -> list[Event]:
        """Take one legal action; raises IllegalActionError otherwise."""

    @abstractmethod
    def view(self, seat: int) -> Any:
        """What ``seat`` may know now, and nothing more."""

    # -- playing with nobody listening (a game may leave these alone) -----------------------

    def play_quiet(self, action: A) -> None:
        """Take a legal action without building its events, when nobody listens (simulate).

        The state reached is the one ``apply`` reaches. By default this is ``apply``; a game with a
        faster path (no events built, perhaps no check) overrides it.
        """
        self.apply(action)

    def actions(self) -> Sequence[A]:
        """The legal actions as a plain sequence, in ``legal_actions()``'s order (simulation and search).

        By default a tuple of ``legal_actions()``; a game with a faster path overrides it.
        """
        return tuple(self.legal_actions())

    def play_out(self) -> Result | None:
        """Play a game without choices to its end, quietly, by its only action; None: no such path.

        Only asked when every seat is played by its only action and nobody listens.
        """
        return None

    # -- seats that play at once, and a clock (a game may leave all of these alone) -------------

    def movers(self) -> tuple[int, ...]:
        """The seats that may act now: the seat to move; several in a game played side by side (a race)."""
        seat = self.to_move()
        return () if seat is None else (seat,)

    def legal_for(self, seat: int) -> LegalActions[Any]:
        """What ``seat``'s person may do now, as its keys name it (for a network seat: what it is offered)."""
        return self.legal_actions() if seat in self.movers() else LegalActions(())

    def seat_action(self, seat: int, action: Any) -> Any:
        """``seat``'s action as the state records it: most games take it as it is; a race notes whose it is, and
        the time on that seat's clock. IllegalActionError when ``seat`` may not make it."""
        return action

    def set_clock(self, clock: Callable[[], float]) -> None:
        """The clock this state reads, in seconds (real play: ``time.monotonic``; tests: a fake one)."""

    def hold_clock(self, held: bool) -> None:
        """Stop the game's clock (True) while nobody can play (a hand-over, a paused table); False: it goes on."""

    def clock_action(self) -> Any | None:
        """The clock's own action that is due now (the table plays it for the clock), or None."""
        return None

    def next_clock(self) -> float | None:
        """Seconds until :meth:`clock_action` may be due next (None: no clock runs)."""
        return None

    def leave_action(self) -> Any | None:
        """The clock's action that keeps its reading when the game is left mid-play (None: nothing to keep)."""
        return None

    def public_view(self) -> Any:
        """What someone watching the table may know: what lies face up and the counts, no seat's own cards.

        Its ``seat`` is -1 (nobody's). None: this game cannot be watched.
        """
        return None

    @property
    @abstractmethod
    def result(self) -> Result | None:
        """How the game ended, or None while it goes on."""

    @property
    def is_over(self) -> bool:
        """True once the game has a result."""
        return self.result is not None

    @abstractmethod
    def clone(self) -> GameState[A]:
        """An independent copy, cheaper than ``deepcopy``."""

    @abstractmethod
    def to_json(self) -> dict[str, Any]:
        """The whole state as JSON-ready data; ``from_json`` reads it back."""


SEED_BITS: Final = 128
"""The random bits of a fresh seed: too many to search, so no deal can be worked out from the cards one seat sees."""
SEED_MAX: Final = 2**SEED_BITS - 1
"""The largest seed a player may give (``--seed``): every fresh seed, and every seed of older saves."""


def fresh_seed() -> int:
    """A seed for a game nobody seeded: :data:`SEED_BITS` bits from the system's own source (``secrets``)."""
    return secrets.randbits(SEED_BITS)


def further_seed(rng: random.Random, first: int | None) -> int:
    """The seed of a further deal (a match's next game, a deal drawn again), drawn from ``rng``.

    It has as many bits as a fresh seed, so the further deal is no easier to work out than the first;
    a game whose own seed ``first`` is below 2**63 (every seed before seeds were 128 bits) draws 63 bits,
    as it always did, so that its saves replay the same cards.
    """
    return rng.getrandbits(SEED_BITS if (first or 0) >= 2**63 else 63)


def rng_state(rng: random.Random) -> list[Any]:
    """A JSON-ready form of a random source's state."""
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]


def rng_from_state(data: Sequence[Any]) -> random.Random:
    """The random source a ``rng_state`` list describes."""
    rng = random.Random()
    rng.setstate((int(data[0]), tuple(int(x) for x in data[1]), data[2]))
    return rng


def clone_rng(rng: random.Random) -> random.Random:
    """An independent copy of a random source."""
    copy = random.Random()
    copy.setstate(rng.getstate())
    return copy


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One named option: its default, how a text or JSON value becomes it, and what it allows."""

    name: str
    default: Any
    parse: Callable[[Any], Any]
    allowed: str


def choice(*names: str) -> Callable[[Any], str]:
    """A parser that takes one of ``names``."""

    def parse(value: Any) -> str:
        if isinstance(value, str) and value.strip().lower() in names:
            return value.strip().lower()
        raise ValueError(value)

    return parse


def whole_number(low: int, high: int | None = None, *, none_word: str | None = None) -> Callable[[Any], int | None]:
    """A parser for a whole number in ``low..high``; ``none_word`` (or JSON null) means no value."""

    def parse(value: Any) -> int | None:
        if none_word is not None and (value is None or (isinstance(value, str) and value.strip().lower() == none_word)):
            return None
        if isinstance(value, bool):
            raise ValueError(value)
        if isinstance(value, str):
            text = value.strip()
            if not text.lstrip("-").isdigit():
                raise ValueError(value)
            value = int(text)
        if not isinstance(value, int) or value < low or (high is not None and value > high):
            raise ValueError(value)
        return value

    return parse


def one_of(*values: int) -> Callable[[Any], int]:
    """A parser for a whole number that must be one of ``values`` (such as 11, 15 or 21)."""
    number = whole_number(min(values), max(values))

    def parse(value: Any) -> int:
        found = number(value)
        if found not in values:
            raise ValueError(value)
        assert found is not None
        return found

    return parse


def flag(value: Any) -> bool:
    """A parser for on/off options: JSON booleans, or yes/no words."""
    if isinstance(value, bool):
        return value
    if isinstance(value, str):
        word = value.strip().lower()
        if word in ("true", "yes", "on", "1"):
            return True
        if word in ("false", "no", "off", "0"):
            return False
    raise ValueError(value)


def parse_options(specs: Sequence[OptionSpec], given: Mapping[str, Any]) -> dict[str, Any]:
    """Defaults overlaid with ``given``; an unknown name or a bad value raises OptionError."""
    by_name = {spec.name: spec for spec in specs}
    values = {spec.name: spec.default for spec in specs}
    for name, raw in given.items():
        spec = by_name.get(name)
        if spec is None:
            raise OptionError(
                "error-option-unknown",
                f"unknown option {name!r}; options are: {', '.join(by_name)}",
                name=name,
                known=", ".join(by_name),
            )
        try:
            values[name] = spec.parse(raw)
        except (ValueError, TypeError):
            raise OptionError(
                "error-option-value",
                f"option {name!r} does not take {raw!r}; it takes {spec.allowed}",
                name=name,
                value=str(raw),
                allowed=spec.allowed,
            ) from None
    return values


def parse_settings(pairs: Sequence[str]) -> dict[str, str]:
    """``KEY=VALUE`` words (as given to ``--set``) as a mapping; a word without ``=`` raises OptionError."""
    result: dict[str, str] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name.strip():
            raise OptionError(
                "error-option-pair",
                f"{pair!r} is not KEY=VALUE",
                pair=pair,
            )
        result[name.strip()] = value.strip()
    return result
