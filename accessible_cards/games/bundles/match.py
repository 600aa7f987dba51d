"""Match play for the Stealing Bundles family: a series of games with one running score.

``match="games"``: best of ``match_games`` (3, 5 or 7) games, the first seat to
win more than half of them wins the match (drawn games do not count; with three
or four players the series goes on until one seat has that many wins).
``match="cards"``: ``match_games`` games, most cards in total wins; equal
highest totals play another game, until one seat leads. ``scoring="scopa"``:
Rubamazzo's Scopa points, the first seat to reach ``target`` (11, 15 or 21)
wins; when several reach it in the same game the highest total wins, and equal
highest totals play on.

The first dealer is drawn with the match's seeded random source; after every
game the deal passes to the next seat in the play direction (with two players
it alternates). Every game's seed comes from the same source, so the match's
one seed and its moves replay the whole match exactly.

:class:`BundlesMatchState` is the whole match as one game state: the table,
saves, ``replay`` and ``simulate`` step it like any game. When a game ends, the
same step books it (``match_game``), deals the next game and tells its deal; the
keyboard's controller holds that deal back until the player asks for it.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping
from typing import Any, ClassVar

from accessible_cards.engine import (
    Event,
    GameState,
    LegalActions,
    Result,
    clone_rng,
    further_seed,
    rng_from_state,
    rng_state,
)
from accessible_cards.errors import IllegalActionError
from accessible_cards.games.bundles.rules import (
    GAME,
    BundlesAction,
    BundlesOptions,
    BundlesView,
    MatchGameOver,
    MatchOver,
    MatchStanding,
)
from accessible_cards.games.bundles.state import BundlesState


class BundlesMatch:
    """A match: ``next_game()`` gives a fresh game, ``record(game)`` books its result."""

    def __init__(self, options: BundlesOptions, seed: int | None = None) -> None:
        self.options = options
        self.players = options.players
        self.seed = seed
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

    @property
    def kind(self) -> str:
        """``games``, ``cards`` or ``points``."""
        return self.options.match_kind

    @property
    def of(self) -> int:
        """The games of a best-of or total-cards match, or the points to reach."""
        return self.options.target if self.kind == "points" else self.options.match_games

    def standing(self) -> MatchStanding:
        """The match as it stands, for every seat's view."""
        return MatchStanding(
            self.kind,
            self.of,
            self.games + (0 if self.winners is not None else 1),
            self.games,
            tuple(self.wins),
            self.draws,
            tuple(self.cards),
            tuple(self.points),
            self.winners,
        )

    def next_game(self) -> BundlesState:
        """The next game, dealt by the current dealer (not started)."""
        if self.winners is not None:
            raise IllegalActionError("error-match-over", "the match is over")
        return BundlesState(self.options, further_seed(self._rng, self.seed), self.dealer)

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
        # a tiebreak hand decides the game, not the cards: the main game's cards are what each seat took
        scores = game.main_scores if game.main_scores is not None else result.scores
        for seat, score in enumerate(scores):
            self.cards[seat] += score
        if game.points is not None:
            for seat, point in enumerate(game.points):
                self.points[seat] += point
        step = 1 if self.options.direction == "clockwise" else -1
        self.dealer = (self.dealer + step) % self.players
        self.winners = self._decided()
        events: list[Event] = [
            MatchGameOver(
                self.games,
                result.winners,
                tuple(self.wins),
                tuple(self.cards),
                tuple(self.points),
                self.draws,
                None if self.winners is not None else self.dealer,
            )
        ]
        if self.winners is not None:
            events.append(MatchOver(self.winners, self.games))
        return events

    def _decided(self) -> tuple[int, ...] | None:
        options = self.options
        seats = range(self.players)

        def leader(totals: list[int]) -> tuple[int, ...] | None:
            best = max(totals)
            leaders = tuple(s for s in seats if totals[s] == best)
            return leaders if len(leaders) == 1 else None  # equal highest totals play on

        if options.scoring == "scopa":
            return leader(self.points) if max(self.points) >= options.target else None
        if options.match == "cards":
            return leader(self.cards) if self.games >= options.match_games else None
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

    # -- copying and saving ----------------------------------------------------------

    def clone(self) -> BundlesMatch:
        other = BundlesMatch.__new__(BundlesMatch)
        other.__dict__.update(self.__dict__)
        other._rng = clone_rng(self._rng)
        other.wins, other.cards, other.points = list(self.wins), list(self.cards), list(self.points)
        return other

    def to_json(self) -> dict[str, Any]:
        return {
            "rng": rng_state(self._rng),
            "dealer": self.dealer,
            "games": self.games,
            "draws": self.draws,
            "wins": list(self.wins),
            "cards": list(self.cards),
            "points": list(self.points),
            "winners": None if self.winners is None else list(self.winners),
        }

    @classmethod
    def from_json(cls, options: BundlesOptions, data: Mapping[str, Any], seed: int | None = None) -> BundlesMatch:
        match = cls(options, seed)
        match._rng = rng_from_state(data["rng"])
        match.dealer = int(data["dealer"])
        match.games = int(data["games"])
        match.draws = int(data["draws"])
        n = options.players
        match.wins, match.cards, match.points = ([int(x) for x in data[key]] for key in ("wins", "cards", "points"))
        if not (len(match.wins) == len(match.cards) == len(match.points) == n and 0 <= match.dealer < n):
            raise ValueError("the match's tallies do not fit its players")
        winners = data["winners"]
        match.winners = None if winners is None else tuple(int(s) for s in winners)
        return match


class BundlesMatchState(GameState[BundlesAction]):
    """A whole match as one game state: the game in play, and the match around it.

    ``start()`` deals the first game. A move that ends a game also books it
    (``match_game``, and ``match_over`` once decided) and, unless the match is
    decided, deals the next game (its ``deal`` event). ``result`` is the
    match's: the winners, and the tally that decided it per seat (games won,
    cards in all, or Scopa points).
    """

    game: ClassVar[str] = GAME

    def __init__(self, options: BundlesOptions, seed: int | None = None) -> None:
        self.options = options
        self.players = options.players
        self.seed = seed
        self.match = BundlesMatch(options, seed)
        self.current = self.match.next_game()
        self._result: Result | None = None

    # -- what a game state says ----------------------------------------------------

    @property
    def variant(self) -> str | None:
        return self.options.variant

    @property
    def deck_kind(self) -> str | None:
        return self.options.deck

    @property
    def dealer(self) -> int:
        """The dealer of the game in play."""
        return self.current.dealer

    @property
    def phase(self) -> str:
        """The phase of the game in play."""
        return self.current.phase

    def start(self) -> list[Event]:
        return self.current.start()

    def to_move(self) -> int | None:
        return self.current.to_move()

    def legal_actions(self) -> LegalActions[BundlesAction]:
        return self.current.legal_actions()

    def actions(self) -> tuple[BundlesAction, ...]:
        """The legal actions as a plain tuple (simulation and search)."""
        return self.current.actions()

    def apply(self, action: BundlesAction) -> list[Event]:
        events = self.current.apply(action)
        if self.current.result is not None:
            events += self.advance()
        return events

    def play_quiet(self, action: BundlesAction) -> None:
        """Play a legal ``action`` without the game's events (simulation); the match goes on as with ``apply``."""
        self.current.play_quiet(action)
        if self.current.result is not None:
            self.advance(quiet=True)

    def advance(self, quiet: bool = False) -> list[Event]:
        """The game in play has ended: book it, then deal the next one (or end the match)."""
        events = self.match.record(self.current)
        if self.match.winners is not None:
            kind = self.match.kind
            tally = self.match.wins if kind == "games" else self.match.cards if kind == "cards" else self.match.points
            self._result = Result(tuple(tally), self.match.winners, f"match_{kind}")
            return events
        self.current = self.match.next_game()
        dealt = self.current.start()
        return [] if quiet else events + dealt

    def view(self, seat: int) -> BundlesView:
        return dataclasses.replace(self.current.view(seat), match=self.match.standing())

    @property
    def result(self) -> Result | None:
        return self._result

    def zones(self) -> dict[str, list[int]]:
        """The cards of the game in play by where they lie."""
        return self.current.zones()

    # -- copying and saving ----------------------------------------------------------

    def clone(self) -> BundlesMatchState:
        other = BundlesMatchState.__new__(BundlesMatchState)
        other.__dict__.update(self.__dict__)
        other.match = self.match.clone()
        other.current = self.current.clone()
        return other

    def to_json(self) -> dict[str, Any]:
        result = self._result
        return {
            "game": GAME,
            "options": self.options.to_dict(),
            "seed": self.seed,
            "phase": self.current.phase,
            "match": self.match.to_json(),
            "current": self.current.to_json(),
            "result": None
            if result is None
            else {"scores": list(result.scores), "winners": list(result.winners), "reason": result.reason},
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> BundlesMatchState:
        """The match ``to_json`` wrote."""
        options = BundlesOptions.from_mapping(data["options"])
        state = cls.__new__(cls)
        state.options = options
        state.players = options.players
        state.seed = data["seed"]
        state.match = BundlesMatch.from_json(options, data["match"], state.seed)
        state.current = BundlesState.from_json(data["current"])
        if state.current.players != options.players:
            raise ValueError("the game in play does not have the match's players")
        result = data["result"]
        state._result = (
            None
            if result is None
            else Result(
                tuple(int(x) for x in result["scores"]), tuple(int(x) for x in result["winners"]), str(result["reason"])
            )
        )
        return state


__all__ = ["BundlesMatch", "BundlesMatchState", "MatchGameOver", "MatchOver", "new_state", "state_from_json"]


def new_state(options: BundlesOptions, seed: int, dealer: int | None = None) -> BundlesState | BundlesMatchState:
    """A match when the options ask for one, else one game."""
    if options.is_match:
        return BundlesMatchState(options, seed)
    return BundlesState(options, seed, dealer)


def state_from_json(data: Mapping[str, Any]) -> BundlesState | BundlesMatchState:
    """A match or a single game, as ``to_json`` wrote it (a file from before matches holds a single game)."""
    if "match" in data:
        return BundlesMatchState.from_json(data)
    return BundlesState.from_json(data)
