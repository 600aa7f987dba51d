"""Breaking an announcement into screen rows between words (issue 14): the rule itself, without a terminal."""

from __future__ import annotations

import io

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
