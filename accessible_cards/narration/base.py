"""What every game's narrator shares: the catalog, the verbosity, the seats' names, lists in words."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from typing import Final

from ..errors import OptionError
from ..i18n import Catalog
from ..utterance import BRAILLE_CELLS, VERBOSITIES, estimated_cells

_BRAILLE_NAME: Final = 6  # a given name is cut to this many characters on the braille line
_B: Final = "braille"  # msgctxt of every braille text
_NUMBERED: Final = re.compile(r"^(?P<word>\D*?)\s*(?P<number>\d+)$")
"""A name that ends in a number ("Computer 2", "Spieler 3"): on the braille line its initial and the number."""


def seat_names(t: Callable[..., str], computers: Iterable[bool], given: Sequence[str | None] = ()) -> list[str]:
    """The seats' names in the listener's language: a name given for the seat, else "Player 2" for a person's
    seat (numbered by seat) or "Computer 1" for a computer's (numbered among the computers).

    ``t`` is a catalog's text function (``Catalog(lang).text``, or an app's ``t``); ``computers`` says, seat by
    seat, whether a computer sits there; ``given`` holds the names given, seat by seat (None, or fewer names
    than seats: the default). :func:`people_first` makes ``computers`` for a game at one keyboard.
    """
    names: list[str] = []
    count = 0
    for seat, computer in enumerate(computers):
        name = given[seat] if seat < len(given) else None
        if computer:
            count += 1
            names.append(name or t("Computer {number}", number=count))
        else:
            names.append(name or t("Player {number}", "seat name", number=seat + 1))
    return names


def people_first(players: int, humans: int) -> list[bool]:
    """Which seats computers sit at in a game at one keyboard: the first ``humans`` seats are people's."""
    return [seat >= humans for seat in range(players)]


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
        """The seat's short label on the braille line: "You" / "Du", or its name's label (:meth:`braille_name`)."""
        if seat == self.you:
            return self.catalog.text("You", _B)
        return self.braille_name(seat)

    def braille_name(self, seat: int) -> str:
        """The seat's own label on the braille line, never "You": one of :meth:`braille_names`."""
        labels = self.braille_names()
        if 0 <= seat < len(labels):
            return labels[seat]
        return self.catalog.text("P{number}", _B, number=seat + 1)

    def braille_names(self) -> list[str]:
        """Every seat's label on the braille line, each different from the others and from "You".

        A name that ends in a number keeps it: "Computer 2" is "C2", "Spieler 3" "S3" (cutting the
        name short would leave "Comput" for every computer). Another name is cut to six letters; a
        seat without a name is "P2" / "S2". Labels that would still read the same (compared without
        case: German braille has no capital sign) get their seat's number, so every seat stays distinct.
        """
        you = self.catalog.text("You", _B).casefold()
        labels: list[str] = []
        for seat, given in enumerate(self._seat_names):
            name = (given or "").strip()
            numbered = _NUMBERED.match(name) if name else None
            if not name:
                labels.append(self.catalog.text("P{number}", _B, number=seat + 1))
            elif numbered and numbered.group("word").strip():
                labels.append(numbered.group("word").strip()[0].upper() + numbered.group("number"))
            else:
                labels.append(name[:_BRAILLE_NAME])
        for _ in range(2):
            folded = [label.casefold() for label in labels]
            clash = [seat for seat, label in enumerate(folded) if folded.count(label) > 1 or label == you]
            if not clash:
                break
            for seat in clash:
                number = str(seat + 1)
                base = "".join(ch for ch in labels[seat] if not ch.isdigit()) or "P"
                labels[seat] = base[: max(1, _BRAILLE_NAME - len(number))] + number
        folded = [label.casefold() for label in labels]
        for seat, label in enumerate(folded):  # the last resort: the seat's number alone after P / S
            if folded.count(label) > 1 or label == you:
                labels[seat] = self.catalog.text("P{number}", _B, number=seat + 1)
        return labels

    def _fit(self, line: str, extra: str, apart: bool = False) -> str:
        """``line`` + ``extra`` if that fits the 40-cell braille line; else ``line`` alone, or with ``apart`` the
        extra on a braille line of its own (a display shows it next)."""
        if estimated_cells(line.split("\n")[-1] + extra) <= BRAILLE_CELLS:
            return line + extra
        return line + "\n" + extra.lstrip("; ").strip() if apart else line

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
