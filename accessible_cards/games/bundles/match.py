"""Match play for the Stealing Bundles family: a series of games with one running score.

``match="games"``: best of ``match_games`` games, the first seat to win more
than half of them wins the match (drawn games do not count; with three or four
players the series goes on until one seat has that many wins).
``match="cards"``: ``match_games`` games, most cards in total wins; equal
totals are a drawn match. ``scoring="scopa"``: Rubamazzo's Scopa points, the
first seat to reach ``target`` (11, 15 or 21) wins; when several reach it in
the same game the highest total wins, and equal highest totals play on.

The first dealer is drawn with the match's seeded random source; after every
game the deal passes to the next seat in the play direction (with two players
it alternates).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import ClassVar

from accessible_cards.engine import Event
from accessible_cards.errors import IllegalActionError
from accessible_cards.games.bundles.rules import BundlesOptions
from accessible_cards.games.bundles.state import BundlesState


@dataclass(frozen=True, slots=True)
class MatchGameOver(Event):
    """Game ``game`` of the match ended: its winners and the running tallies."""

    type: ClassVar[str] = "match_game"
    game: int
    winners: tuple[int, ...]
    wins: tuple[int, ...]
    cards: tuple[int, ...]
    points: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class MatchOver(Event):
    """The match is decided (``winners`` holds every seat sharing a drawn match)."""

    type: ClassVar[str] = "match_over"
    winners: tuple[int, ...]
    games: int


class BundlesMatch:
    """A match: ``next_game()`` gives a fresh game, ``record(game)`` books its result."""

    def __init__(self, options: BundlesOptions, seed: int | None = None) -> None:
        self.options = options
        self.players = options.players
        self._rng = random.Random(seed)
        self.dealer = self._rng.randrange(self.players)
        self.wins = [0] * self.players
        self.cards = [0] * self.players
        self.points = [0] * self.players
        self.games = 0
        self.draws = 0
        self.winners: tuple[int, ...] | None = None

    @property
    def is_over(self) -> bool:
        """True once the match has winners."""
        return self.winners is not None

    def next_game(self) -> BundlesState:
        """The next game, dealt by the current dealer (not started)."""
        if self.winners is not None:
            raise IllegalActionError("error-match-over", "the match is over")
        return BundlesState(self.options, self._rng.getrandbits(63), self.dealer)

    def record(self, game: BundlesState) -> list[Event]:
        """Book a finished game; the deal passes on. Returns the match's events."""
        result = game.result
        if result is None:
            raise IllegalActionError("error-game-not-over", "the game is not over yet")
        self.games += 1
        if len(result.winners) == 1:
            self.wins[result.winners[0]] += 1
        else:
            self.draws += 1
        for seat, score in enumerate(result.scores):
            self.cards[seat] += score
        if game.points is not None:
            for seat, point in enumerate(game.points):
                self.points[seat] += point
        step = 1 if self.options.direction == "clockwise" else -1
        self.dealer = (self.dealer + step) % self.players
        events: list[Event] = [
            MatchGameOver(self.games, result.winners, tuple(self.wins), tuple(self.cards), tuple(self.points))
        ]
        self.winners = self._decided()
        if self.winners is not None:
            events.append(MatchOver(self.winners, self.games))
        return events

    def _decided(self) -> tuple[int, ...] | None:
        options = self.options
        seats = range(self.players)
        if options.scoring == "scopa":
            best = max(self.points)
            leaders = tuple(s for s in seats if self.points[s] == best)
            return leaders if best >= options.target and len(leaders) == 1 else None
        if options.match == "cards":
            if self.games < options.match_games:
                return None
            best = max(self.cards)
            return tuple(s for s in seats if self.cards[s] == best)
        need = options.match_games // 2 + 1
        for seat in seats:
            if self.wins[seat] >= need:
                return (seat,)
        return None

    def play_random(self, rng: random.Random, max_games: int = 1000) -> tuple[int, ...]:
        """Play the whole match with random legal choices (simulation); returns the winners."""
        while self.winners is None and self.games < max_games:
            game = self.next_game()
            game.start()
            while game.result is None:
                game.play_quiet(rng.choice(game.actions()))
            self.record(game)
        return self.winners or ()
