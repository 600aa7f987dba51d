"""What every output presents: an utterance, with a whole sentence for speech and a terse braille line.

This sits at the bottom of the layers, beside the cards and the errors, so
that outputs, narrators and screens share it without importing any game.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

VERBOSITIES: Final = ("brief", "normal", "full")
"""How much is said: the least, every face-up fact, and everything besides."""

BRAILLE_CELLS: Final = 40
"""The display width the braille lines are written for."""


@dataclass(frozen=True, slots=True)
class Route:
    """What a routing key over part of a braille line does: characters ``start`` to ``end`` (excluded) of
    the line's text give the command ``command`` with its ``number`` and ``text``.

    A braille display translates the line with liblouis and knows which cell shows which character,
    so a routing key over any cell of the span (a contracted word, a capital sign) gives the command.
    """

    start: int
    end: int
    command: str
    number: int | None = None
    text: str | None = None


@dataclass(frozen=True, slots=True)
class Utterance:
    """What to announce: ``speech`` (whole sentences), ``braille`` (one terse line), ``urgent``, ``kind``.

    ``urgent`` utterances (a war, a player out, the end) may interrupt speech
    still running; ``kind`` names the message, e.g. ``"took"`` or ``"review.table"``.
    ``routes`` maps spans of the braille line to commands for the display's routing keys
    (:class:`Route`); where two spans overlap, the later one counts, so a line may give one
    route to the whole line and then one to each card on it.
    """

    speech: str
    braille: str
    urgent: bool = False
    kind: str = ""
    routes: tuple[Route, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "braille", braille_spaces(self.braille))


_NUMBER_GAP: Final = re.compile(r"(?<=\d) (?=\d)")
_CARD_CODE: Final = re.compile(r"(?<![\w])[A2-9TJQK][SHDC](?![\w])")
_DIGITS: Final = re.compile(r"\d+")
_CAPITALISED: Final = re.compile(r"(?<![\w])[A-ZÄÖÜ]")


def estimated_cells(line: str) -> int:
    """About how many cells a braille line takes, without liblouis: a little more rather than less.

    A card code is its two cells; a number adds its number sign, a capital its capital sign, and
    ``/ < > = * +`` take two cells each (UEB).
    Narrators use it to decide what fits a 40-cell line; the benchmark counts the real cells.
    """
    rest = _CARD_CODE.sub("cc", line)
    signs = sum(rest.count(sign) for sign in "/<>=*+")  # two cells each in Unified English Braille
    return len(rest) + len(_DIGITS.findall(rest)) + len(_CAPITALISED.findall(rest)) + signs


def braille_spaces(line: str) -> str:
    """The braille line with a no-break space between a number and a following card code or number.

    Unified English Braille reads "3 7H" as one number with a numeric space
    ("3 7", then H): a no-break space keeps them apart (its cell is blank),
    so "P4 7H" stays a seat and a card on the display.
    """
    return _NUMBER_GAP.sub("\u00a0", line)


def routes_over(
    line: str,
    tokens: Sequence[tuple[str, str, int | None, str | None]],
    whole: tuple[str, int | None, str | None] | None = None,
) -> tuple[Route, ...]:
    """Routes for a braille line: ``whole`` (command, number, text) over every cell, then one route per token.

    ``tokens`` are (the token's characters, command, number, text), found in ``line`` from left to
    right, each after the one before; a token the line does not hold (cut off at the display's
    width) gets no route, nor do those after it.
    """
    routes = [Route(0, len(line), *whole)] if whole is not None else []
    at = 0
    for token, name, number, text in tokens:
        found = line.find(token, at)
        if found < 0:
            break
        routes.append(Route(found, found + len(token), name, number, text))
        at = found + len(token)
    return tuple(routes)
