"""Issue 14: a card code never brailles the same as an ordinary word or contraction of its line.

"Computer 1 legt Sei di Bastoni auf den Tisch" was "comput legt fb ab" in German braille, and "ab"
is also the Asso di Bastoni. Here every braille line of seeded games of every game, preset, deck
and language (events, turns, reviews, what a card would do, the choices) is translated with every
table the settings offer; each word of the cells that does not come from a card code is compared
with the cells of every card of the deck: none may be the same.
"""

from __future__ import annotations

import random
import re
from functools import cache

import pytest

from accessible_cards import game as registry
from accessible_cards.braille import louis
from accessible_cards.braille.display import BLANK
from accessible_cards.cards import deck as make_deck
from accessible_cards.game import Voice
from accessible_cards.i18n import Catalog
from accessible_cards.narration.base import people_first, seat_names
from accessible_cards.utterance import Utterance

pytestmark = pytest.mark.skipif(not louis.available(), reason="liblouis is not installed")

_CODE = re.compile(r"(?<![\w])[A2-9TJQK][SHDC](?![\w])")

CASES = [
    (game.name, variant, options)
    for game in registry.registered()
    if game.name in ("war", "bundles")
    for variant, options in (
        [(v.name, {}) for v in game.variants] + [("standard", {"double_bundles": True, "wild_jacks": True})]
        if game.variants
        else [(None, {"max_rounds": 25})]
    )
]


def _lines(name: str, variant: str | None, options: dict[str, object], lang: str) -> tuple[list[str], str]:
    """Every braille line of one seeded 3-player game heard at seat 0, with the reviews; and the deck."""
    game = registry.get(name)
    state = game.new_state(3, variant, options, 7)
    narrator = game.narrator(state, Voice(lang, "full", seat_names(Catalog(lang).text, people_first(3, 1)), 0))
    chooser = random.Random(7)
    lines: list[str] = []
    events = state.start()
    while True:
        view = state.view(0)
        lines += [said.braille for event in events if (said := narrator.event(event, view)) is not None]
        for review in ("turn", "table", "scores", "bundles", "pile"):
            method = getattr(narrator, review, None)
            if callable(method):
                lines.append(method(view).braille)
        if hasattr(narrator, "card_at"):
            lines += [narrator.card_at(view, index).braille for index in range(len(view.hand))]
            lines += [narrator.action_braille(action, view) for action in view.legal]
        if state.result is not None or len(lines) > 400:
            break
        events = state.apply(chooser.choice(list(state.legal_actions())))
    kind = str(getattr(state.deck_kind, "value", state.deck_kind))
    return [part for line in lines for part in line.split("\n") if part.strip()], kind


@cache
def _card_cells(lang: str, grade: str, kind: str) -> dict[str, str]:
    cells = {}
    for card in make_deck(kind).cards:
        if card.suit is not None:
            translated = louis.to_unicode(card.code, lang, grade, kind)
            assert translated is not None
            cells[translated] = card.code
    return cells


@pytest.mark.parametrize(("name", "variant", "options"), CASES)
@pytest.mark.parametrize("lang", ["en", "de"])
def test_no_word_of_a_line_brailles_like_a_card(
    name: str, variant: str | None, options: dict[str, object], lang: str
) -> None:
    lines, kind = _lines(name, variant, options, lang)
    assert len(lines) > 20
    confused: set[str] = set()
    for grade in louis.grade_names(lang):
        cards = _card_cells(lang, grade, kind)
        if not cards:
            continue  # the numbers deck: its cards are numbers, with the number sign
        for text in dict.fromkeys(Utterance(line, line).braille for line in lines):
            translated = louis.translate(text, lang, grade, kind)
            assert translated is not None
            cells, sources = translated
            codes = {index for match in _CODE.finditer(text) for index in range(match.start(), match.end())}
            word: list[int] = []
            for index in [*range(len(cells)), len(cells)]:
                if index < len(cells) and cells[index] != BLANK:
                    word.append(index)
                    continue
                if word:
                    shown = "".join(cells[i] for i in word)
                    from_code = any(sources[i] in codes for i in word)
                    if shown in cards and not from_code:
                        start, end = sources[word[0]], sources[word[-1]] + 1
                        confused.add(f"{grade}: {text[start:end]!r} in {text!r} reads as {cards[shown]}")
                word = []
    assert not confused, sorted(confused)[:20]


def _braille_texts(lang: str) -> list[str]:
    """Every braille text of the catalogs, shared and the games' (msgctxt "braille" ...), its placeholders left out."""
    from accessible_cards.i18n import catalog_packages, read_source

    messages = [message for package in catalog_packages() for message in read_source(lang, package)]
    texts = []
    for message in messages:
        if not message.id or not (message.context or "").startswith("braille"):
            continue
        for text in message.string if isinstance(message.string, tuple) else (message.string,):
            texts.append(" ".join(re.sub(r"\{\w+\}", " ", text or "").split()))
    return [text for text in texts if text]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_no_braille_wording_of_the_catalog_reads_like_a_card(lang: str) -> None:
    """Every word of every braille text, in every table and with every pack's letters, is no card's two cells."""
    texts = _braille_texts(lang)
    assert len(texts) > 50
    confused = set()
    for kind in ("french52", "italian40", "spanish40"):
        for grade in louis.grade_names(lang):
            cards = _card_cells(lang, grade, kind)
            for text in texts:
                cells = louis.to_unicode(text, lang, grade, kind)
                assert cells is not None
                for word in cells.split(BLANK):
                    if word in cards:
                        confused.add(f"{kind} {grade}: {text!r} has a word that reads as {cards[word]}")
    assert not confused, sorted(confused)
