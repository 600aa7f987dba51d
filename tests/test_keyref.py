"""The keyboard reference is made from the key map, and embosses as BRF."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from accessible_cards.games.bundles.controller import BUNDLES
from accessible_cards.games.war.controller import WAR
from accessible_cards.i18n import Catalog
from accessible_cards.ui.commands import for_phase, keys_label
from accessible_cards.ui.keyref import keyboard_reference


@pytest.mark.parametrize(("game", "phase"), [("war", WAR), ("bundles", BUNDLES)])
@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_key_of_the_game_is_in_its_reference(game: str, phase: str, lang: str) -> None:
    reference = keyboard_reference(game, lang)
    catalog = Catalog(lang)
    for command in for_phase(phase):
        assert f"- {keys_label(command, lang)}: {catalog.text(command.help)}." in reference
    assert reference.startswith("# ")
    assert reference.count("\n## ") >= 4


def test_emboss_keys_writes_brf_within_the_page(tmp_path: Path) -> None:
    output = tmp_path / "keys.brf"
    result = subprocess.run(
        [sys.executable, "-m", "accessible_cards", "emboss", "keys", "bundles", "--output", str(output)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    brf = output.read_text(encoding="ascii")
    pages = brf.split("\f")
    assert len(pages) > 1
    for page in pages:
        lines = page.split("\n")
        assert len([line for line in lines if line]) <= 25
        assert all(len(line) <= 40 for line in lines)
        assert all(32 <= ord(ch) <= 95 for line in lines for ch in line)
    assert "Keyboard reference: Stealing Bundles" in (tmp_path / "keys.txt").read_text(encoding="utf-8")


def test_emboss_keys_refuses_an_unknown_game(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "accessible_cards", "emboss", "keys", "poker", "--output", str(tmp_path / "x.brf")],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 2
    assert "GAME is war, bundles, ohhell, klondike, a bundles preset or a klondike preset" in result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_key_is_named_in_words_a_synthesizer_speaks(lang: str) -> None:
    """espeak-ng drops "?" and "." and reads "1 – 9" as "one nine": the help and the references use words."""
    from accessible_cards.ui.commands import COMMANDS

    for command in COMMANDS:
        label = keys_label(command, lang)
        assert all(character.isalnum() or character == " " for character in label), (command.name, label)
    assert (
        keys_label(next(c for c in COMMANDS if c.name == "help"), lang)
        == {"en": "question mark", "de": "Fragezeichen"}[lang]
    )
