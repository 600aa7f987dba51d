"""Every sentence the interactive program says is in both catalogs, and every key has one meaning."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import accessible_cards.ui as ui_package
from accessible_cards.games.bundles import TITLES as VARIANT_NAMES
from accessible_cards.games.war.controller import QUIZ
from accessible_cards.i18n import Catalog
from accessible_cards.keys import HANDOFF, MENU
from accessible_cards.ui.app import ENGLISH_BRAILLE_TABLES, GERMAN_BRAILLE_TABLES
from accessible_cards.ui.commands import COMMANDS, key_map, parse_words

UI = Path(ui_package.__file__).parent


def _messages() -> set[tuple[str | None, str]]:
    """(context, msgid) of every literal passed to ``t``/``tn`` in the UI, the help texts and game names."""
    found: set[tuple[str | None, str]] = set()
    for path in [*sorted(UI.glob("*.py")), UI.parent / "cli.py", *sorted((UI.parent / "games").glob("*/*.py"))]:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call) or not node.args:
                continue
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
            first = node.args[0]
            if name in ("t", "tn") and isinstance(first, ast.Constant) and isinstance(first.value, str):
                context = None
                if name == "t" and len(node.args) > 1 and isinstance(node.args[1], ast.Constant):
                    context = node.args[1].value
                found.add((context, first.value))
    found |= {(None, command.help) for command in COMMANDS}
    found |= {(None, name) for name in VARIANT_NAMES.values()}
    found |= {(None, name) for name in {**ENGLISH_BRAILLE_TABLES, **GERMAN_BRAILLE_TABLES}.values()}
    return found


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_ui_message_is_in_the_catalog(lang: str) -> None:
    keys = {entry.key for entry in Catalog(lang, strict=True)}
    missing = sorted(str(message) for message in _messages() - keys)
    assert not missing, missing


def test_the_extraction_finds_the_ui_messages() -> None:
    assert len(_messages()) > 100
    assert (None, "Accessible Cards. Main menu.") in _messages()


@pytest.mark.parametrize("phase", sorted({phase for command in COMMANDS for phase in command.phases}))
def test_a_key_has_one_meaning_per_phase(phase: str) -> None:
    assert key_map(phase)  # raises when a key is bound twice


def test_words_in_both_languages_reach_the_same_command() -> None:
    assert parse_words("play 3", "bundles", "en") == parse_words("spielen 3", "bundles", "de")
    assert parse_words("hilfe", "war", "en") == parse_words("help", "war", "de")
    assert parse_words("tisch", "war", "de") is not None and parse_words("tisch", "war", "de").name == "table"
    assert parse_words("nonsense", "war", "en") is None
    assert parse_words("2", MENU, "en") is not None and parse_words("2", MENU, "en").number == 2
    assert parse_words("0", QUIZ, "en") is not None and parse_words("0", QUIZ, "en").name == "answer"
    assert parse_words("bereit", HANDOFF, "de") is not None
