"""Issue 17, Braille: Klondike's lines carry routing keys, and every one of them fits 40 cells.

A braille line may carry routes (``Utterance.routes``): spans of its text and the command a
routing key over them gives. The display (here without BRLTTY; the end-to-end test is
test_klondike_braille_display.py) maps them to cells through real liblouis. On Klondike's
lines a routing key over a column's card selects it and what lies on it, one over another
column's line then moves it there, the waste's line selects its top card and the foundations'
line moves the selection there; a refused move gets the reason the keys get.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from test_klondike_controller import Table, controller

from accessible_cards.braille import louis
from accessible_cards.braille.display import BLANK, BrailleDisplayOutput, make_line
from accessible_cards.games.klondike.actions import DRAW, GIVE_UP, WASTE
from accessible_cards.games.klondike.narrator import ROUTE_COLUMN, ROUTE_FOUNDATION, ROUTE_WASTE, KlondikeNarrator
from accessible_cards.keys import Typed
from accessible_cards.utterance import BRAILLE_CELLS, Route, Utterance, routes_over

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

from klondike_braille_fit import boards, lines_of

pytestmark = pytest.mark.skipif(not louis.available(), reason="liblouis is not installed")

LANGS = ("en", "de")

# Braillespiel: any suit, one higher or lower. Column 1: two face down, then 9H 8S 7H; column 2: TD;
# column 3: 4C; column 4 empty; the waste's top card is the ace of spades.
DEAL: dict[str, Any] = {
    "game": "klondike",
    "variant": "braillespiel",
    "columns": [["2C", "3C", "9H", "8S", "7H"], ["TD"], ["4C"], [], [], [], []],
    "stock": ["5D", "AS"],
}


def table(lang: str = "en") -> Table:
    """The deal with column 1's three cards face up, the ace of spades drawn onto the waste."""
    t = Table(lang, DEAL)
    t.state.down[0] = 2  # 9H 8S 7H face up
    t.state.apply(DRAW)  # three at a time: both
    assert [c.code for c in t.view().waste] == ["5D", "AS"]
    return t


@pytest.fixture
def display() -> Iterator[tuple[BrailleDisplayOutput, list[tuple[str, object]]]]:
    """A display output with no BRLTTY behind it: its keys are pressed by the test."""
    commands: list[tuple[str, object]] = []
    output = BrailleDisplayOutput(
        lambda name, value: commands.append((name, value)), lambda _: None, "en", host=":97", retry_seconds=60
    )
    output.set_message_seconds(0)
    yield output, commands
    output.close()


def cell_of(line: Utterance, lang: str, token: str, nth: int = 0) -> int:
    """The first braille cell of ``token`` (its ``nth`` occurrence) on ``line``, with real liblouis.

    German braille writes some signs (``-``) with the space before them: their cells count too.
    """
    translated = louis.translate(line.braille, lang)
    assert translated is not None
    cells, in_pos = translated
    start = -1
    for _ in range(nth + 1):
        start = line.braille.index(token, start + 1)
    text = line.braille
    return next(
        cell
        for cell, index in enumerate(in_pos)
        if cells[cell] != BLANK and (index == start or (index < start and text[index:start].isspace()))
    )


# -- the generic part: routes on any braille line --------------------------------------------------


def test_routes_name_their_spans_and_the_later_of_two_counts() -> None:
    line = "3: 9H 8S"
    routes = routes_over(line, [("9H", "pick", 3, "9H"), ("8S", "pick", 3, "8S")], ("whole", 3, None))
    assert routes == (Route(0, 8, "whole", 3), Route(3, 5, "pick", 3, "9H"), Route(6, 8, "pick", 3, "8S"))
    shown = make_line(Utterance(line, line, routes=routes), "en", None, "french52", None)
    assert shown is not None
    under = [(r.command, r.text) if r else None for r in shown.routes]
    assert len(under) == len(shown.cells)
    nine = cell_of(Utterance(line, line), "en", "9H")
    assert under[nine] == under[nine + 1] == ("pick", "9H")  # a card's two cells
    assert under[0] == ("whole", None)  # the number sign of "3" comes from the "3"
    assert routes_over("3: 9H", [("7C", "pick", 3, "7C"), ("9H", "pick", 3, "9H")]) == ()  # cut off: no route


def test_a_line_without_routes_keeps_its_hand_positions() -> None:
    hand = Utterance("Your turn: 7H 2S", "Your turn: 7H 2S", kind="turn")
    shown = make_line(hand, "en", None, "french52", None)
    assert shown is not None and shown.routes == () and 1 in shown.positions and 2 in shown.positions


def test_the_display_gives_the_route_under_a_routing_key(
    display: tuple[BrailleDisplayOutput, list[tuple[str, object]]],
) -> None:
    output, commands = display
    line = "W: 4D +5"
    output.say(Utterance("Waste.", line, routes=routes_over(line, [("4D", "card", None, "4D")], ("waste", None, None))))
    output.handle_key("route", 0)
    output.handle_key("route", cell_of(Utterance(line, line), "en", "4D") + 1)
    output.handle_key("route", 39)  # beyond the line: nothing
    assert commands == [("route", Route(0, 8, "waste")), ("route", Route(3, 5, "card", None, "4D"))]


def test_each_line_of_an_announcement_keeps_its_own_routes(
    display: tuple[BrailleDisplayOutput, list[tuple[str, object]]],
) -> None:
    output, commands = display
    text = "1 AH\n2 KS"
    routes = (Route(0, 4, "first"), Route(5, 9, "second"))
    output.say(Utterance("Two lines.", text, routes=routes))
    output.tick()  # the second line's turn (no message time here)
    assert output.current() is not None and output.current().text == "2 KS"  # type: ignore[union-attr]
    output.handle_key("route", 3)
    output.handle_key("lnup")
    output.handle_key("route", 3)
    assert [value.command for _name, value in commands if isinstance(value, Route)] == ["second", "first"]


def test_a_hand_line_still_selects_then_plays(display: tuple[BrailleDisplayOutput, list[tuple[str, object]]]) -> None:
    output, commands = display
    output.say(Utterance("Your turn.", "Your turn: 7H 2S", kind="turn"))
    over = cell_of(Utterance("", "Your turn: 7H 2S"), "en", "2S")
    output.handle_key("route", over)
    output.handle_key("route", over)
    assert commands == [("select", 2), ("play_position", 2)]


# -- Klondike's lines --------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_a_column_line_routes_each_card_and_the_rest_to_the_column(lang: str) -> None:
    view = table(lang).view()
    line = KlondikeNarrator(lang).column(view, 0)
    assert line.braille == "1: 2v 9H 8S 7H"
    shown = make_line(line, lang, None, "french52", None)
    assert shown is not None
    under = [(r.command, r.number, r.text) if r else None for r in shown.routes]
    for code in ("9H", "8S", "7H"):
        at = cell_of(line, lang, code)
        assert under[at] == under[at + 1] == (ROUTE_COLUMN, 1, code)
    others = {u for u in under if u is not None and u[2] is None}
    assert others == {(ROUTE_COLUMN, 1, None)}  # the number, "2v" and the blanks: the column itself
    assert under[cell_of(line, lang, "2v")] == (ROUTE_COLUMN, 1, None)


@pytest.mark.parametrize("lang", LANGS)
def test_the_waste_foundations_and_board_lines_route_to_their_places(lang: str) -> None:
    view = table(lang).view()
    narrator = KlondikeNarrator(lang)
    for line, command in ((narrator.waste(view), ROUTE_WASTE), (narrator.foundations(view), ROUTE_FOUNDATION)):
        shown = make_line(line, lang, None, "french52", None)
        assert shown is not None and {r.command for r in shown.routes if r} == {command}
        assert None not in shown.routes
    board_line = narrator.overview(view)
    shown = make_line(board_line, lang, None, "french52", None)
    assert shown is not None
    assert shown.routes[cell_of(board_line, lang, "TD")] == Route(3, 5, ROUTE_COLUMN, 2, "TD")
    empty = narrator.empty_mark()
    fourth = shown.routes[cell_of(board_line, lang, empty)]
    assert fourth is not None and (fourth.command, fourth.number, fourth.text) == (ROUTE_COLUMN, 4, None)
    waste = shown.routes[cell_of(board_line, lang, "WAS")]
    assert waste is not None and waste.command == ROUTE_WASTE
    last = shown.routes[len(shown.cells) - 1]
    assert last is not None and last.command == ROUTE_FOUNDATION


def route(keys: Any, line: Utterance, lang: str, token: str, display: BrailleDisplayOutput, got: list[Any]) -> None:
    """Press the routing key over ``token`` of ``line`` and hand the command to the controller, as the UI does."""
    got.clear()
    display.set_language(lang)
    display.say(line)
    display.handle_key("route", cell_of(line, lang, token))
    assert len(got) == 1 and got[0][0] == "route", got
    chosen: Route = got[0][1]
    assert keys.handle(Typed(chosen.command, chosen.number, chosen.text))


@pytest.mark.parametrize("lang", LANGS)
def test_route_a_card_then_another_column_moves_the_run(
    lang: str, display: tuple[BrailleDisplayOutput, list[tuple[str, object]]]
) -> None:
    output, got = display
    t = table(lang)
    keys = controller(t)
    narrator = t.narrator
    route(keys, narrator.column(t.view(), 0), lang, "8S", output, got)
    assert (keys.source, keys.count) == (0, 2)
    expected = {
        "en": ("Column 1: the eight of spades selected, 2 cards.", "1: 8S selected, 2 cards"),
        "de": ("Reihe 1: Pik Acht gewählt, 2 Karten.", "1: 8S gewählt, 2 Karten"),
    }[lang]
    assert t.said[-1] == expected[0]
    said = narrator.route_selected(t.view(), 0, 2)
    assert (said.speech, said.braille) == expected
    # then any cell of column 3's line (its number, here): 8S does not go on 4C, for the reason the keys get
    route(keys, narrator.column(t.view(), 2), lang, "3", output, got)
    assert [c.code for c in t.view().columns[2].up] == ["4C"] and keys.source is None
    by_route = (t.refused[-1], t.refused_braille[-1])
    keys.handle(Typed("column", 1))
    keys.handle(Typed("more"))
    keys.handle(Typed("column", 3))
    assert (t.refused[-1], t.refused_braille[-1]) == by_route
    assert by_route[1] == {"en": "8S not on 4C: needs 3/5", "de": "8S nicht auf 4C: braucht 3/5"}[lang]
    # onto the ten of diamonds (9H 8S 7H: the nine goes on the ten)
    route(keys, narrator.column(t.view(), 0), lang, "9H", output, got)
    assert (keys.source, keys.count) == (0, 3)
    route(keys, narrator.overview(t.view()), lang, "TD", output, got)
    assert [c.code for c in t.view().columns[1].up] == ["TD", "9H", "8S", "7H"]
    assert narrator.column(t.view(), 1).braille == "2: TD 9H 8S 7H"


@pytest.mark.parametrize("lang", LANGS)
def test_route_the_waste_and_the_foundations(
    lang: str, display: tuple[BrailleDisplayOutput, list[tuple[str, object]]]
) -> None:
    output, got = display
    t = table(lang)
    keys = controller(t)
    narrator = t.narrator
    route(keys, narrator.foundations(t.view()), lang, "F", output, got)  # nothing selected: read them
    assert t.said[-1] == narrator.foundations(t.view()).speech
    route(keys, narrator.waste(t.view()), lang, "W", output, got)
    assert keys.source == WASTE
    route(keys, narrator.foundations(t.view()), lang, "F", output, got)
    assert t.view().foundation_tops[0] is not None and t.view().foundation_tops[0].code == "AS"
    # a column card selected: the waste takes no cards, as its key W says
    route(keys, narrator.column(t.view(), 0), lang, "7H", output, got)
    route(keys, narrator.waste(t.view()), lang, "W", output, got)
    keys.handle(Typed("waste"))
    assert t.refused[-1] == t.refused[-2]


@pytest.mark.parametrize("lang", LANGS)
def test_routing_over_the_number_or_marks_is_the_columns_key(lang: str) -> None:
    t = table(lang)
    keys = controller(t)
    assert keys.handle(Typed(ROUTE_COLUMN, 1, None))
    assert (keys.source, keys.count) == (0, 1)  # as key 1: the top card
    keys_said = t.said[-1]
    assert keys.handle(Typed(ROUTE_COLUMN, 1, None))  # the same column again: cancelled, as key 1 again
    assert keys.source is None
    keys.handle(Typed("column", 1))
    assert t.said[-1] == keys_said


@pytest.mark.parametrize("lang", LANGS)
def test_routing_within_the_selected_column_chooses_again_or_cancels(lang: str) -> None:
    t = table(lang)
    keys = controller(t)
    keys.handle(Typed(ROUTE_COLUMN, 1, "7H"))
    keys.handle(Typed(ROUTE_COLUMN, 1, "9H"))
    assert (keys.source, keys.count) == (0, 3)
    keys.handle(Typed(ROUTE_COLUMN, 1, "9H"))  # the selected card again: cancelled
    assert keys.source is None and t.said[-1] == t.t("Selection cancelled.")


@pytest.mark.parametrize("lang", LANGS)
def test_a_card_that_has_moved_since_the_line_was_read_is_named(lang: str) -> None:
    t = table(lang)
    keys = controller(t)
    keys.handle(Typed(ROUTE_COLUMN, 3, "9H"))  # an old line: the nine of hearts is in column 1
    assert keys.source is None
    assert (
        t.refused[-1]
        == {
            "en": "The nine of hearts is no longer face up in column 3.",
            "de": "Herz Neun liegt nicht mehr offen in Reihe 3.",
        }[lang]
    )
    assert t.refused_braille[-1] == {"en": "9H not in 3 now", "de": "9H nicht mehr in 3"}[lang]


def test_after_the_end_a_route_over_the_foundations_still_reads_them() -> None:
    t = table()
    keys = controller(t)
    t.state.apply(GIVE_UP)
    keys.handle(Typed(ROUTE_COLUMN, 1, "9H"))
    assert t.refused[-1] == "The game is over."
    keys.handle(Typed(ROUTE_FOUNDATION))
    assert t.said[-1].startswith("Foundations")


# -- every line fits 40 cells -------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_every_klondike_line_fits_40_cells_with_every_table(lang: str) -> None:
    """The longest boards of benchmarks/klondike_braille_fit.py: every review line, routed selection and refusal."""
    over = []
    for state in boards().values():
        lines = lines_of(state, lang)
        assert len(lines) > 100
        for line in lines:
            for grade in louis.grade_names(lang):
                cells = louis.to_unicode(line.braille, lang, grade)
                assert cells is not None
                if len(cells) > BRAILLE_CELLS:
                    over.append((grade, len(cells), line.braille))
    assert not over, over


class Refusals(Table):
    """The controller's stand-in screen, keeping the braille line of every refusal (a sentence is its own line)."""

    def __init__(self, lang: str, data: dict[str, Any]) -> None:
        super().__init__(lang, data)
        self.lines: list[str] = []

    def refuse(self, text: str | Utterance) -> None:
        super().refuse(text)
        self.lines.append(text.braille if isinstance(text, Utterance) else text)


@pytest.mark.parametrize("lang", LANGS)
def test_every_refusal_of_the_keys_fits_40_cells(lang: str) -> None:
    t = Refusals(lang, {**DEAL, "stock": []})
    keys = controller(t)
    typed = [
        Typed("column", 9),
        Typed(ROUTE_COLUMN, 3, "9H"),
        Typed("more"),
        Typed("fewer"),
        Typed("undo"),
        Typed("redo"),
        Typed("auto"),
        Typed("menu"),
        Typed("cancel"),
        Typed("where", None, "x" * 60),
        Typed("move_text", None, "KH 3"),
        Typed("move_text", None, "4 3"),
        Typed("column", 1),
        Typed("more"),
        Typed("more"),
        Typed("waste"),
        Typed("column", 1),
        Typed("fewer"),
        Typed("column", 3),
        Typed("draw"),
        Typed("draw"),
        Typed("draw"),
    ]
    for each in typed:
        keys.handle(each)
    assert len(t.lines) >= 12, t.lines
    over = []
    for line in t.lines:
        for grade in louis.grade_names(lang):
            cells = louis.to_unicode(Utterance(line, line).braille, lang, grade)
            if cells is not None and len(cells) > BRAILLE_CELLS:
                over.append((grade, len(cells), line))
    assert not over, over
