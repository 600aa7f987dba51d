"""The in-game menu speaks the language chosen in its own Settings when it comes back."""

from __future__ import annotations

import io
from pathlib import Path

from accessible_cards import settings as settings_file
from accessible_cards.i18n import Catalog
from accessible_cards.ui.app import App
from accessible_cards.ui.game_screen import game_menu
from accessible_cards.ui.terminal import Terminal


def test_the_game_menu_follows_a_language_changed_in_its_settings(tmp_path: Path) -> None:
    loaded = settings_file.Loaded(settings_file.Settings(lang="en"), (), False, tmp_path / "settings.toml")
    app = App(Terminal("en", stdin=io.StringIO(""), stdout=io.StringIO()), loaded)
    menu = game_menu(app, "war")
    english = [item.label for item in menu.items]
    assert english[0] == "Back to the game"
    app.change_settings(lang="de")
    menu.resume()  # Settings closed: the menu is shown again
    german = Catalog("de")
    assert menu.title == german.text("Game menu.")
    assert [item.label for item in menu.items] == [german.text(label) for label in english]
    assert menu.items[0].label != "Back to the game"
