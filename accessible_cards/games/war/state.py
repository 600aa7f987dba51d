"""War (Krieg): the rules of the Krieg text and every option of the rulings.

One action, ``TURN``, plays one battle: every player in it turns up a card
(in a war, first lays the face-down cards). Taking the table, running short
and dropping out are automatic steps and come back as events.

Counting follows the rulings: a *round* lasts until one player takes the
table, a *battle* is one face-up comparison, a *play* is one step in which
every involved player lays one card, a *war* is one tie that starts a war.
"""

from __future__ import annotations

import dataclasses
import enum
import random
from collections import deque
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Final

from accessible_cards.cards import Card, Deck, DeckKind, deck
from accessible_cards.engine import (
    Event,
    GameState,
    LegalActions,
    Result,
    clone_rng,
    parse_options,
    rng_from_state,
    rng_state,
)
from accessible_cards.errors import IllegalActionError, OptionError

from .basics import OPTION_SPECS as OPTION_SPECS

GAME: Final = "war"

ROUND_LIMIT: Final = 10_000
"""Without ``max_rounds``, a game that reaches this many rounds ends as the time limit ends it.

A fixed pickup order can make a game run on for millions of rounds without its position ever
coming back; no game a person plays comes near this, and ``simulate`` always finishes."""


class WarAction(enum.Enum):
    """War's only action: turn the next cards."""

    TURN = "turn"

    def __repr__(self) -> str:
        return "WarAction.TURN"


TURN: Final = WarAction.TURN


@dataclass(frozen=True, slots=True)
class WarOptions:
    """War's options, named as scenario files and ``--set`` name them."""

    face_down: int = 3
    short: str = "lose"
    pickup: str = "shuffle"
    max_rounds: int | None = None
    deck: str = "french52"

    @classmethod
    def from_mapping(cls, given: Mapping[str, Any]) -> WarOptions:
        """Options from JSON values or ``--set`` words; refuses unknown names and bad values."""
        return cls(**parse_options(OPTION_SPECS, given))

    def to_dict(self) -> dict[str, Any]:
        """The options as JSON-ready data."""
        return {
            "face_down": self.face_down,
            "short": self.short,
            "pickup": self.pickup,
            "max_rounds": self.max_rounds,
            "deck": self.deck,
        }


# --- events -----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Dealt(Event):
    """The cards were dealt face down; ``set_aside`` cards are out of play."""

    type: ClassVar[str] = "dealt"
    counts: tuple[int, ...]
    set_aside: int


@dataclass(frozen=True, slots=True)
class Battle(Event):
    """Face-up cards compared: ``cards`` as (seat, card), ``high`` the seats holding the highest."""

    type: ClassVar[str] = "battle"
    cards: tuple[tuple[int, Card], ...]
    high: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class WarStarted(Event):
    """A tie: these seats go to war."""

    type: ClassVar[str] = "war"
    seats: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class FaceDown(Event):
    """Cards laid face down in a war: ``counts`` as (seat, how many)."""

    type: ClassVar[str] = "face_down"
    counts: tuple[tuple[int, int], ...]


@dataclass(frozen=True, slots=True)
class LastCardUp(Event):
    """``last_card_up``: ``seats`` turn up their last card early; ``standing`` had none, their tied card stands."""

    type: ClassVar[str] = "last_card_up"
    seats: tuple[int, ...]
    standing: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class RanShort(Event):
    """These seats had no card to lay in a war."""

    type: ClassVar[str] = "ran_short"
    seats: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Took(Event):
    """``seat`` took every card on the table (``count`` of them)."""

    type: ClassVar[str] = "took"
    seat: int
    count: int


@dataclass(frozen=True, slots=True)
class TableSetAside(Event):
    """The players at war ran out together; the table's ``count`` cards go out of play."""

    type: ClassVar[str] = "table_set_aside"
    count: int


@dataclass(frozen=True, slots=True)
class PlayerOut(Event):
    """``seat`` is out of the game: ``reason`` is ``no_cards`` or ``short``."""

    type: ClassVar[str] = "player_out"
    seat: int
    reason: str


@dataclass(frozen=True, slots=True)
class GameOver(Event):
    """The end: cards held per seat, the winners (all who drew), why, and the counts."""

    type: ClassVar[str] = "game_over"
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    reason: str
    rounds: int
    battles: int
    plays: int
    wars: int


# --- the view ---------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class WarView:
    """What one seat may know: pile sizes and the face-up cards. Nobody sees a pile's cards."""

    seat: int
    players: int
    pile_sizes: tuple[int, ...]
    in_game: tuple[bool, ...]
    table_up: tuple[tuple[int, Card], ...]
    table_down: tuple[int, ...]
    at_war: tuple[int, ...]
    set_aside: int
    out_of_play: int
    rounds: int
    battles: int
    plays: int
    wars: int
    result: Result | None
    legal: tuple[WarAction, ...] = ()
    """What this seat may do now: turn up the next cards while the game goes on (War has no other choice)."""


# --- the state --------------------------------------------------------------

_DEAL, _BATTLE, _WAR, _OVER = "deal", "battle", "war", "over"


class WarState(GameState[WarAction]):
    """A game of War between ``players`` seats (2-4).

    Piles are deques of card ids, top card on the left. The table is one list
    of card ids in the order laid; ``steps`` records each play (the seats that
    laid, face up or not), so every card's owner and face are known.
    """

    game: ClassVar[str] = GAME

    def __init__(
        self,
        players: int = 2,
        options: WarOptions | None = None,
        seed: int | None = None,
        piles: Sequence[Sequence[int]] | None = None,
        set_aside: Sequence[int] = (),
    ) -> None:
        if not isinstance(players, int) or isinstance(players, bool) or not 2 <= players <= 4:
            raise OptionError(
                "error-players", f"War is for 2 to 4 players, not {players!r}", value=str(players), low=2, high=4
            )
        self.players = players
        self.options = options or WarOptions()
        self.deck: Deck = deck(self.options.deck)
        self.seed = seed
        self._rng = random.Random(seed)
        self._given = None if piles is None else ([list(p) for p in piles], list(set_aside))
        self._values = _VALUES[self.deck.kind]
        self.piles: list[deque[int]] = [deque() for _ in range(players)]
        self.set_aside: list[int] = []
        self.out_of_play: list[int] = []
        self.alive: tuple[int, ...] = tuple(range(players))
        self.table: list[int] = []
        self.steps: list[tuple[tuple[int, ...], bool]] = []
        self.active: tuple[int, ...] = ()
        self.ups: list[int] = []
        self.phase = _DEAL
        self.rounds = self.battles = self.plays = self.wars = 0
        self._seen: set[int] = set()  # hashes of the piles at each round's start (fixed pickup orders only)
        self._result: Result | None = None
        self._refresh()

    def _refresh(self) -> None:
        """Rebuild the quick-access copies the battle loop reads (after a drop, a clone or a load)."""
        self._alive_piles = [self.piles[seat] for seat in self.alive]
        self._shuffle = self._rng.shuffle if self.options.pickup == "shuffle" else None
        self._limit = self.options.max_rounds or ROUND_LIMIT

    # -- the deal ---------------------------------------------------------

    def start(self) -> list[Event]:
        """Deal one card at a time, round robin; with 3 players one card is set aside."""
        if self.phase != _DEAL:
            raise IllegalActionError("error-already-dealt", "the cards are already dealt")
        if self._given is not None:
            given_piles, given_aside = self._given
            for seat, pile in enumerate(given_piles):
                self.piles[seat].extend(pile)
            self.set_aside.extend(given_aside)
        else:
            cards = list(range(len(self.deck)))
            self._rng.shuffle(cards)
            extra = len(cards) % self.players
            if extra:
                self.set_aside.extend(cards[len(cards) - extra :])
                del cards[len(cards) - extra :]
            for seat in range(self.players):
                self.piles[seat].extend(cards[seat :: self.players])
        self.phase = _BATTLE
        events: list[Event] = [Dealt(tuple(len(p) for p in self.piles), len(self.set_aside))]
        self._round_end(events)
        return events

    # -- actions ----------------------------------------------------------

    @property
    def deck_kind(self) -> str | None:
        """The deck of the options in force."""
        return self.options.deck

    def to_move(self) -> int | None:
        """War has no choices: the first seat (the person at the keyboard) turns up everyone's cards."""
        return 0 if self.phase in (_BATTLE, _WAR) else None

    def legal_actions(self) -> LegalActions[WarAction]:
        """``TURN`` while the game goes on; nothing once it is over (or before the deal)."""
        return LegalActions((TURN,) if self.phase in (_BATTLE, _WAR) else ())

    def apply(self, action: WarAction) -> list[Event]:
        """Play one battle (with its face-down cards in a war) and every automatic step after it."""
        if action is not TURN or self.phase not in (_BATTLE, _WAR):
            if self.phase == _OVER:
                raise IllegalActionError("error-game-over", "the game is over")
            if self.phase == _DEAL:
                raise IllegalActionError("error-not-dealt", "the cards are not dealt yet")
            raise IllegalActionError("error-illegal-action", f"{action!r} is not an action of War", action=repr(action))
        events: list[Event] = []
        self._run(events, one=True)
        return events

    def play_out(self) -> Result:
        """Play to the end without recording events (the simulate path); deal first if needed."""
        if self.phase == _DEAL:
            self.start()
        self._run(None, one=False)
        assert self._result is not None
        return self._result

    def _run(self, events: list[Event] | None, one: bool) -> None:
        """Play battles: just one (``one``), or to the end of the game.

        A battle lays the cards (in a war, the face-down ones first), compares
        the face-up ones, and the table goes to a unique highest card or the
        tied seats go to war. ``events`` is None when nobody listens (the
        simulate path): the same rules run, and no event is built. The common
        battle, where nothing but the winner's pile changes, runs on locals.
        """
        if self._result is not None:
            return
        piles = self.piles
        values = self._values
        shuffle = self._shuffle
        cap = self._limit
        quick = shuffle is not None and events is None and not one
        alive_piles = self._alive_piles
        pair = len(alive_piles) == 2
        rounds, plays, battles = self.rounds, self.plays, self.battles
        fresh = self.phase is _BATTLE
        while True:
            if fresh:
                rounds += 1
                plays += 1
                active = self.alive
                if pair:
                    x = alive_piles[0].popleft()
                    y = alive_piles[1].popleft()
                    table = ups = [x, y]
                    if quick and rounds < cap:
                        vx = values[x]
                        vy = values[y]
                        if vx != vy and alive_piles[0] and alive_piles[1]:
                            # nobody listens and nothing but the winner's pile changes
                            battles += 1
                            shuffle(table)  # type: ignore[misc]
                            alive_piles[0 if vx > vy else 1] += table
                            continue
                    vx = values[x]
                    vy = values[y]
                    winner = active[0] if vx > vy else active[1] if vy > vx else -1
                else:
                    table = ups = list(map(_popleft, alive_piles))
                    winner = _unique_high(active, ups, values)
            else:
                self.rounds, self.plays, self.battles = rounds, plays, battles
                laid = self._lay_war(events)
                rounds, plays, battles = self.rounds, self.plays, self.battles
                alive_piles = self._alive_piles
                pair = len(alive_piles) == 2
                if not laid:
                    fresh = self.phase is _BATTLE
                    if one or self._result is not None:
                        break
                    continue
                active, table, ups = self.active, self.table, self.ups
                if len(ups) == 2:
                    vx = values[ups[0]]
                    vy = values[ups[1]]
                    winner = active[0] if vx > vy else active[1] if vy > vx else -1
                else:
                    winner = _unique_high(active, ups, values)
            battles += 1
            if winner >= 0:
                if events is not None:
                    cards = self.deck.cards
                    events.append(Battle(tuple(zip(active, [cards[c] for c in ups])), (winner,)))
                if fresh and shuffle is not None and rounds < cap and all(alive_piles):
                    shuffle(table)
                    if events is not None:
                        events.append(Took(winner, len(table)))
                    piles[winner] += table
                else:
                    if fresh:
                        self.table, self.steps = table, [(active, True)]
                    self.rounds, self.plays, self.battles = rounds, plays, battles
                    self._take(events, winner)
                    alive_piles = self._alive_piles
                    pair = len(alive_piles) == 2
                    fresh = True
                    if self._result is not None:
                        break
            else:
                if len(ups) == 2:
                    high = active
                else:
                    best = max(values[card] for card in ups)
                    high = tuple(seat for seat, card in zip(active, ups) if values[card] == best)
                self.wars += 1
                if fresh:
                    self.table, self.steps = table, [(active, True)]
                    self.phase = _WAR
                if events is not None:
                    cards = self.deck.cards
                    events.append(Battle(tuple(zip(active, [cards[c] for c in ups])), high))
                    events.append(WarStarted(high))
                self.ups = ups if high is active else [card for seat, card in zip(active, ups) if seat in high]
                self.active = high
                fresh = False
            if one:
                break
        self.rounds, self.plays, self.battles = rounds, plays, battles

    def _lay(self, seats: tuple[int, ...], face_up: bool) -> list[int]:
        """Each of ``seats`` lays its top card: one play. Returns the cards laid."""
        piles = self.piles
        laid = [piles[seat].popleft() for seat in seats]
        self.table.extend(laid)
        self.steps.append((seats, face_up))
        self.plays += 1
        return laid

    def _lay_war(self, events: list[Event] | None) -> bool:
        """The tied seats lay their war cards; False when the round ended without a battle."""
        piles = self.piles
        down = self.options.face_down
        active = self.active
        from_piles = [piles[seat] for seat in active]
        if min(map(len, from_piles)) > down:
            # everyone can finish the war: lay it all at once
            table, steps = self.table, self.steps
            for _ in range(down):
                table += map(_popleft, from_piles)
                steps.append((active, False))
            self.ups = ups = list(map(_popleft, from_piles))
            table += ups
            steps.append((active, True))
            self.plays += down + 1
            if events is not None and down:
                events.append(FaceDown(tuple((seat, down) for seat in active)))
            return True
        if self.options.short == "last_card_up":
            return self._lay_war_last_card_up(events)
        laid_down = dict.fromkeys(self.active, 0)
        for step in range(down + 1):
            short = tuple(seat for seat in self.active if not piles[seat])
            if short:
                if events is not None:
                    if any(laid_down.values()):
                        events.append(FaceDown(tuple(laid_down.items())))
                    events.append(RanShort(short))
                laid_down = {}
                if len(short) == len(self.active):
                    self._all_short(events, short)
                    return False
                for seat in short:
                    self._drop(events, seat, "short")
                self.active = tuple(seat for seat in self.active if seat not in short)
                laid_down = dict.fromkeys(self.active, 0)
                if len(self.active) == 1:
                    self._take(events, self.active[0])
                    return False
            if step < down:
                self._lay(self.active, False)
                for seat in self.active:
                    laid_down[seat] += 1
            else:
                if events is not None and any(laid_down.values()):
                    events.append(FaceDown(tuple(laid_down.items())))
                self.ups = self._lay(self.active, True)
        return True

    def _lay_war_last_card_up(self, events: list[Event] | None) -> bool:
        """``last_card_up``: a seat short of cards turns its last card up; with none, its tied card stands."""
        piles = self.piles
        down = self.options.face_down
        active = self.active
        holding = [len(piles[seat]) for seat in active]
        if not any(holding):
            if events is not None:
                events.append(RanShort(active))
            self._all_short(events, active)
            return False
        lays = [min(down, max(n - 1, 0)) for n in holding]
        for step in range(max(lays)):
            self._lay(tuple(seat for seat, n in zip(active, lays) if n > step), False)
        turning = tuple(seat for seat, n in zip(active, holding) if n > 0)
        fresh = iter(self._lay(turning, True))
        self.ups = [next(fresh) if n > 0 else old for n, old in zip(holding, self.ups)]
        if events is not None:
            if any(lays):
                events.append(FaceDown(tuple(zip(active, lays))))
            early = tuple(seat for seat, n in zip(active, holding) if 0 < n <= down)
            standing = tuple(seat for seat, n in zip(active, holding) if n == 0)
            if early or standing:
                events.append(LastCardUp(early, standing))
        return True

    def _take(self, events: list[Event] | None, winner: int) -> None:
        """``winner`` takes the table in the pickup order; then the round ends."""
        table = self.table
        if self._shuffle is not None:
            self._shuffle(table)
        elif self.options.pickup == "winner_first":
            n = self.players
            owners = self._owners()
            order = sorted(range(len(table)), key=lambda i: (owners[i] - winner) % n)
            table = [table[i] for i in order]
        if events is not None:
            events.append(Took(winner, len(table)))
        self.piles[winner] += table
        alive_piles = self._alive_piles
        if self._shuffle is not None and self.rounds < self._limit and len(alive_piles) > 1 and all(alive_piles):
            # nothing ends with this round
            self.phase = _BATTLE
            self.table, self.steps, self.active, self.ups = [], [], (), []
            return
        self._round_end(events)

    def _owners(self) -> list[int]:
        """The seat that laid each table card, in table order."""
        return [seat for seats, _ in self.steps for seat in seats]

    def _all_short(self, events: list[Event] | None, seats: tuple[int, ...]) -> None:
        """The last tied players ran out together: a draw between them.

        Only when someone else still holds cards does the game go on without them (the table going
        out of play); a player whose last card was beaten in this round's battle does not count.
        """
        others = tuple(seat for seat in self.alive if seat not in seats and self.piles[seat])
        if not others:
            self.alive = ()
            self._refresh()
            self._finish(events, seats, "draw_short")
            return
        if events is not None:
            events.append(TableSetAside(len(self.table)))
        self.out_of_play.extend(self.table)
        for seat in seats:
            self._drop(events, seat, "short")
        self._round_end(events)

    def _drop(self, events: list[Event] | None, seat: int, reason: str) -> None:
        self.alive = tuple(s for s in self.alive if s != seat)
        self._refresh()
        if events is not None:
            events.append(PlayerOut(seat, reason))

    def _round_end(self, events: list[Event] | None) -> None:
        """After a round: players without cards drop out; then the end checks."""
        self.phase = _BATTLE
        self.active = ()
        self.ups = []
        self.table = []
        self.steps = []
        piles = self.piles
        for seat in self.alive:
            if not piles[seat]:
                self._drop(events, seat, "no_cards")
        left = self.alive
        if len(left) <= 1:
            self._finish(events, left, "last_player")
            return
        if self.rounds >= self._limit:
            most = max(len(piles[seat]) for seat in left)
            reason = "max_rounds" if self.options.max_rounds else "round_limit"
            self._finish(events, tuple(seat for seat in left if len(piles[seat]) == most), reason)
            return
        if self.options.pickup != "shuffle":
            position = hash(tuple(tuple(pile) for pile in piles))  # ints hash the same in every process
            if position in self._seen:
                self._finish(events, left, "cycle")
                return
            self._seen.add(position)

    def _finish(self, events: list[Event] | None, winners: tuple[int, ...], reason: str) -> None:
        self.phase = _OVER
        scores = tuple(len(pile) for pile in self.piles)
        self._result = Result(scores, winners, reason)
        if events is not None:
            events.append(GameOver(scores, winners, reason, self.rounds, self.battles, self.plays, self.wars))

    # -- reading ----------------------------------------------------------

    @property
    def result(self) -> Result | None:
        return self._result

    def counts(self) -> dict[str, int]:
        """Rounds, battles, plays and wars so far."""
        return {"rounds": self.rounds, "battles": self.battles, "plays": self.plays, "wars": self.wars}

    def public_view(self) -> WarView:
        """In War every seat knows what everyone knows: the first seat's view, belonging to nobody."""
        return dataclasses.replace(self.view(0), seat=-1, legal=())

    def view(self, seat: int) -> WarView:
        """What ``seat`` may know: in War every hidden card is hidden from everyone."""
        if not 0 <= seat < self.players:
            raise IllegalActionError("error-seat", f"there is no seat {seat}", seat=seat)
        cards = self.deck.cards
        table_up: list[tuple[int, Card]] = []
        down = [0] * self.players
        position = 0
        for seats, face_up in self.steps:
            for who in seats:
                if face_up:
                    table_up.append((who, cards[self.table[position]]))
                else:
                    down[who] += 1
                position += 1
        return WarView(
            seat=seat,
            players=self.players,
            pile_sizes=tuple(len(pile) for pile in self.piles),
            in_game=tuple(s in self.alive for s in range(self.players)),
            table_up=tuple(table_up),
            table_down=tuple(down),
            at_war=self.active if self.phase == _WAR else (),
            set_aside=len(self.set_aside),
            out_of_play=len(self.out_of_play),
            rounds=self.rounds,
            battles=self.battles,
            plays=self.plays,
            wars=self.wars,
            result=self._result,
            legal=(TURN,) if self.phase in (_BATTLE, _WAR) else (),
        )

    def zones(self) -> dict[str, list[int]]:
        """Every card id by where it lies (for invariant checks): each card is in exactly one zone."""
        zones = {f"pile{seat}": list(pile) for seat, pile in enumerate(self.piles)}
        zones["table"] = list(self.table)
        zones["set_aside"] = list(self.set_aside)
        zones["out_of_play"] = list(self.out_of_play)
        return zones

    # -- copying and saving -------------------------------------------------

    def clone(self) -> WarState:
        other = WarState.__new__(WarState)
        other.__dict__.update(self.__dict__)
        other._rng = clone_rng(self._rng)
        other.piles = [deque(pile) for pile in self.piles]
        other.set_aside = list(self.set_aside)
        other.out_of_play = list(self.out_of_play)
        other.table = list(self.table)
        other.steps = list(self.steps)
        other.ups = list(self.ups)
        other._seen = set(self._seen)
        other._refresh()
        return other

    def to_json(self) -> dict[str, Any]:
        result = self._result
        return {
            "game": GAME,
            "players": self.players,
            "options": self.options.to_dict(),
            "seed": self.seed,
            "rng": rng_state(self._rng),
            "given": self._given,
            "phase": self.phase,
            "piles": [list(pile) for pile in self.piles],
            "set_aside": list(self.set_aside),
            "out_of_play": list(self.out_of_play),
            "alive": list(self.alive),
            "table": list(self.table),
            "steps": [[list(seats), face_up] for seats, face_up in self.steps],
            "active": list(self.active),
            "ups": list(self.ups),
            "counts": [self.rounds, self.battles, self.plays, self.wars],
            "seen": sorted(self._seen),
            "result": None
            if result is None
            else {"scores": list(result.scores), "winners": list(result.winners), "reason": result.reason},
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> WarState:
        """The state ``to_json`` wrote."""
        state = cls(int(data["players"]), WarOptions.from_mapping(data["options"]), data["seed"])
        state._rng = rng_from_state(data["rng"])
        given = data["given"]
        state._given = None if given is None else ([list(p) for p in given[0]], list(given[1]))
        phases = {phase: phase for phase in (_DEAL, _BATTLE, _WAR, _OVER)}
        state.phase = phases[str(data["phase"])]  # the constants themselves: the battle loop compares by identity
        state.piles = [deque(int(c) for c in pile) for pile in data["piles"]]
        state.set_aside = [int(c) for c in data["set_aside"]]
        state.out_of_play = [int(c) for c in data["out_of_play"]]
        state.alive = tuple(int(s) for s in data["alive"])
        state.table = [int(c) for c in data["table"]]
        state.steps = [(tuple(int(s) for s in seats), bool(face_up)) for seats, face_up in data["steps"]]
        state.active = tuple(int(s) for s in data["active"])
        state.ups = [int(c) for c in data["ups"]]
        state.rounds, state.battles, state.plays, state.wars = (int(x) for x in data["counts"])
        state._seen = {int(position) for position in data["seen"]}
        result = data["result"]
        if result is not None:
            state._result = Result(
                tuple(int(x) for x in result["scores"]), tuple(int(x) for x in result["winners"]), str(result["reason"])
            )
        state._refresh()
        return state


_popleft = deque.popleft


def _unique_high(seats: Sequence[int], cards: Sequence[int], values: Sequence[int]) -> int:
    """The seat whose card is the only highest, or -1 on a tie."""
    strengths = [values[card] for card in cards]
    best = max(strengths)
    if strengths.count(best) != 1:
        return -1
    return seats[strengths.index(best)]


def _value_table(pack: Deck) -> tuple[int, ...]:
    """Strength of each card id: ace high in a French pack, 13 high with numbers."""
    if pack.kind is DeckKind.NUMBERS:
        return tuple(card.rank for card in pack.cards)
    return tuple(14 if card.rank == 1 else card.rank for card in pack.cards)


_VALUES: Final = {kind: _value_table(deck(kind)) for kind in DeckKind}
