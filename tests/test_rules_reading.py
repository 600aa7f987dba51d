"""The rules read with F1 are sentences and short lists: no table bars, no heading marks, each heading a line."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from accessible_cards import game as registry
from accessible_cards import settings as settings_file
from accessible_cards.rules import rules_text
from accessible_cards.ui.app import App, markdown_sections
from accessible_cards.ui.terminal import Terminal

GAMES = [game.name for game in registry.registered()]


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("game", GAMES)
def test_every_rules_page_reads_without_markdown(game: str, lang: str) -> None:
    text = rules_text(game, lang)
    assert text is not None
    sections = markdown_sections(text)
    assert sections
    for heading, body in sections:
        for said in (heading, body):
            assert "|" not in said and "```" not in said and "**" not in said, said[:120]
            assert not said.startswith("#"), said[:120]


def test_a_table_row_becomes_one_sentence_after_its_column_headings() -> None:
    page = (
        "# Options\n\n| option | values | default |\n|---|---|---|\n| `deck` | `french52`, `numbers` | `french52` |\n"
    )
    assert markdown_sections(page) == [("Options", "deck: values french52, numbers; default french52.")]


def test_list_items_end_as_sentences() -> None:
    assert markdown_sections("# Deal\n\n- two players: 26 each\n- four players: 13 each\n") == [
        ("Deal", "two players: 26 each. four players: 13 each.")
    ]


def test_the_rules_screen_says_a_heading_on_a_line_of_its_own(tmp_path: Path) -> None:
    out = io.StringIO()
    loaded = settings_file.Loaded(settings_file.Settings(lang="de"), (), False, tmp_path / "settings.toml")
    app = App(Terminal("de", stdin=io.StringIO(""), stdout=out), loaded, save_settings=False)
    app.show_rules(GAMES[0])
    app.stack[-1].handle(__import__("accessible_cards.keys", fromlist=["Typed"]).Typed("down"))
    lines = out.getvalue().splitlines()
    heading, body = markdown_sections(rules_text(GAMES[0], "de") or "")[1]
    assert any(line.endswith(f": {heading}") for line in lines), lines[-3:]
    assert body.split(". ")[0] in "\n".join(lines)


def test_a_list_item_over_two_lines_stays_one_sentence() -> None:
    page = "# Deck\n\n- deck=french52: ace, king, queen, jack, 10 down to\n  2. Suits do not count.\n- deck=numbers: 1 to 13"  # noqa: E501
    assert markdown_sections(page) == [
        ("Deck", "deck=french52: ace, king, queen, jack, 10 down to 2. Suits do not count. deck=numbers: 1 to 13.")
    ]
