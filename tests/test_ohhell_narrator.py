"""What a Stiche-Raten player hears and reads: the announcements as they happen, the review keys, the keys.

The issue's own sentences are checked word for word where it gives them; every braille line of whole
games in both languages and at every verbosity fits 40 cells, and names no card of another seat's hand.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

import pytest
from hidden_support import Spotter

from accessible_cards.braille import louis
from accessible_cards.errors import IllegalActionError
from accessible_cards.game import Voice
from accessible_cards.games.ohhell import DESCRIPTION
from accessible_cards.games.ohhell.controller import PLAYING, SHEET, OhHellController
from accessible_cards.games.ohhell.narrator import OhHellNarrator
from accessible_cards.games.ohhell.state import BID, OhHellState, TrickWon
from accessible_cards.i18n import Catalog
from accessible_cards.keys import Typed
from accessible_cards.ui.commands import parse_words
from accessible_cards.ui.messages import refusal
from accessible_cards.utterance import BRAILLE_CELLS, VERBOSITIES, Utterance

NAMES = ["Anna", "Computer 1", "Computer 2", "Computer 3", "Computer 4", "Computer 5"]


def fixed(players: int, hands: Sequence[Sequence[str]], turned: str | None, **kw: Any) -> OhHellState:
    dealer = kw.pop("dealer", None)
    probe = OhHellState(players, kw)
    ids = probe.pack.parse_many([c for h in hands for c in h] + ([turned] if turned else []))
    n = len(hands[0])
    given = [ids[i * n : (i + 1) * n] for i in range(players)]
    return OhHellState(players, kw, 1, dealer, [(given, ids[-1] if turned else None)], n)


def narrator(state: OhHellState, lang: str = "en", verbosity: str = "normal", you: int | None = 0) -> OhHellNarrator:
    return DESCRIPTION.narrator(state, Voice(lang, verbosity, NAMES[: state.players], you))


def said(nar: OhHellNarrator, state: OhHellState, events: Sequence[Any], seat: int = 0) -> list[str]:
    view = state.view(seat)
    return [u.speech for u in (nar.event(e, view) for e in events) if u is not None]


def code(state: OhHellState, seat: int, text: str) -> int:
    return next(c for c in state.hands[seat] if state.pack.code(c) == text)


# --- announced as it happens -----------------------------------------------------------------------------


def test_the_deal_says_round_cards_and_trump_as_the_issue_words_it() -> None:
    hands = [["7S", "8S", "9S", "TS"], ["7C", "8C", "9C", "TC"], ["7D", "8D", "9D", "TD"], ["JS", "QS", "KS", "AS"],
             ["JC", "QC", "KC", "AC"]]  # fmt: skip
    state = fixed(5, hands, "9H", pack="skat64", dealer=4)
    (line,) = said(narrator(state), state, state.start())
    assert line.startswith("Round 4 of 12: 4 cards each. Trump: hearts, the nine of hearts is turned up.")
    state = fixed(5, hands, "9H", pack="skat64", dealer=4)
    (line,) = said(narrator(state, "de"), state, state.start())
    assert line.startswith("Runde 4 von 12: 4 Karten für jeden. Trumpf: Herz, aufgedeckt ist Herz Neun.")


def test_bids_are_said_with_the_running_total_and_the_dealers_refusal_has_its_reason() -> None:
    """The seed's example: bids 0, 2, 1 of 4 tricks; the dealer may not bid 1."""
    state = OhHellState(4, {}, 9, dealer=3, start_round=4)
    nar = narrator(state, you=3)
    state.start()
    lines = said(nar, state, state.apply(BID + 0) + state.apply(BID + 2) + state.apply(BID + 1), seat=3)
    assert lines[-1] == "Computer 2 bids 1. Bids so far: 3 for 4 tricks."
    turn = nar.turn(state.view(3))
    assert turn is not None and turn.speech == "Your bid: 0 to 4, but not 1: the bids would add up to 4."
    with pytest.raises(IllegalActionError) as refused:
        state.apply(BID + 1)
    assert refusal(refused.value, Catalog("en").text) == "You may not bid 1: the bids would add up to 4 tricks."
    assert (
        refusal(refused.value, Catalog("de").text)
        == "Du darfst nicht 1 ansagen: die Ansagen kämen zusammen auf 4 Stiche."
    )


def test_each_card_says_who_leads_and_the_suit_to_follow_and_the_trick_its_winner() -> None:
    state = fixed(3, [["KH", "2C"], ["AH", "3C"], ["5H", "4C"]], "9D", dealer=2)
    nar = narrator(state)
    state.start()
    state.apply(BID + 1)
    state.apply(BID + 0)
    state.apply(BID + 0)
    lines = said(nar, state, state.apply(code(state, 0, "KH")))
    assert lines == ["You lead the king of hearts. Follow hearts."]
    lines = said(nar, state, state.apply(code(state, 1, "AH")) + state.apply(code(state, 2, "5H")))
    assert lines == [
        "Computer 1 plays the ace of hearts.",
        "Computer 2 plays the five of hearts.",
        "Computer 1 wins trick 1 with the ace of hearts. Computer 1 bid 0 and has 1 trick: 1 trick over the bid.",
    ]


def test_the_round_end_says_bids_tricks_points_and_totals() -> None:
    state = fixed(3, [["AH"], ["2C"], ["3C"]], "9H", dealer=2, max_cards=2)
    nar = narrator(state)
    state.start()
    for n in (1, 1, 1):
        state.apply(BID + n)
    events = state.apply(code(state, 0, "AH")) + state.apply(code(state, 1, "2C")) + state.apply(code(state, 2, "3C"))
    lines = said(nar, state, events)
    assert lines[-2] == (
        "Round 1 is over: you bid 1 and took 1: 30 points, Computer 1 bid 1 and took 0: minus 10 points and "
        "Computer 2 bid 1 and took 0: minus 10 points. Totals: you 30, Computer 1 -10 and Computer 2 -10."
    )
    assert lines[-1].startswith("Round 2 of 2: 2 cards each. No trump")


# --- review keys ----------------------------------------------------------------------------------------------


def test_the_hand_is_sorted_by_suit_and_says_what_may_be_played() -> None:
    """The issue: "you must follow clubs: the seven or the queen"."""
    state = fixed(3, [["AH", "2S", "3D"], ["7C", "9H", "QC"], ["5C", "4H", "KH"]], "9D", dealer=1)
    nar = narrator(state, you=1)
    state.start()
    for n in (0, 0, 0):
        state.apply(BID + n)
    state.apply(code(state, 2, "5C"))
    state.apply(code(state, 0, "3D"))
    hand = nar.hand(state.view(1))
    assert (
        hand.speech == "Your hand: hearts: nine; clubs: queen and seven. You must follow clubs: the queen or the seven."
    )
    assert hand.braille == "Hand: 9H; QC 7C"
    de = narrator(state, "de", you=1).hand(state.view(1))
    assert de.speech.endswith("Du musst Kreuz bedienen: Dame oder Sieben.")


def test_bids_review_says_what_each_still_needs() -> None:
    """The issue: "Anna bid 2 and has 1; she needs 1 more"."""
    state = fixed(3, [["AH", "2S", "3D"], ["7C", "9H", "QC"], ["5C", "4H", "KH"]], "9D", dealer=2)
    nar = narrator(state, you=None)
    state.start()
    for n in (2, 0, 0):
        state.apply(BID + n)
    for seat, card in ((0, "AH"), (1, "9H"), (2, "4H")):
        state.apply(code(state, seat, card))
    review = nar.bids(state.view(1))
    assert review.speech.startswith("Anna bid 2 and has 1 trick: 1 more to take; Computer 1 bid 0 and has 0 tricks")
    # the display may get it in two lines (each within 40 cells): nothing is cut off
    assert review.braille.replace("\u00a0", " ").replace("\n", " ") == "Bids: Anna 2:1 C1 0:0 C2 0:0"


def test_the_cards_played_this_round_are_counted_by_suit() -> None:
    state = fixed(3, [["AH", "2S"], ["7H", "9H"], ["5C", "4H"]], "9D", dealer=2)
    nar = narrator(state)
    state.start()
    for n in (0, 0, 1):
        state.apply(BID + n)
    for seat, card in ((0, "AH"), (1, "7H"), (2, "4H")):
        state.apply(code(state, seat, card))
    assert nar.played(state.view(0)).speech == "3 cards played this round: hearts: ace, seven and four."
    assert nar.played(state.view(0)).braille == "Played: AH 7H 4H"


def test_the_score_sheet_is_read_cell_by_cell_with_its_headers() -> None:
    state = fixed(3, [["AH"], ["2C"], ["3C"]], "9H", dealer=2, max_cards=3)
    nar = narrator(state)
    state.start()
    for n in (1, 0, 1):
        state.apply(BID + n)
    for seat, card in ((0, "AH"), (1, "2C"), (2, "3C")):
        state.apply(code(state, seat, card))
    view = state.view(0)
    assert nar.sheet_columns(view) == 7
    assert nar.sheet_cell(view, 0, 0).speech == "Round 1, 1 card: trump is hearts."
    assert nar.sheet_cell(view, 0, 1).speech == "Round 1, 1 card, You, bid: 1, took 1."
    assert nar.sheet_cell(view, 0, 4).speech == "Round 1, 1 card, Computer 1, points: +20 points, total 20."
    assert nar.sheet_cell(view, 0, 6).braille == "R1 C2 pts -10 = -10"


# --- every line of whole games -------------------------------------------------------------------------------


def _whole_game(seed: int, players: int, options: dict[str, Any]) -> OhHellState:
    return OhHellState(players, options, seed)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_braille_line_fits_and_no_line_names_a_hidden_card(lang: str) -> None:
    spot = Spotter(lang, "french52")
    for seed, (players, options) in enumerate([(6, {"max_cards": 5}), (4, {"grab_and_pass": True, "max_cards": 6}),
                                               (3, {"up_and_down": True, "max_cards": 3})]):  # fmt: skip
        verbosity = VERBOSITIES[seed % 3]
        state = _whole_game(seed, players, options)
        nar = narrator(state, lang, verbosity)
        rng = random.Random(seed)
        events = state.start()
        while True:
            view = state.view(0)
            public = {card for _, card in view.played} | set(view.hand) | {c for _, c in view.last_trick}
            if view.turned is not None:
                public.add(view.turned)
            lines: list[Utterance] = [u for u in (nar.event(e, view) for e in events) if u is not None]
            for review in (nar.hand, nar.trick, nar.trump, nar.bids, nar.played, nar.totals):
                lines.append(review(view))
            turn = nar.turn(view)
            if turn is not None:
                lines.append(turn)
            for u in lines:
                for line in u.braille.split("\n"):  # a long list goes on in lines of its own
                    shown = louis.to_unicode(line, lang, None, state.deck_kind)
                    assert shown is not None and len(shown) <= BRAILLE_CELLS, (line, len(shown or ""))
                hidden = spot.cards(u.speech) - public
                for event in events:
                    if isinstance(event, TrickWon):
                        hidden -= {c for _, c in event.cards}
                    if getattr(event, "card", None) is not None:
                        hidden.discard(event.card)
                assert not hidden, (u.speech, hidden)
            if state.result is not None:
                break
            events = state.apply(rng.choice(state.actions()))
        view = state.view(0)
        for row in range(len(view.sheet)):
            for column in range(nar.sheet_columns(view)):
                assert len(nar.sheet_cell(view, row, column).braille) <= BRAILLE_CELLS


def test_seats_are_told_apart_on_the_braille_line() -> None:
    state = OhHellState(6, {})
    nar = narrator(state)
    labels = [nar.braille_seat(seat) for seat in range(6)]
    assert labels == ["You", "C1", "C2", "C3", "C4", "C5"]
    de = narrator(state, "de", you=None)
    assert [de.braille_seat(s) for s in range(3)] == ["Anna", "C1", "C2"]


# --- the keys ---------------------------------------------------------------------------------------------------


class Controls:
    """The game screen as the controller sees it: the state, the listener at seat 0, computers elsewhere."""

    def __init__(self, state: OhHellState, lang: str = "en") -> None:
        self.state = state
        self.catalog = Catalog(lang)
        self.lang = lang
        self.listener = 0
        self.names = NAMES[: state.players]
        self.verbosity = "normal"
        self.said: list[str] = []
        self.refused: list[str] = []
        self.moves: list[int] = []

    def setting(self, name: str) -> Any:
        return None

    def t(self, msgid: str, context: str | None = None, **params: Any) -> str:
        return self.catalog.text(msgid, context, **params)

    def tn(self, msgid: str, plural: str, n: int, **params: Any) -> str:
        return self.catalog.plural(msgid, plural, n, **params)

    def say(self, text: str | Utterance) -> None:
        self.said.append(text.speech if isinstance(text, Utterance) else text)

    def announce(self, utterance: Utterance | None) -> None:
        if utterance is not None:
            self.said.append(utterance.speech)

    def refuse(self, text: str) -> None:
        self.refused.append(text)

    def view(self) -> Any:
        return self.state.view(0)

    def legal_actions(self) -> Sequence[Any]:
        return tuple(self.state.legal_actions())

    def play(self, action: Any) -> None:
        self.state.apply(action)
        self.moves.append(action)

    def choose(self, title: str, options: Sequence[tuple[str, Callable[[], None]]]) -> None:
        raise AssertionError("no choice lists in this game")

    def save(self) -> None:
        pass


def _controller(state: OhHellState, lang: str = "en") -> tuple[OhHellController, Controls]:
    controls = Controls(state, lang)
    return OhHellController(controls, narrator(state, lang)), controls


def test_a_digit_chooses_a_bid_and_enter_or_the_same_digit_makes_it() -> None:
    state = OhHellState(4, {}, 9, dealer=3, start_round=4)
    state.start()
    controller, controls = _controller(state)
    assert controller.handle(Typed("select", 2))
    assert controls.said[-1] == "Bid 2? Press Enter or 2 again." and not controls.moves
    controller.handle(Typed("select", 2))
    assert controls.moves == [BID + 2]


def test_typed_bid_bids_at_once_and_a_bid_over_the_tricks_is_refused() -> None:
    state = OhHellState(4, {}, 9, dealer=3, start_round=4)
    state.start()
    controller, controls = _controller(state, "de")
    controller.handle(Typed("select", 7))
    assert controls.refused == ["Du darfst nicht 7 ansagen: höchstens 4 kannst du ansagen."]
    controller.handle(Typed("play_position", 3))
    assert controls.moves == [BID + 3]


def test_the_dealers_forbidden_bid_is_refused_with_its_reason() -> None:
    state = OhHellState(4, {}, 9, dealer=0, start_round=4)
    state.start()
    for n in (0, 2, 1):
        state.apply(BID + n)
    controller, controls = _controller(state)
    controller.handle(Typed("select", 1))
    assert controls.refused == ["You may not bid 1: the bids would add up to 4 tricks."]
    assert not controls.moves


def test_a_card_that_does_not_follow_suit_is_refused_and_a_digit_twice_plays() -> None:
    state = fixed(3, [["AH", "2S", "3D"], ["7C", "9H", "QC"], ["5C", "4H", "KH"]], "9D", dealer=1)
    state.start()
    for n in (0, 0, 0):
        state.apply(BID + n)
    state.apply(code(state, 2, "5C"))
    state.apply(code(state, 0, "3D"))
    controls = Controls(state)
    controls.listener = 1
    controls.view = lambda: state.view(1)  # type: ignore[method-assign]
    controller = OhHellController(controls, narrator(state, you=1))
    controller.handle(Typed("select", 1))  # the nine of hearts, first in the sorted hand
    assert controls.said[-1] == "1: nine of hearts, not playable now"
    controller.handle(Typed("select", 1))
    assert controls.refused[-1].startswith("You must follow clubs: the nine of hearts is not clubs.")
    controller.handle(Typed("select", 2))
    controller.handle(Typed("select", 2))
    assert controls.moves == [code_of(state, "QC")]


def code_of(state: OhHellState, text: str) -> int:
    return next(c for c, card in enumerate(state.pack.cards) if card.code == text)


def test_the_score_sheet_keys_move_by_round_and_column() -> None:
    state = OhHellState(3, {"max_cards": 3}, 4)
    state.start()
    rng = random.Random(4)
    while len(state.sheet) < 2:
        state.apply(rng.choice(state.actions()))
    controller, controls = _controller(state)
    controller.handle(Typed("sheet"))
    assert controller.phase == SHEET
    assert controls.said[-1].startswith("Round 2, 2 cards: ")
    controller.handle(Typed("sheet_up"))
    assert controls.said[-1].startswith("Round 1, 1 card: ")
    controller.handle(Typed("sheet_up"))
    assert controls.refused[-1] == "First round of the sheet."
    controller.handle(Typed("sheet_right"))
    assert controls.said[-1].startswith("Round 1, 1 card, You, bid: ")
    controller.handle(Typed("sheet_leave"))
    assert controller.phase == PLAYING


def test_a_grab_card_turned_up_lets_the_first_player_choose_trump_by_digit() -> None:
    state = fixed(3, [["7C"], ["8C"], ["9C"]], "JH", dealer=2, grab_and_pass=True, max_cards=2)
    state.start()
    controller, _ = _controller(state)
    turn = controller.turn_prompt()
    assert turn is not None and turn.speech == "Choose trump: 1 spades, 2 hearts, 3 diamonds, 4 clubs."
    controller.handle(Typed("select", 2))
    controller.handle(Typed("play"))
    assert state.view(0).trump is not None and state.view(0).trump.value == "H"


@pytest.mark.parametrize(
    ("lang", "typed"), [("en", "bid 2"), ("de", "ansage 2"), ("de", "Ansagen 2"), ("en", ":bid 2")]
)
def test_a_typed_bid_word_with_its_number_bids_at_once(lang: str, typed: str) -> None:
    """The issue's typed words: ``bid 2`` / ``ansage 2`` make the bid without a second key."""
    state = OhHellState(4, {}, 9, dealer=3, start_round=4)
    state.start()
    command = parse_words(typed, PLAYING, lang)
    assert command == Typed("play_position", 2)
    controller, controls = _controller(state, lang)
    controller.handle(command)
    assert controls.moves == [BID + 2] and not controls.refused
