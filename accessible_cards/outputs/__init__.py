"""Outputs present utterances and never compose sentences: the terminal line, speech, a braille display.

Every output follows :class:`Output`. The program hands each announcement to
every output in turn; a key press interrupts them all, as a screen reader's
speech stops when the user acts.
"""

from __future__ import annotations

from typing import Protocol

from ..utterance import Utterance


class Output(Protocol):
    """Something that presents utterances to the player."""

    name: str

    def say(self, utterance: Utterance) -> None:
        """Present one utterance (queue it behind what is playing, unless it is urgent)."""

    def interrupt(self) -> None:
        """The player acted: stop what is playing now and drop what is queued."""

    def close(self) -> None:
        """Release the device or process; called once at the end."""


class RecordingOutput:
    """The test twin: keeps every utterance and every interruption, in order."""

    name = "recording"

    def __init__(self) -> None:
        self.said: list[Utterance] = []
        self.interruptions = 0
        self.closed = False

    def say(self, utterance: Utterance) -> None:
        self.said.append(utterance)

    def interrupt(self) -> None:
        self.interruptions += 1

    def close(self) -> None:
        self.closed = True
