"""The keyboard reference of a game, made from the key map, one section per moment of play.

The same map drives the keys and the ``?`` help, so the reference cannot
drift from what the keys do. ``accessible-cards emboss keys GAME`` embosses it.
"""

from __future__ import annotations

from .. import game as registry
from ..i18n import Catalog
from ..keys import HISTORY, MENU, QUESTION, RULES
from .commands import for_phase, keys_label


def _phases(catalog: Catalog, game: registry.GameDescription) -> list[tuple[str, str]]:
    t = catalog.text
    playing = [(phase, t(title)) for phase, title in game.reference_phases or game.phases]
    return [
        *playing,
        (HISTORY, t("The history")),
        (RULES, t("Reading the rules")),
        (MENU, t("Menus and lists")),
        (QUESTION, t("Yes or no questions")),
    ]


def keyboard_reference(game: str, lang: str) -> str:
    """The reference as Markdown: a title, then a heading per moment and one line per key."""
    catalog = Catalog(lang)
    description = registry.get(game)
    name = catalog.text(description.title)
    lines = [f"# {catalog.text('Keyboard reference: {game}', game=name)}", ""]
    for phase, title in _phases(catalog, description):
        lines += [f"## {title}", ""]
        seen: set[str] = set()
        for command in for_phase(phase):
            line = f"- {keys_label(command, lang)}: {catalog.text(command.help)}."
            if line not in seen:
                seen.add(line)
                lines.append(line)
        lines.append("")
    return "\n".join(lines)
