"""A game's rules pages, in the player's language: the Markdown the game package ships."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from . import game as registry


def rules_text(game: str, lang: str) -> str | None:
    """The rules of ``game`` in ``lang`` (English when there is no page in ``lang``); None when none is shipped."""
    found = registry.find(game)
    if found is None:
        return None
    for language in (lang, "en"):
        page = resources.files(found.package).joinpath("rules", f"{language}.md")
        if page.is_file():
            return page.read_text(encoding="utf-8")
        docs = Path(__file__).resolve().parents[1] / "docs" / language / "rules" / f"{found.name}.md"
        if docs.is_file():
            return docs.read_text(encoding="utf-8")
    return None
