"""Outputs present utterances and never compose sentences: the terminal line, speech, a braille display.

Every output follows :class:`Output`, the whole of it: an output for which a
part does not apply (a braille line has no speech rate, speech has no braille
table) does nothing there. The program hands each announcement to every
output in turn; a key press interrupts them all, as a screen reader's speech
stops when the user acts. The program tells every output the language, deck
and braille table in use, and a hand-over in hot-seat play makes them all
forget what the last player could read back.

An output's news about its own device (a braille display lost, then back)
reaches the program as a :class:`Notice`: a message id with its facts, which
the program words in the player's language.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Final, Protocol

from ..cards import DeckKind
from ..utterance import Utterance

READERS_RATE: Final = 0
"""What :meth:`Output.faster` and :meth:`Output.slower` return while a screen reader speaks for the game
(Windows, macOS): its rate is set in the screen reader, not by the game."""


class Output(Protocol):
    """Something that presents utterances to the player.

    ``name`` names the output (``"speech"``, ``"braille-display"`` ...); ``has_voice`` is True
    for an output that speaks, whose rate :meth:`faster` and :meth:`slower` change.
    """

    name: str
    has_voice: bool

    def say(self, utterance: Utterance) -> None:
        """Present one utterance (queue it behind what is playing, unless it is urgent)."""

    def interrupt(self) -> None:
        """The player acted: stop what is playing now and drop what is queued."""

    def forget(self) -> None:
        """Hand-over in hot-seat play: drop every earlier line, so that the next player cannot read it back."""

    def set_language(self, lang: str) -> None:
        """Present what comes next in ``lang`` ("en" or "de"): the voice, the braille tables."""

    def set_deck(self, deck: DeckKind | str) -> None:
        """The game now plays with ``deck``: card codes are brailled with that pack's letters."""

    def set_braille_table(self, grade: str) -> None:
        """Braille what comes next with the table ``grade`` (a name the settings offer, such as ``"de-g2"``)."""

    def set_message_seconds(self, seconds: float) -> None:
        """Keep each announcement on a braille display for ``seconds`` before the next one waiting."""

    def faster(self) -> int | None:
        """Speak one step faster; the new rate in words per minute, or None (no voice, or not ready yet).

        :data:`READERS_RATE` when the player's screen reader speaks for the game and sets the rate itself.
        """

    def slower(self) -> int | None:
        """Speak one step slower; as :meth:`faster`."""

    def close(self) -> None:
        """Release the device or process; called once at the end."""


@dataclass(frozen=True, slots=True)
class Notice:
    """News from an output about its own device, for the program to word in the player's language.

    ``msg_id`` names the news (``"braille-lost"`` ...) and ``params`` hold its facts; the program
    decides what to say from the id alone. ``text`` is the same news as a plain English sentence,
    for logs and tests, never for the player; a cause the system gave in its own words (an error
    message) is in ``text`` and ``params``, and no catalog sentence puts it before the player.
    """

    msg_id: str
    text: str
    params: Mapping[str, str] = field(default_factory=dict)


class RecordingOutput:
    """The test twin: keeps every utterance, interruption and hand-over, in order, and what it was told."""

    name = "recording"
    has_voice = False

    def __init__(self) -> None:
        self.said: list[Utterance] = []
        self.interruptions = 0
        self.forgotten = 0
        self.lang: str | None = None
        self.deck: DeckKind | str | None = None
        self.braille_table: str | None = None
        self.message_seconds: float | None = None
        self.closed = False

    def say(self, utterance: Utterance) -> None:
        self.said.append(utterance)

    def interrupt(self) -> None:
        self.interruptions += 1

    def forget(self) -> None:
        self.forgotten += 1

    def set_language(self, lang: str) -> None:
        self.lang = lang

    def set_deck(self, deck: DeckKind | str) -> None:
        self.deck = deck

    def set_braille_table(self, grade: str) -> None:
        self.braille_table = grade

    def set_message_seconds(self, seconds: float) -> None:
        self.message_seconds = seconds

    def faster(self) -> int | None:
        """No voice: no rate."""
        return None

    def slower(self) -> int | None:
        """No voice: no rate."""
        return None

    def close(self) -> None:
        self.closed = True


_CHECKED: Final[type[Output]] = RecordingOutput  # mypy checks the class against the whole protocol
