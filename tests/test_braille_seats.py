"""Issue 14: every seat stays distinct on the braille line, in every table and language.

"Computer 1" used to become "Comput" and "Spieler 2" "Spiele" (a German word), so that with four
players the braille line read "You 0; Comput 2 kc; Comput 2 xh". Over seeded 3- and 4-player games
of every game and preset, with one person and with several at the keyboard, each seat's braille
label is translated with every braille table the settings offer and the card table of the game's
deck: no two seats ever read the same, and the seat's number is there in the cells.
"""

from __future__ import annotations

import random

import pytest

from accessible_cards import game as registry
from accessible_cards.braille import louis
from accessible_cards.game import Voice
from accessible_cards.i18n import Catalog
from accessible_cards.narration.base import people_first, seat_names
from accessible_cards.utterance import Utterance

pytestmark = pytest.mark.skipif(not louis.available(), reason="liblouis is not installed")

GAMES = [
    (game.name, variant)
    for game in registry.registered()
    if game.name in ("war", "bundles")
    for variant in ([v.name for v in game.variants] or [None])
]


def _cells(text: str, lang: str, grade: str, deck: str) -> str:
    cells = louis.to_unicode(Utterance(text, text).braille, lang, grade, deck)
    assert cells is not None
    return cells


@pytest.mark.parametrize(("name", "variant"), GAMES)
@pytest.mark.parametrize("players", [3, 4])
def test_no_two_seats_share_a_braille_name(name: str, variant: str | None, players: int) -> None:
    game = registry.get(name)
    for lang in ("en", "de"):
        for humans in (1, 2):
            seed = players * 10 + humans
            options = {"max_rounds": 30} if name == "war" else {}
            state = game.new_state(players, variant, options, seed)
            names = seat_names(Catalog(lang).text, people_first(players, humans))
            you = 0 if humans == 1 else None
            narrator = game.narrator(state, Voice(lang, "normal", names, you))
            deck = str(getattr(state.deck_kind, "value", state.deck_kind))
            labels = [narrator.braille_seat(seat) for seat in range(players)]
            chooser = random.Random(seed)
            events = state.start()
            lines: list[str] = []
            while True:
                view = state.view(0)
                lines += [said.braille for event in events if (said := narrator.event(event, view)) is not None]
                if state.result is not None or len(lines) > 200:
                    break
                events = state.apply(chooser.choice(list(state.legal_actions())))
            assert lines
            for grade in louis.grade_names(lang):
                cells = [_cells(label, lang, grade, deck) for label in labels]
                assert len(set(cells)) == players, (lang, grade, humans, labels, cells)
                for seat, label in enumerate(labels):
                    if seat == you:
                        continue
                    number = seat + 1 if seat < humans else seat + 1 - humans  # "Player 2", "Computer 1"
                    assert _cells(str(number), lang, grade, deck) in cells[seat], (label, grade)  # number sign too
            # the labels are what the lines use: a seat named in a line is named by its own label
            said_labels = {token for line in lines for token in line.replace(";", " ").split() if token in labels}
            assert said_labels, lines[:5]


def test_given_names_that_cut_to_the_same_letters_stay_apart() -> None:
    """Names longer than six letters keep a difference: "Alexander" and "Alexandra" get their seat numbers."""
    game = registry.get("war")
    state = game.new_state(3, None, {}, 1)
    narrator = game.narrator(state, Voice("en", "normal", ["Alexander", "Alexandra", "Computer 1"], None))
    labels = [narrator.braille_seat(seat) for seat in range(3)]
    assert len({label.casefold() for label in labels}) == 3, labels
    assert labels[2] == "C1"


def test_seat_names_count_people_by_seat_and_computers_among_themselves() -> None:
    """One function names the seats at one keyboard and at a network table: a given name, else the default."""
    t = Catalog("en", strict=True).text
    assert seat_names(t, people_first(3, 1)) == ["Player 1", "Computer 1", "Computer 2"]
    assert seat_names(t, [False, True, False, True]) == ["Player 1", "Computer 1", "Player 3", "Computer 2"]
    assert seat_names(t, [False, True, False], ["Ann", None]) == ["Ann", "Computer 1", "Player 3"]
    german = Catalog("de", strict=True).text
    assert seat_names(german, people_first(2, 1)) == ["Spieler 1", "Computer 1"]
