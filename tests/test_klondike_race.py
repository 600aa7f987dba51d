"""Klondike's race (the seed's "gegeneinander auf Zeit"), from its rule text: two players, the same deal,
against the clock; more cards on the foundations when the time is up wins, equal counts draw, and who
puts every card up first wins at once. The clock is a fake one: no test waits for minutes.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from accessible_cards import game as games
from accessible_cards.engine import Event
from accessible_cards.errors import CardsError, IllegalActionError, OptionError
from accessible_cards.game import Voice
from accessible_cards.games.klondike.actions import DRAW, FOUNDATION, Move
from accessible_cards.games.klondike.race import (
    ClockTick,
    Go,
    Progress,
    Raced,
    RaceMove,
    RaceOver,
    RacerDone,
    RaceState,
    Stop,
    Tick,
)
from accessible_cards.games.klondike.race_play import RaceNarrator
from accessible_cards.games.klondike.rules import make, options_for
from accessible_cards.table import CLOCK, PERSON, Seat, Table
from accessible_cards.table import Move as TableMove
from accessible_cards.utterance import BRAILLE_CELLS

KLONDIKE = games.get("klondike")


class FakeClock:
    """A clock a test moves on by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


def race(together: bool = False, minutes: int = 3, seed: int = 11, **given: Any) -> tuple[RaceState, FakeClock]:
    clock = FakeClock()
    state = KLONDIKE.new_state(2, "race", {"race_minutes": minutes, "race_together": together, **given}, seed)
    assert isinstance(state, RaceState)
    state.set_clock(clock)
    return state, clock


def aces(together: bool) -> tuple[RaceState, FakeClock]:
    """A tiny deal: the four aces face up in columns 1 to 4, nothing else; four moves put them all up."""
    clock = FakeClock()
    columns = [[make(1, s)] for s in range(4)] + [[], [], []]
    state = RaceState("race", options_for("braillespiel", {}), None, 3, together, 2, columns, [])
    state.set_clock(clock)
    return state, clock


def run_clock(state: RaceState) -> list[Event]:
    events: list[Event] = []
    while (tick := state.clock_action()) is not None:
        events += state.apply(tick)
    return events


def my_move(state: RaceState, racer: int, action: Any) -> list[Event]:
    move = state.seat_action(racer, action)
    assert move in state.legal_actions()
    return state.apply(move)


# --- the same deal -------------------------------------------------------------------------------------------


@pytest.mark.parametrize("together", [False, True])
def test_both_racers_get_the_same_deal(together: bool) -> None:
    """The seed: "gegeneinander auf Zeit" - both play the same deal."""
    state, _ = race(together)
    state.start()
    first, second = state.boards
    assert first.columns == second.columns and first.stock == second.stock and first.down == second.down
    solo = KLONDIKE.new_state(1, "braillespiel", {}, 11)
    solo.start()
    assert solo.columns == first.columns  # the same deal as a game of one from the same seed


def test_a_move_on_one_board_leaves_the_other_alone() -> None:
    state, _ = race(together=True)
    state.start()
    before = state.boards[1].to_json()
    my_move(state, 0, DRAW)
    assert state.boards[1].to_json() == before
    assert state.boards[0].stock != state.boards[1].stock


# --- the clock -------------------------------------------------------------------------------------------------


def test_at_one_keyboard_each_racer_has_the_same_time_in_turn() -> None:
    state, clock = race(minutes=3)
    state.start()
    assert state.to_move() == 0 and list(state.legal_for(0)) == [Go(0)]
    clock.advance(30)  # the hand-over takes its time: the clock starts only with Go
    state.apply(Go(0))
    assert state.next_clock() == 60
    clock.advance(59.5)
    assert state.clock_action() is None
    clock.advance(1)
    told = run_clock(state)
    assert [e.left for e in told if isinstance(e, ClockTick)] == [120]  # 2 minutes left
    clock.advance(120)
    told = run_clock(state)  # a clock looked at late says only the newest: the end
    assert [e.left for e in told if isinstance(e, ClockTick)] == [0]
    assert any(isinstance(e, RacerDone) and e.reason == "time" and e.racer == 0 for e in told)
    assert state.to_move() == 1 and state.result is None
    assert not state.legal_for(0) and list(state.legal_for(1)) == [Go(1)]
    clock.advance(500)  # nothing runs while the second racer comes to the keyboard
    assert state.next_clock() is None and state.view(1).racers[1].left == 180
    state.apply(Go(1))
    said = []
    for _ in range(6):
        clock.advance(state.next_clock() or 0)
        said += [e.left for e in run_clock(state) if isinstance(e, ClockTick)]
    assert said == [120, 60, 30, 10, 0]  # each minute left, then 30 and 10 seconds, then the end
    assert state.result is not None


def test_a_held_clock_stands_still() -> None:
    """A hand-over at one keyboard, or a teacher's pause of a network table, costs no racer any time."""
    state, clock = race(together=True, minutes=3)
    state.start()
    clock.advance(10)
    state.hold_clock(True)
    clock.advance(500)
    assert state.now(0) == 10 and state.next_clock() is None and state.clock_action() is None
    state.hold_clock(False)
    clock.advance(5)
    assert state.now(1) == 15 and state.next_clock() == 45


def test_a_move_read_off_the_clock_just_before_a_minute_goes_after_it() -> None:
    """A key pressed as a minute ends: the clock's step comes first, then the move, which still counts."""
    state, clock = race(together=True, minutes=3)
    state.start()
    clock.advance(59.999)
    move = state.seat_action(0, DRAW)
    clock.advance(0.002)
    run_clock(state)  # "2 minutes left" is said first
    assert move in state.legal_actions()
    state.apply(move)
    assert state.now(0) == pytest.approx(60.001)


def test_a_move_after_the_time_is_up_is_refused() -> None:
    state, clock = race(together=True, minutes=3)
    state.start()
    clock.advance(181)
    late = state.seat_action(0, DRAW)
    assert late not in state.legal_actions()
    with pytest.raises(IllegalActionError):
        state.apply(late)
    run_clock(state)
    assert state.result is not None


def test_a_person_cannot_play_the_clock_or_another_racers_board() -> None:
    state, _ = race(together=True)
    state.start()
    with pytest.raises(IllegalActionError):
        state.seat_action(0, Tick(None, 60.0))
    with pytest.raises(IllegalActionError):
        state.seat_action(0, Stop(None, 170.0))  # nor hand back time with the clock's reading
    with pytest.raises(IllegalActionError):
        state.seat_action(0, RaceMove(1, DRAW, 0.0))


def test_the_time_a_racer_claims_is_not_taken_over_the_network() -> None:
    """A network client's move is stamped with the server's clock, not the time it names."""
    state, clock = race(together=True)
    state.start()
    clock.advance(42)
    move = state.seat_action(1, RaceMove(1, DRAW, 1.0))
    assert move == RaceMove(1, DRAW, 42.0)


# --- who wins ---------------------------------------------------------------------------------------------------


def _foundation_move(state: RaceState, racer: int) -> Move | None:
    going = [m for m in state.boards[racer].moves_now() if m.target == FOUNDATION]
    return going[0] if going else None


def test_more_cards_on_the_foundations_when_the_time_is_up_wins() -> None:
    state, clock = aces(together=True)
    state.start()
    my_move(state, 1, Move(0, FOUNDATION, 1))  # the second racer puts one ace up; the first none
    clock.advance(180)
    told = run_clock(state)
    over = [e for e in told if isinstance(e, RaceOver)]
    assert over and over[0].winners == (1,) and over[0].foundations == (0, 1)
    assert state.result is not None and state.result.winners == (1,)


def test_equal_counts_when_the_time_is_up_are_a_draw() -> None:
    state, clock = aces(together=True)
    state.start()
    my_move(state, 0, Move(0, FOUNDATION, 1))
    clock.advance(20)
    my_move(state, 1, Move(1, FOUNDATION, 1))
    clock.advance(180)
    run_clock(state)
    assert state.result is not None and state.result.winners == (0, 1) and state.result.draw


def test_who_puts_every_card_up_first_wins_at_once() -> None:
    state, clock = aces(together=True)
    state.start()
    for column in range(3):
        my_move(state, 1, Move(column, FOUNDATION, 1))
    for column in range(4):
        clock.advance(5)
        told = my_move(state, 0, Move(column, FOUNDATION, 1))
    assert state.result is not None and state.result.winners == (0,)
    assert any(isinstance(e, RaceOver) and e.winners == (0,) for e in told)
    assert state.clock_action() is None and not state.movers()


def test_at_one_keyboard_equal_counts_go_to_who_reached_them_sooner() -> None:
    state, clock = aces(together=False)
    state.start()
    state.apply(Go(0))
    for column in range(4):
        clock.advance(10)
        my_move(state, 0, Move(column, FOUNDATION, 1))
    assert state.to_move() == 1 and state.result is None
    state.apply(Go(1))
    for column in range(4):
        clock.advance(5)
        told = my_move(state, 1, Move(column, FOUNDATION, 1))
    over = next(e for e in told if isinstance(e, RaceOver))
    assert over.winners == (1,) and over.faster and over.seconds == (40.0, 20.0)


def test_at_one_keyboard_equal_counts_at_the_same_time_are_a_draw() -> None:
    state, clock = aces(together=False)
    state.start()
    for racer in range(2):
        state.apply(Go(racer))
        clock.advance(180)
        run_clock(state)
    assert state.result is not None and state.result.winners == (0, 1)


def test_at_one_keyboard_giving_up_early_does_not_win_a_tie() -> None:
    """Equal counts go to who had them sooner on their own clock, not to who stopped sooner."""
    from accessible_cards.games.klondike.actions import GIVE_UP

    state, clock = aces(together=False)
    state.start()
    state.apply(Go(0))
    clock.advance(30)
    my_move(state, 0, Move(0, FOUNDATION, 1))  # the first has 1 card after 30 seconds, and plays on to the end
    clock.advance(150)
    run_clock(state)
    state.apply(Go(1))
    clock.advance(100)
    my_move(state, 1, Move(0, FOUNDATION, 1))  # the second has 1 card after 100 seconds, then gives up
    told = my_move(state, 1, GIVE_UP)
    over = next(e for e in told if isinstance(e, RaceOver))
    assert over.winners == (0,) and over.faster and over.seconds == (30.0, 100.0)


# --- saves ------------------------------------------------------------------------------------------------------------


def test_a_saved_race_comes_back_with_each_board_and_the_time_left() -> None:
    """The table records the clock's steps and every move with its time; a replay makes them again."""
    clock = FakeClock()
    state = KLONDIKE.new_state(2, "race", {"race_minutes": 5}, 3)
    start = json.dumps(state.to_json())
    table = Table(KLONDIKE, state, [Seat.person(), Seat.person()], clock=clock)
    table.start()
    table.play(Go(0))
    for _ in range(5):
        clock.advance(25)
        table.run_clock()
        table.play(state.seat_action(0, DRAW))
    assert any(move.by == CLOCK for move in table.moves)
    saved = [(KLONDIKE.action_to_json(m.action), m.by) for m in table.moves]
    left = state.view(0).racers[0].left
    assert left == pytest.approx(300 - 125)

    later = FakeClock()
    later.now = 99_999.0  # another day, another clock
    again = KLONDIKE.state_from_json(json.loads(start))
    table2 = Table(KLONDIKE, again, [Seat.person(), Seat.person()], clock=later)
    table2.start()
    for data, by in json.loads(json.dumps(saved)):
        table2.replay(TableMove(KLONDIKE.action_from_json(data, "a move"), by))
    assert again.to_json() == state.to_json()
    assert again.view(0).racers[0].left == pytest.approx(left)
    later.advance(10)
    assert again.view(0).racers[0].left == pytest.approx(left - 10)  # the clock goes on from there
    assert KLONDIKE.state_from_json(json.loads(json.dumps(state.to_json()))).to_json() == state.to_json()


def test_a_race_action_that_is_none_is_refused_in_a_file() -> None:
    for bad in ({"racer": -1, "at": 0, "action": "draw"}, {"go": "x"}, {"tick": -5, "racer": None}, {"racer": 0}):
        with pytest.raises(ValueError):
            KLONDIKE.action_from_json(bad, "move 1")


# --- the settings ----------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "de"])
def test_race_minutes_takes_only_the_short_list_and_names_it(lang: str) -> None:
    from accessible_cards.i18n import Catalog
    from accessible_cards.ui.messages import refusal

    with pytest.raises(OptionError) as caught:
        KLONDIKE.new_state(2, "race", {"race_minutes": "7"}, 1)
    said = refusal(caught.value, Catalog(lang).text)
    assert (
        said
        == {
            "en": "The option 'race_minutes' does not take 7; it takes 3, 5, 10, 15, 20.",
            "de": "Die Option 'race_minutes' nimmt 7 nicht; sie nimmt 3, 5, 10, 15, 20.",
        }[lang]
    )
    for minutes in (3, 5, 10, 15, 20):
        assert KLONDIKE.new_state(2, "race", {"race_minutes": str(minutes)}, 1).minutes == minutes  # type: ignore[attr-defined]


def test_the_race_presets_fix_two_people_and_the_others_one() -> None:
    assert KLONDIKE.variant_players["race"] == KLONDIKE.variant_players["classic_race"] == 2
    assert KLONDIKE.variant_players["classic"] == KLONDIKE.variant_players["braillespiel"] == 1
    classic = KLONDIKE.new_state(2, "classic_race", {}, 4)
    assert isinstance(classic, RaceState) and classic.boards[0].options.build == "alternate"


# --- narration, English and German ----------------------------------------------------------------------------------


def narrator(lang: str, state: RaceState, verbosity: str = "normal", you: int | None = 0) -> RaceNarrator:
    names = ["Anna", "Ben"]
    return RaceNarrator(state, Voice(lang, verbosity, names, you))


def told(n: RaceNarrator, state: RaceState, events: list[Event], seat: int) -> list[Any]:
    view = state.view(seat)
    return [u for u in (n.event(e, view) for e in events) if u is not None]


@pytest.mark.parametrize(
    ("lang", "start", "tick", "up", "news", "over"),
    [
        ("en", "A race on the same deal: Anna and Ben play at once, 3 minutes.", "2 minutes left.", "Time is up.",
         "Ben: 1 card on the foundations.", "The race is over. Anna: 0 cards; Ben: 1 card. Ben wins the race."),
        ("de", "Ein Wettlauf mit demselben Spiel: Anna und Ben spielen gleichzeitig, 3 Minuten.", "Noch 2 Minuten.",
         "Die Zeit ist um.", "Ben: 1 Karte auf den Zielstapeln.",
         "Der Wettlauf ist vorbei. Anna: 0 Karten; Ben: 1 Karte. Ben gewinnt den Wettlauf."),
    ],
)  # fmt: skip
def test_a_race_is_told_in_both_languages(lang: str, start: str, tick: str, up: str, news: str, over: str) -> None:
    state, clock = aces(together=True)
    n = narrator(lang, state, "full")
    said = [u.speech for u in told(n, state, state.start(), 0)]
    assert start in said
    clock.advance(60)
    assert tick in [u.speech for u in told(n, state, run_clock(state), 0)]
    rival = told(n, state, my_move(state, 1, Move(1, FOUNDATION, 1)), 0)
    assert [u.speech for u in rival] == [news]  # the rival's count, and not the card nor where it came from
    clock.advance(200)
    end = told(n, state, run_clock(state), 0)
    assert up in [u.speech for u in end] and over in [u.speech for u in end]
    for u in [*rival, *end]:
        assert len(u.braille) <= BRAILLE_CELLS


def suits_deal(together: bool = True) -> tuple[RaceState, FakeClock]:
    """Each suit in a column of its own, its ace on top and the rest face down under it (2 at the bottom): the
    seed's foundation order A, K, Q, ..., 2 takes the whole column, turning up one card after another."""
    clock = FakeClock()
    columns = [[make(r, s) for r in range(2, 14)] + [make(1, s)] for s in range(4)] + [[], [], []]
    state = RaceState("race", options_for("braillespiel", {}), None, 20, together, 2, columns, [])
    state.set_clock(clock)
    return state, clock


@pytest.mark.parametrize("verbosity", ["brief", "normal", "full"])
def test_the_rivals_news_follows_the_verbosity_and_never_names_a_card(verbosity: str) -> None:
    state, clock = suits_deal()
    n = narrator("en", state, verbosity)
    state.start()
    news: list[str] = []
    heard: list[Any] = []
    turned: set[str] = set()
    while state.result is None and (move := _foundation_move(state, 1)) is not None:
        events = my_move(state, 1, move)
        turned |= {c.code for e in events if isinstance(e, Raced) for c in _cards(e.event)}
        heard += told(n, state, events, 0)
        news += [u.speech for e in events if isinstance(e, Progress) and (u := n.event(e, state.view(0)))]
        clock.advance(1)
    assert state.boards[1].on_foundations() == 52 and state.result is not None and state.result.winners == (1,)
    assert len(news) == {"brief": 0, "normal": 10, "full": 52}[verbosity]  # every fifth card at normal
    assert all(line.startswith("Ben: ") and "on the foundations" in line for line in news)
    assert "Ben has put every card on the foundations!" in [u.speech for u in heard]  # told at every verbosity
    text = " ".join(u.speech for u in heard)
    assert not any(word in text for word in ("hearts", "spades", "clubs", "diamonds", "column", "turned"))
    assert not any(code in u.braille.split() for u in heard for code in turned)


def _cards(event: Event) -> list[Any]:
    from accessible_cards.cards import Card

    found: list[Card] = []
    for value in event.to_dict().values():
        if isinstance(value, str) and len(value) == 2:
            found.append(Card.parse(value))
        elif isinstance(value, list):
            found += [Card.parse(v) for v in value if isinstance(v, str) and len(v) == 2]
    return found


def test_rival_news_at_normal_verbosity_comes_every_fifth_card() -> None:
    state, _ = aces(together=True)
    n = narrator("en", state, "normal")
    state.start()
    view = state.view(0)
    assert n.event(Progress(1, 4), view) is None
    said = n.event(Progress(1, 5), view)
    assert said is not None and said.speech == "Ben: 5 cards on the foundations." and said.braille == "Ben: F5"


def test_a_racer_hears_their_own_moves_in_full_and_never_the_rivals() -> None:
    state, _ = race(together=True)
    n = narrator("en", state)
    events = state.start()
    mine = my_move(state, 0, DRAW)
    assert any("Waste:" in u.speech for u in told(n, state, mine, 0))
    assert told(n, state, mine, 1) == []  # the other racer hears nothing of a draw: no news, no card
    assert all(e.for_seat(1) is None for e in mine if isinstance(e, Raced))
    assert [e for e in events if e.for_seat(0) is not None and isinstance(e, Raced) and e.racer == 1] == []


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_clock_and_the_news_fit_a_braille_line_with_long_names(lang: str) -> None:
    state, _ = aces(together=True)
    n = RaceNarrator(state, Voice(lang, "full", ["Maximiliane-Sophie", "Bartholomäus"], 0))
    state.start()
    view = state.view(0)
    for event in (ClockTick(None, 600), ClockTick(None, 30), ClockTick(None, 0), Progress(1, 13),
                  RacerDone(1, "won", 52, 100.0), RaceOver((13, 52), (100.0, 90.0), (1,), False),
                  RaceOver((13, 13), (100.0, 90.0), (0, 1), False)):  # fmt: skip
        u = n.event(event, view)
        assert u is not None and len(u.braille) <= BRAILLE_CELLS, u
    assert len(n.time_left(view).braille) <= BRAILLE_CELLS


def test_a_watcher_sees_both_boards_public_parts() -> None:
    state, _ = race(together=True)
    state.start()
    my_move(state, 0, DRAW)
    public = state.public_view()
    assert public.seat == -1 and all(board is not None for board in public.boards)
    for board, racer in zip(public.boards, range(2)):
        assert board is not None
        hidden = {c for c in state.hidden_cards(racer)}
        shown = {c for column in board.columns for c in column.up} | set(board.waste)
        from accessible_cards.games.klondike.state import card_of

        assert not {card_of(c) for c in hidden} & shown
    own = state.view(1)
    assert own.boards[0] is None and own.boards[1] is not None  # a racer's view holds only their own board


def test_an_unknown_person_move_is_a_cards_error() -> None:
    state, _ = race()
    state.start()
    with pytest.raises(CardsError):
        state.apply(RaceMove(0, DRAW, 0.0))  # before Go: the first racer's clock has not started
    assert PERSON == "person"


# --- the whole program: saved and resumed at one keyboard ----------------------------------------------------------


class SteppingClock:
    """A clock that moves on 3 seconds each time it is read: the program's clock steps come due as it plays."""

    frozen = False
    """True once the program closes: real time barely moves while it writes its save."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        if not SteppingClock.frozen:
            self.now += 3.0
        return self.now


def test_a_race_at_one_keyboard_is_saved_and_resumed_with_its_boards_and_time(
    tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    from saves_support import game_screen, only_save, play

    from accessible_cards import saves
    from accessible_cards.ui import game_screen as screens
    from accessible_cards.ui.app import GameRequest

    monkeypatch.setattr(screens, "game_clock", SteppingClock)
    monkeypatch.setattr(SteppingClock, "frozen", False)
    leave = Table.leave

    def closing(table: Table) -> list[Event]:
        SteppingClock.frozen = True
        return leave(table)

    monkeypatch.setattr(Table, "leave", closing)
    request = GameRequest("klondike", 2, 2, "race", seed=3, options={"race_minutes": 3})
    _, said = play(request, [""], budget=9)  # Enter: to the keyboard, then draw after draw
    assert "The clock runs: 3 minutes. Go!" in said
    assert any(line.endswith(" left.") for line in said)  # the clock's steps came due while playing
    saved = saves.load(only_save(tmp_path / "data"))
    assert not saved.finished and any(move.by == CLOCK for move in saved.moves)
    assert saved.moves[-1].by == CLOCK and type(saved.moves[-1].action).__name__ == "Stop"  # the time when it closed
    current = saved.current
    app, said = play(None, [""], budget=0, resume=True)  # the clock stands still: it is the time saved
    state = game_screen(app).table.state
    assert isinstance(state, RaceState)
    assert [board.to_json() for board in state.boards] == [b for b in current["boards"]]
    assert state.used == current["race"]["used"] and state.ticks == current["race"]["ticks"]
    assert state.turn == 1 and state.done[0] == "time"  # the first racer's time ran out before the save
    assert 0 < current["race"]["used"][1] < 180  # the second racer's time left is kept ("used" above)
    assert any(line.startswith("Player 2: your race goes on, ") for line in said), said


@pytest.mark.parametrize(("lang", "label"), [("en", "Klondike race, minutes for each player: {}"),
                                             ("de", "Klondike-Wettlauf, Minuten für jeden: {}")])  # fmt: skip
def test_the_settings_menu_cycles_the_race_minutes(lang: str, label: str) -> None:
    from saves_support import make_app

    from accessible_cards.ui.app import settings_screen

    app, _ = make_app([""], 0, lang=lang)
    screen = settings_screen(app)
    item = next(item for item in screen.items if item.label == label.format(5))
    assert item.action is not None
    item.action()
    assert app.settings.game("klondike")["race_minutes"] == 10
    assert any(item.label == label.format(10) for item in screen.items)


def test_a_watcher_reviews_both_boards_and_the_clock() -> None:
    from accessible_cards.games.klondike.race_play import RaceController
    from accessible_cards.keys import Typed

    state, clock = race(together=True)
    state.start()
    clock.advance(70)
    said: list[Any] = []

    class Watching:
        lang, listener, names, persons, verbosity = "en", -1, ["Anna", "Ben"], (), "normal"

        def view(self) -> Any:
            return state.public_view()

        def say(self, text: Any) -> None:
            said.append(text)

        def t(self, msgid: str, context: str | None = None, **params: Any) -> str:
            from accessible_cards.i18n import Catalog

            return Catalog("en").text(msgid, context, **params)

    controller = RaceController(Watching(), narrator("en", state, you=None))  # type: ignore[arg-type]
    assert controller.handle(Typed("board"))
    assert [u.speech.split(":")[0] for u in said] == ["Anna", "Ben"]
    assert all(len(u.braille) <= BRAILLE_CELLS for u in said)
    assert controller.handle(Typed("time"))
    assert said[-1].speech.startswith("1 minute and 50 seconds left. Anna: 0 cards on the foundations.")


@pytest.mark.parametrize(("lang", "before", "braille"), [
    ("en", "Ben has not started.", "Ben not started"),
    ("de", "Ben hat noch nicht angefangen.", "Ben noch nicht dran"),
])  # fmt: skip
def test_at_one_keyboard_t_says_a_rival_has_not_started_rather_than_none_on_the_foundations(
    lang: str, before: str, braille: str
) -> None:
    state, clock = race(minutes=3)
    n = RaceNarrator(state, Voice(lang, "normal", ["Anna", "Ben"], 0))
    state.start()
    state.apply(Go(0))
    clock.advance(10)
    said = n.time_left(state.view(0))
    assert before in said.speech and braille in said.braille
    assert "0" not in said.speech.split(before)[1]  # no count for a racer who has not played
    assert len(said.braille) <= BRAILLE_CELLS
    clock.advance(200)
    run_clock(state)  # Anna's time is up: Ben's turn
    state.apply(Go(1))
    said = n.time_left(state.view(0))
    assert before not in said.speech and "Ben: 0" in said.speech.replace(":  ", ": ")


def test_a_network_client_reads_the_clock_as_it_runs_between_the_servers_steps() -> None:
    """T on a child's computer: the view came with the last step, the time left goes on from it; a paused table
    stands still."""
    from accessible_cards.net.protocol import to_wire
    from accessible_cards.net.remote import RemoteTable

    state, clock = race(minutes=3, race_together=True)
    state.start()
    clock.advance(20)
    remote = RemoteTable(KLONDIKE, state, 0, [PERSON, PERSON], lambda message: True)
    here = FakeClock()
    remote.clock = here
    remote.take({"events": [], "view": to_wire(state.view(0)), "movers": [0, 1], "legal": []})
    assert [r.left for r in remote.view(0).racers] == [160, 160]
    here.advance(45)
    assert [r.left for r in remote.view(0).racers] == [115, 115]
    n = RaceNarrator(state, Voice("en", "normal", ["Anna", "Ben"], 0))
    assert n.time_left(remote.view(0)).speech.startswith("1 minute and 55 seconds left.")
    remote.pause(True)
    here.advance(300)
    assert [r.left for r in remote.view(0).racers] == [115, 115]  # the teacher paused the table
    remote.pause(False)
    here.advance(15)
    assert [r.left for r in remote.view(0).racers] == [100, 100]
    here.advance(1000)
    assert [r.left for r in remote.view(0).racers] == [0, 0]  # never below nothing: the server says the end


def test_a_race_left_mid_play_comes_back_with_the_time_used_until_it_was_left() -> None:
    """Not from the last move: the time a racer spent after it still counts when the race is resumed."""
    clock = FakeClock()
    state = KLONDIKE.new_state(2, "race", {"race_minutes": 5}, 3)
    start = json.dumps(state.to_json())
    table = Table(KLONDIKE, state, [Seat.person(), Seat.person()], clock=clock)
    table.start()
    table.play(Go(0))
    clock.advance(25)
    table.play(state.seat_action(0, DRAW))
    clock.advance(40)  # thinking, then the program is closed
    table.leave()
    assert isinstance(table.moves[-1].action, Stop) and table.moves[-1].by == CLOCK
    saved = json.loads(json.dumps([(KLONDIKE.action_to_json(m.action), m.by) for m in table.moves]))

    again = KLONDIKE.state_from_json(json.loads(start))
    table2 = Table(KLONDIKE, again, [Seat.person(), Seat.person()], clock=FakeClock())
    table2.start()
    for data, by in saved:
        table2.replay(TableMove(KLONDIKE.action_from_json(data, "a move"), by))
    assert again.view(0).racers[0].left == pytest.approx(300 - 65)
    assert Table(KLONDIKE, KLONDIKE.new_state(1, "classic", {}, 3), [Seat.person()]).leave() == []  # no clock
    for bad in ({"stop": -1, "racer": 0}, {"stop": 10, "racer": "x"}):
        with pytest.raises(ValueError):
            KLONDIKE.action_from_json(bad, "a move")
    later = again.leave_action()
    assert later is not None and not again.is_legal(Stop(0, 10.0))  # never back before the time already used


def test_closing_the_program_mid_race_saves_the_time_used_since_the_last_move(
    tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    from saves_support import only_save, play

    from accessible_cards import saves
    from accessible_cards.ui import game_screen as screens
    from accessible_cards.ui.app import GameRequest

    class Creeping:
        """A clock that moves on a twentieth of a second each time it is read: no clock step comes due."""

        def __init__(self) -> None:
            self.now = 0.0

        def __call__(self) -> float:
            self.now += 0.05
            return self.now

    monkeypatch.setattr(screens, "game_clock", Creeping)
    request = GameRequest("klondike", 2, 2, "race", seed=3, options={"race_minutes": 3})
    play(request, [""], budget=3)  # to the keyboard, two draws, then the terminal closes
    saved = saves.load(only_save(tmp_path / "data"))
    last, stop = saved.moves[-2].action, saved.moves[-1].action
    assert isinstance(stop, Stop) and saved.moves[-1].by == CLOCK and not saved.finished
    assert isinstance(last, RaceMove) and 0 < last.at < stop.at < 60
