"""The Stealing Bundles narrator: speech and braille for every event, review and choice, in English and German.

Issue 4: whose turn it is, the card each player plays, steals with the victim and the bundle size,
captures with the cards taken, trails, re-deals with the stock, the end with the ranking; a terse
braille line; hidden information never announced.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from typing import Any

import pytest
from bundles_support import scenario

from accessible_cards.cards import Card, deck
from accessible_cards.errors import OptionError
from accessible_cards.games.bundles.narrator import BundlesNarrator
from accessible_cards.games.bundles.rules import BundlesAction, BundlesOptions, BundlesView
from accessible_cards.games.bundles.state import BundlesState
from accessible_cards.narration.card_names import CardNames
from accessible_cards.scenario import parse
from accessible_cards.utterance import BRAILLE_CELLS, Utterance


def start(data: dict[str, Any]) -> tuple[BundlesState, list[Any]]:
    """A scenario's state (dealt) and its moves."""
    loaded = parse(data)
    state = loaded.state
    assert isinstance(state, BundlesState)
    return state, list(loaded.moves or [])


def said(
    data: dict[str, Any], lang: str = "en", verbosity: str = "normal", you: int | None = 0, seat: int = 0
) -> list[tuple[str, str, str]]:
    """(kind, speech, braille) of every event of a scenario, read with ``seat``'s view after each step."""
    state, moves = start(data)
    narrator = BundlesNarrator(lang, verbosity, state.options.deck, [None] * state.players, you=you)
    out: list[Utterance | None] = [narrator.event(event, state.view(seat)) for event in state.start()]
    for move in moves:
        events = state.apply(move.action(state))
        view = state.view(seat)
        out += [narrator.event(event, view) for event in events]
    return [(u.kind, u.speech, u.braille) for u in out if u is not None]


# 7H captures 7C; 7S steals the bundle topped by 7H; two trails; leftovers to nobody.
BASIC = scenario([["7H", "KC"], ["7S", "2D"]], ["7C", "5D"], [], ["7H", "7S", "KC", "2D"])
# both capture, the second empties the table: a sweep and a tie, then a tiebreak hand.
SWEEP = scenario([["7H"], ["5S"]], ["7C", "5D"], [], ["7H", "5S"])
# one card each from a stock of three: a re-deal, then the last card goes to the table.
REDEAL = scenario([["7H"], ["2S"]], ["9C"], ["3C", "4C", "5C"], ["7H", "2S", "3C", "4C"], hand=1)


def test_a_game_in_english() -> None:
    assert said(BASIC) == [
        (
            "deal",
            "Player 2 deals 2 cards each. Table: seven of clubs and five of diamonds. The stock is empty. "
            "You play first.",
            "Dealt: 2 each; Table 7C 5D",
        ),
        ("capture", "You capture the seven of clubs with the seven of hearts.", "You take 7C with 7H"),
        ("steal", "Player 2 steals your bundle of 2 cards with the seven of spades.", "P2 steals 2 from you, 7S"),
        ("trail", "You trail the king of clubs.", "You trail KC"),
        ("trail", "Player 2 trails the two of diamonds.", "P2 trails 2D"),
        (
            "leftovers",
            "3 cards are left on the table: five of diamonds, king of clubs and two of diamonds. "
            "Nobody gets the 3 cards.",
            "Leftovers to nobody: 5D KC 2D",
        ),
        (
            "game_over",
            "Player 2 wins the game with 3 cards. Cards in bundles: Player 2 has 3 cards and you have 0 cards. "
            "The game had 1 steal, 1 capture and 2 trails.",
            "P2 wins, 3 cards; P2\u00a03 You 0",
        ),
    ]


def test_a_game_in_german() -> None:
    """Whole German sentences: "Spieler 2 nimmt mit der Herz Sieben die Kreuz Sieben", du-form, dir."""
    assert said(BASIC, "de") == [
        (
            "deal",
            "Spieler 2 gibt je 2 Karten. Tisch: Kreuz Sieben und Karo Fünf. Der Stock ist leer. Du beginnst.",
            "Verteilt: je 2; Tisch 7C 5D",
        ),
        ("capture", "Du nimmst mit der Herz Sieben die Kreuz Sieben.", "Du nimmst 7C mit 7H"),
        ("steal", "Spieler 2 stiehlt dir mit der Pik Sieben den Stapel mit 2 Karten.", "S2 stiehlt 2 von dir, 7S"),
        ("trail", "Du legst den Kreuz König auf den Tisch.", "Du legst KC"),
        ("trail", "Spieler 2 legt die Karo Zwei auf den Tisch.", "S2 legt 2D"),
        (
            "leftovers",
            "3 Karten bleiben auf dem Tisch: Karo Fünf, Kreuz König und Karo Zwei. Niemand bekommt die 3 Karten.",
            "Rest an niemand: 5D KC 2D",
        ),
        (
            "game_over",
            "Spieler 2 gewinnt das Spiel mit 3 Karten. Karten in den Stapeln: Spieler 2 hat 3 Karten und du hast "
            "0 Karten. Im Spiel wurde einmal gestohlen, einmal genommen und 2-mal auf den Tisch gelegt.",
            "S2 gewinnt, 3 Karten; S2\u00a03 Du 0",
        ),
    ]


def test_the_thief_addressed_as_you() -> None:
    lines = dict((kind, (speech, braille)) for kind, speech, braille in said(BASIC, "en", you=1))
    assert lines["steal"] == (
        "You steal Player 1's bundle of 2 cards with the seven of spades.",
        "You steal 2 from P1, 7S",
    )
    lines = dict((kind, (speech, braille)) for kind, speech, braille in said(BASIC, "de", you=1))
    assert lines["steal"] == (
        "Du stiehlst Spieler 1 mit der Pik Sieben den Stapel mit 2 Karten.",
        "Du stiehlst 2 von S1, 7S",
    )
    assert lines["game_over"][0].startswith("Du gewinnst das Spiel mit 3 Karten.")


def test_without_a_listener_every_seat_is_named() -> None:
    speeches = [speech for _, speech, _ in said(BASIC, you=None)]
    assert speeches[1] == "Player 1 captures the seven of clubs with the seven of hearts."
    assert speeches[2] == "Player 2 steals Player 1's bundle of 2 cards with the seven of spades."


def test_a_seat_named_you_is_spoken_to() -> None:
    """The UI names a lone player "You": the narrator then uses the you-sentences, never "You steals"."""
    narrator = BundlesNarrator("en", "normal", "french52", ["You", "Computer 1"])
    assert narrator.you == 0
    assert narrator.seat_name(1) == "Computer 1"
    assert narrator.braille_seat(1) == "C1"  # issue 14: the number stays, "Comput" was every computer


def test_sweep_tie_and_tiebreak() -> None:
    assert said(SWEEP, "en", "brief")[3:5] == [
        ("sweep", "Sweep! Player 2 clears the table.", "Sweep! P2"),
        ("tiebreak", "Tie at 2 cards each between you and Player 2.", "Tie 2: You P2, tiebreak"),
    ]
    de = said(SWEEP, "de", "normal")
    assert de[3] == ("sweep", "Abgeräumt! Spieler 2 räumt den Tisch ab.", "Abgeräumt! S2")
    assert de[4][1] == (
        "Gleichstand mit je 2 Karten zwischen dir und Spieler 2. Ein Stechen mit frisch gemischten Karten entscheidet."
    )
    assert de[5][0] == "deal"


def test_sweep_bonus() -> None:
    data = scenario([["7H"], ["5S"]], ["7C"], ["2C", "3C", "4C", "6C"], ["7H"], sweep_bonus=True, hand=1)
    # the taker hears which card it took; the others only that a card was taken
    assert said(data)[2] == (
        "sweep",
        "Sweep! You clear the table and take the two of clubs from the stock.",
        "Sweep! You +1\u00a02C",
    )
    assert said(data, "de")[2][1] == "Abgeräumt! Du räumst den Tisch ab und nimmst die Kreuz Zwei aus dem Stock dazu."
    other = said(data, you=1, seat=1)[2]
    assert other[:2] == ("sweep", "Sweep! Player 1 clears the table and takes 1 card from the stock.")
    assert "2C" not in other[2] and "two" not in other[1]


def test_the_sweep_bonus_card_is_in_the_takers_view_only() -> None:
    """Events carry public facts; the card taken from the stock is in its taker's view alone."""
    data = scenario([["7H"], ["5S"]], ["7C"], ["2C", "3C", "4C", "6C"], ["7H"], sweep_bonus=True, hand=1)
    state, moves = start(data)
    state.start()
    events = state.apply(moves[0].action(state))
    assert all("2C" not in str(event.to_dict()) for event in events)
    assert state.view(0).bonus_card == deck("french52").parse("2C")
    assert state.view(1).bonus_card is None
    state.apply(next(iter(state.legal_actions())))
    assert state.view(0).bonus_card is None


def test_redeal_with_the_stock_and_the_rest_to_the_table() -> None:
    lines = said(REDEAL, "en", "brief")
    redeals = [line for line in lines if line[0] == "redeal"]
    assert redeals[0] == ("redeal", "New deal: 1 card each. 1 card is left in the stock.", "New deal: 1 each, stock 1")
    assert redeals[1][1] == (
        "New deal: 0 cards each. The stock is empty. The last 1 card goes face up to the table: five of clubs."
    )
    de = [line for line in said(REDEAL, "de") if line[0] == "redeal"]
    assert de[0][1] == "Neu gegeben: je 1 Karte. Im Stock ist noch 1 Karte. Du beginnst."
    assert de[1][2] == "Neu: je 0, Stock 0; Tisch + 5C"


def test_leftovers_to_the_last_taker_in_rubamazzo() -> None:
    data = scenario(
        [["AD", "2D"], ["3D", "4D"]], ["AC", "5C"], [], ["AD", "3D", "2D", "4D"], variant="rubamazzo", scoring="scopa"
    )
    leftovers = next(line for line in said(data) if line[0] == "leftovers")
    assert leftovers == (
        "leftovers",
        "4 cards are left on the table: Cinque di Bastoni, Tre di Denari, Due di Denari and Quattro di Denari. "
        "The 4 cards go to you.",
        "Leftovers to you: 5C 3D 2D 4D",
    )
    game_over = next(line for line in said(data, "de") if line[0] == "game_over")
    assert "Scopa-Punkte: du hast" in game_over[1]


# --- verbosity ----------------------------------------------------------------------


def test_brief_normal_full() -> None:
    """Brief: key facts; normal adds the stock and who starts and the counts; full adds the bundles and the stock."""
    brief = said(BASIC, "en", "brief")
    normal = said(BASIC, "en", "normal")
    full = said(BASIC, "en", "full")
    assert brief[0][1] == "Player 2 deals 2 cards each. Table: seven of clubs and five of diamonds."
    assert brief[5][1] == "3 cards are left on the table. Nobody gets the 3 cards."
    assert "The game had" not in brief[-1][1]
    assert normal[2][1] == "Player 2 steals your bundle of 2 cards with the seven of spades."
    assert full[2] == (
        "steal",
        "Player 2 steals your bundle of 2 cards with the seven of spades. "
        "Bundles: you have 0 cards and Player 2 has 3 cards. The stock is empty.",
        "P2 steals 2 from you, 7S\nYou 0 P2\u00a03",  # 44 cells together: the sizes get a line of their own
    )


def test_full_says_the_sizes_at_the_moment_of_the_take() -> None:
    """The view comes after the whole step (a re-deal may follow); the stock is said as it was at the take."""
    data = scenario([["7H"], ["7S"]], ["7C", "9D"], ["2C", "3C", "4C", "5C"], ["7H", "7S"], hand=1)
    lines = said(data, "en", "full")
    assert lines[2][1].endswith("Bundles: you have 0 cards and Player 2 has 3 cards. 4 cards are left in the stock.")
    assert lines[3][1].startswith("New deal: 1 card each. 2 cards are left in the stock.")


def test_bad_settings_are_refused() -> None:
    with pytest.raises(OptionError):
        BundlesNarrator("en", "chatty", "french52", [None, None])
    with pytest.raises(OptionError):
        BundlesNarrator("en", "normal", "tarot78", [None, None])
    with pytest.raises(OptionError):
        BundlesNarrator("en", "normal", "french52", [None, None], "tiny")
    with pytest.raises(OptionError):
        BundlesNarrator("en", "normal", "french52", [None, None], you=2)


# --- turns and review -------------------------------------------------------------------


def dealt(data: dict[str, Any]) -> BundlesState:
    state, _ = start(data)
    state.start()
    return state


REVIEW = scenario([["7H", "KC", "2H"], ["7S", "2D", "9D"]], ["7C", "7D"], ["3C", "4C", "5C", "6C", "8C", "9C"], [])


def test_turn_says_your_hand_at_normal_only_yours() -> None:
    state = dealt(REVIEW)
    view = state.view(0)
    normal = BundlesNarrator("en", "normal", "french52", [None, None])
    assert normal.turn(view) == Utterance(
        "Your turn. You hold: 1 seven of hearts, 2 king of clubs and 3 two of hearts.",
        "Your turn: 7H KC 2H",
        kind="turn",
    )
    assert BundlesNarrator("en", "brief", "french52", [None, None]).turn(view).speech == "Your turn."
    other = state.view(1)
    assert normal.turn(other).speech == "Player 1's turn."
    assert BundlesNarrator("de", "full", "french52", [None, None]).turn(other).speech == "Spieler 1 ist dran."
    assert BundlesNarrator("de", "normal", "french52", [None, None]).turn(view).speech == (
        "Du bist dran. Deine Karten: 1 Herz Sieben, 2 Kreuz König und 3 Herz Zwei."
    )


def test_handoff() -> None:
    narrator = BundlesNarrator("en", "normal", "french52", [None, "Ben"])
    assert narrator.handoff(1) == Utterance(
        "Ben's turn. Press Enter when Ben is at the keyboard.", "Ben's turn, press Enter", kind="handoff"
    )
    german = BundlesNarrator("de", "normal", "french52", [None, None]).handoff(1)
    assert german.speech == "Spieler 2 ist dran. Drücke Enter, wenn Spieler 2 an der Tastatur ist."


def test_hand_by_position_and_by_suit() -> None:
    view = dealt(REVIEW).view(0)
    en = BundlesNarrator("en", "normal", "french52", [None, None])
    assert en.hand(view).speech == "You hold: 1 seven of hearts, 2 king of clubs and 3 two of hearts."
    assert en.hand(view, by_suit=True) == Utterance(
        "You hold: 1 seven of hearts, 2 king of clubs and 3 two of hearts. By suit: 2 hearts and 1 club.",
        "Hand: 7H KC 2H; H2 C1",
        kind="review.hand",
    )
    de = BundlesNarrator("de", "normal", "french52", [None, None]).hand(view, by_suit=True)
    assert de.speech.endswith("Nach Farben: 2 Herz und 1 Kreuz.")


def test_card_at_says_what_it_would_do() -> None:
    state = dealt(REVIEW)
    state.apply(state.action_for(deck("french52").parse_many(["7H"])[0]))  # 7H captures 7C 7D
    view = state.view(1)
    en = BundlesNarrator("en", "normal", "french52", [None, None])
    assert en.card_at(view, 0) == Utterance(
        "1: seven of spades, would steal Player 1's bundle of 3 cards.", "1: 7S steal P1\u00a03", kind="review.card"
    )
    assert en.card_at(view, 1).speech == "2: two of diamonds, would trail."
    assert BundlesNarrator("en", "brief", "french52", [None, None]).card_at(view, 0).speech == "1: seven of spades."
    de = BundlesNarrator("de", "normal", "french52", [None, None])
    assert de.card_at(view, 0).speech == "1: Pik Sieben, würde Spieler 1 den Stapel mit 3 Karten stehlen."
    first = BundlesNarrator("en", "full", "french52", [None, None]).card_at(dealt(REVIEW).view(0), 0)
    assert first.speech == "1: seven of hearts, would capture 2 cards."
    assert en.card_at(view, 7).speech == "Position 8 is empty: you hold 3 cards."


def test_table_bundles_scores() -> None:
    state = dealt(REVIEW)
    state.apply(state.action_for(deck("french52").parse_many(["7H"])[0]))
    view = state.view(0)
    en = BundlesNarrator("en", "normal", "french52", [None, None], you=0)
    assert en.table(view) == Utterance("The table is empty.", "Table empty", kind="review.table")
    assert en.bundles(view) == Utterance(
        "Your bundle: 3 cards, top card seven of hearts. Player 2's bundle: empty.",
        "You 3\u00a07H; P2\u00a00",
        kind="review.bundles",
    )
    assert en.scores(view) == Utterance(
        "In bundles: you have 3 cards and Player 2 has 0 cards. "
        "In hand: you have 2 cards and Player 2 has 3 cards. 6 cards are left in the stock.",
        "Bundles You 3 P2\u00a00; stock 6",
        kind="review.scores",
    )
    de = BundlesNarrator("de", "normal", "french52", [None, None], you=0)
    assert de.bundles(view).speech == "Dein Stapel: 3 Karten, oben Herz Sieben. Stapel von Spieler 2: leer."
    assert de.table(dealt(REVIEW).view(0)).speech == "Auf dem Tisch: Kreuz Sieben und Karo Sieben."


# --- choices ---------------------------------------------------------------------------------


def labels(state: BundlesState, code: str, lang: str = "en") -> list[str]:
    card = state.deck.parse_many([code])[0]
    view = state.view(state.turn)
    narrator = BundlesNarrator(lang, "normal", state.options.deck, [None] * state.players)
    return [narrator.action(a, view) for a in state.legal_actions() if a.card == card]


def test_labels_steal_among_several_victims() -> None:
    data = scenario([["7H", "2C"], ["7S", "3C"], ["7D", "4C"]], ["7C"], [], ["7H", "7S"])
    state, moves = start(data)
    state.start()
    for move in moves:
        state.apply(move.action(state))
    assert labels(state, "7D") == ["Steal Player 2's bundle of 3 cards"]
    assert labels(state, "7D", "de") == ["Stiehl Spieler 2 den Stapel mit 3 Karten"]


def test_labels_double_bundles_and_wild_jacks() -> None:
    data = scenario(
        [["7H", "JH", "2C"], ["5S", "3C", "4C"]],
        ["7C", "5D"],
        [],
        [{"card": "7H", "bundle": 0}, {"card": "5S", "bundle": 0}],
        double_bundles=True,
        wild_jacks=True,
    )
    state, moves = start(data)
    state.start()
    for move in moves:
        state.apply(move.action(state))
    got = labels(state, "JH")
    assert "Use the jack of hearts to steal Player 2's first bundle of 2 cards (wild) into your first bundle" in got
    assert "Trail the card" in got
    german = labels(state, "JH", "de")
    assert (
        "Setz den Herz Buben als Joker ein und stiehl Spieler 2 den ersten Stapel mit 2 Karten, "
        "auf deinen zweiten Stapel" in german
    )
    capture = scenario([["7H"], ["5S"]], ["7C"], [], [], double_bundles=True)
    state = dealt(capture)
    assert labels(state, "7H") == [
        "Capture the seven of clubs into your first bundle",
        "Capture the seven of clubs into your second bundle",
    ]


def test_labels_rubamazzo_15() -> None:
    data = scenario([["7D", "2C"], ["3S", "4C"]], ["7C", "3D", "5H"], [], [], variant="rubamazzo-15")
    state = dealt(data)
    assert labels(state, "7D") == [
        "Capture the Sette di Bastoni",
        "Capture the Tre di Denari and the Cinque di Coppe (sum 15)",
    ]
    assert labels(state, "7D", "de")[1] == "Nimm Tre di Denari und Cinque di Coppe (Summe 15)"
    view = state.view(0)
    narrator = BundlesNarrator("en", "normal", "italian40", [None, None])
    assert narrator.card_at(view, 0).speech == "1: Sette di Denari, could capture in 2 ways."


def test_latin_decks_keep_their_names_and_short_names_are_codes() -> None:
    assert BundlesNarrator("de", "normal", "italian40", [None, None]).card(Card.parse("7D")) == "Sette di Denari"
    assert BundlesNarrator("en", "normal", "spanish40", [None, None]).card(Card.parse("JH")) == "Sota de Copas"
    assert BundlesNarrator("en", "normal", "french52", [None, None], "short").card(Card.parse("7H")) == "7H"
    data = scenario([["JH", "2C"], ["3S", "4C"]], ["JD"], [], ["JH"], variant="casita-robada")
    assert said(data, "de")[1][1] == "Du nimmst mit Sota de Copas Sota de Oros."
    assert said(data, "en")[1][1] == "You capture the Sota de Oros with the Sota de Copas."


# --- over many games ------------------------------------------------------------------------

VARIANTS: Sequence[tuple[str, dict[str, object]]] = (
    ("standard", {}),
    ("rubamazzo", {}),
    ("rubamazzo-15", {}),
    ("casita-robada", {"sweep_bonus": True}),
    ("standard", {"double_bundles": True, "wild_jacks": True}),
    ("standard", {"players": 3}),
)


def _played(variant: str, extra: dict[str, object], seed: int) -> BundlesState:
    return BundlesState(BundlesOptions.preset(variant, extra), seed=seed)


def _public_names(narrator: BundlesNarrator, card: Card) -> list[str]:
    """Every way ``card`` could be said: its name and the German forms with an article."""
    names = {narrator.card(card), CardNames(narrator.catalog, narrator.deck).name(card)}
    if card.suit is not None and not narrator.short:
        names.add(narrator._the(card))
        names.add(narrator._with(card))
    return sorted(names)


def _review(narrator: BundlesNarrator, view: BundlesView, actions: Sequence[BundlesAction]) -> list[str]:
    texts: list[Utterance] = [
        narrator.turn(view),
        narrator.hand(view),
        narrator.hand(view, by_suit=True),
        narrator.table(view),
        narrator.bundles(view),
        narrator.scores(view),
    ]
    texts += [narrator.card_at(view, i) for i in range(len(view.hand))]
    out = [text for u in texts for text in (u.speech, u.braille)]
    return out + [narrator.action(action, view) for action in actions]


@pytest.mark.parametrize(("variant", "extra"), VARIANTS)
@pytest.mark.parametrize("lang", ["en", "de"])
def test_no_utterance_names_a_card_in_another_hand(variant: str, extra: dict[str, object], lang: str) -> None:
    """Issue 4: "no announcement for seat A ever contains a card held in seat B's hand"."""
    for seed in range(4):
        state = _played(variant, extra, seed)
        listener = seed % state.players
        narrator = BundlesNarrator(lang, "full", state.options.deck, [None] * state.players, you=listener)
        chooser = random.Random(seed)
        events = state.start()
        while True:
            view = state.view(listener)
            texts = [t for e in events if (u := narrator.event(e, view)) for t in (u.speech, u.braille)]
            mine = state.turn == listener and state.result is None
            texts += _review(narrator, view, state.actions() if mine else ())
            hidden = [state.deck.cards[c] for s in range(state.players) if s != listener for c in state.hands[s]]
            for card in hidden:
                for text in texts:
                    assert not re.search(rf"(?<![\w]){re.escape(card.code)}(?![\w])", text), (card, text)
                    for name in _public_names(narrator, card):
                        assert not re.search(rf"(?<![\w]){re.escape(name)}(?![\w])", text), (card, text)
            if state.result is not None:
                break
            events = state.apply(chooser.choice(state.actions()))


@pytest.mark.parametrize(("variant", "extra"), [v for v in VARIANTS if v[1].get("players", 2) == 2])
@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("verbosity", ["brief", "normal", "full"])
def test_braille_fits_40_cells_in_two_player_games(
    variant: str, extra: dict[str, object], lang: str, verbosity: str
) -> None:
    """Events, turns and reviews of 2-player games stay within one 40-cell line (given names cut to 6)."""
    too_long: list[str] = []
    for seed in range(3):
        state = _played(variant, extra, seed)
        narrator = BundlesNarrator(lang, verbosity, state.options.deck, ["Maximilian", None], you=None)
        chooser = random.Random(seed)
        events = state.start()
        while True:
            view = state.view(0)
            said_now = [u for e in events if (u := narrator.event(e, view))]
            said_now += [narrator.turn(view), narrator.table(view), narrator.bundles(view), narrator.scores(view)]
            said_now += [narrator.card_at(view, i) for i in range(len(view.hand))]
            said_now += [narrator.handoff(1)]
            too_long += [line for u in said_now for line in u.braille.split("\n") if len(line) > BRAILLE_CELLS]
            if state.result is not None:
                break
            events = state.apply(chooser.choice(state.actions()))
    assert not too_long
