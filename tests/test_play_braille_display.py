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


def test_the_display_walks_every_move_since_the_last_key(
    brltty: tuple[str, VirtualDisplay],  # noqa: F811
    player_box: list[Player],
    tmp_path: Path,
) -> None:
    """Issue 14: in a 4-player game, after the player's move the display shows it, then each computer's
    move in turn with the pan-right key, and "Your turn" comes last; before it, the title and the deal."""
    host, display = brltty
    config = tmp_path / "config"
    config.mkdir()
    (config / "settings.toml").write_text("[braille]\nmessage_seconds = 20\n", encoding="utf-8")
    player = Player(
        ["play", "bundles", "--players", "4", "--seed", "3", "--pause", "0", "--lang", "en", "--braille", "brlapi"],
        config,
        env={"BRLAPI_HOST": host, "BRLAPI_AUTH": "none"},
    )
    player_box.append(player)
    player.wait_for("Your turn")
    turn = louis.to_unicode("Your turn") or ""
    title = louis.to_unicode("Stealing Bundles: 4 players") or ""
    assert display.wait_for(title, timeout=10).startswith(title), "the display starts with the title"

    def walk() -> list[str]:
        shown = [display.cells()]
        for _ in range(30):
            if shown[-1].startswith(turn):
                break
            display.send("fwinrt")
            shown.append(display.cells())
        return shown

    before = walk()
    assert before[-1].startswith(turn), before
    assert any(window.startswith(louis.to_unicode("Dealt") or "") for window in before), before

    player.new_lines()
    player.press("1")
    player.press("1")  # the first card, played
    player.wait_for("Your turn")
    seats = [louis.to_unicode(f"C{n}") or "" for n in (1, 2, 3)]
    mine = louis.to_unicode("You") or ""
    assert display.wait_for(mine, timeout=5).startswith(mine), "the player's own move first"
    after = walk()
    assert after[-1].startswith(turn), after
    starts = [next((i for i, window in enumerate(after) if window.startswith(seat)), -1) for seat in seats]
    assert -1 not in starts and starts == sorted(starts), (starts, after)  # C1, C2 and C3, each in turn
