"""Breaking an announcement into screen rows between words (issue 14): the rule itself, without a terminal."""

from __future__ import annotations

import io
import itertools

from accessible_cards.cards import Card, Suit
from accessible_cards.i18n import Catalog
from accessible_cards.narration.card_names import CardNames
from accessible_cards.ui.terminal import Terminal, wrap_rows


def test_rows_break_between_words_and_keep_every_word() -> None:
    text = "Computer 2 captures the three of diamonds from Computer 1 with the three of clubs."
    for width in (12, 20, 39, 79):
        rows = wrap_rows(text, width)
        assert all(len(row) <= width for row in rows)
        assert " ".join(rows) == text  # nothing lost, no word cut: "diamond" / "s" would join as "diamond s"


def test_each_line_of_an_announcement_starts_a_row() -> None:
    assert wrap_rows("2 of 21: The family\nThe same rules for all.", 40) == [
        "2 of 21: The family",
        "The same rules for all.",
    ]
    assert wrap_rows("", 40) == [""]


def test_only_a_word_longer_than_a_row_is_cut() -> None:
    assert wrap_rows("seed 1234567890123 ok", 8) == ["seed 123", "45678901", "23 ok"]


def test_unicode_braille_breaks_at_its_blank_cells() -> None:
    line = "⠠⠽⠕⠥⠗⠀⠞⠥⠗⠝⠲⠀⠠⠽⠕⠥⠀⠓⠕⠇⠙⠒"
    rows = wrap_rows(line, 12)
    assert rows == ["⠠⠽⠕⠥⠗⠀⠞⠥⠗⠝⠲", "⠠⠽⠕⠥⠀⠓⠕⠇⠙⠒"]


def test_a_pipe_gets_each_announcement_as_one_line_whatever_its_length() -> None:
    out = io.StringIO()
    terminal = Terminal("en", stdin=io.StringIO(""), stdout=out)
    long = "word " * 60
    terminal.line(long.strip())
    terminal.line("short")
    assert out.getvalue() == long.strip() + "\nshort\n"


# -- issue 26: rows end between the parts of a sentence, never inside a card's or a key's name ------------------

_GERMAN_HAND = (
    "Deine Karten: 1: Kreuz Drei, 2: Herz Bube, 3: Karo Vier, 4: Herz Sieben, 5: Karo Ass, 6: Karo Neun, "
    "7: Pik Drei. Ablagestapel: leer; Zugstapel 24; 0 Karten auf den Zielstapeln."
)


def _names(lang: str) -> list[str]:
    names = CardNames(Catalog(lang))
    return [names.name(Card(rank, suit)) for rank in range(1, 14) for suit in Suit]


def _cut_names(rows: list[str], names: list[str]) -> list[tuple[str, str]]:
    """Pairs of rows where one ends inside a card's name and the next goes on with it."""
    cut = []
    for upper, lower in itertools.pairwise(rows):
        for name in names:
            words = name.split()
            for at in range(1, len(words)):
                if upper.endswith(" ".join(words[:at])) and lower.startswith(" ".join(words[at:])):
                    cut.append((upper, lower))
    return cut


def test_a_row_ends_after_a_part_of_the_sentence_not_inside_a_card_name() -> None:
    """The issue's own example: "…, 7: Pik" / "Drei. Ablagestapel: leer…" is heard as two broken utterances."""
    names = _names("de")
    for width in range(20, 80):
        rows = wrap_rows(_GERMAN_HAND, width, "de")
        assert " ".join(rows) == _GERMAN_HAND
        assert all(len(row) <= width for row in rows), (width, rows)
        assert not _cut_names(rows, names), (width, rows)
        # each row but the last ends where a part of the sentence ends (once the longest part fits in a row),
        # and a hand's number stays with its card
        if width >= len("0 Karten auf den Zielstapeln."):
            assert all(row[-1] in ",:;.!?" for row in rows[:-1]), (width, rows)
        assert not [row for row in rows if row.endswith(tuple(f"{n}:" for n in range(10)))], (width, rows)
    assert wrap_rows(_GERMAN_HAND, 79, "de") == [
        "Deine Karten: 1: Kreuz Drei, 2: Herz Bube, 3: Karo Vier, 4: Herz Sieben,",
        "5: Karo Ass, 6: Karo Neun, 7: Pik Drei. Ablagestapel: leer; Zugstapel 24;",
        "0 Karten auf den Zielstapeln.",
    ]


def test_a_typed_example_stays_whole_with_its_card() -> None:
    """A hint once cut in two: "…mit einem Doppelpunkt beginnen: :wo" / "HerzSieben."."""
    hint = "Getippte Befehle müssen bei Tasteneingabe mit einem Doppelpunkt beginnen: :wo HerzSieben."
    for width in range(len(":wo HerzSieben."), 90):
        rows = wrap_rows(hint, width, "de")
        assert any(row.endswith(":wo HerzSieben.") for row in rows), (width, rows)


def test_a_part_longer_than_a_row_breaks_between_words_but_not_inside_a_name() -> None:
    text = "Computer 2 captures the three of diamonds from Computer 1 with the three of clubs, and says so."
    names = _names("en")
    for width in range(18, 60):
        rows = wrap_rows(text, width, "en")
        assert " ".join(rows) == text and all(len(row) <= width for row in rows), (width, rows)
        assert not _cut_names(rows, names), (width, rows)


def test_a_key_name_of_two_words_stays_on_one_row() -> None:
    text = "Press Pfeil rechts for the next card and Pfeil links for the card before, or Fragezeichen for keys."
    for width in range(14, 60):
        rows = wrap_rows(text, width, "de")
        assert not [row for row in rows if row.endswith("Pfeil")], (width, rows)


def test_names_are_kept_whole_in_the_other_language_too() -> None:
    """A German player may read English text (a name typed, a file's words): names of both are held together."""
    rows = wrap_rows("aaaa bbbb cccc dddd, seven of hearts", 16, "de")
    assert "seven of hearts" in rows, rows
