"""Hidden cards stay hidden: nothing meant for one seat names a card it may not know.

For War that is every card not face up on the table: the piles, the face-down cards of a war, the
cards set aside or out of play ("Nobody looks at their pile"; war cards are laid "face down"). For
the Stealing Bundles family it is the other hands, the stock, and the sweep-bonus cards taken from
the stock unseen. The save file itself may hold everything; what is shown for a seat may not.

Seeded random games of War and every preset, with 2, 3 and 4 players and the options, are checked
after every step for every seat: the view (its cards, and that it stays the same when the cards
hidden from that seat are shuffled among their places), every announcement of the narrators with
that seat as "you" (speech text, braille text and the braille cells liblouis makes of it) in
English and German at every verbosity, and the review keys. The program itself is then played
from a script of keys, one person or several at one keyboard, and every line it writes, every log
record, anything on standard error, its history and the saved game's history are checked as they
come; the hand-over of a hot seat is also played in a real terminal. Each check is shown to fail
when its protection is taken away.
"""

from __future__ import annotations

import dataclasses
import functools
import logging
import random
import re
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from hidden_audit import Audit
from hidden_audit import data as data  # the saves folder of the program's games, a fixture
from hidden_support import (
    BundlesWatch,
    CellSpotter,
    Spotter,
    WarWatch,
    cards_in,
    leaks,
    turned_up,
)
from hypothesis import given, settings
from hypothesis import strategies as st
from terminal_support import Player

from accessible_cards.braille import louis
from accessible_cards.cards import Card, deck
from accessible_cards.engine import Event
from accessible_cards.games.bundles.narrator import BundlesNarrator
from accessible_cards.games.bundles.rules import VARIANTS, BundlesOptions, BundlesView
from accessible_cards.games.bundles.state import BundlesState
from accessible_cards.games.war.narrator import WarNarrator
from accessible_cards.games.war.state import TURN, Battle, FaceDown, WarOptions, WarState, WarView
from accessible_cards.i18n import Catalog
from accessible_cards.narration.card_names import CardNames
from accessible_cards.ui.app import GameRequest
from accessible_cards.ui.game_screen import GameScreen
from accessible_cards.utterance import VERBOSITIES, Utterance

GAMES = ("war", *VARIANTS)
LANGS = ("en", "de")
OPTIONS = ("double_bundles", "wild_jacks", "sweep_bonus", "last_capture_bonus", "stealing")

VIEW_GAMES = {"war": 180, **dict.fromkeys(VARIANTS, 150)}
"""Games per game or preset whose views are checked (2, 3 and 4 players in turn)."""
TOLD_GAMES = {"war": 10, **dict.fromkeys(VARIANTS, 12)}
"""Games per game or preset whose announcements and braille are checked."""


# --- the checks ---------------------------------------------------------------------------


@functools.cache
def spotter(lang: str, kind: str) -> Spotter:
    return Spotter(lang, kind)


@functools.cache
def cell_spotter(lang: str, grade: str | None, kind: str) -> CellSpotter:
    return CellSpotter(lang, grade, kind)


@functools.lru_cache(maxsize=200_000)
def read_cells(cells: CellSpotter, text: str) -> tuple[str, frozenset[Card]]:
    """The braille cells of ``text`` and the cards they show (lines repeat: each is translated once)."""
    line, shown = cells.cards(text)
    return line, frozenset(shown)


@dataclasses.dataclass
class Tally:
    """What a test checked, for the figures in ``docs/reliability.md``."""

    games: int = 0
    steps: int = 0
    views: int = 0
    utterances: int = 0
    braille_lines: int = 0
    cells: int = 0

    def __str__(self) -> str:
        return (
            f"{self.games} games, {self.steps} steps, {self.views} seat views, "
            f"{self.utterances} announcements, {self.braille_lines} braille lines, {self.cells} read back as cells"
        )


def codes(cards: set[Card] | frozenset[Card]) -> list[str]:
    return sorted(card.code for card in cards)


def check_view(watch: WarWatch | BundlesWatch, seat: int, view: Any) -> None:
    """The view of ``seat`` holds no card hidden from it."""
    pack = watch.state.deck
    if pack.suited:
        ids = card_ids(pack.kind.value)
        shown = {ids[card] for card in cards_in(view)} & watch.hidden(seat)
        assert not shown, f"seat {seat}'s view holds hidden cards {pack.codes(sorted(shown))}: {view!r}"


def check_twin(seat: int, view: Any, twin: Any) -> None:
    """``twin`` (the same game with the cards hidden from ``seat`` shuffled among their places) gives the
    very same view: the view cannot depend on those cards, whatever form it would give them in."""
    assert twin.view(seat) == view, (
        f"seat {seat}'s view changes when the cards hidden from it are shuffled:\n{view!r}\n{twin.view(seat)!r}"
    )


@functools.cache
def card_ids(kind: str) -> dict[Card, int]:
    return {card: index for index, card in enumerate(deck(kind).cards)}


def views_of(watch: WarWatch | BundlesWatch, rng: random.Random, step: int) -> int:
    """Check every seat's view now, and one seat's view (each in turn) against a shuffled twin of the game.

    In War every seat has the same hidden cards, so one twin serves every seat. Returns how many views
    were checked.
    """
    state = watch.state
    players = state.players
    views = [state.view(seat) for seat in range(players)]
    for seat, view in enumerate(views):
        check_view(watch, seat, view)
    if isinstance(watch, WarWatch):
        twin = watch.shuffled(rng)
        for seat, view in enumerate(views):
            check_twin(seat, view, twin)
    else:
        seat = step % players
        check_twin(seat, views[seat], watch.shuffled(seat, rng))
    return players


def check_utterance(
    utterance: Utterance | str | None,
    hidden: frozenset[Card],
    lang: str,
    kind: str,
    cells: CellSpotter,
    tally: Tally,
    where: str,
) -> None:
    """Neither the speech, nor the braille text, nor its braille cells name a hidden card.

    The braille cells must also show every card the braille text names, so the cell check is seen
    to find cards as liblouis really writes them.
    """
    if utterance is None:
        return
    if isinstance(utterance, str):
        utterance = Utterance(utterance, "")
    tally.utterances += 1
    names = spotter(lang, kind)
    for part, text in (("speech", utterance.speech), ("braille", utterance.braille)):
        leaked = names.cards(text) & hidden
        assert not leaked, f"{where}: the {part} {text!r} names hidden cards {codes(leaked)}"
    if not utterance.braille:
        return
    tally.braille_lines += 1
    if tally.braille_lines % (3 if names.cards(utterance.braille) else 16):
        return  # cells show a card only where the text has its code or name: a third of those lines are read
    tally.cells += 1
    check_cells(utterance.braille, hidden, names, cells, where)


def check_cells(braille: str, hidden: frozenset[Card], names: Spotter, cells: CellSpotter, where: str) -> None:
    """The braille cells liblouis makes of ``braille`` show no hidden card, and every card its text names."""
    line, shown = read_cells(cells, braille)
    leaked = shown & hidden
    assert not leaked, f"{where}: the braille cells {line} of {braille!r} show hidden cards {codes(leaked)}"
    missed = names.cards(braille) - shown
    assert not missed, f"{where}: the cells {line} of {braille!r} were not seen to show {codes(missed)}"


# --- the games ------------------------------------------------------------------------------


def war_game(seed: int, players: int, *, numbers: bool = False) -> WarWatch:
    rng = random.Random(seed)
    options = WarOptions(
        face_down=rng.choice((0, 1, 2, 3, 3)),
        short=rng.choice(("lose", "last_card_up")),
        pickup=rng.choice(("shuffle", "shuffle", "winner_first", "seat_order")),
        max_rounds=rng.randint(10, 60),
        deck="numbers" if numbers else "french52",
    )
    return WarWatch(WarState(players, options, seed))


def bundles_options(variant: str, players: int, index: int, rng: random.Random) -> BundlesOptions:
    """A preset for 2-4 players with the options: the first games of each player count with every
    option off, then on; the rest with each option on, off or as the preset has it, at random."""
    given: dict[str, Any] = {"players": players}
    for name in OPTIONS:
        if index < 6:
            given[name] = index >= 3
        elif rng.random() < 0.6:
            given[name] = rng.random() < 0.5
    return BundlesOptions.preset(variant, given)


def bundles_game(variant: str, seed: int, index: int) -> BundlesWatch:
    options = bundles_options(variant, seats_for(index), index, random.Random(seed))
    return BundlesWatch(BundlesState(options, seed))


def play(watch: WarWatch | BundlesWatch, rng: random.Random) -> Iterator[list[Event]]:
    """Deal, then play random legal actions to the end; yield each step's events."""
    yield watch.start()
    state = watch.state
    while state.result is None:
        if isinstance(watch, WarWatch):
            yield watch.step(TURN)
        else:
            yield watch.step(rng.choice(watch.state.actions()))


def seats_for(index: int) -> int:
    """2, 3 and 4 players in turn."""
    return 2 + index % 3


# --- 1 (a): views -----------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_no_view_holds_or_depends_on_a_hidden_card(game: str) -> None:
    """At every step, every seat's view holds no card hidden from it and does not change when they move."""
    tally = Tally()
    for index in range(VIEW_GAMES[game]):
        seed = 1000 * (GAMES.index(game) + 1) + index
        players = seats_for(index)
        rng = random.Random(seed)
        if game == "war":
            watch: WarWatch | BundlesWatch = war_game(seed, players, numbers=index % 4 == 3)
        else:
            watch = bundles_game(game, seed, index)
        for _events in play(watch, rng):
            tally.steps += 1
            tally.views += views_of(watch, rng, tally.steps)
        tally.games += 1
    print(f"views, {game}: {tally}")
    assert tally.games == VIEW_GAMES[game]


# --- 1 (b), (c): announcements, review keys, braille --------------------------------------------


@dataclasses.dataclass
class Listener:
    """One seat's narrator in one language, and the braille table it is read with."""

    narrator: WarNarrator | BundlesNarrator
    lang: str
    cells: CellSpotter
    make: Callable[[], WarNarrator | BundlesNarrator]


def listeners(watch: WarWatch | BundlesWatch, rng: random.Random) -> dict[int, Listener]:
    """For every seat a narrator with that seat as "you" (now and then named as at a hot seat instead),
    English and German in turn from seat to seat, at a verbosity of its own, read with a braille table
    chosen among its language's tables."""
    state = watch.state
    players = state.players
    kind = state.deck.kind.value
    card_names = rng.choice(("full", "full", "short"))
    flip = rng.randrange(2)
    result: dict[int, Listener] = {}
    for seat in range(players):
        hot_seat = rng.random() < 0.2
        names: list[str | None] = (
            [f"Player {s + 1}" if s <= seat else f"Computer {s - seat}" for s in range(players)]
            if hot_seat
            else [None] * players
        )
        you = None if hot_seat else seat
        lang = LANGS[(seat + flip) % 2]
        verbosity = rng.choice(VERBOSITIES)

        def make(
            lang: str = lang, verbosity: str = verbosity, names: list[str | None] = names, you: int | None = you
        ) -> WarNarrator | BundlesNarrator:
            if isinstance(state, WarState):
                return WarNarrator(lang, verbosity, players, names, you=you)
            return BundlesNarrator(lang, verbosity, kind, names, card_names, you=you, options=state.options)

        grade = rng.choice(louis.grade_names(lang))
        result[seat] = Listener(make(), lang, cell_spotter(lang, grade, kind), make)
    return result


REVIEWS_A_STEP = 4
"""Review keys asked for each seat after each step (a random choice among them; War has four)."""


def reviews(
    narrator: WarNarrator | BundlesNarrator, view: Any, watch: Any, rng: random.Random
) -> list[Callable[[], Utterance | str]]:
    """What the review keys say for ``view``: hand (and by suit), table, bundles, scores, a card by its
    position (and an empty position), whose turn, the hand-over, the labels of a choice; in War the pile,
    the table, the scores and the counts. A few of them, chosen at random."""
    if isinstance(narrator, WarNarrator):
        assert isinstance(view, WarView)
        return [
            functools.partial(say, view) for say in (narrator.pile, narrator.table, narrator.scores, narrator.counts)
        ]
    assert isinstance(view, BundlesView)
    asked: list[Callable[[], Utterance | str]] = [
        functools.partial(narrator.hand, view),
        functools.partial(narrator.hand, view, by_suit=True),
        functools.partial(narrator.table, view),
        functools.partial(narrator.bundles, view),
        functools.partial(narrator.scores, view),
        functools.partial(narrator.turn, view),
        functools.partial(narrator.handoff, rng.randrange(view.players)),
        functools.partial(narrator.card_at, view, rng.randrange(len(view.hand) + 1)),
    ]
    if view.turn == view.seat:
        asked += [functools.partial(narrator.action, action, view) for action in watch.state.actions()]
    return rng.sample(asked, min(REVIEWS_A_STEP, len(asked)))


def tell_game(
    watch: WarWatch | BundlesWatch,
    rng: random.Random,
    tally: Tally,
    view_of: Callable[[int], Any] | None = None,
) -> None:
    """Play one game; after every step check, for every seat, what its narrator says of the events
    (nothing hidden both before and after the step, save the cards the step turned up) and what the
    review keys say (nothing hidden now). ``view_of`` gives the view a seat is told from."""
    state = watch.state
    kind = state.deck.kind.value
    cards = state.deck.cards
    seats = listeners(watch, rng)
    view_of = view_of or state.view
    before: dict[int, frozenset[int]] = {}  # the deal: what is hidden after it was hidden all along
    for events in play(watch, rng):
        tally.steps += 1
        for seat, listener in seats.items():
            now = watch.hidden(seat)
            during = frozenset(cards[i] for i in (now & before.get(seat, now)) - watch.revealed)
            hidden_now = frozenset(cards[i] for i in now)
            before[seat] = now
            view = view_of(seat)
            if rng.random() < 0.03:
                listener.narrator.verbosity = rng.choice(VERBOSITIES)
            if rng.random() < 0.01:
                listener.narrator = listener.make()  # made again mid-game, as a change of settings does
            lang = listener.lang
            for event in events:
                said = listener.narrator.event(event, view)
                check_utterance(said, during, lang, kind, listener.cells, tally, f"seat {seat}, {lang}, {event!r}")
            for asked in reviews(listener.narrator, view, watch, rng):
                check_utterance(asked(), hidden_now, lang, kind, listener.cells, tally, f"seat {seat}, {lang}, {asked}")
    tally.games += 1


@pytest.mark.parametrize("game", GAMES)
def test_no_announcement_or_braille_line_names_a_hidden_card(game: str) -> None:
    """Every event and review key, said to each seat, in English and German, at every verbosity."""
    tally = Tally()
    for index in range(TOLD_GAMES[game]):
        seed = 50_000 + 1000 * GAMES.index(game) + index
        players = seats_for(index)
        watch = war_game(seed, players) if game == "war" else bundles_game(game, seed, index)
        tell_game(watch, random.Random(seed), tally)
    print(f"announcements, {game}: {tally}")
    assert tally.games == TOLD_GAMES[game]


def test_every_option_and_seat_count_was_played() -> None:
    """The random games above reach every preset with 2, 3 and 4 players and each option both ways."""
    reached: set[tuple[str, int, str, bool]] = set()
    for variant in VARIANTS:
        for index in range(TOLD_GAMES[variant]):
            seed = 50_000 + 1000 * GAMES.index(variant) + index
            options = bundles_options(variant, seats_for(index), index, random.Random(seed))
            for name in OPTIONS:
                reached.add((variant, options.players, name, getattr(options, name)))
    wanted = {(v, p, name, on) for v in VARIANTS for p in (2, 3, 4) for name in OPTIONS for on in (False, True)}
    assert wanted <= reached, sorted(wanted - reached)


# --- 1 (d), (e) and 2: the program itself -------------------------------------------------------


class Sums:
    """Sums of :class:`hidden_audit.Figures`."""

    def __init__(self) -> None:
        self.sums: dict[str, int] = {}

    def add(self, figures: Any) -> None:
        for field in dataclasses.fields(figures):
            value = getattr(figures, field.name)
            if isinstance(value, int):
                self.sums[field.name] = self.sums.get(field.name, 0) + value
        self.sums["games"] = self.sums.get("games", 0) + 1

    def __str__(self) -> str:
        return ", ".join(f"{value} {name}" for name, value in self.sums.items())


PROGRAM = [
    # game, variant, players, people, options, language, verbosity, card names
    ("bundles", "standard", 2, 1, {}, "en", "normal", "full"),
    ("bundles", "standard", 3, 2, {"sweep_bonus": True, "wild_jacks": True}, "en", "full", "full"),
    ("bundles", "standard", 4, 4, {"double_bundles": True}, "de", "normal", "full"),
    ("bundles", "friendly", 3, 3, {}, "de", "brief", "short"),
    ("bundles", "casita-robada", 4, 2, {"sweep_bonus": True}, "de", "full", "full"),
    ("bundles", "rubamazzo", 2, 2, {"double_bundles": True, "sweep_bonus": True}, "en", "normal", "full"),
    ("bundles", "rubamazzetto", 3, 1, {"last_capture_bonus": False}, "en", "brief", "full"),
    ("bundles", "rubamazzo-15", 4, 3, {"wild_jacks": True}, "de", "normal", "short"),
    ("war", "standard", 2, 1, {"max_rounds": 40}, "en", "full", "full"),
    ("war", "standard", 3, 2, {"max_rounds": 40, "face_down": 1}, "de", "normal", "full"),
    ("war", "standard", 4, 1, {"max_rounds": 40, "short": "last_card_up"}, "en", "brief", "full"),
]
PROGRAM_SEEDS = 2


@pytest.mark.parametrize(
    ("game", "variant", "players", "humans", "options", "lang", "verbosity", "card_names"), PROGRAM
)
def test_the_program_shows_each_person_only_what_they_may_know(
    data: Path,
    game: str,
    variant: str,
    players: int,
    humans: int,
    options: dict[str, Any],
    lang: str,
    verbosity: str,
    card_names: str,
) -> None:
    """Whole games at the keyboard, review keys and history pressed now and then: every terminal line,
    utterance, braille line, log record, warning and line on standard error; the history and the saved
    game's history; in a hot seat, nothing names a hand before its owner has confirmed the hand-over."""
    totals = Sums()
    for seed in range(PROGRAM_SEEDS):
        request = GameRequest(game, players, humans, variant, 300 + seed, dict(options))
        audit = Audit(
            request,
            lang,
            seed,
            verbosity=verbosity,
            card_names=card_names,
            quiz=game == "war" and seed % 2 == 1,
            computer=("simple", "random")[seed % 2],
            data=data / str(seed),
        )
        figures = audit.run()
        assert not figures.found, "\n".join(figures.found[:10])
        assert audit.screen is not None and audit.screen.table.state.result is not None, "the game did not end"
        totals.add(figures)
        if humans > 1 and game == "bundles":
            assert figures.handovers, "no hand-over was checked"
    print(f"program, {game} {variant} {players} players {humans} people: {totals}")


def test_a_resumed_hot_seat_game_asks_for_the_hand_over_before_any_hand(data: Path) -> None:
    """A hot-seat game stopped halfway and resumed: the first hand is read only after its owner confirms."""
    request = GameRequest("bundles", 3, 2, "standard", 77, {"sweep_bonus": True})
    first = Audit(request, "en", 1, data=data, max_keys=45)
    assert not first.run().found
    assert first.screen is not None and first.screen.table.state.result is None, "the first part ended the game"
    resumed = Audit(request, "en", 2, data=data, resume=True)
    figures = resumed.run()
    assert not figures.found, "\n".join(figures.found[:10])
    assert figures.handovers and resumed.screen is not None and resumed.screen.table.state.result is not None


# --- 2: hot seat in a real terminal -------------------------------------------------------------

_HANDOVER = r"Press Enter when (Player \d) is at the keyboard\.$"
_NEXT = _HANDOVER + r"|can do more than one thing"


def _lines_until(player: Player, pattern: str, seconds: float = 10.0) -> list[str]:
    """Every new line until one matches ``pattern`` (and what came with it)."""
    player.wait_for(pattern, seconds)
    player.settle(0.1)
    lines = player.said()
    fresh = lines[player.mark :]
    player.mark = len(lines)
    return fresh


def test_a_hot_seat_in_a_real_terminal_reads_a_hand_only_after_its_owner_confirms(
    players: list[Player], config: Path, tmp_path: Path
) -> None:
    """Two people and a computer at one keyboard: after every play that passes the turn to the other
    person, nothing written before that person presses Enter names a card of their hand."""
    player = Player(
        ["play", "bundles", "--players", "3", "--humans", "2", "--seed", "12", "--pause", "0", "--lang", "en"],
        config,
        env={"ACCESSIBLE_CARDS_DATA_DIR": str(tmp_path / "data")},
    )
    players.append(player)
    names = spotter("en", "french52")
    before: list[str] = []
    handovers = 0
    while handovers < 6:
        before += _lines_until(player, _NEXT)
        if "can do more than one thing" in before[-1]:
            player.press("enter")
            continue
        asked = re.search(_HANDOVER, before[-1])
        assert asked, before[-3:]
        if handovers:
            # the screen and its scrollback were cleared: a screen reader cannot review the last hand
            assert not [line for line in player.lines() if line.startswith("Your turn. You hold: ")]
        player.press("h", "t")  # nothing is read before Enter: each key is told to wait for it
        before += _lines_until(player, _HANDOVER)
        player.press("enter")
        told = _lines_until(player, r"^Your turn\. You hold: ")
        hand_line = next(line for line in told if line.startswith("Your turn. You hold: "))
        hand = names.cards(hand_line)
        assert hand, hand_line
        early = [(line, codes(names.cards(line) & hand)) for line in before if names.cards(line) & hand]
        assert not early, f"{asked.group(1)}'s hand was named before the hand-over: {early}"
        handovers += 1
        before = [line for line in told if line != hand_line]
        player.press("1", "1")
    print(f"hot seat in a terminal: {handovers} hand-overs checked")


# --- 3: each check fails when its protection is taken away ----------------------------------------


def test_the_view_check_catches_a_view_that_shows_the_stock(monkeypatch: pytest.MonkeyPatch) -> None:
    real = BundlesState.view

    def shows_the_top_of_the_stock(self: BundlesState, seat: int) -> BundlesView:
        view = real(self, seat)
        if not self.stock:
            return view
        return dataclasses.replace(view, table=(*view.table, self.deck.cards[self.stock[-1]]))

    monkeypatch.setattr(BundlesState, "view", shows_the_top_of_the_stock)
    watch = bundles_game("standard", 1, 0)
    rng = random.Random(1)
    with pytest.raises(AssertionError, match="holds hidden cards"):
        for step, _events in enumerate(play(watch, rng)):
            views_of(watch, rng, step)


def test_the_shuffle_check_catches_a_view_that_depends_on_a_hidden_card(monkeypatch: pytest.MonkeyPatch) -> None:
    """A view that gives the stock's top card as a number (no Card at all) is caught by the shuffle."""
    real = BundlesState.view

    def stock_as_its_top_card(self: BundlesState, seat: int) -> BundlesView:
        view = real(self, seat)
        return dataclasses.replace(view, stock=self.stock[-1] if self.stock else 0)

    monkeypatch.setattr(BundlesState, "view", stock_as_its_top_card)
    watch = bundles_game("rubamazzo", 2, 1)
    rng = random.Random(2)
    with pytest.raises(AssertionError, match="changes when the cards hidden from it are shuffled"):
        for step, _events in enumerate(play(watch, rng)):
            views_of(watch, rng, step)


def test_the_view_check_catches_a_war_view_that_shows_a_pile(monkeypatch: pytest.MonkeyPatch) -> None:
    real = WarState.view

    def shows_the_next_card(self: WarState, seat: int) -> WarView:
        view = real(self, seat)
        pile = self.piles[seat]
        return dataclasses.replace(view, table_up=(*view.table_up, (seat, self.deck.cards[pile[0]]))) if pile else view

    monkeypatch.setattr(WarState, "view", shows_the_next_card)
    watch = war_game(3, 2)
    rng = random.Random(3)
    with pytest.raises(AssertionError, match="holds hidden cards"):
        for step, _events in enumerate(play(watch, rng)):
            views_of(watch, rng, step)


def test_the_announcement_check_catches_a_narrator_told_from_another_seats_view() -> None:
    """A screen that reads the wrong seat's view would say another hand: the check names the leak."""
    watch = bundles_game("standard", 4, 0)
    state = watch.state
    with pytest.raises(AssertionError, match="names hidden cards"):
        tell_game(watch, random.Random(4), Tally(), view_of=lambda seat: state.view(1 - seat))


def test_the_announcement_check_catches_a_named_face_down_card() -> None:
    """Saying the next card of a War pile, in speech or on the braille line, is caught."""
    watch = war_game(5, 2)
    watch.start()
    state = watch.state
    top = state.deck.cards[state.piles[0][0]]
    hidden = frozenset(state.deck.cards[i] for i in watch.hidden(0))
    leak = Utterance(f"Your next card is the {CardNames(Catalog('en')).name(top)}.", f"next {top.code}")
    with pytest.raises(AssertionError, match="names hidden cards"):
        check_utterance(leak, hidden, "en", "french52", cell_spotter("en", None, "french52"), Tally(), "leak")


def test_the_battle_check_catches_a_face_down_card_shown_as_turned_up() -> None:
    state = WarState(2, WarOptions(face_down=3), seed=6)
    state.start()
    before = [list(pile) for pile in state.piles]
    deck52 = state.deck.cards
    honest = [FaceDown(((0, 3), (1, 3))), Battle(((0, deck52[before[0][3]]), (1, deck52[before[1][3]])), (0,))]
    for pile in state.piles:  # the four cards laid went to the table, where they stay (no take here)
        for _ in range(4):
            pile.popleft()
    assert turned_up(state, before, honest) == [before[0][3], before[1][3]]
    lying = [FaceDown(((0, 3), (1, 3))), Battle(((0, deck52[before[0][2]]), (1, deck52[before[1][3]])), (0,))]
    with pytest.raises(AssertionError, match="the card it turned up is"):
        turned_up(state, before, lying)


def test_the_braille_check_catches_a_hidden_card_in_cells_and_not_a_word_that_looks_like_one() -> None:
    cells = cell_spotter("en", None, "french52")
    line, shown = cells.cards("You 3 7H; P2 5 KC")
    assert shown == {Card.parse("7H"), Card.parse("KC")}, line
    for lang, kind, text, named in (
        ("en", "french52", "Player 2 is at the keyboard, as asked. Down: 3 each", []),  # "is" 9S, "as" AS, "ch" 3H
        ("de", "italian40", "Du legst 7D ab", ["7D"]),  # "ab": the cells of the Asso di Bastoni
        ("de", "spanish40", "Spieler 2 nimmt mit As de Oros", ["AD"]),  # the name; "de" alone would be 4S
    ):
        found = cell_spotter(lang, None, kind).cards(text)[1]
        assert codes(found) == named, (text, codes(found))
    hidden = frozenset({Card.parse("9S")})
    check_cells("Player 2 is at the keyboard", hidden, spotter("en", "french52"), cells, "a word")
    for grade in louis.grade_names("en"):
        with pytest.raises(AssertionError, match=r"braille cells .* show hidden cards"):
            check_cells("Hand: 9S 3D", hidden, spotter("en", "french52"), cell_spotter("en", grade, "french52"), "leak")


def test_the_history_check_catches_a_line_with_a_hidden_card() -> None:
    names = spotter("de", "french52")
    history = ["Du legst die Herz Sieben auf den Tisch.", "Spieler 2 nimmt mit dem Kreuz Buben den Pik Buben."]
    hidden = frozenset({Card.parse("JS"), Card.parse("2D")})
    assert leaks(history, hidden, names) == [(history[1], {Card.parse("JS")})]
    assert leaks(history[:1], hidden, names) == []


class _NoHandover(GameScreen):
    """A hot seat without the hand-over: the next person's turn (and hand) is told at once."""

    def before_input(self) -> None:
        turn = self.table.state.view(0).turn
        if turn in self.table.persons():
            self.at_keyboard = turn
        super().before_input()


class _HandInHistory(GameScreen):
    """A screen that keeps the turn announcement (the hand) in the shared history."""

    def before_input(self) -> None:
        super().before_input()
        turn = self.table.state.view(0).turn
        if self.at_keyboard is not None and turn == self.at_keyboard:
            self.history.append(self.narrator.hand(self.view()).speech)


class _LogsHands(GameScreen):
    """A screen that logs every hand at each turn, and prints them to standard error."""

    def before_input(self) -> None:
        super().before_input()
        state: Any = self.table.state
        hands = [state.deck.codes(hand) for hand in state.hands]
        logging.getLogger("accessible_cards").debug("hands: %s", hands)
        print("hands:", hands, file=sys.stderr)


def test_the_hot_seat_check_catches_a_hand_read_before_the_handover(data: Path) -> None:
    request = GameRequest("bundles", 2, 2, "standard", 8, {})
    found = Audit(request, "en", 8, screen=_NoHandover, data=data, max_keys=30).run().found
    assert any("before that person confirmed the hand-over" in line for line in found), found[:3]


def test_the_history_check_catches_a_hand_kept_in_a_shared_history(data: Path) -> None:
    request = GameRequest("bundles", 2, 2, "standard", 9, {})
    found = Audit(request, "en", 9, screen=_HandInHistory, data=data, max_keys=60).run().found
    assert any(line.startswith("history for seat") for line in found), found[:3]


def test_the_log_check_catches_a_logged_hand(data: Path) -> None:
    request = GameRequest("bundles", 3, 1, "standard", 10, {})
    found = Audit(request, "en", 10, screen=_LogsHands, data=data, max_keys=20).run().found
    assert any(line.startswith("log: ") for line in found), found[:3]
    assert any(line.startswith("stderr: ") for line in found), found[:3]


# --- the detector itself ----------------------------------------------------------------------------

SUITED = ("french52", "italian40", "spanish40")


@settings(max_examples=300, deadline=None, derandomize=True)
@given(
    lang=st.sampled_from(LANGS),
    kind=st.sampled_from(SUITED),
    index=st.integers(0, 51),
    form=st.sampled_from(("name", "with", "the", "code", "holding")),
    before=st.sampled_from(("", "Player 2 trails", "Spieler 3 nimmt", "1:", "Tisch:", "(")),
    after=st.sampled_from(("", ".", ",", " and 7 cards", " von dir", ";")),
)
def test_every_way_a_narrator_names_a_card_is_spotted(
    lang: str, kind: str, index: int, form: str, before: str, after: str
) -> None:
    pack = deck(kind)
    card = pack.cards[index % len(pack)]
    narrator = BundlesNarrator(lang, "normal", kind, [None, None])
    said = {
        "name": narrator.card(card),
        "with": narrator._with(card),
        "the": narrator._the(card),
        "code": card.code,
        "holding": narrator._holding((card,)),
    }[form]
    assert spotter(lang, kind).cards(f"{before} {said}{after}".strip()) == {card}


@settings(max_examples=200, deadline=None, derandomize=True)
@given(lang=st.sampled_from(LANGS), kind=st.sampled_from(SUITED), n=st.integers(0, 60), index=st.integers(0, 51))
def test_counts_and_rank_words_are_not_cards(lang: str, kind: str, n: int, index: int) -> None:
    """ "seven cards", "Tie of sevens", "Sieben" alone, a seat's number: no card."""
    pack = deck(kind)
    names = CardNames(Catalog(lang), pack.kind)
    card = pack.cards[index % len(pack)]
    catalog = Catalog(lang)
    texts = [
        catalog.plural("{n} card is left in the stock.", "{n} cards are left in the stock.", n),
        catalog.text("Tie of {ranks}.", ranks=names.ranks(card)),
        catalog.text("Player {number}", "seat name", number=n),
        f"P{n % 5} {n} S{n % 4}",
    ]
    for text in texts:
        assert spotter(lang, kind).cards(text) == set(), text


EXAMPLES = {
    "{code} is not a card code: a rank A, 2 to 9, T, J, Q or K, then a suit S, H, D or C, such as 7H.": (
        "a scenario file's mistake, said before any game: 7H is an example of a code"
    ),
    "Type where and a card, as in where 7H; in key input begin with a colon: :where 7H.": (
        "how to ask where a card is: 7H is an example of what to type"
    ),
    "where a card is: type where and the card, as in where 7H": "a key's help: 7H is an example of what to type",
    "{text} is not a card. Write it as 7H or as seven of hearts.": "a typing mistake: 7H is an example of a card",
}
"""Messages that name a card of their own, and why that tells nothing about a game."""


@pytest.mark.parametrize("lang", LANGS)
def test_no_sentence_of_the_catalog_reads_as_a_card_by_itself(lang: str) -> None:
    """Every message, its placeholders filled with a number, names no card: a card is named only where
    the narrator puts one."""
    catalog = Catalog(lang)
    fill = re.compile(r"\{[a-z_]+\}")
    for kind in SUITED:
        found = []
        for entry in catalog:
            if entry.msgid in EXAMPLES:
                continue
            for text in entry.msgstr:
                named = spotter(lang, kind).cards(fill.sub("2", text))
                if named:
                    found.append((entry.msgid, codes(named)))
        assert not found, found
