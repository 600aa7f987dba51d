"""Stiche-Raten's engine against OpenSpiel's ``oh_hell``: speed of random rounds, and a differential check.

OpenSpiel (``pip install open_spiel``, C++) is used here only; it is never a dependency of the game.

- Speed: whole rounds played at random (deal, turn up trump, bid, play every trick) through the engine's
  quiet path (``play_quiet``, no events), in the same run as OpenSpiel's random playouts of rounds with
  the same number of players and cards. Printed: rounds per second of each, and the time per round of
  ours divided by OpenSpiel's (the target is at most 5).
- Differential: random deals from OpenSpiel are set up in our engine (same hands, same trump card, same
  dealer); every step of a random play checks that both offer the same legal cards, and every trick that
  both find the same winner. The bids are not compared (OpenSpiel has no dealer's constraint, and the
  scores differ by design); every bid both allow is made in both.

    .venv/bin/python benchmarks/ohhell_openspiel.py --rounds 2000 --deals 2000
"""

from __future__ import annotations

import argparse
import random
import re
import sys
import time

from accessible_cards.cards import SUITS, Card
from accessible_cards.games.ohhell.state import BID, OhHellState

try:
    import pyspiel  # type: ignore[import-not-found,import-untyped,unused-ignore]
except ImportError:  # pragma: no cover - the benchmark says so and stops
    pyspiel = None

_OS_SUITS = "CDSH"
_OS_RANKS = "23456789TJQKA"


def os_card_to_ours(action: int) -> Card:
    """OpenSpiel's card ``rank * 4 + suit`` (suits C D S H, ranks 2 .. A) as our Card."""
    rank, suit = divmod(action, 4)
    code = _OS_RANKS[rank] + _OS_SUITS[suit]
    return Card.parse(code)


def our_id(state: OhHellState, card: Card) -> int:
    return state.pack.cards.index(card)


def ours_random_round(players: int, cards: int, seed: int, rng: random.Random) -> int:
    """One round at random through the quiet path; the number of actions."""
    state = OhHellState(players, {}, seed, None, None, cards)
    state.start()
    steps = 0
    while state.round == cards - 1 and state.result is None:
        state.play_quiet(rng.choice(state.actions()))
        steps += 1
    return steps


def os_random_round(game: object, rng: random.Random) -> int:
    state = game.new_initial_state()  # type: ignore[attr-defined]
    steps = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
    return steps


def speed(players: int, cards: int, rounds: int, seed: int) -> tuple[float, float]:
    """Seconds per round: ours, OpenSpiel's."""
    game = pyspiel.load_game("oh_hell", {"players": players, "num_tricks_fixed": cards})
    rng = random.Random(seed)
    started = time.perf_counter()
    for i in range(rounds):
        ours_random_round(players, cards, seed + i, rng)
    ours = (time.perf_counter() - started) / rounds
    rng = random.Random(seed)
    started = time.perf_counter()
    for _ in range(rounds):
        os_random_round(game, rng)
    theirs = (time.perf_counter() - started) / rounds
    return ours, theirs


def differential(players: int, cards: int, rng: random.Random) -> tuple[int, int]:
    """One random deal played in both engines; (legal sets, tricks) compared. AssertionError on a difference."""
    game = pyspiel.load_game("oh_hell", {"players": players, "num_tricks_fixed": cards})
    os_state = game.new_initial_state()
    os_state.apply_action(os_state.chance_outcomes()[0][0])  # the number of tricks (fixed)
    dealer = rng.randrange(players)
    os_state.apply_action(dealer)
    dealt: list[int] = []
    while os_state.is_chance_node():
        outcomes = os_state.chance_outcomes()
        action = outcomes[rng.randrange(len(outcomes))][0]
        dealt.append(action)
        os_state.apply_action(action)
    hands_os = [dealt[i : cards * players : players] for i in range(players)]
    turned_os = dealt[cards * players]
    probe = OhHellState(players, {})
    hands = [[our_id(probe, os_card_to_ours(c)) for c in hand] for hand in hands_os]
    turned = our_id(probe, os_card_to_ours(turned_os))
    ours = OhHellState(players, {}, 0, dealer, [(hands, turned)], cards)
    ours.start()
    assert ours.trump == SUITS.index(os_card_to_ours(turned_os).suit)
    # bids: the same bid in both where both allow it
    while ours.phase == "bid":
        assert os_state.current_player() == ours.to_move(), "bidding order"
        theirs = {a - 52 for a in os_state.legal_actions()}  # OpenSpiel's bid n is action 52 + n
        allowed = [a - BID for a in ours.actions() if a - BID in theirs]
        bid = rng.choice(allowed)
        ours.apply(BID + bid)
        os_state.apply_action(52 + bid)
    compared = tricks = 0
    while ours.result is None and ours.round == cards - 1:
        seat = ours.to_move()
        assert os_state.current_player() == seat, f"seat to play: ours {seat}, OpenSpiel {os_state.current_player()}"
        legal_os = sorted(our_id(ours, os_card_to_ours(a)) for a in os_state.legal_actions())
        legal_ours = sorted(ours.actions())
        assert legal_os == legal_ours, (ours.pack.codes(legal_ours), ours.pack.codes(legal_os))
        compared += 1
        card = rng.choice(legal_ours)
        os_action = next(a for a in os_state.legal_actions() if our_id(ours, os_card_to_ours(a)) == card)
        finishing = len(ours.trick) == players - 1
        ours.apply(card)
        os_state.apply_action(os_action)
        if finishing:
            tricks += 1
            if not os_state.is_terminal():
                assert os_state.current_player() == ours.last_winner, "trick winner"
    won = re.search(r"Tricks Won:\s+([\d ]+)", str(os_state))
    assert won is not None
    assert [int(x) for x in won.group(1).split()] == list(ours.sheet[-1].tricks), "tricks per player"
    return compared, tricks


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=2000)
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if pyspiel is None:
        print("open_spiel is not installed: pip install open_spiel (for this benchmark only)")
        return 1
    print("speed: random rounds, time per round")
    for players, cards in ((4, 5), (4, 12), (6, 8), (3, 16)):
        ours, theirs = speed(players, cards, args.rounds, args.seed)
        print(
            f"  {players} players, {cards:2d} cards: ours {1 / ours:8.0f} rounds/s ({ours * 1e6:7.1f} us), "
            f"OpenSpiel {1 / theirs:8.0f} rounds/s ({theirs * 1e6:7.1f} us); ours / OpenSpiel = {ours / theirs:.2f}"
        )
    rng = random.Random(args.seed)
    steps = tricks = 0
    for i in range(args.deals):
        players = 3 + i % 4
        cards = 1 + rng.randrange(52 // players - 1)  # below the longest round, which has no trump here
        compared, won = differential(players, cards, rng)
        steps += compared
        tricks += won
    print(f"differential: {args.deals} random deals, {steps} legal sets and {tricks} trick winners the same")
    return 0


if __name__ == "__main__":
    sys.exit(main())
