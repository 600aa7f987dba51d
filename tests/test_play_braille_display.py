"""The game with a real braille display: BRLTTY's virtual driver, the program in a real terminal.

The turn's hand line reaches the display as liblouis' cells; a routing key over a card selects
it (the game says the card, and the display shows that line), a routing key over the card there
plays it.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from terminal_support import Player
from test_braille_display import VirtualDisplay, _brlapi_available, brltty  # noqa: F401  (brltty: a fixture)

from accessible_cards.braille import louis
from accessible_cards.braille.display import hand_positions
from accessible_cards.games.bundles.narrator import BundlesNarrator
from accessible_cards.games.bundles.rules import BundlesOptions
from accessible_cards.games.bundles.state import BundlesState

pytestmark = pytest.mark.skipif(
    not (_brlapi_available() and louis.available()), reason="brltty, python3-brlapi or liblouis is not installed"
)


@pytest.fixture
def player_box() -> Iterator[list[Player]]:
    box: list[Player] = []
    yield box
    for player in box:
        player.close()


def test_routing_keys_select_and_play_a_card(
    brltty: tuple[str, VirtualDisplay],  # noqa: F811
    player_box: list[Player],
    tmp_path: Path,
) -> None:
    host, display = brltty
    options = BundlesOptions.preset("standard", {"players": 2})
    state = BundlesState(options, 5)
    state.start()
    narrator = BundlesNarrator("en", "normal", "french52", ["Player 1", "Computer 1"], you=0, options=options)
    turn = narrator.turn(state.view(0))
    translated = louis.translate(turn.braille, "en")
    assert translated is not None
    cells, in_pos = translated
    first_card = hand_positions(turn.braille, in_pos, turn.kind).index(1)
    assert first_card < 40, turn.braille

    player = Player(
        ["play", "bundles", "--seed", "5", "--pause", "0", "--lang", "en", "--braille", "brlapi"],
        tmp_path / "config",
        env={"BRLAPI_HOST": host, "BRLAPI_AUTH": "none"},
    )
    player_box.append(player)
    player.wait_for("Your turn")
    shown = display.wait_for(cells[:40], timeout=10)
    assert shown.startswith(cells[:40]), (shown, cells)
    player.new_lines()
    display.send(f"route {first_card}")
    selected = player.wait_for(r"^1: ")
    card = selected.split(": ", 1)[1].split(",")[0]
    assert card == narrator.card(state.view(0).hand[0])
    player.new_lines()
    chosen = narrator.card_at(state.view(0), 0)  # the line the display now shows: "1: QC ..."
    chosen_cells = louis.translate(chosen.braille, "en")
    assert chosen_cells is not None
    display.wait_for(chosen_cells[0][:40])
    over_card = hand_positions(chosen.braille, chosen_cells[1], chosen.kind).index(1)
    display.send(f"route {over_card}")
    played = player.wait_for(r"^You (capture|trail|steal)")
    assert card in played
