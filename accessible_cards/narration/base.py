"""What every game's narrator shares: the catalog, the verbosity, the seats' names, lists in words."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final

from ..errors import OptionError
from ..i18n import Catalog
from ..utterance import VERBOSITIES

_BRAILLE_NAME: Final = 6  # a given name is cut to this many characters on the braille line
_B: Final = "braille"  # msgctxt of every braille text


def seat_names(t: Callable[..., str], players: int, humans: int) -> list[str]:
    """The seats' names as the game gives them: people "Player 1", the others "Computer 1".

    ``t`` is a catalog's text function (``Catalog(lang).text``, or an app's ``t``);
    the first ``humans`` seats are people.
    """
    return [
        t("Player {number}", "seat name", number=seat + 1)
        if seat < humans
        else t("Computer {number}", number=seat + 1 - humans)
        for seat in range(players)
    ]


def _cap(text: str) -> str:
    """The text with its first letter capitalised (a clause that starts a sentence)."""
    return text[:1].upper() + text[1:]


class SeatNarrator:
    """What every game's narrator shares: the catalog, the verbosity, the seats' names, lists in words.

    Subclasses set ``catalog``, ``you`` (the seat spoken to as "you", if any),
    ``_seat_names`` (None or "" for the default "Player 2") and ``_verbosity``.
    """

    catalog: Catalog
    you: int | None
    _seat_names: list[str | None]
    _verbosity: str

    @property
    def verbosity(self) -> str:
        """``brief``, ``normal`` or ``full``."""
        return self._verbosity

    @verbosity.setter
    def verbosity(self, value: str) -> None:
        if value not in VERBOSITIES:
            raise OptionError(
                "error-verbosity",
                f"verbosity {value!r} is not one of {', '.join(VERBOSITIES)}",
                value=str(value),
            )
        self._verbosity = value

    def seat_name(self, seat: int) -> str:
        """The seat's name in the third person: a given name, or "Player 2" / "Spieler 2"."""
        given = self._seat_names[seat] if 0 <= seat < len(self._seat_names) else None
        if given:
            return given
        return self.catalog.text("Player {number}", "seat name", number=seat + 1)

    def braille_seat(self, seat: int) -> str:
        """The seat's short label on the braille line: "P2" / "S2", "You" / "Du", or a given name cut short."""
        if seat == self.you:
            return self.catalog.text("You", _B)
        given = self._seat_names[seat] if 0 <= seat < len(self._seat_names) else None
        if given:
            return given[:_BRAILLE_NAME]
        return self.catalog.text("P{number}", _B, number=seat + 1)

    def _join(self, items: Sequence[str]) -> str:
        """``a``, ``a and b``, ``a, b and c`` in the catalog's words."""
        return self._list(items, "{first} and {last}", "list of several")

    def _list(self, items: Sequence[str], last: str, context: str) -> str:
        if not items:
            return ""
        c = self.catalog
        head = items[0]
        for item in items[1:-1]:
            head = c.text("{first}, {next}", "list of several", first=head, next=item)
        if len(items) == 1:
            return head
        return c.text(last, context, first=head, last=items[-1])
