"""Stiche-Raten keeps every hand to its owner: nothing meant for one seat names a card of another seat's hand.

Hidden from a seat are the other hands and the cards not dealt this round; the cards played this
round and the turned-up card are face up (the seed: "the next card is turned up"). Checked over
seeded games of every option (french52 and skat64, Greifen und Passen, Rauf-Runter, 3 to 6 players):

- every seat's view after every step holds no card hidden from it, and stays the same when those
  cards are shuffled among their places; so does the public view a watcher gets;
- what each seat's narrator says of every event and each review key (speech, braille text, and the
  braille cells of a table chosen among the language's tables), in English and German;
- the program itself, played from a script of keys by one person or several at one keyboard
  (tests/hidden_audit.py): every terminal line, utterance, braille line and cell, log record, the
  score sheet, the history and the saved game's history, the watcher's view and words, and at a
  hot seat no hand named before its owner confirmed the hand-over.

The fast lane plays short games (at most 2 or 3 cards a round); the sweep marked slow plays more.
Each check is shown to fail when its protection is taken away.
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hidden_audit import Audit
from hidden_audit import data as data  # the saves folder of the program's games, a fixture
from hidden_support import CellSpotter, OhHellWatch, Spotter, cards_in, secret_cards

from accessible_cards.braille import louis
from accessible_cards.cards import Card
from accessible_cards.game import Voice
from accessible_cards.games.ohhell import DESCRIPTION
from accessible_cards.games.ohhell.narrator import OhHellNarrator
from accessible_cards.games.ohhell.state import OhHellState, OhHellView
from accessible_cards.ui.app import GameRequest
from accessible_cards.ui.game_screen import GameScreen
from accessible_cards.utterance import VERBOSITIES, Utterance

OPTION_SETS = [
    {"pack": pack, "grab_and_pass": grab, "up_and_down": up}
    for pack, grab, up in itertools.product(("french52", "skat64"), (False, True), (False, True))
]
"""Every option both ways: the packs, Greifen und Passen, Rauf-Runter."""


@functools.cache
def spotter(lang: str, pack: str) -> Spotter:
    return Spotter(lang, pack, grouped=True)


@functools.cache
def cell_spotter(lang: str, grade: str | None, pack: str) -> CellSpotter:
    return CellSpotter(lang, grade, pack)


def game(seed: int, players: int, options: dict[str, Any], max_cards: int | None = 3) -> OhHellWatch:
    return OhHellWatch(OhHellState(players, {**options, "max_cards": max_cards}, seed))


def play(watch: OhHellWatch, rng: random.Random) -> Iterator[list[Any]]:
    """Deal, then random legal moves to the end; each step's events."""
    yield watch.start()
    while watch.state.result is None:
        yield watch.step(rng.choice(watch.state.actions()))


def hidden_names(watch: OhHellWatch, ids: frozenset[int]) -> frozenset[Card]:
    return secret_cards(watch.state.pack.cards, ids, len(watch.state.pack))


# --- views ------------------------------------------------------------------------------------------


def check_views(watch: OhHellWatch, rng: random.Random, step: int) -> int:
    """Every seat's view and the public view hold no card hidden from them; one of them (in turn) is
    the same in a twin game whose hidden cards are shuffled. Returns the views checked."""
    state = watch.state
    cards = state.pack.cards
    for seat in range(state.players):
        view = state.view(seat)
        shown = frozenset(cards_in(view)) & hidden_names(watch, watch.hidden(seat))
        assert not shown, f"seat {seat}'s view holds hidden cards {sorted(c.code for c in shown)}"
        assert set(view.hand_ids) == set(state.hands[seat])
        assert all(cards[i] in view.hand or i in watch.public() for i in state.hands[seat])
    public = state.public_view()
    shown = frozenset(cards_in(public)) & hidden_names(watch, watch.hidden(None))
    assert not shown, f"the public view holds {sorted(c.code for c in shown)}"
    seat: int | None = step % (state.players + 1)
    if seat == state.players:
        seat = None
    twin = watch.shuffled(seat, rng)
    if seat is None:
        assert twin.public_view() == public, "the public view changes when the hands are shuffled"
    else:
        assert twin.view(seat) == state.view(seat), f"seat {seat}'s view changes when the hidden cards are shuffled"
    return state.players + 1


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: "-".join(str(v) for v in o.values()))
def test_no_view_holds_or_depends_on_another_seats_hand(options: dict[str, Any]) -> None:
    views = 0
    for index in range(8):
        seed = 7000 + index
        watch = game(seed, 3 + index % 4, options)
        rng = random.Random(seed)
        for step, _events in enumerate(play(watch, rng)):
            views += check_views(watch, rng, step)
    assert views > 300


# --- what each seat's narrator says ----------------------------------------------------------------------


@dataclasses.dataclass
class Listener:
    narrator: OhHellNarrator
    lang: str
    cells: CellSpotter


def listeners(watch: OhHellWatch, rng: random.Random) -> dict[int, Listener]:
    """Every seat spoken to as "you", English and German in turn, a verbosity and a braille table of its own."""
    state = watch.state
    pack = state.options["pack"]
    flip = rng.randrange(2)
    heard: dict[int, Listener] = {}
    for seat in range(state.players):
        lang = ("en", "de")[(seat + flip) % 2]
        names = [f"Player {s + 1}" for s in range(state.players)]
        voice = Voice(lang, rng.choice(VERBOSITIES), names, seat, rng.choice(("full", "full", "short")))
        narrator = DESCRIPTION.narrator(state, voice)
        assert isinstance(narrator, OhHellNarrator)
        heard[seat] = Listener(narrator, lang, cell_spotter(lang, rng.choice(louis.grade_names(lang)), pack))
    return heard


def reviews(narrator: OhHellNarrator, view: OhHellView) -> list[Utterance]:
    """Every review key's answer: hand, each card by position, trick, trump, bids, the cards played, totals,
    the score sheet cell by cell, the turn prompt and each legal action in words."""
    said = [narrator.hand(view), narrator.trick(view), narrator.trump(view), narrator.bids(view)]
    said += [narrator.played(view), narrator.totals(view), narrator.sheet_intro(view)]
    said += [narrator.card_at(view, index) for index in range(len(view.hand))]
    if view.sheet:
        row = len(view.sheet) - 1
        said += [narrator.sheet_cell(view, row, column) for column in range(narrator.sheet_columns(view))]
    turn = narrator.turn(view)
    if turn is not None:
        said.append(turn)
    said += [Utterance(narrator.action(action, view), "") for action in view.legal]
    return said


def check_said(utterance: Utterance, hidden: frozenset[Card], listener: Listener, pack: str, where: str) -> None:
    names = spotter(listener.lang, pack)
    for part, text in (("speech", utterance.speech), ("braille", utterance.braille)):
        leaked = names.cards(text) & hidden
        assert not leaked, f"{where}: the {part} {text!r} names hidden cards {sorted(c.code for c in leaked)}"
    if utterance.braille and (names.cards(utterance.braille) or random.random() < 0.1):
        line, shown = listener.cells.cards(utterance.braille)
        assert not shown & hidden, f"{where}: the cells {line} of {utterance.braille!r} show hidden cards"
        missed = names.cards(utterance.braille) - shown
        assert not missed, f"{where}: the cells {line} of {utterance.braille!r} were not seen to show {missed}"


def tell(watch: OhHellWatch, rng: random.Random, view_of: Any = None) -> int:
    """One game told to every seat: each event (nothing hidden before and after the step but what it
    turned up) and every review answer (nothing hidden now). Returns the utterances checked."""
    state = watch.state
    pack = state.options["pack"]
    seats = listeners(watch, rng)
    view_of = view_of or state.view
    before: dict[int, frozenset[int]] = {}
    told = 0
    for events in play(watch, rng):
        for seat, listener in seats.items():
            now = watch.hidden(seat)
            during = hidden_names(watch, (now & before.get(seat, now)) - watch.revealed)
            before[seat] = now
            view = view_of(seat)
            for event in events:
                said = listener.narrator.event(event, view)
                if said is not None:
                    told += 1
                    check_said(said, during, listener, pack, f"seat {seat}, {listener.lang}, {event!r}")
            if rng.random() < 0.3:
                for said in reviews(listener.narrator, view):
                    told += 1
                    check_said(said, hidden_names(watch, now), listener, pack, f"seat {seat}, review")
    return told


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: "-".join(str(v) for v in o.values()))
def test_no_announcement_review_or_braille_line_names_another_seats_hand(options: dict[str, Any]) -> None:
    told = 0
    for index in range(2):
        seed = 8000 + index
        told += tell(game(seed, 3 + (index + len(str(options))) % 4, options, max_cards=2), random.Random(seed))
    assert told > 100


# --- the program itself ---------------------------------------------------------------------------------


PROGRAM = [
    # players, people, options, language, verbosity, card names, computer
    (3, 1, {"max_cards": 3}, "en", "normal", "full", "medium"),
    (4, 2, {"max_cards": 2, "grab_and_pass": True}, "de", "full", "full", "easy"),
    (5, 3, {"max_cards": 2, "pack": "skat64", "up_and_down": True}, "en", "full", "short", "simple"),
    (6, 1, {"max_cards": 2, "pack": "skat64", "grab_and_pass": True}, "de", "brief", "full", "random"),
    (3, 3, {"max_cards": 2, "up_and_down": True, "grab_and_pass": True}, "en", "normal", "full", "simple"),
    (
        4,
        1,
        {"max_cards": 2, "pack": "skat64", "grab_and_pass": True, "up_and_down": True},
        "en",
        "full",
        "full",
        "easy",
    ),
]


def audit(
    data: Path,
    seed: int,
    players: int,
    humans: int,
    options: dict[str, Any],
    lang: str,
    verbosity: str,
    card_names: str,
    computer: str,
    **kw: Any,
) -> Audit:
    request = GameRequest("ohhell", players, humans, None, 500 + seed, dict(options))
    return Audit(
        request,
        lang,
        seed,
        verbosity=verbosity,
        card_names=card_names,
        computer=computer,
        data=data / str(seed),
        **kw,
    )


@pytest.mark.parametrize(("players", "humans", "options", "lang", "verbosity", "card_names", "computer"), PROGRAM)
def test_the_program_shows_each_person_only_their_own_hand(
    data: Path,
    players: int,
    humans: int,
    options: dict[str, Any],
    lang: str,
    verbosity: str,
    card_names: str,
    computer: str,
) -> None:
    """Whole games at the keyboard, review keys and the score sheet now and then: nothing shown names a
    card of another hand; at a hot seat nothing names a hand before its owner has taken the keyboard."""
    for seed in (players, players + 10):
        checked = audit(data, seed, players, humans, options, lang, verbosity, card_names, computer)
        figures = checked.run()
        assert not figures.found, "\n".join(figures.found[:10])
        assert checked.screen is not None and checked.screen.table.state.result is not None, "the game did not end"
        assert figures.watched == figures.steps > 10 and figures.cells > 20 and figures.history
        if humans > 1:
            assert figures.handovers, "no hand-over was checked"


def test_a_resumed_hot_seat_game_asks_for_the_hand_over_before_any_hand(data: Path) -> None:
    request = GameRequest("ohhell", 4, 2, None, 77, {"max_cards": 3, "grab_and_pass": True})
    first = Audit(request, "de", 1, data=data, max_keys=25, verbosity="full")
    assert not first.run().found
    assert first.screen is not None and first.screen.table.state.result is None, "the first part ended the game"
    resumed = Audit(request, "de", 2, data=data, resume=True, verbosity="full")
    figures = resumed.run()
    assert not figures.found, "\n".join(figures.found[:10])
    assert figures.handovers and resumed.screen is not None and resumed.screen.table.state.result is not None


@pytest.mark.slow
@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: "-".join(str(v) for v in o.values()))
def test_many_seeded_games_of_every_option(data: Path, options: dict[str, Any]) -> None:
    """The sweep: per option set 3 to 6 players with one to three people, both languages, every verbosity,
    engine views and every seat's narrator over more games, and the program over eight games."""
    for index in range(12):
        seed = 9000 + index
        watch = game(seed, 3 + index % 4, options, max_cards=None if index % 10 == 0 else 4)
        rng = random.Random(seed)
        for step, _events in enumerate(play(watch, rng)):
            check_views(watch, rng, step)
    for index in range(3):
        seed = 9500 + index
        tell(game(seed, 3 + index % 4, options, max_cards=3), random.Random(seed))
    for index in range(8):
        players = 3 + index % 4
        checked = audit(
            data,
            100 + index,
            players,
            1 + index % min(3, players),
            {**options, "max_cards": 2 + index % 2},
            ("en", "de")[index % 2],
            VERBOSITIES[index % 3],
            ("full", "short")[index // 4],
            ("easy", "medium", "simple", "random")[index % 4],
        )
        figures = checked.run()
        assert not figures.found, "\n".join(figures.found[:10])
        assert checked.screen is not None and checked.screen.table.state.result is not None


# --- each check fails when its protection is taken away ----------------------------------------------------


def test_the_view_check_catches_a_view_that_shows_the_next_hand(monkeypatch: pytest.MonkeyPatch) -> None:
    real = OhHellState.view

    def shows_a_neighbour(self: OhHellState, seat: int) -> OhHellView:
        view = real(self, seat)
        other = self.hands[(seat + 1) % self.players]
        return dataclasses.replace(view, trick=(*view.trick, (seat, self.pack.card(other[0])))) if other else view

    monkeypatch.setattr(OhHellState, "view", shows_a_neighbour)
    watch = game(1, 4, {})
    rng = random.Random(1)
    with pytest.raises(AssertionError, match="holds hidden cards"):
        for step, _events in enumerate(play(watch, rng)):
            check_views(watch, rng, step)


def test_the_shuffle_check_catches_a_view_that_depends_on_a_hidden_card(monkeypatch: pytest.MonkeyPatch) -> None:
    """A view whose hand sizes give away where the aces are (a number, no card at all) is caught by the shuffle."""
    real = OhHellState.view

    def counts_aces(self: OhHellState, seat: int) -> OhHellView:
        view = real(self, seat)
        aces = tuple(sum(1 for c in hand if self.pack.cards[c].rank == 1) for hand in self.hands)
        return dataclasses.replace(view, hand_sizes=aces)

    monkeypatch.setattr(OhHellState, "view", counts_aces)
    watch = game(2, 3, {}, max_cards=None)
    rng = random.Random(2)
    with pytest.raises(AssertionError, match="changes when the hidden cards are shuffled"):
        for step, _events in enumerate(play(watch, rng)):
            check_views(watch, rng, step)


def test_the_announcement_check_catches_a_narrator_told_from_another_seats_view() -> None:
    watch = game(3, 3, {}, max_cards=3)
    state = watch.state
    with pytest.raises(AssertionError, match="names hidden cards"):
        tell(watch, random.Random(3), view_of=lambda seat: state.view((seat + 1) % state.players))


def test_a_hand_said_by_suit_is_spotted_in_both_languages() -> None:
    """The grouped forms of the hand and of "you must follow" read as cards, counts and bids do not."""
    en, de = spotter("en", "french52"), spotter("de", "skat64")
    assert {c.code for c in en.cards("Your hand: hearts: nine; trump clubs: queen and seven.")} == {"9H", "QC", "7C"}
    assert {c.code for c in en.cards("You must follow clubs: the queen or the seven.")} == {"QC", "7C"}
    assert {c.code for c in en.cards("You must follow clubs: the king or the ace of spades.")} == {"KC", "AS"}
    assert {c.code for c in de.cards("Du musst Kreuz bedienen: Dame oder Sieben.")} == {"QC", "7C"}
    assert {c.code for c in de.cards("Pik: Zehn, Neun und Acht")} == {"TS", "9S", "8S"}
    assert not en.cards("Computer 1 bid 2 and has 1 trick: 1 more to take. Bids so far: 3 for 4 tricks.")
    assert not de.cards("Runde 4 von 12: 4 Karten für jeden. Trumpf: Herz.")


def test_the_program_audit_catches_a_hand_told_at_the_deal_to_nobody(
    data: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The deal at full verbosity once told the hand of seat 0 to whoever read a hot seat's saved history."""
    real = OhHellNarrator._dealt

    def tells_seat_0(self: OhHellNarrator, event: Any, view: OhHellView) -> Utterance:
        said = real(self, event, view)
        if self.you is None and view.hand:
            return Utterance(said.speech + " " + self._hand_words(view), said.braille, kind=said.kind)
        return said

    monkeypatch.setattr(OhHellNarrator, "_dealt", tells_seat_0)
    found = audit(data, 4, 3, 2, {"max_cards": 2}, "en", "full", "full", "easy").run().found
    assert any(line.startswith("saved history for seat 1") for line in found), found[:3]


class _NoHandover(GameScreen):
    """A hot seat without the hand-over: the next person's turn (and hand) is told at once."""

    def before_input(self) -> None:
        turn = self.table.state.to_move()
        if turn in self.table.persons():
            self.at_keyboard = turn
        super().before_input()


def test_the_hot_seat_check_catches_a_hand_read_before_the_handover(data: Path) -> None:
    found = audit(data, 5, 3, 3, {"max_cards": 2}, "de", "normal", "full", "easy", screen=_NoHandover).run().found
    assert any("before that person confirmed the hand-over" in line for line in found), found[:3]


def test_the_watcher_check_catches_a_public_view_with_a_hand(data: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    real = OhHellState.public_view

    def with_a_hand(self: OhHellState) -> OhHellView:
        view = real(self)
        return dataclasses.replace(view, hand=tuple(self.pack.card(c) for c in self.hands[0]))

    monkeypatch.setattr(OhHellState, "public_view", with_a_hand)
    found = audit(data, 6, 3, 1, {"max_cards": 2}, "en", "normal", "full", "easy").run().found
    assert any(line.startswith("watcher's view holds") for line in found), found[:3]
    assert any("changes when the hands are shuffled" in line for line in found), found[:3]
