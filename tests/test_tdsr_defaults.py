"""Every kind of key in every game, heard under tdsr at its own settings (issue 26), in English and German.

tdsr's cursor delay is left at its default, 20 ms: after Up or Down it reads the row the cursor
stands on that long after the key, after Left or Right the character under the cursor. One tdsr
session per game and language presses digits, letters, Enter, Escape and the four arrows in the
hand (or the columns), the menu, the history and the rules, and each key must be answered by
speech that says what it did: never "blank", never "space", never a row that ends inside a card's name.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from tdsr_support import Listener, spoken, tdsr_home

from accessible_cards.cards import Card, Suit
from accessible_cards.i18n import Catalog
from accessible_cards.narration.card_names import CardNames

pytestmark = [
    pytest.mark.terminal,
    pytest.mark.skipif(tdsr_home() is None, reason="tdsr is not here (../shared/tools/tdsr or ACCESSIBLE_CARDS_TDSR)"),
]

GAMES = {
    "war": ["play", "war", "--seed", "3"],
    "bundles": ["play", "bundles", "--humans", "1", "--seed", "7", "--pause", "0"],
    "ohhell": ["play", "ohhell", "--players", "3", "--seed", "4", "--pause", "0"],
    "klondike": ["play", "klondike", "--seed", "5"],
}
READY = {"war": "Enter|Enter", "bundles": "Your turn|Du bist dran", "ohhell": ": 0 |: 0 ",
         "klondike": "all the keys|alle Tasten"}  # fmt: skip
"""Words of the last opening line, once the game waits for a key (English|German)."""

HAND = {"war": [], "bundles": ["1", "right", "left", "down", "up"], "ohhell": ["1", "right", "right", "left", "up"],
        "klondike": ["right", "right", "left", "down", "up", "3", "up", "down", "escape"]}  # fmt: skip
"""The keys of each game's hand (or columns): a digit and the four arrows."""

WORDS = {
    "en": {"menu": "Game menu.", "back": "Back in the game.", "history": "History, newest last.", "rules": "Rules.",
           "of": "of"},
    "de": {"menu": "Spielmenü.", "back": "Zurück im Spiel.", "history": "Verlauf, das Neueste zuletzt.",
           "rules": "Regeln.", "of": "von"},
}  # fmt: skip


@pytest.fixture
def listeners() -> Iterator[list[Listener]]:
    started: list[Listener] = []
    yield started
    for listener in started:
        listener.close()


def card_names(lang: str) -> list[str]:
    names = CardNames(Catalog(lang))
    return [names.name(Card(rank, suit)) for rank in range(1, 14) for suit in Suit]


def cut_inside_a_name(lines: list[str], names: list[str]) -> list[tuple[str, str]]:
    """Two spoken lines where the first ends inside a card's name and the second goes on with it."""
    cut = []
    for upper, lower in itertools.pairwise(lines):
        for name in names:
            words = name.split()
            for at in range(1, len(words)):
                if upper.rstrip().endswith(" ".join(words[:at])) and lower.startswith(" ".join(words[at:])):
                    cut.append((upper, lower))
    return cut


class Ear:
    """Presses keys through tdsr and keeps, per key, what was said, checking each answer as it comes."""

    def __init__(self, listener: Listener, lang: str) -> None:
        self.listener = listener
        self.names = card_names(lang)
        self.heard: list[tuple[str, list[str]]] = []

    def press(self, key: str) -> list[str]:
        said = [text for text in spoken(self.listener.press(key)) if text.strip()]
        self.heard.append((key, said))
        assert said, f"{key}: nothing was said"
        assert not [text for text in said if text.strip().lower() in ("blank", "space", "letter  ")], (key, said)
        if key in ("up", "down"):
            # the row the cursor stands on: one whole line, the start of an answer (not a half of a sentence)
            assert len(said) == 1 and not said[0].startswith("letter "), (key, said)
            assert said[0][0].isdigit() or said[0][0].isupper(), (key, said)
        if key in ("left", "right"):
            # the character under the cursor: the first of the answer, a number or a letter
            assert len(said) == 1 and re.fullmatch(r"letter \w", said[0]), (key, said)
        assert not cut_inside_a_name(said, self.names), (key, said)
        return said


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("game", list(GAMES))
def test_every_key_is_answered_under_tdsr_at_its_defaults(
    listeners: list[Listener], tmp_path: Path, game: str, lang: str
) -> None:
    words = WORDS[lang]
    listener = Listener(
        [*GAMES[game], "--lang", lang, "--speech", "screen-reader"], tmp_path, cursor_delay=None, columns=80
    )
    listeners.append(listener)
    ready = READY[game].split("|")[0 if lang == "en" else 1]
    start = [text for text in spoken(listener.heard(until=ready, seconds=20, quiet=0.5)) if text.strip()]
    assert any(ready in text for text in start), start
    ear = Ear(listener, lang)

    # a letter first: R repeats the last announcement. (The first key of a run is the slowest to be answered,
    # about 12 ms against 2 ms later on; an arrow as the very first key sometimes misses tdsr's 20 ms here.)
    ear.press("r")

    heard = len(ear.heard)
    for key in HAND[game]:
        ear.press(key)
    hand = [said for _key, said in ear.heard[heard:]]
    if game == "bundles":
        assert hand[0][0].startswith("1: ")  # the digit names the first card
    if game == "bundles":
        assert hand[1] == ["letter 2"] and hand[2] == ["letter 1"]
        assert hand[3][0].startswith("2: ") and hand[4][0].startswith("1: ")  # Down and Up walk the hand
    if game == "ohhell":  # the digit is a bid first ("Bid 1? Press Enter …"); round 1 deals one card each
        start = {"en": "Start of your hand.", "de": "Anfang deiner Hand."}[lang]
        assert hand[1] == ["letter 1"]  # Right: the one card, by its number
        assert hand[2] == ["letter E"]  # Right again: "End of your hand." / "Ende deiner Hand."
        assert hand[3] == [f"letter {start[0]}"]  # Left: the start
        assert hand[4] == [start]  # Up: the same, as a whole line
    if game == "klondike":
        assert hand[0] == ["letter 1"] and hand[1] == ["letter 2"] and hand[2] == ["letter 1"]
        assert hand[3][0].startswith("2: ") and hand[4][0].startswith("1: ")  # Down and Up walk the columns
    if game == "war":
        for key in ("up", "down", "left", "right", "1"):  # no hand to walk: each refused, where the reader looks
            ear.press(key)

    # the game menu: Escape, Down, Up, Escape
    assert ear.press("escape")[0].startswith(words["menu"])
    assert ear.press("down")[0].startswith(f"2 {words['of']} ")
    assert ear.press("up")[0].startswith(f"1 {words['of']} ")
    assert ear.press("escape") == [words["back"]]

    # the rules: F1, Down, Up, Enter, Escape
    assert ear.press("f1")[0].startswith(words["rules"])
    assert ear.press("down")[0].startswith(f"2 {words['of']} ")
    assert ear.press("up")[0].startswith(f"1 {words['of']} ")
    assert ear.press("enter")[0].startswith(f"1 {words['of']} ")
    assert ear.press("escape") == [words["back"]]

    # Enter: the game's own move (turn a card, play the chosen card, bid, draw)
    ear.press("enter")
    listener.heard(quiet=0.5, seconds=5, some=False)  # the other players' answers

    # the history: G, Up, Down, Enter, Escape
    assert ear.press("g")[0].startswith(words["history"])
    assert ear.press("up")[0][0].isdigit()
    ear.press("down")
    assert ear.press("enter")[0][0].isdigit()
    assert ear.press("escape") == [words["back"]]
