"""Named commands: a command's keys, its typed words in each language, the phases it works in, its help.

Games declare the commands of their own phases with :func:`command`; the
commands every screen shares are in :mod:`accessible_cards.ui.commands`,
which also builds the key map and the help from both.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

# The phases every game shares: where a command applies.
MENU: Final = "menu"
CHOICE: Final = "choice"
HISTORY: Final = "history"
HANDOFF: Final = "handoff"
RULES: Final = "rules"
QUESTION: Final = "question"
"""A yes/no question: a list of two answers that also takes Y and N (J and N in German)."""


@dataclass(frozen=True, slots=True)
class Command:
    """One named command: its keys (prompt_toolkit key names), its typed words per language, its help."""

    name: str
    keys: tuple[str, ...]
    words: dict[str, tuple[str, ...]]
    phases: tuple[str, ...]
    help: str
    takes_number: bool = False


def command(
    name: str,
    keys: Iterable[str],
    en: Iterable[str],
    de: Iterable[str],
    phases: Iterable[str],
    help_text: str,
    takes_number: bool = False,
) -> Command:
    """A command; ``help_text`` is a catalog msgid, said after the key names."""
    return Command(name, tuple(keys), {"en": tuple(en), "de": tuple(de)}, tuple(phases), help_text, takes_number)


@dataclass(frozen=True, slots=True)
class Typed:
    """A typed command: its name and the number given with it, if any; ``text`` a line a game reads itself."""

    name: str
    number: int | None = None
    text: str | None = None
