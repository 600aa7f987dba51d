"""Stiche-Raten's scenario files: the options, the dealer, each round's deal (hands and turned card), the moves.

```json
{"game": "ohhell", "players": 4, "dealer": 3, "start_round": 4, "options": {"pack": "french52"},
 "rounds": [{"hands": [["AS", "KS", "2H", "3C"], ...], "trump": "9H"}],
 "moves": [{"bid": 0}, {"bid": 2}, {"bid": 1}, {"bid": 0}, {"card": "AS"}, ...]}
```

Every round listed fixes its deal: one hand per seat (left of the dealer first is not needed: hands are by
seat), as many cards as the round deals, and the card turned up (``null`` only in the last round, which has
no trump). Rounds after the listed ones are shuffled from ``seed``. Every problem is one sentence naming its
place, with a capital and a full stop as the docs show it: "Round 2, hand 3: AS is listed twice.", "Move 7: You
may not bid 1: ...".
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from accessible_cards.cards import SUITS, Suit
from accessible_cards.errors import CardsError, ScenarioError
from accessible_cards.game import Scenario
from accessible_cards.scenario import code_lists, is_whole, refuse_unknown, whole

from .state import MAX_PLAYERS, MIN_PLAYERS, TRUMP, OhHellState

KEYS: Final = ("game", "players", "options", "dealer", "start_round", "rounds", "moves", "seed")
ROUND_KEYS: Final = ("hands", "trump")


@dataclass(frozen=True, slots=True)
class OhHellMove:
    """One move of a scenario: a bid, a card code to play, or a trump suit (its place in the file from 1)."""

    number: int
    bid: int | None = None
    card: str | None = None
    trump: str | None = None

    def action(self, state: OhHellState) -> Any:
        """The legal action this move names in ``state``; a ScenarioError naming the move otherwise."""
        try:
            if self.bid is not None:
                action = state.bid_action(self.bid)
            elif self.trump is not None:
                action = TRUMP + SUITS.index(Suit(self.trump))
            else:
                assert self.card is not None
                seat = state.to_move()
                held = [c for c in (state.hands[seat] if seat is not None else []) if state.pack.code(c) == self.card]
                action = held[0] if held else state.card_id(self.card)[0]
            if action not in state.actions():
                state.apply(action)  # raises the refusal with its reason
            return action
        except CardsError as error:
            raise ScenarioError(
                "error-scenario-move",
                _sentence(f"Move {self.number}: {_sentence(str(error))}"),
                move=self.number,
                reason=str(error),
                cause=error.msg_id,
                **error.params,
            ) from None


def _sentence(text: str) -> str:
    """``text`` as a sentence: its first letter a capital, a full stop at its end."""
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def _as_sentence(error: CardsError) -> ScenarioError:
    """The same refusal, its text a sentence (the shared readers of a file write theirs lower-case)."""
    return ScenarioError(error.msg_id, _sentence(str(error)), **error.params)


def parse_scenario(data: Any) -> Scenario:
    """A Stiche-Raten scenario from its JSON data; a ScenarioError names the first problem and its place."""
    try:
        return _parse(data)
    except ScenarioError as error:
        raise _as_sentence(error) from None


def _parse(data: Any) -> Scenario:
    refuse_unknown(data, KEYS)
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise ScenarioError("error-scenario-options", "'options' must be a JSON object")
    rounds = data.get("rounds", [])
    if not isinstance(rounds, list):
        raise ScenarioError(
            "error-ohhell-scenario-rounds", "'rounds' must be a list of rounds, each with 'hands' and 'trump'"
        )
    players = whole(data, "players", MIN_PLAYERS, MAX_PLAYERS)
    if players is None:
        first = rounds[0].get("hands") if rounds and isinstance(rounds[0], dict) else None
        players = len(first) if isinstance(first, list) and MIN_PLAYERS <= len(first) <= MAX_PLAYERS else 4
    dealer = whole(data, "dealer", 0, players - 1)
    start = whole(data, "start_round", 1) or 1
    seed = whole(data, "seed", 0)
    try:
        probe = OhHellState(players, options, seed, dealer, None, start)
    except CardsError as error:
        raise ScenarioError(error.msg_id, str(error), **error.params) from None
    deals: list[tuple[list[list[int]], int | None]] = []
    for index, entry in enumerate(rounds):
        number = start + index
        if number > len(probe.schedule):
            raise ScenarioError(
                "error-ohhell-scenario-too-many",
                f"round {number}: the game has only {len(probe.schedule)} rounds",
                round=number,
                rounds=len(probe.schedule),
            )
        if not isinstance(entry, dict) or sorted(set(entry) - set(ROUND_KEYS)):
            raise ScenarioError(
                "error-ohhell-scenario-round",
                f"round {number}: a round is an object with 'hands' and 'trump' only",
                round=number,
            )
        hands = code_lists(entry.get("hands"), f"round {number}, hands")
        cards = probe.schedule[number - 1]
        if len(hands) != players:
            raise ScenarioError(
                "error-ohhell-scenario-hands",
                f"round {number}: {len(hands)} hands for {players} players",
                round=number,
                hands=len(hands),
                players=players,
            )
        for seat, hand in enumerate(hands):
            if len(hand) != cards:
                raise ScenarioError(
                    "error-ohhell-scenario-hand-size",
                    f"round {number}, hand {seat + 1}: holds {len(hand)} {'card' if len(hand) == 1 else 'cards'}; "
                    f"this round deals {cards}",
                    round=number,
                    hand=seat + 1,
                    held=len(hand),
                    cards=cards,
                )
        turned = entry.get("trump")
        last = cards == probe.longest
        if last and turned is not None:
            raise ScenarioError(
                "error-ohhell-scenario-no-trump",
                f'round {number}: the last round has no trump: "trump": null',
                round=number,
            )
        if not last and (turned is None or not isinstance(turned, str)):
            raise ScenarioError(
                "error-ohhell-scenario-trump",
                f"round {number}: give the card turned up for trump",
                round=number,
            )
        codes = [str(c) for hand in hands for c in hand] + ([str(turned)] if turned is not None else [])
        try:
            ids = probe.pack.parse_many(codes)
        except CardsError as error:
            place = _place(hands, codes, error)
            raise ScenarioError(
                "error-ohhell-scenario-card",
                f"round {number}, {'the turned card' if place is None else f'hand {place}'}: {error}",
                round=number,
                hand=place,
                cause=error.msg_id,
                **error.params,
            ) from None
        given = [ids[seat * cards : (seat + 1) * cards] for seat in range(players)]
        deals.append((given, ids[-1] if turned is not None else None))
    state = OhHellState(players, options, seed, dealer, deals, start)
    return Scenario(state, _moves(data.get("moves")))


def _place(hands: Sequence[Sequence[Any]], codes: Sequence[str], error: CardsError) -> int | None:
    """The hand (from 1) that holds the bad card, or None for the turned card; a card twice is placed at its second."""
    bad = str(error.params.get("code", ""))
    matches = [i for i, c in enumerate(codes) if c == bad or c.strip().upper().replace("10", "T") == bad.upper()]
    if not matches:
        return 1
    position = matches[-1] if error.msg_id in ("error-card-twice", "error-number-too-often") else matches[0]
    cards = len(hands[0]) if hands else 0
    if cards and position < cards * len(hands):
        return position // cards + 1
    return None


def _moves(value: Any) -> list[OhHellMove] | None:
    if value is None:
        return None
    if not isinstance(value, list):
        raise ScenarioError("error-scenario-moves", "'moves' must be a list of moves")
    moves = []
    for number, move in enumerate(value, start=1):
        where = f"move {number}"
        if not isinstance(move, dict) or len(move) != 1:
            raise ScenarioError(
                "error-ohhell-scenario-move",
                f'{where}: a move is {{"bid": 2}}, {{"card": "7H"}} or {{"trump": "H"}}',
                move=number,
            )
        ((key, item),) = move.items()
        if key == "bid" and is_whole(item) and item >= 0:
            moves.append(OhHellMove(number, bid=item))
        elif key == "card" and isinstance(item, str):
            moves.append(OhHellMove(number, card=item.strip().upper().replace("10", "T")))
        elif key == "trump" and isinstance(item, str) and item.strip().upper() in ("S", "H", "D", "C"):
            moves.append(OhHellMove(number, trump=item.strip().upper()))
        else:
            raise ScenarioError(
                "error-ohhell-scenario-move",
                f'{where}: a move is {{"bid": 2}}, {{"card": "7H"}} or {{"trump": "H"}}',
                move=number,
            )
    return moves


def script_to_json(moves: Sequence[Any]) -> list[dict[str, Any]]:
    return [
        {"number": m.number, "bid": m.bid, "card": m.card, "trump": m.trump} for m in moves if isinstance(m, OhHellMove)
    ]


def script_from_json(data: Any) -> list[Any]:
    if not isinstance(data, list):
        raise ValueError("script must be a list")
    moves = []
    for index, entry in enumerate(data):
        if not isinstance(entry, dict) or not is_whole(entry.get("number")):
            raise ValueError(f"script[{index}] must be an object with its number")
        bid, card, trump = entry.get("bid"), entry.get("card"), entry.get("trump")
        if bid is not None and not (is_whole(bid) and bid >= 0):
            raise ValueError(f"script[{index}].bid must be a whole number")
        if card is not None and not isinstance(card, str):
            raise ValueError(f"script[{index}].card must be a card code")
        if trump is not None and trump not in ("S", "H", "D", "C"):
            raise ValueError(f"script[{index}].trump must be S, H, D or C")
        moves.append(OhHellMove(int(entry["number"]), bid, card, trump))
    return moves
