"""No deal can be worked out from one seat's cards: the search that found every hand from a seed finds nothing.

Seeds below a million could be searched in seconds: a child who knew their own four cards, the four on
the table and the dealer tried every seed, dealt Stealing Bundles from each as the game does, and kept
the one that gave those cards: then every other hand and the stock were known, in order. The search
here is that attack, written as a child would (Python's own shuffle, stopped as soon as a dealt card
differs). It is shown to work on a seed below a million that a player chose (``--seed`` stays as given),
and then finds nothing for a game nobody seeded, at one keyboard and at a class's server.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from pathlib import Path

import pytest
from net_bots import Bot
from net_support import ServerThread
from saves_support import BUNDLES_LINES, game_screen, only_save, play, saving_in

from accessible_cards import cli, saves
from accessible_cards import game as registry
from accessible_cards.cli import main
from accessible_cards.engine import SEED_BITS
from accessible_cards.games.bundles.state import BundlesView
from accessible_cards.net.protocol import from_wire, game_classes
from accessible_cards.ui.app import GameRequest

SEARCHED = 10**6
"""The seeds below this were the whole of them: the attack tries every one."""


def matching_seeds(view: BundlesView, seeds: Iterable[int]) -> list[int]:
    """The seeds that deal ``view``'s own hand and table cards with its dealer, as Stealing Bundles deals them.

    Python's shuffle fixes the deck from its end, and the deal pops the end first (one card a seat in
    turn from the dealer's left, then the table's four), so a seed is dropped at the first card it puts
    where the seat saw another.
    """
    bundles = registry.find("bundles")
    assert bundles is not None
    state = bundles.new_state(view.players, view.variant, {}, 0)
    code_of = {card: number for number, card in enumerate(state.deck.cards)}  # type: ignore[attr-defined]
    n, each = view.players, len(view.hand)
    step = 1 if view.options.direction == "clockwise" else -1
    first = (view.dealer + step) % n
    order = [(first + step * k) % n for k in range(n)]
    place = order.index(view.seat)
    size = len(state.deck.cards)  # type: ignore[attr-defined]
    expected: dict[int, set[int]] = {}
    hand = {code_of[card] for card in view.hand}
    for k in range(each):
        expected[size - 1 - (k * n + place)] = hand
    table = {code_of[card] for card in view.table}
    for t in range(len(view.table)):
        expected[size - 1 - (n * each + t)] = table
    lowest = min(expected)
    found = []
    rng = random.Random()
    below = rng._randbelow  # what random.shuffle draws with
    for seed in seeds:
        rng.seed(seed)
        if rng.randrange(n) != view.dealer:
            continue
        cards = list(range(size))
        for i in range(size - 1, lowest - 1, -1):
            j = below(i + 1)
            cards[i], cards[j] = cards[j], cards[i]
            if i in expected and cards[i] not in expected[i]:
                break
        else:
            found.append(seed)
    return found


def dealt_from(seed: int, view: BundlesView) -> list[str]:
    """Every hand the game deals from ``seed``: what the attack would have learned."""
    bundles = registry.find("bundles")
    assert bundles is not None
    state = bundles.new_state(view.players, view.variant, {}, seed)
    state.start()
    return [" ".join(str(card) for card in state.view(seat).hand) for seat in range(view.players)]


def local_view(seed: int | None) -> tuple[BundlesView, int]:
    app, _said = play(GameRequest("bundles", 2, 1, "standard", seed), ["g"], 1)
    screen = game_screen(app)
    assert screen.seed is not None
    bundles = registry.find("bundles")
    assert bundles is not None
    dealt = bundles.new_state(2, "standard", {}, screen.seed)  # the deal as the seat saw it, before any play
    dealt.start()
    view = dealt.view(0)
    assert isinstance(view, BundlesView) and len(view.hand) == 4 and len(view.table) == 4
    assert set(screen.table.state.view(0).hand) <= set(view.hand)  # the game on the screen was dealt so
    return view, screen.seed


def test_the_search_finds_a_small_seed_a_player_chose_and_every_hand_with_it() -> None:
    view, seed = local_view(424_242)
    assert seed == 424_242  # a seed the player typed stays as it is
    found = matching_seeds(view, range(seed - 20_000, seed + 20_000))
    assert found == [seed]
    assert dealt_from(seed, view)[0] == " ".join(str(card) for card in view.hand)


@pytest.mark.slow
def test_a_game_at_one_keyboard_that_nobody_seeded_cannot_be_searched() -> None:
    view, seed = local_view(None)
    assert matching_seeds(view, range(SEARCHED)) == []
    assert matching_seeds(view, [seed]) == [seed]  # the search knows the deal when it has the seed
    assert seed.bit_length() > SEED_BITS - 16, seed  # drawn from 128 bits: one in 65,536 is shorter


@pytest.mark.slow
def test_a_table_at_the_server_cannot_be_searched_from_one_seat() -> None:
    server = ServerThread(seed=None)
    try:
        bot = Bot(server.port)
        bot.hello("Mia")
        bot.wait_for("tables")
        bot.send({"t": "create", "game": "bundles", "players": 2, "computers": 1})
        table = bot.wait_for("created")["table"]
        bot.send({"t": "sit", "table": table, "seat": 1})
        step = bot.wait_for("step")
        bundles = registry.find("bundles")
        assert bundles is not None
        view = from_wire(step["view"], game_classes(bundles))
        assert isinstance(view, BundlesView) and len(view.hand) == 4
        assert matching_seeds(view, range(SEARCHED)) == []
        seed = server.call(lambda: server.server.tables[table].seed)
        assert matching_seeds(view, [seed]) == [seed]  # the search knows the deal when it has the seed
        bot.close()
    finally:
        server.close()


def test_a_long_seed_is_saved_resumed_replayed_and_said_at_the_end(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A match nobody seeded (Rubamazzo, a best of three: each game's deal is drawn from the first) is quit and
    resumed from its save; it ends as the same match played straight through from the seed it said."""
    with saving_in(tmp_path / "broken") as folder:
        app, _ = play(GameRequest("bundles", 2, 1, "rubamazzo"), BUNDLES_LINES, budget=9)
        seed = game_screen(app).seed
        assert seed is not None and seed.bit_length() > SEED_BITS - 16
        saved = saves.load(only_save(folder))
        assert saved.info.seed == seed  # the save keeps all 128 bits
        app, said = play(None, BUNDLES_LINES, resume=True)
        resumed = game_screen(app)
        assert resumed.over and resumed.seed == seed
        assert said[0] == f"Rubamazzo, Italian deck resumed after {len(saved.moves)} moves. G reads the history."
        told = resumed.seed_line()
        assert told == f"Seed {seed}. The same seed deals the same cards: --seed {seed}."
        assert main(["replay", str(only_save(folder))]) == 0
        assert capsys.readouterr().out.splitlines() == resumed.history
    typed = cli._seed(str(seed))  # what the player types after --seed
    with saving_in(tmp_path / "straight"):
        app, _ = play(GameRequest("bundles", 2, 1, "rubamazzo", typed), BUNDLES_LINES)
    straight = game_screen(app)
    assert straight.table.state.to_json() == resumed.table.state.to_json()
    assert straight.history == resumed.history


def test_a_save_from_before_long_seeds_still_loads_and_plays_its_deal() -> None:
    golden = Path(__file__).resolve().parent / "golden" / "saves"
    for path in sorted(golden.glob("*.json")):
        saved = saves.load(path)
        if saved.info.seed is not None:
            assert saved.info.seed < 2**63, path  # written when seeds were shorter
            saves.replay(saved)  # its moves replay on the deal its seed gives
