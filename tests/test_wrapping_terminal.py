"""Announcements wrap between words at the terminal's width (issue 14), read back through pyte.

A screen reader speaks screen rows, so a row must never end or start inside a
word. The same seeded game with the same keys is played in a terminal 300
columns wide (nothing wraps) and in a narrow one: the narrow one's rows,
joined with single spaces, are exactly the wide one's lines joined the same
way (a word cut in two would read "diamond s"), and no row fills the width.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from terminal_support import Player

pytestmark = pytest.mark.terminal

KEYS = ["?", "right", "right", "1", "enter", "l", "g", "up", "enter", "escape"]
"""Help, two arrow answers, a card chosen and played, the last play, the history read: long and short lines."""


def play(config: Path, lang: str, columns: int, keys: list[str]) -> Player:
    player = Player(
        ["play", "bundles", "--players", "4", "--humans", "1", "--seed", "11", "--lang", lang, "--pause", "0"],
        config,
        columns=columns,
    )
    player.wait_for("Your turn|Du bist dran")
    player.settle(0.3)
    for key in keys:
        player.press(key)  # the keys wait their turn: the game reads them one by one, however fast they come
    player.settle(0.6)
    return player


def words(rows: list[str]) -> str:
    return " ".join(" ".join(rows).split())


@pytest.fixture(scope="module")
def wide(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[str]]:
    """Each language's game played 300 columns wide: every announcement on one row."""
    result = {}
    for lang in ("en", "de"):
        player = play(tmp_path_factory.mktemp(f"wide-{lang}"), lang, 300, KEYS)
        result[lang] = player.said()
        player.close()
    return result


@pytest.mark.parametrize(("lang", "columns"), [("en", 40), ("de", 40)])  # 80 columns: the resize test
def test_rows_break_only_between_words(wide: dict[str, list[str]], tmp_path: Path, lang: str, columns: int) -> None:
    player = play(tmp_path, lang, columns, KEYS)
    try:
        rows = player.said()
    finally:
        player.close()
    assert words(rows) == words(wide[lang])
    assert all(len(row) < columns for row in rows), [row for row in rows if len(row) >= columns]
    assert len(rows) > len(wide[lang])  # it did wrap


def test_after_a_resize_new_announcements_fit_the_new_width(wide: dict[str, list[str]], tmp_path: Path) -> None:
    """80 columns, then 40 halfway through: what is written after the resize breaks between words at 40."""
    player = play(tmp_path, "en", 80, KEYS[: len(KEYS) // 2])
    before = player.said()  # read now: the emulator cuts the rows it keeps to the new width
    player.resize(40)
    for key in KEYS[len(KEYS) // 2 :]:
        player.press(key)
        player.settle(0.3)
    player.settle(0.6)
    try:
        after = player.said()[len(before) :]
    finally:
        player.close()
    assert after and all(len(row) < 40 for row in after), after
    assert any(len(row) > 40 for row in before)  # before the resize rows were wider
    assert words(before + after) == words(wide["en"])


def test_the_cursor_rests_on_an_arrows_answer_and_typing_starts_below_it(tmp_path: Path) -> None:
    """After Right the cursor stands at the start of the answer's row, with no prompt drawn over it."""
    player = Player(["play", "bundles", "--humans", "1", "--seed", "7", "--lang", "en", "--pause", "0"], tmp_path)
    try:
        player.wait_for("Your turn")
        player.settle(0.3)
        player.press("right")
        player.settle(0.3)
        column, row = player.cursor()
        answer = player.screen.display[row].rstrip()
        assert column == 0 and answer[:3] in ("1: ", "2: ") and answer.endswith("."), answer
        player.type(":")  # a typed command starts: at a prompt of its own, below the answer
        player.settle(0.3)
        column, below = player.cursor()
        assert below == row + 1 and player.screen.display[below].startswith("> :"), player.screen.display[below]
        assert player.screen.display[row].rstrip() == answer
        player.type("table\r")
        player.wait_for("^On the table: ")
        assert answer in player.lines()  # typing did not write over it
    finally:
        player.close()


def test_in_typed_words_input_a_word_typed_after_an_arrow_starts_below_its_answer(tmp_path: Path) -> None:
    tmp_path.mkdir(exist_ok=True)
    (tmp_path / "settings.toml").write_text('language = "en"\ninput = "words"\n', encoding="utf-8")
    player = Player(["play", "bundles", "--humans", "1", "--seed", "7", "--pause", "0"], tmp_path)
    try:
        player.wait_for("Your turn")
        player.settle(0.3)
        player.press("right")
        player.settle(0.3)
        _column, row = player.cursor()
        answer = player.screen.display[row].rstrip()
        assert answer[:3] in ("1: ", "2: "), answer
        player.type("table\r")
        player.wait_for("^On the table: ")
        assert answer in player.lines()  # typing did not write over it
    finally:
        player.close()


def test_an_answer_taller_than_the_screen_leaves_the_cursor_on_its_top_row(tmp_path: Path) -> None:
    """A rules section at 40 by 10: the cursor goes back no higher than the top row; what follows comes right after."""
    player = Player(
        ["play", "bundles", "--humans", "1", "--seed", "7", "--lang", "en", "--pause", "0"],
        tmp_path,
        columns=40,
        rows=10,
    )
    try:
        player.wait_for("Your turn")
        player.press("f1")
        player.press("down")
        player.settle(0.3)
        column, row = player.cursor()
        assert (column, row) == (0, 0)
        top = player.screen.display[0].rstrip()
        assert top and top in player.lines()
        player.press("escape")
        player.wait_for("^Back in the game")
        rows = [  # every row, blank ones included
            "".join(row[x].data for x in range(40)).rstrip() for row in player.screen.history.top
        ] + [row.rstrip() for row in player.screen.display]
        back = rows.index("Back in the game.")
        assert rows[back - 1].endswith("."), rows[back - 3 : back + 1]  # the section's last row: no blank rows between
        assert len([row for row in rows if row.startswith("2 of ")]) == 1
    finally:
        player.close()
