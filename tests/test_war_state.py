"""War's state API: legal actions, refusals, options, scenarios, views, copies and saving.

Fixed decks are worked out by hand (piles top card first); the rule behind each case is quoted from
the Krieg text (``seeds/003``) or ``rulings.md``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from accessible_cards.cards import Card
from accessible_cards.engine import Event
from accessible_cards.errors import CardsError, IllegalActionError, OptionError, ScenarioError
from accessible_cards.games.war.state import TURN, WarAction, WarOptions, WarState
from accessible_cards.scenario import load, parse


def war(*piles: list[Any], **options: Any) -> WarState:
    """A War state from a scenario with these piles (top card first) and options."""
    state = parse({"game": "war", "piles": [list(p) for p in piles], "options": options}).state
    assert isinstance(state, WarState)
    return state


def dicts(events: list[Event]) -> list[dict[str, Any]]:
    return [event.to_dict() for event in events]


# Two 5s tie, three cards down each, KS beats QS; 6S and 6H stay behind, so the game goes on.
WAR_P0 = ["5S", "9C", "2C", "3C", "KS", "6S"]
WAR_P1 = ["5H", "TD", "2D", "3D", "QS", "6H"]


# --- legal actions and refusals --------------------------------------------------------------


def test_legal_actions_through_a_game() -> None:
    """War has one action, TURN, legal from the deal to the end; nothing is legal before or after."""
    state = war(["AS"], ["KS"])
    assert not state.legal_actions()
    assert len(state.legal_actions()) == 0
    state.start()
    actions = state.legal_actions()
    assert TURN in actions
    assert list(actions) == [WarAction.TURN]
    assert len(actions) == 1
    state.apply(TURN)
    assert state.is_over
    assert not state.legal_actions()
    assert TURN not in state.legal_actions()


def test_turn_before_the_deal_is_refused() -> None:
    """The cards must be dealt before anyone turns a card."""
    state = war(["AS"], ["KS"])
    with pytest.raises(IllegalActionError) as caught:
        state.apply(TURN)
    assert caught.value.msg_id == "error-not-dealt"


def test_dealing_twice_is_refused() -> None:
    state = war(["AS"], ["KS"])
    state.start()
    with pytest.raises(IllegalActionError):
        state.start()


def test_turn_after_the_end_is_refused_and_changes_nothing() -> None:
    """Once the game is over, another TURN is refused and the result stands."""
    state = war(["AS"], ["KS"])
    state.start()
    state.apply(TURN)
    before = state.to_json()
    with pytest.raises(IllegalActionError) as caught:
        state.apply(TURN)
    assert caught.value.msg_id == "error-game-over"
    assert state.to_json() == before


def test_an_action_of_another_game_is_refused() -> None:
    state = war(["AS"], ["KS"])
    state.start()
    with pytest.raises(IllegalActionError):
        state.apply("turn")  # type: ignore[arg-type]
    assert state.rounds == 0


@pytest.mark.parametrize("players", [0, 1, 5, True])
def test_war_is_for_two_to_four_players(players: Any) -> None:
    """Seed: "Krieg ... ist ein Kartenspiel für zwei bis vier Spieler." (War is for two to four players.)"""
    with pytest.raises(OptionError):
        WarState(players)


def test_a_view_of_a_seat_that_does_not_exist_is_refused() -> None:
    state = war(["AS"], ["KS"])
    state.start()
    for seat in (-1, 2):
        with pytest.raises(IllegalActionError):
            state.view(seat)


def test_play_out_deals_first_when_needed() -> None:
    """``play_out`` on a fresh state deals and plays to the end: AS beats KS."""
    state = war(["AS"], ["KS"])
    result = state.play_out()
    assert (result.scores, result.winners, result.reason) == ((2, 0), (0,), "last_player")
    assert not result.draw


# --- options ------------------------------------------------------------------------------


def test_option_defaults_are_the_texts_rules() -> None:
    """Seed: three cards face down ("die nächsten drei Karten verdeckt"); rulings: defaults short=lose,
    pickup=shuffle, no time limit, the French pack."""
    options = WarOptions.from_mapping({})
    assert options == WarOptions()
    assert options.to_dict() == {
        "face_down": 3,
        "short": "lose",
        "pickup": "shuffle",
        "max_rounds": None,
        "deck": "french52",
    }


def test_options_read_json_values_and_set_words() -> None:
    """Scenario files give JSON values, ``--set`` gives words; both are read."""
    words = WarOptions.from_mapping(
        {"face_down": "1", "short": "LAST_CARD_UP", "pickup": "seat_order", "max_rounds": "40", "deck": "numbers"}
    )
    assert words == WarOptions(face_down=1, short="last_card_up", pickup="seat_order", max_rounds=40, deck="numbers")
    assert WarOptions.from_mapping({"face_down": 0, "max_rounds": None}) == WarOptions(face_down=0)
    assert WarOptions.from_mapping({"max_rounds": "none"}).max_rounds is None
    assert WarOptions.from_mapping(WarOptions(pickup="winner_first").to_dict()) == WarOptions(pickup="winner_first")


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("face_down", -1),
        ("face_down", 11),
        ("face_down", "three"),
        ("face_down", True),
        ("face_down", 1.5),
        ("short", "win"),
        ("pickup", "random"),
        ("max_rounds", 0),
        ("max_rounds", "soon"),
        ("deck", "italian40"),
    ],
)
def test_bad_option_values_are_refused_naming_option_and_value(name: str, value: Any) -> None:
    with pytest.raises(OptionError) as caught:
        WarOptions.from_mapping({name: value})
    assert repr(name) in str(caught.value)
    assert caught.value.msg_id == "error-option-value"


def test_unknown_option_is_refused_listing_the_known_ones() -> None:
    with pytest.raises(OptionError) as caught:
        WarOptions.from_mapping({"jokers": 2})
    text = str(caught.value)
    assert "'jokers'" in text
    for name in ("face_down", "short", "pickup", "max_rounds", "deck"):
        assert name in text


# --- scenarios ------------------------------------------------------------------------------


def test_scenario_players_follow_the_piles() -> None:
    """Without ``players`` the number of piles says how many play."""
    state = parse({"game": "war", "piles": [["AS"], ["KS"], ["QS"]]}).state
    assert isinstance(state, WarState)
    assert state.players == 3
    assert parse({"game": "war", "piles": [["AS"], ["KS"]]}).moves is None


def test_scenario_numbers_deck_takes_numbers_and_words() -> None:
    """Rulings: the numbers deck "writes its cards as ``1`` .. ``13``, each allowed four times"."""
    state = war([13, "13", 13], ["13", 1, "1"], deck="numbers")
    state.start()
    assert state.deck.codes(state.zones()["pile0"]) == ["13", "13", "13"]
    assert state.deck.codes(state.zones()["pile1"]) == ["13", "1", "1"]


def test_scenario_with_only_a_seed_deals_a_full_pack() -> None:
    """A scenario may give only a seed: the pack is shuffled and dealt from it, the same way every time."""
    one = parse({"game": "war", "seed": 5, "players": 4}).state
    two = parse({"game": "war", "seed": 5, "players": 4}).state
    assert isinstance(one, WarState)
    assert isinstance(two, WarState)
    one.start()
    two.start()
    assert [len(one.zones()[f"pile{s}"]) for s in range(4)] == [13] * 4
    assert one.zones() == two.zones()


@pytest.mark.parametrize(
    ("data", "words"),
    [
        ([], "object"),
        ({"game": "chess"}, "chess"),
        ({"game": "war", "piles": [["AS"], ["KS"]], "colour": "red"}, "'colour'"),
        ({"game": "war", "piles": [["AS"], ["XS"]]}, "'XS'"),
        ({"game": "war", "piles": [["AS"], ["as"]]}, "AS"),
        ({"game": "war", "piles": [["5"] * 5, ["6"]], "options": {"deck": "numbers"}}, "5"),
        ({"game": "war", "players": 3, "piles": [["AS"], ["KS"]]}, "2 piles for 3 players"),
        ({"game": "war", "piles": [["AS"]]}, "2 to 4"),
        ({"game": "war", "piles": [["AS"], []]}, "empty"),
        ({"game": "war", "piles": [["AS"], ["KS"]], "options": {"speed": 2}}, "'speed'"),
        ({"game": "war", "piles": [["AS"], ["KS"]], "options": {"face_down": "many"}}, "'many'"),
        ({"game": "war", "piles": [["AS"], ["KS"]], "options": []}, "options"),
        ({"game": "war", "piles": "AS KS"}, "'piles'"),
        ({"game": "war", "piles": [["AS"], [True]]}, "True"),
        ({"game": "war", "set_aside": ["AS"], "seed": 1}, "'set_aside'"),
        ({"game": "war"}, "seed"),
        ({"game": "war", "seed": -1}, "'seed'"),
        ({"game": "war", "seed": 1, "players": 5}, "'players'"),
        ({"game": "war", "piles": [["AS"], ["KS"]], "set_aside": ["ks"]}, "KS"),
    ],
)
def test_scenario_refusals_are_one_clear_sentence(data: Any, words: str) -> None:
    """Every problem in a scenario is a ScenarioError of one line that names what is wrong."""
    with pytest.raises(ScenarioError) as caught:
        parse(data)
    text = str(caught.value)
    assert words in text
    assert "\n" not in text
    assert isinstance(caught.value, CardsError)


def test_load_reads_a_scenario_file(tmp_path: Path) -> None:
    path = tmp_path / "war.json"
    path.write_text(json.dumps({"game": "war", "piles": [["AS", "2C"], ["KS", "3D"]], "options": {"max_rounds": 1}}))
    state = load(path).state
    assert isinstance(state, WarState)
    result = state.play_out()
    assert (result.scores, result.winners, result.reason) == ((3, 1), (0,), "max_rounds")


def test_load_refuses_missing_files_folders_and_bad_json(tmp_path: Path) -> None:
    with pytest.raises(ScenarioError, match="no such file"):
        load(tmp_path / "nothing.json")
    with pytest.raises(ScenarioError, match="folder"):
        load(tmp_path)
    bad = tmp_path / "bad.json"
    bad.write_text('{"game": "war", ')
    with pytest.raises(ScenarioError, match="not valid JSON"):
        load(bad)
    binary = tmp_path / "binary.json"
    binary.write_bytes(b"\xff\xfe\x00{")
    with pytest.raises(ScenarioError):
        load(binary)


# --- views ---------------------------------------------------------------------------------


def test_views_show_sizes_and_face_up_cards_only() -> None:
    """Seed: "Die Karten werden nicht angeschaut, sondern als Kartenstapel mit dem Rücken nach oben gelegt."
    (nobody looks at the cards; the piles lie face down.) A view holds pile sizes and the face-up cards of
    the table, never a card in a pile or a face-down card."""
    state = war(WAR_P0, WAR_P1)
    state.start()
    view = state.view(0)
    assert view.pile_sizes == (6, 6)
    assert view.table_up == ()
    assert view.table_down == (0, 0)
    assert view.in_game == (True, True)
    assert view.at_war == ()
    assert view.result is None
    state.apply(TURN)
    view = state.view(1)
    assert view.seat == 1
    assert view.players == 2
    assert view.pile_sizes == (5, 5)
    assert view.table_up == ((0, Card.parse("5S")), (1, Card.parse("5H")))
    assert view.at_war == (0, 1)
    assert view.wars == 1


def test_views_during_a_war_count_face_down_cards_without_naming_them() -> None:
    """Mid-war, with face_down=3 and the war unresolved (9s tie again): six face-down cards are counted per
    seat, and the face-up cards are 5S 5H and 9S 9H; no face-down card appears."""
    p0 = ["5S", "2C", "3C", "4C", "9S", "AC"]
    p1 = ["5H", "2D", "3D", "4D", "9H", "AD"]
    state = war(p0, p1)
    state.start()
    state.apply(TURN)
    state.apply(TURN)
    for seat in (0, 1):
        view = state.view(seat)
        assert view.table_down == (3, 3)
        assert [(s, c.code) for s, c in view.table_up] == [(0, "5S"), (1, "5H"), (0, "9S"), (1, "9H")]
        assert view.pile_sizes == (1, 1)
        shown = {card.code for _, card in view.table_up}
        assert shown.isdisjoint({"2C", "3C", "4C", "2D", "3D", "4D", "AC", "AD"})


def test_every_seat_sees_the_same_in_war() -> None:
    """War has no hands: every seat's view is the same apart from whose it is."""
    state = WarState(4, None, 3)
    state.start()
    for _ in range(30):
        if state.is_over:
            break
        state.apply(TURN)
        views = [state.view(seat) for seat in range(4)]
        base = {k: v for k, v in vars_of(views[0]).items() if k != "seat"}
        for view in views[1:]:
            assert {k: v for k, v in vars_of(view).items() if k != "seat"} == base


def vars_of(view: Any) -> dict[str, Any]:
    return {name: getattr(view, name) for name in view.__slots__}


def test_three_player_view_counts_the_set_aside_card() -> None:
    """Seed: "1 Karte wird beiseite gelegt" (one card set aside): the view says one card is aside, not which."""
    state = WarState(3, None, 9)
    state.start()
    view = state.view(2)
    assert view.set_aside == 1
    assert sum(view.pile_sizes) == 51


# --- events ---------------------------------------------------------------------------------


def test_events_are_json_ready() -> None:
    """Every event becomes a JSON object with its ``type`` first; cards are codes."""
    state = war(WAR_P0, WAR_P1)
    events = state.start() + state.apply(TURN) + state.apply(TURN)
    for event in events:
        data = event.to_dict()
        assert next(iter(data)) == "type"
        assert json.loads(json.dumps(data)) == data
    assert dicts(events)[1] == {"type": "battle", "cards": [[0, "5S"], [1, "5H"]], "high": [0, 1]}


def test_events_are_frozen() -> None:
    state = war(["AS"], ["KS"])
    event = state.start()[0]
    with pytest.raises(AttributeError):
        event.counts = (9, 9)  # type: ignore[attr-defined]


# --- clone and save on a fixed deck ------------------------------------------------------------


def test_clone_mid_war_continues_identically_and_independently() -> None:
    """A clone taken in the middle of a war plays on exactly as the original, and playing the clone leaves
    the original untouched."""
    state = war(WAR_P0, WAR_P1)
    state.start()
    state.apply(TURN)
    copy = state.clone()
    before = state.to_json()
    copy_events = dicts(copy.apply(TURN))
    assert state.to_json() == before
    assert copy.view(0).pile_sizes == (11, 1)
    assert state.view(0).pile_sizes == (5, 5)
    assert dicts(state.apply(TURN)) == copy_events
    assert state.zones() == copy.zones()
    assert state.counts() == copy.counts()


def test_save_and_load_mid_war_continues_identically() -> None:
    """to_json -> JSON text -> from_json mid-war gives a state that plays on identically, shuffles included."""
    state = war(WAR_P0, WAR_P1)
    state.start()
    state.apply(TURN)
    loaded = WarState.from_json(json.loads(json.dumps(state.to_json())))
    assert loaded.to_json() == state.to_json()
    assert loaded.view(0) == state.view(0)
    while not state.is_over:
        assert dicts(loaded.apply(TURN)) == dicts(state.apply(TURN))
    assert loaded.result == state.result
    assert loaded.counts() == state.counts()


def test_save_and_load_a_finished_game_keeps_the_result() -> None:
    state = war(["5S", "2C"], ["5H", "2D"])
    state.play_out()
    loaded = WarState.from_json(json.loads(json.dumps(state.to_json())))
    assert loaded.result == state.result
    assert loaded.result is not None
    assert loaded.result.winners == (0, 1)
    assert not loaded.legal_actions()
