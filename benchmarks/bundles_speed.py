"""Stealing Bundles speed: random play, clone(), and the hard player's search.

Three paths of random play are timed: ``quiet`` (``actions()`` + ``play_quiet()``, no events: what
search uses), ``table`` (the same random play through a table with nobody listening: what
``simulate`` runs) and ``events`` (``legal_actions()`` + ``apply()``, every event built: what
replays and play use). Beside them, in the same run, a lean random playout of two-player standard on
plain ints (``lean_plays``) gives the ratio that does not depend on how busy the machine is. The
search figure is the plays the hard player makes inside its samples (and its end-game solver) per
second of its own thinking, over whole games against the taker. Each figure is the best of several
batches. Run: ``.venv/bin/python benchmarks/bundles_speed.py``.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
import time

from accessible_cards.game import get
from accessible_cards.games.bundles.rules import BundlesOptions
from accessible_cards.games.bundles.state import BundlesState
from accessible_cards.table import RandomChoice, Seat, Table


def quiet_batch(options: BundlesOptions, seeds: range) -> int:
    """Random play without events; returns the number of plays."""
    plays = 0
    for seed in seeds:
        state = BundlesState(options, seed)
        chooser = random.Random(seed)
        state.start()
        while state.result is None:
            state.play_quiet(chooser.choice(state.actions()))
            plays += 1
    return plays


def table_batch(options: BundlesOptions, seeds: range) -> int:
    """Random play through a table (what ``simulate bundles`` runs): one blind chooser at every seat, quiet."""
    game = get("bundles")
    seats = [Seat.computer("", 0)] * options.players
    plays = 0
    for seed in seeds:
        state = BundlesState(options, seed)
        chooser = RandomChoice(random.Random(seed))
        Table(game, state, seats, players=dict.fromkeys(range(options.players), chooser), record=False).play_out()
        plays += state.steals + state.captures + state.trails  # every play is one of the three
    return plays


def events_batch(options: BundlesOptions, seeds: range) -> int:
    """Random play through the checked ``apply()``, every event built; returns the number of plays."""
    plays = 0
    for seed in seeds:
        state = BundlesState(options, seed)
        chooser = random.Random(seed)
        state.start()
        while state.result is None:
            state.apply(chooser.choice(list(state.legal_actions())))
            plays += 1
    return plays


def lean_plays(seeds: range) -> int:
    """Two-player standard random play on plain ints (steal, else capture, else trail); returns the plays."""
    plays = 0
    for seed in seeds:
        rng = random.Random(seed)
        stock = [card % 13 for card in range(52)]
        rng.shuffle(stock)
        hands: list[list[int]] = [[], []]
        for _ in range(4):
            hands[0].append(stock.pop())
            hands[1].append(stock.pop())
        table = [stock.pop() for _ in range(4)]
        sizes = [0, 0]
        tops = [-1, -1]
        turn = 0
        while True:
            hand = hands[turn]
            if not hand:
                if not hands[1 - turn]:
                    if not stock:
                        break
                    for _ in range(4):
                        hands[turn].append(stock.pop())
                        hands[1 - turn].append(stock.pop())
                    hand = hands[turn]
                else:
                    turn = 1 - turn
                    continue
            card = hand.pop(rng.randrange(len(hand)))
            other = 1 - turn
            if tops[other] == card and sizes[other]:
                sizes[turn] += sizes[other] + 1
                sizes[other] = 0
                tops[other] = -1
                tops[turn] = card
            else:
                taken = table.count(card)
                if taken:
                    table = [c for c in table if c != card]
                    sizes[turn] += taken + 1
                    tops[turn] = card
                else:
                    table.append(card)
            plays += 1
            turn = other
    return plays


def search_speed(games: int) -> tuple[float, int, float]:
    """The hard player's plays inside its search per second, its decisions, and its mean decision in ms."""
    from accessible_cards.games.bundles.ai import Player, TakerPlayer, show_everyone
    from accessible_cards.games.bundles.ai.search import HardPlayer

    options = BundlesOptions.preset("standard", {"players": 2})
    plays = decisions = 0
    thinking = 0.0
    for seed in range(games):
        state = BundlesState(options, seed)
        hard = HardPlayer(seed)
        players: dict[int, Player] = {0: hard, 1: TakerPlayer(seed)}
        state.start()
        show_everyone(players, state)
        while state.result is None:
            seat = state.turn
            start = time.perf_counter()
            action = players[seat].choose(state.view(seat), state.actions())
            if seat == 0:
                thinking += time.perf_counter() - start
                decisions += 1
            state.play_quiet(action)
            show_everyone(players, state)
        plays += hard.plays
    return plays / thinking, decisions, 1000 * thinking / max(decisions, 1)


def clone_cost(options: BundlesOptions, count: int) -> float:
    """Seconds per clone() of a mid-game state (after 10 plays)."""
    state = BundlesState(options, 1)
    chooser = random.Random(1)
    state.start()
    for _ in range(10):
        state.play_quiet(chooser.choice(state.actions()))
    start = time.perf_counter()
    for _ in range(count):
        state.clone()
    return (time.perf_counter() - start) / count


def main() -> None:
    """Time the batches and print the figures with the command that produced them."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=2000, help="games per batch (default 2000)")
    parser.add_argument("--batches", type=int, default=3, help="batches per figure (default 3)")
    parser.add_argument("--search-games", type=int, default=100, help="games for the search figure (default 100)")
    args = parser.parse_args()
    print(f"Command: {' '.join([sys.executable.rsplit('/', 1)[-1], *sys.argv])}")
    print(f"Python {platform.python_version()} on {platform.machine()}, {platform.system()}")
    for players in (2, 4):
        options = BundlesOptions.preset("standard", {"players": players})
        paths = (("quiet", quiet_batch), ("table", table_batch), ("events", events_batch))
        seconds: dict[str, list[float]] = {label: [] for label, _ in paths}
        counted: dict[str, int] = {}
        for number in range(args.batches):  # the paths alternate, batch by batch, on the same seeds
            seeds = range(number * args.games, (number + 1) * args.games)
            for label, batch in paths:
                start = time.perf_counter()
                counted[label] = batch(options, seeds)
                seconds[label].append(time.perf_counter() - start)
        if len(set(counted.values())) != 1:
            raise SystemExit(f"the paths disagree on the same games: {counted}")
        for label, _ in paths:
            best = min(seconds[label])
            print(
                f"standard, {players} players, {label:6}: {args.games / best:8.0f} games/s, "
                f"{counted[label] / best:9.0f} plays/s (best of {args.batches} batches of {args.games})"
            )
        ratios = [t / q for t, q in zip(seconds["table"], seconds["quiet"], strict=True)]
        print(
            f"standard, {players} players, table / quiet time: median {statistics.median(ratios):.3f} "
            f"(batches: {', '.join(f'{r:.2f}' for r in ratios)})"
        )
        if players == 2:
            best = float("inf")
            plays = 0
            for number in range(args.batches):
                seeds = range(number * args.games, (number + 1) * args.games)
                start = time.perf_counter()
                plays = lean_plays(seeds)
                best = min(best, time.perf_counter() - start)
            print(
                f"standard, 2 players, lean ints: {args.games / best:8.0f} games/s, {plays / best:9.0f} plays/s "
                f"(the same random play without the engine, same run)"
            )
    for players in (2, 4):
        cost = clone_cost(BundlesOptions.preset("standard", {"players": players}), 100_000)
        print(f"clone(), standard, {players} players, mid-game: {cost * 1e6:.2f} microseconds")
    rate, decisions, mean = search_speed(args.search_games)
    print(
        f"hard player's search, standard, 2 players: {rate:.0f} plays/s inside its samples "
        f"({decisions} decisions in {args.search_games} games against taker, mean {mean:.1f} ms)"
    )


if __name__ == "__main__":
    main()
