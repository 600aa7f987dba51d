"""Issue 6, Translation: our liblouis wrapper gives what liblouis' own ``lou_translate`` gives, card codes as cells.

Real braille lines come from War and Stealing Bundles games narrated in English and German
(French, Italian and Spanish packs); each is translated through :mod:`accessible_cards.braille.louis`
and, for comparison, by ``lou_translate --forward unicode.dis,<card table>,<language table>``.
"""

from __future__ import annotations

import os
import random
import shutil
import subprocess
import sys
from collections.abc import Sequence

import pytest
from narration_support import utterances

from accessible_cards.braille import louis
from accessible_cards.braille.schemes import SCHEMES, scheme_for, tables_dir
from accessible_cards.cards import Card, DeckKind
from accessible_cards.games.bundles.narrator import BundlesNarrator
from accessible_cards.games.bundles.rules import BundlesOptions
from accessible_cards.games.bundles.state import BundlesState
from accessible_cards.games.war.narrator import WarNarrator
from accessible_cards.games.war.state import WarOptions, WarState
from accessible_cards.utterance import Utterance

pytestmark = pytest.mark.skipif(not louis.available(), reason="liblouis is not installed")


def war_lines(lang: str) -> list[str]:
    """Every braille line of a seeded 3-player War game, plus the review lines."""
    lines = [
        u.braille for u in utterances(WarState(3, WarOptions(max_rounds=30), seed=3), WarNarrator(lang, players=3))
    ]
    narrator = WarNarrator(lang, "normal", 2, you=0)
    state = WarState(2, WarOptions(max_rounds=5), seed=1)
    state.start()
    view = state.view(0)
    lines += [narrator.pile(view).braille, narrator.table(view).braille, narrator.scores(view).braille]
    return lines


def bundles_lines(lang: str, variant: str, seed: int = 4) -> list[str]:
    """Every braille line of a seeded random Stealing Bundles game (seat 0 listening), with turn and hand lines."""
    options = BundlesOptions.preset(variant)
    state = BundlesState(options, seed)
    narrator = BundlesNarrator(lang, "normal", options.deck, [None] * state.players, you=0)
    chooser = random.Random(seed)
    lines: list[str] = []
    for event in state.start():
        said = narrator.event(event, state.view(0))
        lines += [said.braille] if said else []
    while state.result is None:
        view = state.view(0)
        lines += [narrator.turn(view).braille, narrator.hand(view, by_suit=True).braille]
        for event in state.apply(chooser.choice(state.actions())):
            said = narrator.event(event, state.view(0))
            lines += [said.braille] if said else []
    return lines


def lou_translate(lines: Sequence[str], tables: Sequence[str]) -> list[str]:
    """liblouis' own command-line translation, one output line per input line."""
    env = dict(os.environ, LOUIS_TABLEPATH=louis.table_path())
    done = subprocess.run(
        ["lou_translate", "--forward", ",".join(["unicode.dis", *tables])],
        input="\n".join(lines) + "\n",
        capture_output=True,
        text=True,
        env=env,
        check=True,
        timeout=30,
    )
    return done.stdout.splitlines()


CASES = [
    ("en", grade, deck, lines)
    for grade in louis.GRADES["en"]
    for deck, lines in (("french52", "war"), ("french52", "standard"), ("italian40", "rubamazzo"))
] + [
    ("de", grade, deck, lines)
    for grade in louis.GRADES["de"]
    for deck, lines in (("french52", "war"), ("french52", "standard"), ("spanish40", "casita-robada"))
]


@pytest.mark.skipif(shutil.which("lou_translate") is None, reason="liblouis-bin is not installed")
@pytest.mark.parametrize(("lang", "grade", "deck", "game"), CASES)
def test_real_announcements_match_lou_translate(lang: str, grade: str, deck: str, game: str) -> None:
    """Issue 6: "our braille for a set of announcements in both languages equals what lou_translate gives"."""
    lines = war_lines(lang) if game == "war" else bundles_lines(lang, game)
    lines = list(dict.fromkeys(part for line in lines for part in line.split("\n")))  # each line a display shows
    assert len(lines) > 10
    ours = [louis.to_unicode(line, lang, grade, deck) for line in lines]
    theirs = lou_translate(lines, louis.tables(lang, grade, deck).names())
    assert ours == theirs
    scheme = scheme_for(lang, deck)
    assert scheme is not None
    seen = 0
    for line, cells in zip(lines, ours):
        for word in line.replace(",", " ").replace(";", " ").split():
            if len(word) == 2 and word[0] in "A23456789TJQK" and word[1] in "SHDC":
                assert cells is not None and scheme.cells(Card.parse(word)) in cells, (line, cells)
                seen += 1
    assert seen > 5


def test_the_issues_examples() -> None:
    """Issue 6: "the seven of hearts is ⠛⠓ and the ten of spades is ⠭⠎" — two cells, no number sign."""
    assert louis.to_unicode("7H") == "⠛⠓"
    assert louis.to_unicode("TS") == "⠭⠎"
    assert louis.to_unicode("You win 7H v TS") == "⠠⠽⠕⠥⠀⠺⠊⠝⠀⠛⠓⠀⠧⠀⠭⠎"
    for grade in louis.GRADES["en"]:
        assert louis.to_unicode("7H TS", "en", grade) == "⠛⠓⠀⠭⠎"


def test_card_letters_per_scheme() -> None:
    """German letters avoid K three times; Italian and Spanish packs have their own suits and face cards."""
    assert louis.to_unicode("KC QD JH TS", "de") == "⠅⠭⠀⠕⠅⠀⠥⠓⠀⠵⠏"
    assert louis.to_unicode("KC QD JH TS", "de", scheme="en") == "⠅⠉⠀⠟⠙⠀⠚⠓⠀⠭⠎"
    assert louis.to_unicode("7D JH QS KC", "en", deck="italian40") == "⠛⠙⠀⠝⠉⠀⠧⠎⠀⠗⠃"
    assert louis.to_unicode("7D JH QS KC", "de", deck="spanish40") == "⠛⠕⠀⠎⠉⠀⠧⠑⠀⠗⠃"
    for scheme in SCHEMES.values():
        ranks = [scheme.ranks[card.rank] for card in scheme.cards()]
        assert len(set(ranks)) == len({card.rank for card in scheme.cards()})
        assert len(set(scheme.suits.values())) == 4


def test_only_whole_upper_case_codes_are_cards() -> None:
    """Lower-case words and longer words stay text; numbers keep their number sign (the numbers deck)."""
    assert louis.to_unicode("as ah") == "⠁⠎⠀⠁⠓"
    assert louis.to_unicode("7HX A7H") == louis.to_unicode("7HX A7H", "en", None, DeckKind.NUMBERS)
    assert louis.to_unicode("13", "en", None, "numbers") == "⠼⠁⠉"
    assert louis.to_unicode("(7H)") == "⠐⠣⠛⠓⠐⠜"


def test_brf_and_dots() -> None:
    """BRF goes through en-us-brf.dis; writeDots bytes are the cells' dot bits."""
    assert louis.to_brf("You win 7H v TS") == ",YOU WIN GH V XS"
    assert louis.to_dots("⠛⠓⠀") == bytes([0b11011, 0b10011, 0])


def test_positions_map_cells_to_text() -> None:
    """translate() tells, for each cell, which character of the text it came from (for routing keys)."""
    result = louis.translate("Hand: 7H TS")
    assert result is not None
    cells, positions = result
    assert cells.endswith("⠛⠓⠀⠭⠎")
    assert positions[-5:] == [6, 6, 8, 9, 9]


def test_grades_and_bad_table() -> None:
    """The offered tables, the uncontracted defaults, and a plain error for an unknown table."""
    assert louis.DEFAULT_GRADE == {"en": "en-ueb-g1", "de": "de-g1"}
    assert louis.tables("de").names() == ["cards-de.uti", "de-g1.ctb"]
    assert louis.tables("en", "en-us-g2", "numbers").names() == ["en-us-g2.ctb"]
    assert louis.tables("en", "en-ueb-g2.ctb").language == "en-ueb-g2.ctb"
    with pytest.raises(ValueError, match="not a braille table"):
        louis.tables("en", "fr-bfu-comp6")
    assert str(tables_dir()) == louis.table_path().split(",")[0]


def test_import_is_lazy_and_missing_liblouis_is_said_once() -> None:
    """Start-up does not load liblouis; without it translation gives None and one plain reason."""
    code = (
        "import sys\n"
        "import accessible_cards.braille.louis as L, accessible_cards.braille.display, accessible_cards.braille.cli\n"
        "assert 'louis' not in sys.modules, 'imported early'\n"
        "sys.modules['louis'] = None\n"
        "assert L.to_unicode('7H') is None and L.to_brf('7H') is None and L.translate('7H') is None\n"
        "first, second = L.take_notice(), L.take_notice()\n"
        "assert first and 'liblouis' in first and second is None, (first, second)\n"
        "print('ok')\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=30)
    assert done.stdout.strip() == "ok", done.stderr


@pytest.mark.parametrize(("lang", "grade"), [(lang, g) for lang, grades in louis.GRADES.items() for g in grades])
def test_a_number_before_a_card_code_stays_a_number(lang: str, grade: str) -> None:
    """ "P4 7H" on a braille line: the seat's number, a blank cell, then the card's own two cells (not "4 7" and H)."""
    card = louis.to_unicode("7H", lang, grade)
    line = louis.to_unicode(Utterance("", "P4 7H; You 3 9S").braille, lang, grade)
    spade = louis.to_unicode("9S", lang, grade)
    assert card is not None and line is not None and spade is not None
    assert "⠀" + card + "⠆" in line or "⠀" + card + "⠰" in line, line
    assert line.endswith("⠀" + spade)
    assert "⠐" not in line  # no numeric space: every number ends at the blank
