"""Issue 17: Klondike with a real braille display: BRLTTY's virtual driver, the program in a real terminal.

The Klondike screen's lines reach the display as liblouis' cells. A routing key over a card of a
column's line selects it with the card on it, the display's line-up key brings back another
column's line, and a routing key over that line moves the two cards there; the board line the
display then shows has them on their new column. In English and in German.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from terminal_support import Player
from test_braille_display import VirtualDisplay, _brlapi_available, brltty  # noqa: F401  (brltty: a fixture)

from accessible_cards.braille import louis
from accessible_cards.games.klondike.actions import Move
from accessible_cards.games.klondike.narrator import KlondikeNarrator
from accessible_cards.games.klondike.scenario import parse_scenario
from accessible_cards.i18n import Catalog
from accessible_cards.utterance import Utterance

pytestmark = pytest.mark.skipif(
    not (_brlapi_available() and louis.available()), reason="brltty, python3-brlapi or liblouis is not installed"
)

DEAL = {
    "game": "klondike",
    "variant": "braillespiel",
    "columns": [["8H"], ["2C", "9S"], ["3C", "4C", "TD"], ["5C"], ["6C"], ["7C"], ["KC"]],
    "stock": ["AS", "2S"],
}
"""Braillespiel (any suit, one rank up or down): 8H goes on 9S, and then 9S with 8H on TD."""

SAID = {
    "en": {
        "dealt": "The cards are dealt",
        "selected": "Column 2: the nine of spades selected, 2 cards.",
        "moved": "The nine of spades with 1 card on it from column 2 onto the ten of diamonds in column 3.",
    },
    "de": {
        "dealt": "Die Karten sind ausgelegt",
        "selected": "Reihe 2: Pik Neun gewählt, 2 Karten.",
        "moved": "Pik Neun mit 1 Karte darauf aus Reihe 2 auf Karo Zehn in Reihe 3.",
    },
}


@pytest.fixture
def player_box() -> Iterator[list[Player]]:
    box: list[Player] = []
    yield box
    for player in box:
        player.close()


def cells(braille: str, lang: str) -> tuple[str, list[int]]:
    """The line's cells with the player's default table, and the character under each."""
    translated = louis.translate(Utterance(braille, braille).braille, lang)
    assert translated is not None
    return translated


def line_up(display: VirtualDisplay, wanted: str) -> None:
    """Press the display's line-up key until it shows ``wanted`` (an earlier announcement)."""
    for _ in range(10):
        if display.cells().startswith(wanted):
            return
        display.send("lnup")
        display.wait_for(wanted, timeout=0.5)
    assert display.cells().startswith(wanted), (display.cells(), wanted)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_routing_keys_move_a_column_card_onto_another_column(
    lang: str,
    brltty: tuple[str, VirtualDisplay],  # noqa: F811
    player_box: list[Player],
    tmp_path: Path,
) -> None:
    host, display = brltty
    scenario = tmp_path / "deal.json"
    scenario.write_text(json.dumps(DEAL), encoding="utf-8")
    config = tmp_path / "config"
    config.mkdir()
    (config / "settings.toml").write_text("[braille]\nmessage_seconds = 0\n", encoding="utf-8")
    player = Player(
        ["play", "--scenario", str(scenario), "--lang", lang, "--braille", "brlapi"],
        config,
        env={"BRLAPI_HOST": host, "BRLAPI_AUTH": "none"},
    )
    player_box.append(player)
    player.wait_for(SAID[lang]["dealt"])

    # the deal's board line reached the display: the line-up key brings it back from behind the key hint
    state = parse_scenario(DEAL).state
    state.start()
    narrator = KlondikeNarrator(lang)
    player.wait_for(r"^1 .*7")  # the key hint, said after the deal; its braille line is short
    hint, _ = cells(Catalog(lang).text("1-7 or W, then 1-7 or F; ? keys", "braille"), lang)
    assert display.wait_for(hint, timeout=10).startswith(hint), (display.cells(), hint)
    dealt, _ = cells(narrator.overview(state.view(0)).braille, lang)
    line_up(display, dealt)

    player.press("1", "2")  # the keys: 8H onto 9S
    state.apply(Move(0, 1, 1))
    player.press("3", "3")  # column 3 read (its top card selected), then the selection cancelled
    player.press("2")  # column 2: "2: 1v 9S 8H"
    column_two = narrator.column(state.view(0), 1).braille
    assert column_two == "2: 1v 9S 8H"
    shown, in_pos = cells(column_two, lang)
    assert display.wait_for(shown).startswith(shown), (display.cells(), shown)

    player.new_lines()
    nine = next(cell for cell, index in enumerate(in_pos) if index == column_two.index("9S"))
    display.send(f"route {nine}")
    player.wait_for(SAID[lang]["selected"])
    selected, _ = cells(narrator.route_selected(state.view(0), 1, 2).braille, lang)
    assert display.wait_for(selected).startswith(selected), (display.cells(), selected)

    three = narrator.column(state.view(0), 2).braille
    assert three == "3: 2v TD"  # read before
    column_three, in_pos = cells(three, lang)
    line_up(display, column_three)
    marks = next(cell for cell, index in enumerate(in_pos) if index == three.index("2v"))
    display.send(f"route {marks}")  # any cell of column 3's line: its face-down count, here
    player.wait_for(SAID[lang]["moved"])

    state.apply(Move(1, 2, 2))
    player.press("o")  # the board line
    board, _ = cells(narrator.overview(state.view(0)).braille, lang)
    assert display.wait_for(board).startswith(board), (display.cells(), board)
    assert narrator.column(state.view(0), 2).braille == "3: 2v TD 9S 8H"
