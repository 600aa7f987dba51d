"""The keyboard reference of a game, made from the key map, one section per moment of play.

The same map drives the keys and the ``?`` help, so the reference cannot
drift from what the keys do. ``accessible-cards emboss keys GAME`` embosses it.
"""

from __future__ import annotations

from ..i18n import Catalog
from .commands import BUNDLES, CHOICE, HANDOFF, HISTORY, MENU, QUIZ, RULES, WAR, for_phase, keys_label


def _phases(catalog: Catalog, game: str) -> list[tuple[str, str]]:
    t = catalog.text
    if game == "war":
        playing = [(WAR, t("Playing War")), (QUIZ, t("The War quiz"))]
    else:
        playing = [
            (BUNDLES, t("Playing Stealing Bundles")),
            (CHOICE, t("When a card can do more than one thing")),
            (HANDOFF, t("Passing the keyboard")),
        ]
    return [
        *playing,
        (HISTORY, t("The history")),
        (RULES, t("Reading the rules")),
        (MENU, t("Menus and lists")),
    ]


def keyboard_reference(game: str, lang: str) -> str:
    """The reference as Markdown: a title, then a heading per moment and one line per key."""
    catalog = Catalog(lang)
    name = catalog.text("War") if game == "war" else catalog.text("Stealing Bundles")
    lines = [f"# {catalog.text('Keyboard reference: {game}', game=name)}", ""]
    for phase, title in _phases(catalog, "war" if game == "war" else "bundles"):
        lines += [f"## {title}", ""]
        seen: set[str] = set()
        for command in for_phase(phase):
            line = f"- {keys_label(command, lang)}: {catalog.text(command.help)}."
            if line not in seen:
                seen.add(line)
                lines.append(line)
        lines.append("")
    return "\n".join(lines)
