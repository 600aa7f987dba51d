"""High Card's rules: each player turns the top card of a face-down pile; the highest card wins the round.

Every seat is dealt the same number of cards (the option ``cards``, 3 by
default), face down. A round: seat 1 turns its top card, then seat 2, and so
on; when every seat has turned, the single highest card (ace high, suits do
not count) wins the round and scores one point; equal highest cards score
nobody. When the piles are used up the most points win (all who share them
draw).

A card is secret until its owner turns it; once turned it is public and stays
on the table until the next round begins. The events carry only what
everybody sees, and a seat's view holds nothing else: no pile's cards, not
even its own.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Final

from accessible_cards.cards import Card, DeckKind, deck
from accessible_cards.engine import (
    Event,
    GameState,
    LegalActions,
    OptionSpec,
    Result,
    clone_rng,
    parse_options,
    rng_from_state,
    rng_state,
    whole_number,
)
from accessible_cards.errors import IllegalActionError, OptionError

GAME: Final = "highcard"

DECK: Final = deck(DeckKind.FRENCH52)

OPTION_SPECS: Final = (OptionSpec("cards", 3, whole_number(1, 13), "a whole number from 1 to 13"),)
"""``cards``: how many cards each seat is dealt, so how many rounds are played."""

_DEAL: Final = "deal"
_PLAY: Final = "play"
_OVER: Final = "over"


@dataclass(frozen=True, slots=True)
class Turn:
    """The only action: the seat to move turns its top card."""

    seat: int


# --- events: what everybody at the table sees ---------------------------------------


@dataclass(frozen=True, slots=True)
class Dealt(Event):
    """Every seat got a face-down pile of ``counts[seat]`` cards."""

    type: ClassVar[str] = "dealt"
    counts: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Turned(Event):
    """``seat`` turned ``card`` face up."""

    type: ClassVar[str] = "turned"
    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class RoundWon(Event):
    """Round ``round`` is over: ``winners`` hold the highest card (several: a tie, nobody scores)."""

    type: ClassVar[str] = "round"
    round: int
    winners: tuple[int, ...]
    card: Card


@dataclass(frozen=True, slots=True)
class GameOver(Event):
    """The piles are used up: the points per seat and the winners (all who share the most)."""

    type: ClassVar[str] = "game_over"
    scores: tuple[int, ...]
    winners: tuple[int, ...]


# --- a seat's view -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class HighCardView:
    """What one seat may know: how many cards each pile holds, the cards turned this round, the points.

    ``legal_actions`` are this seat's own (empty when another seat is to move).
    """

    seat: int
    players: int
    rounds: int
    round: int
    pile_sizes: tuple[int, ...]
    table: tuple[tuple[int, Card], ...]
    scores: tuple[int, ...]
    to_move: int | None
    legal_actions: tuple[Turn, ...]
    result: Result | None


def strength(card: Card) -> int:
    """How high a card is: ace above king, suits equal."""
    return 14 if card.rank == 1 else card.rank


# --- the state -----------------------------------------------------------------------


class HighCardState(GameState[Turn]):
    """One game of High Card for ``players`` seats."""

    game: ClassVar[str] = GAME

    def __init__(
        self,
        players: int,
        options: Mapping[str, Any] | None = None,
        seed: int | None = None,
        piles: Sequence[Sequence[int]] | None = None,
    ) -> None:
        """``piles`` (card ids, top first) fix the deal, as a scenario does; else the seed shuffles."""
        if not 2 <= players <= 4:
            raise OptionError(
                "error-highcard-players", f"High Card is for 2 to 4 players, not {players}", players=players
            )
        self.players = players
        self.options: dict[str, Any] = parse_options(OPTION_SPECS, options or {})
        self.seed = seed
        self._rng = random.Random(seed)
        self._given = None if piles is None else [list(pile) for pile in piles]
        self.phase = _DEAL
        self.piles: list[list[int]] = [[] for _ in range(players)]
        self.rounds = 0
        self.round = 0
        self.table: list[tuple[int, int]] = []
        self.scores = [0] * players
        self.turn: int | None = None
        self._result: Result | None = None

    # -- playing ----------------------------------------------------------------------

    def start(self) -> list[Event]:
        if self.phase != _DEAL:
            raise IllegalActionError("error-dealt", "the cards are dealt already")
        if self._given is not None:
            self.piles = [list(pile) for pile in self._given]
        else:
            order = list(range(len(DECK)))
            self._rng.shuffle(order)
            each = self.options["cards"]
            self.piles = [order[seat * each : (seat + 1) * each] for seat in range(self.players)]
        self.rounds = min(len(pile) for pile in self.piles)
        self.phase = _PLAY
        self.round = 1
        self.turn = 0
        return [Dealt(tuple(len(pile) for pile in self.piles))]

    def to_move(self) -> int | None:
        return self.turn if self.phase == _PLAY else None

    def legal_actions(self) -> LegalActions[Turn]:
        seat = self.to_move()
        return LegalActions(() if seat is None else (Turn(seat),))

    def apply(self, action: Turn) -> list[Event]:
        seat = self.to_move()
        if seat is None or action != Turn(seat):
            raise IllegalActionError("error-not-your-turn", f"{action!r} is not the move now", action=repr(action))
        if len(self.table) == self.players:  # the last round's cards leave the table
            self.table = []
            self.round += 1
        card = self.piles[seat].pop(0)
        self.table.append((seat, card))
        events: list[Event] = [Turned(seat, DECK.card(card))]
        if len(self.table) < self.players:
            self.turn = seat + 1
            return events
        best = max(strength(DECK.card(card)) for _, card in self.table)
        winners = tuple(who for who, card in self.table if strength(DECK.card(card)) == best)
        high = next(card for who, card in self.table if who == winners[0])
        if len(winners) == 1:
            self.scores[winners[0]] += 1
        events.append(RoundWon(self.round, winners, DECK.card(high)))
        self.turn = 0
        if self.round >= self.rounds:
            most = max(self.scores)
            champions = tuple(who for who in range(self.players) if self.scores[who] == most)
            self.phase = _OVER
            self.turn = None
            self._result = Result(tuple(self.scores), champions, "piles_out")
            events.append(GameOver(tuple(self.scores), champions))
        return events

    # -- reading ------------------------------------------------------------------------

    @property
    def result(self) -> Result | None:
        return self._result

    def view(self, seat: int) -> HighCardView:
        if not 0 <= seat < self.players:
            raise IllegalActionError("error-seat", f"there is no seat {seat}", seat=seat)
        to_move = self.to_move()
        return HighCardView(
            seat=seat,
            players=self.players,
            rounds=self.rounds,
            round=self.round,
            pile_sizes=tuple(len(pile) for pile in self.piles),
            table=tuple((who, DECK.card(card)) for who, card in self.table),
            scores=tuple(self.scores),
            to_move=to_move,
            legal_actions=(Turn(seat),) if to_move == seat else (),
            result=self._result,
        )

    # -- copying and saving ---------------------------------------------------------------

    def clone(self) -> HighCardState:
        other = HighCardState.__new__(HighCardState)
        other.__dict__.update(self.__dict__)
        other.options = dict(self.options)
        other._rng = clone_rng(self._rng)
        other._given = None if self._given is None else [list(pile) for pile in self._given]
        other.piles = [list(pile) for pile in self.piles]
        other.table = list(self.table)
        other.scores = list(self.scores)
        return other

    def to_json(self) -> dict[str, Any]:
        result = self._result
        return {
            "game": GAME,
            "players": self.players,
            "options": dict(self.options),
            "seed": self.seed,
            "rng": rng_state(self._rng),
            "given": self._given,
            "phase": self.phase,
            "piles": [list(pile) for pile in self.piles],
            "rounds": self.rounds,
            "round": self.round,
            "table": [[who, card] for who, card in self.table],
            "scores": list(self.scores),
            "turn": self.turn,
            "result": None
            if result is None
            else {"scores": list(result.scores), "winners": list(result.winners), "reason": result.reason},
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> HighCardState:
        """The state ``to_json`` wrote."""
        if data.get("game") != GAME:
            raise ValueError("not a High Card state")
        given = data["given"]
        state = cls(int(data["players"]), data["options"], data["seed"], given)
        state._rng = rng_from_state(data["rng"])
        state.phase = {_DEAL: _DEAL, _PLAY: _PLAY, _OVER: _OVER}[str(data["phase"])]
        state.piles = [[_card_id(card) for card in pile] for pile in data["piles"]]
        state.rounds = int(data["rounds"])
        state.round = int(data["round"])
        state.table = [(int(who), _card_id(card)) for who, card in data["table"]]
        state.scores = [int(points) for points in data["scores"]]
        if len(state.piles) != state.players or len(state.scores) != state.players:
            raise ValueError("one pile and one score per seat")
        turn = data["turn"]
        state.turn = None if turn is None else int(turn)
        result = data["result"]
        if result is not None:
            state._result = Result(
                tuple(int(x) for x in result["scores"]), tuple(int(x) for x in result["winners"]), str(result["reason"])
            )
        return state


def _card_id(value: Any) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < len(DECK):
        raise ValueError(f"{value!r} is not a card")
    return value
