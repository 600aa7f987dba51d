"""No client is ever sent another seat's hidden card: every byte the server sends, over seeded whole games.

A real server on loopback plays whole games with raw protocol clients (random legal moves) and
computer seats. Every line sent to each connection is read back: a step's view may hold only what
its own seat may know after that step (the watch of ``hidden_support`` says which cards those are,
following the same seed and moves); its events besides only the cards that were public while the
step was played (the card played, the table before a tiebreak deals a fresh deck); its legal moves
name only that seat's own cards and the table; and every other message names no card at all.
"""

from __future__ import annotations

import json
import random

import pytest
from hidden_support import BundlesWatch, WarWatch, cards_in
from hypothesis import given, settings
from hypothesis import strategies as st
from net_bots import Bot, play_bots
from net_support import ServerThread

from accessible_cards.games.bundles.state import BundlesState
from accessible_cards.net.protocol import from_wire, game_classes

GAMES = (
    ("bundles", "standard", 3, 1),
    ("bundles", "standard", 2, 0),
    ("bundles", "casita-robada", 4, 2),
)
"""Games with private hands (a War game may last thousands of battles, and all it shows is face up)."""


def audit(server: ServerThread) -> int:
    """Check every line sent at the one table; the number of step messages checked."""
    table = server.server.table(1)
    running = table.table
    assert running is not None and running.result is not None
    game = table.game
    state = game.new_state(table.players, table.variant, table.options, table.seed)
    watch = BundlesWatch(state) if isinstance(state, BundlesState) else WarWatch(state)
    deck = state.deck.cards
    hidden_after: list[dict[int, frozenset[int]]] = []
    told: list[frozenset[int]] = []  # what a step's events may name although hidden after it: public before, played
    watch.start()
    hidden_after.append({seat: watch.hidden(seat) for seat in [*range(table.players), None]})
    told.append(frozenset())
    for move in running.moves:
        watch.step(move.action)
        hidden_after.append({seat: watch.hidden(seat) for seat in [*range(table.players), None]})
        told.append(watch.revealed)
    classes = game_classes(game)
    checked = 0
    for conn, data in server.wire.items():
        steps = 0
        for line in bytes(data).split(b"\n"):
            if not line:
                continue
            message = json.loads(line)
            if message["t"] != "step":
                assert b'"$c"' not in line, f"a {message['t']} message names a card"
                continue
            seat = conn.seat  # None: someone watching, who may know what no seat hides
            hidden = hidden_after[steps]
            secret = {deck[i] for i in hidden[seat]}
            secret_then = {deck[i] for i in hidden[seat] - told[steps]}
            steps += 1
            assert message["n"] == steps
            leaked = set(cards_in(from_wire(message["view"], classes))) & secret
            assert not leaked, f"seat {seat}, step {steps}: its view holds {sorted(c.code for c in leaked)}"
            leaked = set(cards_in(from_wire(message["events"], classes))) & secret_then
            assert not leaked, f"seat {seat}, step {steps}: its events name {sorted(c.code for c in leaked)}"
            for action in message.get("legal") or ():
                named = {action["card"], *action["capture"]} if isinstance(action, dict) else set()
                assert not named & hidden[seat], f"seat {seat}, step {steps}: a legal move names a hidden card"
            checked += 1
        assert steps == len(hidden_after), "every step reached every seat"
    return checked


def one_game(seed: int, which: int) -> None:
    """A whole game at a fresh server with raw clients and a watcher; every byte sent is audited."""
    name, variant, players, computers = GAMES[which]
    server = ServerThread(seed=seed)
    bots: list[Bot] = []
    try:
        for seat in range(players - computers):
            bot = Bot(server.port)
            bots.append(bot)
            bot.hello(f"Kind {seat + 1}")
            bot.wait_for("tables")
            if seat == 0:
                bot.send({"t": "create", "game": name, "variant": variant, "players": players, "computers": computers})
                bot.wait_for("created")
            bot.send({"t": "sit", "table": 1, "seat": seat + 1})
            bot.wait_for("seated")
        watcher = Bot(server.port)
        bots.append(watcher)
        watcher.hello()
        watcher.wait_for("tables")
        watcher.send({"t": "watch", "table": 1})
        watcher.wait_for("watching")
        play_bots(bots, random.Random(seed))
        checked = server.call(lambda: audit(server))
        assert checked >= 2 * len(bots)
    finally:
        for bot in bots:
            bot.close()
        server.close()


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10**6), which=st.integers(0, len(GAMES) - 1))
def test_no_byte_sent_names_a_card_its_seat_may_not_know(seed: int, which: int) -> None:
    one_game(seed, which)


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**9), which=st.integers(0, len(GAMES) - 1))
def test_no_byte_sent_names_a_hidden_card_over_many_games(seed: int, which: int) -> None:
    one_game(seed, which)
