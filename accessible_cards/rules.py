"""A game's rules page, from its own package: ``accessible_cards/games/<name>/rules/<lang>.md``.

The pages are package data, so an installed wheel has them too; F1 in the game
reads them, ``emboss rules`` embosses them, and ``scripts/make_docs.py`` copies
them to ``docs/<lang>/rules/<name>.md``.
"""

from __future__ import annotations

from importlib import resources

from . import game as registry

FALLBACK = "en"
"""The language whose page stands in when a game has none in the language asked for."""


def rules_text(game_name: str, lang: str) -> str | None:
    """The Markdown rules of a game (by its name, an alias or a preset) in ``lang``, else in English.

    ``lang`` may be a locale such as ``de_DE``. None when there is no such game,
    or it has no rules page.
    """
    game = registry.find(game_name)
    if game is None:
        return None
    code = lang.split("_")[0].split("-")[0].lower() if lang else FALLBACK
    if not code.isalpha():
        code = FALLBACK
    folder = resources.files(game.package) / "rules"
    for name in dict.fromkeys((code, FALLBACK)):
        page = folder / f"{name}.md"
        if page.is_file():
            return page.read_text(encoding="utf-8")
    return None
