"""The War narrator: speech and braille for every event and review, in English and German.

Issue 4: "in War, the war itself, each face-up card, and who takes how many cards", key fact
first; a terse line for a 40-cell braille display; hidden information is never announced.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence

import pytest
from narration_support import narrated, utterances

from accessible_cards.cards import Card, DeckKind, deck
from accessible_cards.engine import Event
from accessible_cards.errors import OptionError
from accessible_cards.games.war.narrator import WarNarrator
from accessible_cards.games.war.state import TURN, Battle, WarOptions, WarState, WarView
from accessible_cards.i18n import Catalog
from accessible_cards.narration.card_names import CardNames
from accessible_cards.utterance import BRAILLE_CELLS, Utterance

FRENCH = deck("french52")


def game(piles: Sequence[Sequence[str]], **options: object) -> WarState:
    """A War game with fixed piles (top card first), Krieg rules unless ``options`` say otherwise."""
    return WarState(
        len(piles), WarOptions.from_mapping(options), seed=3, piles=[FRENCH.parse_many(pile) for pile in piles]
    )


def said(state: WarState, narrator: WarNarrator) -> list[tuple[str, str, str]]:
    """(kind, speech, braille) of everything said in the game."""
    return [(u.kind, u.speech, u.braille) for u in utterances(state, narrator)]


# 7H and 7S tie; three face down each; KS beats QS.
WAR_PILES = (["7H", "2C", "3C", "4C", "KS"], ["7S", "2D", "3D", "4D", "QS"])


def test_a_war_in_english() -> None:
    """Krieg: "Wenn beide Karten denselben Wert haben, dann ist Krieg." Spoken to seat 0 as "you"."""
    assert said(game(WAR_PILES), WarNarrator("en", "normal", 2, you=0)) == [
        ("dealt", "The cards are dealt face down: 5 cards each.", "Dealt: 5 each"),
        (
            "tie",
            "Tie of sevens: the seven of hearts from you and the seven of spades from Player 2.",
            "Tie: 7H 7S",
        ),
        ("war", "War between you and Player 2!", "War! You P2"),
        ("face_down", "Each lays 3 cards face down.", "Down: 3 each"),
        ("battle", "You win with the king of spades against the queen of spades.", "You win KS v QS"),
        ("took", "You take 10 cards.", "You take 10"),
        ("player_out", "Player 2 is out: no cards left.", "P2 out"),
        (
            "game_over",
            "You win the game with 10 cards. The game took 1 round, with 2 battles and 1 war.",
            "You win, 10 cards",
        ),
    ]


def test_a_war_in_german() -> None:
    """The same game in German: "Herz Sieben", du/dir, and German word order from named placeholders."""
    assert said(game(WAR_PILES), WarNarrator("de", "normal", 2, you=0)) == [
        ("dealt", "Die Karten sind verdeckt verteilt: je 5 Karten.", "Verteilt: je 5"),
        ("tie", "Gleichstand mit Siebenen: Herz Sieben von dir und Pik Sieben von Spieler 2.", "Gleich: 7H 7S"),
        ("war", "Krieg zwischen dir und Spieler 2!", "Krieg! Du S2"),
        ("face_down", "Jeder legt 3 Karten verdeckt.", "Verdeckt: je 3"),
        ("battle", "Du gewinnst mit Pik König gegen Pik Dame.", "Du gewinnst KS gg QS"),
        ("took", "Du nimmst 10 Karten.", "Du nimmst 10"),
        ("player_out", "Spieler 2 ist raus: keine Karten mehr.", "S2 raus"),
        (
            "game_over",
            "Du gewinnst das Spiel mit 10 Karten. Das Spiel dauerte 1 Runde, dabei gab es 2 Schlachten und 1 Krieg.",
            "Du gewinnst, 10 Karten",
        ),
    ]


def test_without_a_listener_every_seat_is_named() -> None:
    lines = [speech for _, speech, _ in said(game(WAR_PILES), WarNarrator("en", "normal", 2))]
    assert lines[1] == "Tie of sevens: the seven of hearts from Player 1 and the seven of spades from Player 2."
    assert lines[2] == "War between Player 1 and Player 2!"
    assert lines[5] == "Player 1 takes 10 cards."


def test_given_names_are_said_and_cut_short_in_braille() -> None:
    narrator = WarNarrator("de", "normal", 2, ["Maximilian", "Ben"])
    lines = said(game(WAR_PILES), narrator)
    assert lines[2] == ("war", "Krieg zwischen Maximilian und Ben!", "Krieg! Maximi Ben")
    assert lines[5] == ("took", "Maximilian nimmt 10 Karten.", "Maximi nimmt 10")


def test_key_fact_comes_first() -> None:
    """The brief's examples: "Player 1 takes 10 cards", "War! ..."."""
    lines = said(game(WAR_PILES), WarNarrator("en", "normal", 2))
    by_kind = {kind: (speech, braille) for kind, speech, braille in lines}
    assert by_kind["took"] == ("Player 1 takes 10 cards.", "P1 takes 10")
    assert by_kind["war"][0].startswith("War")
    assert by_kind["war"][1].startswith("War!")
    assert by_kind["battle"][0].startswith("Player 1 wins")


# --- verbosity ----------------------------------------------------------------------


def test_brief_says_less() -> None:
    """Brief: no face-down counts, no losing card, no take after a plain battle, no counts at the end."""
    piles = (["KH", "7H", "2C", "3C", "4C", "KS"], ["2H", "7S", "2D", "3D", "4D", "QS"])
    assert said(game(piles), WarNarrator("en", "brief", 2)) == [
        ("dealt", "The cards are dealt face down: 6 cards each.", "Dealt: 6 each"),
        ("battle", "Player 1 wins with the king of hearts.", "P1 wins KH v 2H"),
        ("tie", "Tie of sevens.", "Tie: 7H 7S"),
        ("war", "War between Player 1 and Player 2!", "War! P1 P2"),
        ("battle", "Player 1 wins with the king of spades.", "P1 wins KS v QS"),
        ("took", "Player 1 takes 10 cards.", "P1 takes 10"),
        ("player_out", "Player 2 is out: no cards left.", "P2 out"),
        ("game_over", "Player 1 wins the game with 12 cards.", "P1 wins, 12 cards"),
    ]


def test_full_adds_piles_after_each_take_and_the_final_count() -> None:
    piles = (["KH", "7H", "2C", "3C", "4C", "KS"], ["2H", "7S", "2D", "3D", "4D", "QS"])
    lines = said(game(piles, pickup="winner_first"), WarNarrator("en", "full", 2, you=1))
    takes = [(speech, braille) for kind, speech, braille in lines if kind == "took"]
    assert takes == [
        ("Player 1 takes 2 cards. Piles: Player 1 has 7 cards and you have 5 cards.", "P1 takes 2; P1\u00a07 You 5"),
        (
            "Player 1 takes 10 cards. Piles: Player 1 has 12 cards and you have 0 cards.",
            "P1 takes 10; P1\u00a012 You 0",
        ),
    ]
    assert lines[-1][1] == (
        "Player 1 wins the game with 12 cards. The game took 2 rounds, with 3 battles and 1 war. "
        "Final count: Player 1 has 12 cards and you have 0 cards."
    )


def test_verbosity_changes_only_what_is_said() -> None:
    """Every level says the same events' key facts; brief never says more than normal, normal never more than full."""
    state = WarState(2, WarOptions(max_rounds=40), seed=7)
    runs = {
        level: utterances(state.clone(), WarNarrator("en", level, 2))
        for level in ("brief", "normal", "full")  # clone: the same game each time
    }
    assert len(runs["brief"]) < len(runs["normal"]) == len(runs["full"])
    assert sum(len(u.speech) for u in runs["normal"]) < sum(len(u.speech) for u in runs["full"])
    assert {u.kind for u in runs["brief"]} <= {u.kind for u in runs["normal"]}


def test_the_verbosity_key_cycles_and_says_the_level() -> None:
    narrator = WarNarrator("de", "brief", 2)
    assert narrator.cycle_verbosity() == Utterance("Ausführlichkeit: normal.", "Ausführl.: normal", kind="verbosity")
    assert narrator.cycle_verbosity().speech == "Ausführlichkeit: ausführlich."
    assert narrator.verbosity == "full"
    assert narrator.cycle_verbosity().speech == "Ausführlichkeit: knapp."


def test_bad_settings_are_refused() -> None:
    with pytest.raises(OptionError, match="verbosity 'loud'"):
        WarNarrator("en", "loud", 2)
    with pytest.raises(OptionError, match="3 seat names given for 2 seats"):
        WarNarrator("en", "normal", 2, ["a", "b", "c"])
    with pytest.raises(OptionError, match="no seat 2"):
        WarNarrator("en", "normal", 2, you=2)


def test_an_utterance_is_a_frozen_value() -> None:
    utterance = Utterance("War!", "War!", urgent=True, kind="war")
    with pytest.raises(dataclasses.FrozenInstanceError):
        utterance.speech = "Peace."  # type: ignore[misc]


def test_urgent_utterances() -> None:
    kinds = {u.kind: u.urgent for u in utterances(game(WAR_PILES), WarNarrator("en", "normal", 2))}
    assert kinds == {
        "dealt": False,
        "tie": False,
        "war": True,
        "face_down": False,
        "battle": False,
        "took": False,
        "player_out": True,
        "game_over": True,
    }


def test_an_unknown_event_says_nothing() -> None:
    view = game(WAR_PILES).view(0)
    assert WarNarrator("en").event(Event(), view) is None


# --- the rarer events -------------------------------------------------------------------


def test_running_short_in_a_war() -> None:
    """Rulings, short=lose: the first tied player who has no card to lay is out."""
    state = game([["7H", "2C"], ["7S", "3C", "4C", "5C", "6C"]])
    lines = said(state, WarNarrator("en", "normal", 2))
    assert lines[3:7] == [
        ("face_down", "Each lays 1 card face down.", "Down: 1 each"),
        ("ran_short", "Player 1 cannot finish the war.", "Short: P1"),
        ("player_out", "Player 1 is out: too few cards for the war.", "P1 out"),
        ("took", "Player 2 takes 4 cards.", "P2 takes 4"),
    ]
    lines = said(game([["7H", "2C"], ["7S", "3C", "4C", "5C", "6C"]]), WarNarrator("de", "normal", 2, you=0))
    assert lines[4:6] == [
        ("ran_short", "Du kannst den Krieg nicht zu Ende spielen.", "Zu wenig: Du"),
        ("player_out", "Du bist raus: zu wenig Karten für den Krieg.", "Du raus"),
    ]


def test_last_card_up() -> None:
    """Rulings, short=last_card_up: a player who runs short turns the last card up as the war card."""
    lines = said(game([["7H", "2C"], ["7S", "3C", "4C", "5C", "6C"]], short="last_card_up"), WarNarrator("en"))
    assert lines[3:6] == [
        ("face_down", "Face down: 3 cards from Player 2.", "Down: P2\u00a03"),
        ("last_card_up", "Player 1 turns up the last card.", "P1: last card up"),
        ("battle", "Player 2 wins with the six of clubs against the two of clubs.", "P2 wins 6C v 2C"),
    ]
    lines = said(game([["7H"], ["7S", "3C", "4C", "5C", "6C"]], short="last_card_up"), WarNarrator("de", you=0))
    assert lines[4] == (
        "last_card_up",
        "Du hast keine Karte mehr; deine Karte vom Gleichstand zählt.",
        "Du: keine Karte, alte zählt",
    )


def test_players_at_war_running_out_together() -> None:
    """Rulings: the last tied players running out together; with a third player the table goes out of play."""
    lines = said(game([["7H"], ["7S"], ["2D", "4D", "5D"]]), WarNarrator("en", "normal", 3))
    assert lines[1][1] == (
        "Tie of sevens: the seven of hearts from Player 1, the seven of spades from Player 2 "
        "and the two of diamonds from Player 3."
    )
    assert lines[3:5] == [
        ("ran_short", "Player 1 cannot finish the war. Player 2 cannot finish the war.", "Short: P1 P2"),
        ("table_set_aside", "3 cards on the table go out of play.", "3 out of play"),
    ]
    lines = said(game([["7H"], ["7S"]]), WarNarrator("de", "normal", 2))
    assert lines[-1][1].startswith(
        "Spielende: Unentschieden zwischen Spieler 1 und Spieler 2; allen gingen zugleich die Karten aus."
    )


def test_time_is_up_and_a_draw() -> None:
    """Krieg's "Zeitbegrenzung": after max_rounds the most cards win; equal counts draw."""
    state = game([["KH", "2C"], ["2H", "KC"]], max_rounds=2, pickup="winner_first")
    last = said(state, WarNarrator("en", "normal", 2))[-1]
    assert last == (
        "game_over",
        "Time is up: a draw between Player 1 and Player 2, with 2 cards each. "
        "The game took 2 rounds, with 2 battles and 0 wars. "
        "Final count: Player 1 has 2 cards and Player 2 has 2 cards.",
        "Draw: P1 P2",
    )
    state = game([["KH", "2C"], ["2H", "KC"], ["5D", "6D"]], max_rounds=1)
    last = said(state, WarNarrator("de", "normal", 3, you=0))[-1]
    assert last[1].startswith("Die Zeit ist um: Du gewinnst mit 4 Karten.")
    assert last[1].endswith("Endstand: du hast 4 Karten, Spieler 2 hat 1 Karte und Spieler 3 hat 1 Karte.")


def test_a_repeated_position_ends_in_a_draw() -> None:
    state = game([["2H", "3H"], ["3S", "2S"]], pickup="seat_order")
    last = said(state, WarNarrator("en", "brief", 2))[-1]
    assert last == (
        "game_over",
        "Game over: the same position came back, so the game would never end. A draw between Player 1 and Player 2.",
        "Draw, position repeats: P1 P2",
    )


def test_three_players_hear_the_card_set_aside_and_who_laid_each_card() -> None:
    """Krieg: "Wird zu dritt gespielt bekommt jeder 17 Karten und 1 Karte wird beiseite gelegt"."""
    lines = said(WarState(3, WarOptions(max_rounds=3), seed=4), WarNarrator("de", "normal", 3))
    assert lines[0] == (
        "dealt",
        "Die Karten sind verdeckt verteilt: je 17 Karten. 1 Karte liegt beiseite, aus dem Spiel.",
        "Verteilt: je 17, 1 beiseite",
    )
    three = r"Spieler \d gewinnt mit .+ gegen .+ von Spieler \d und .+ von Spieler \d\."
    assert any(re.fullmatch(three, speech) for kind, speech, _ in lines if kind == "battle")


def test_uneven_piles_are_dealt_by_name() -> None:
    lines = said(game([["KH", "2C"], ["2H"]]), WarNarrator("de", "normal", 2, you=1))
    assert lines[0] == (
        "dealt",
        "Die Karten sind verdeckt verteilt: 2 Karten an Spieler 1 und 1 Karte an dich.",
        "Verteilt: S1\u00a02 Du 1",
    )


def test_numbers_deck_cards_are_said_as_numbers() -> None:
    """Krieg: Zahlenkarten "in absteigender Zahlenfolge von 13 bis 1" (numbers 13 high)."""
    numbers = deck("numbers")
    piles = [numbers.parse_many([5, 13, 1, 2, 3, 4]), numbers.parse_many([5, 1, 9, 9, 9, 6])]
    state = WarState(2, WarOptions(deck="numbers"), seed=1, piles=piles)
    lines = said(state, WarNarrator("en", "normal", 2))
    assert lines[1][1] == "Tie of 5s: the 5 from Player 1 and the 5 from Player 2."
    assert lines[4][1:] == ("Player 2 wins with the 9 against the 3.", "P2 wins 9 v 3")
    state = WarState(2, WarOptions(deck="numbers"), seed=1, piles=piles)
    assert said(state, WarNarrator("de", "normal", 2))[1][1].startswith("Gleichstand mit 5ern:")


# --- review -----------------------------------------------------------------------------


def _mid_war(lang: str, you: int | None = 0) -> tuple[WarNarrator, WarView]:
    """A second war: 7s tie, three down each, 9s tie again; the table holds 4 up and 6 down."""
    state = game([["7H", "2C", "3C", "4C", "9H", "KD"], ["7S", "2D", "3D", "4D", "9S", "QD"]])
    state.start()
    state.apply(TURN)
    state.apply(TURN)
    return WarNarrator(lang, "normal", 2, you=you), state.view(0)


def test_review_of_the_table_in_a_war() -> None:
    narrator, view = _mid_war("en")
    assert narrator.table(view) == Utterance(
        "Face up on the table: the seven of hearts from you, the seven of spades from Player 2, "
        "the nine of hearts from you and the nine of spades from Player 2. "
        "Face down: 3 cards from you and 3 cards from Player 2. At war: you and Player 2.",
        "You 7H 9H P2\u00a07S 9S; down 3 each",
        kind="review.table",
    )
    narrator, view = _mid_war("de", None)
    assert narrator.table(view).speech == (
        "Offen auf dem Tisch: Herz Sieben von Spieler 1, Pik Sieben von Spieler 2, Herz Neun von Spieler 1 "
        "und Pik Neun von Spieler 2. Verdeckt: 3 Karten von Spieler 1 und 3 Karten von Spieler 2. "
        "Im Krieg: Spieler 1 und Spieler 2."
    )
    assert narrator.table(view).braille == "S1\u00a07H 9H S2\u00a07S 9S; verdeckt je 3"


def test_review_of_an_empty_table() -> None:
    state = game(WAR_PILES)
    state.start()
    assert WarNarrator("en").table(state.view(0)) == Utterance(
        "The table is empty.", "Table empty", kind="review.table"
    )
    assert WarNarrator("de").table(state.view(0)).speech == "Der Tisch ist leer."


def test_review_of_pile_scores_and_counts() -> None:
    narrator, view = _mid_war("en")
    assert narrator.pile(view) == Utterance("You have 1 card in your pile.", "You: 1 cards", kind="review.pile")
    assert narrator.scores(view) == Utterance(
        "Cards held: you have 1 card and Player 2 has 1 card. 10 cards are on the table.",
        "You 1 P2\u00a01, table 10",
        kind="review.scores",
    )
    assert narrator.counts(view) == Utterance(
        "So far: 1 round, 2 battles and 2 wars.", "Rounds 1, battles 2, wars 2", kind="review.counts"
    )
    narrator, view = _mid_war("de", None)
    assert narrator.pile(view).speech == "Spieler 1 hat 1 Karte im Stapel."
    assert narrator.scores(view).speech == (
        "Karten: Spieler 1 hat 1 Karte und Spieler 2 hat 1 Karte. 10 Karten liegen auf dem Tisch."
    )
    assert narrator.counts(view).speech == "Bisher: 1 Runde, 2 Schlachten und 2 Kriege."


def test_review_of_scores_says_who_is_out_and_what_is_set_aside() -> None:
    state = WarState(3, WarOptions(), seed=4)
    events = state.start()
    while not any(e.type == "player_out" for e in events):
        events = state.apply(TURN)
    view = state.view(0)
    out = next(seat for seat in range(3) if not view.in_game[seat])
    speech = WarNarrator("en", "normal", 3).scores(view).speech
    assert f"Player {out + 1} is out" in speech
    assert "1 card is set aside, out of play." in speech
    assert f"P{out + 1} out" in WarNarrator("en", "normal", 3).scores(view).braille


# --- card names --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("code", "english", "german"),
    [
        ("7H", "seven of hearts", "Herz Sieben"),
        ("TS", "ten of spades", "Pik Zehn"),
        ("AD", "ace of diamonds", "Karo Ass"),
        ("JC", "jack of clubs", "Kreuz Bube"),
        ("QS", "queen of spades", "Pik Dame"),
        ("KH", "king of hearts", "Herz König"),
        ("2C", "two of clubs", "Kreuz Zwei"),
    ],
)
def test_french_card_names(code: str, english: str, german: str) -> None:
    card = Card.parse(code)
    assert WarNarrator("de").card(card) == german
    assert CardNames(Catalog("en")).name(card) == english
    assert CardNames(Catalog("de")).name(card) == german
    assert CardNames.code(card) == code


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_french_card_has_its_own_name(lang: str) -> None:
    names = CardNames(Catalog(lang), DeckKind.FRENCH52)
    assert len({names.name(card) for card in FRENCH.cards}) == 52


@pytest.mark.parametrize(
    ("code", "english", "german"),
    [("7H", "sevens", "Siebenen"), ("AS", "aces", "Assen"), ("6D", "sixes", "Sechsen"), ("KC", "kings", "Königen")],
)
def test_plural_rank_names_for_ties(code: str, english: str, german: str) -> None:
    card = Card.parse(code)
    assert CardNames(Catalog("en")).ranks(card) == english
    assert CardNames(Catalog("de")).ranks(card) == german


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize(
    ("kind", "code", "name", "ranks"),
    [
        ("italian40", "7D", "Sette di Denari", "Sette"),
        ("italian40", "JH", "Fante di Coppe", "Fanti"),
        ("italian40", "QS", "Cavallo di Spade", "Cavalli"),
        ("italian40", "KC", "Re di Bastoni", "Re"),
        ("italian40", "AD", "Asso di Denari", "Assi"),
        ("spanish40", "7D", "Siete de Oros", "Sietes"),
        ("spanish40", "JH", "Sota de Copas", "Sotas"),
        ("spanish40", "QS", "Caballo de Espadas", "Caballos"),
        ("spanish40", "KC", "Rey de Bastos", "Reyes"),
        ("spanish40", "AD", "As de Oros", "Ases"),
    ],
)
def test_italian_and_spanish_decks_keep_their_own_names_in_every_language(
    lang: str, kind: str, code: str, name: str, ranks: str
) -> None:
    """Rulings: Denari/Oros = D, Coppe/Copas = H, Spade/Espadas = S, Bastoni/Bastos = C; J Fante/Sota, Q, K."""
    names = CardNames(Catalog(lang), kind)
    card = deck(kind).parse(code)
    assert names.name(card) == name
    assert names.ranks(card) == ranks
    assert names.code(card) == code
    assert len({names.name(c) for c in deck(kind).cards}) == 40


# --- over many games: braille length and hidden information -------------------------------


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("you", [None, 0])
def test_braille_fits_a_40_cell_line_in_two_player_games(lang: str, you: int | None) -> None:
    """Every utterance of normal 2-player games, and every review answer along the way, fits 40 cells."""
    for seed in range(8):
        narrator = WarNarrator(lang, "normal", 2, you=you)
        for _, view, utterance in narrated(WarState(2, WarOptions(max_rounds=400), seed=seed), narrator):
            for line in (utterance, narrator.table(view), narrator.scores(view), narrator.pile(view)):
                if line is not None:
                    assert len(line.braille) <= BRAILLE_CELLS, line
                    assert line.speech and line.braille, line


_CODE = re.compile(r"(?<![A-Za-z0-9])([A2-9TJQK][SHDC])(?![A-Za-z0-9])")


def _named_cards(utterance: Utterance, names: dict[str, Card]) -> set[Card]:
    """Every card the speech names (by its spoken name) or the braille shows (by its code)."""
    found = {card for name, card in names.items() if name in utterance.speech}
    found |= {Card.parse(code) for code in _CODE.findall(utterance.braille)}
    return found


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_no_utterance_names_a_hidden_card(lang: str, players: int) -> None:
    """Issue 4: hidden information is never announced. Every card named is face up now or in the event's facts."""
    namer = CardNames(Catalog(lang))
    names = {namer.name(card): card for card in FRENCH.cards}
    seen = 0
    for seed in range(4):
        narrator = WarNarrator(lang, "full", players, you=0)
        state = WarState(players, WarOptions(max_rounds=150), seed=seed)
        for event, view, utterance in narrated(state, narrator):
            public = {card for _, card in view.table_up}
            if isinstance(event, Battle):
                public |= {card for _, card in event.cards}
            for line in (utterance, narrator.table(view), narrator.scores(view), narrator.pile(view)):
                if line is not None:
                    named = _named_cards(line, names)
                    seen += len(named)
                    assert not named - public, (line, named - public)
    assert seen > 100, "the check found hardly any card names: it would not catch a leak"


def test_the_hidden_card_check_catches_a_named_pile_card() -> None:
    names = {CardNames(Catalog("de")).name(card): card for card in FRENCH.cards}
    leak = Utterance("Dein nächster Stapel beginnt mit Herz Dame.", "next QH")
    assert _named_cards(leak, names) == {Card.parse("QH")}
