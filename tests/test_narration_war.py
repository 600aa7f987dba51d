"""War's events told as plain lines: key fact first, every event of a game said."""

from __future__ import annotations

from accessible_cards.cards import deck
from accessible_cards.games.war.state import TURN, WarOptions, WarState
from accessible_cards.games.war.text import describe


def _told(state: WarState) -> list[str]:
    lines: list[str] = []
    events = state.start()
    while True:
        view = state.view(0)
        for event in events:
            line = describe(event, view)
            assert line, f"nothing said for {event!r}"
            lines.append(line)
        if state.result is not None:
            return lines
        events = state.apply(TURN)


def test_a_war_is_told_with_cards_and_the_taker() -> None:
    """Krieg: "Wenn beide Karten denselben Wert haben, dann ist Krieg." (equal cards: war)."""
    ids = deck("french52").parse_many(["7H", "2C", "3C", "4C", "KS", "7S", "2D", "3D", "4D", "QS"])
    state = WarState(2, WarOptions(), seed=1, piles=[ids[:5], ids[5:]])
    lines = _told(state)
    assert lines[0] == "The cards are dealt face down: 5 cards each."
    assert lines[1].startswith("Tie of sevens between Player 1 and Player 2.")
    assert lines[2] == "War! Player 1 and Player 2 go to war."
    assert lines[3] == "Cards face down: Player 1 3 and Player 2 3."
    assert lines[4].startswith("Player 1 wins with the king of spades.")
    assert lines[5] == "Player 1 takes 10 cards. Holding: Player 1 10 and Player 2 0."
    assert lines[-1] == "Game over: Player 1 wins with 10 cards. 1 round, 2 battles, 5 plays, 1 war."


def test_three_players_hear_the_set_aside_card() -> None:
    """Krieg: "Wird zu dritt gespielt bekommt jeder 17 Karten und 1 Karte wird beiseite gelegt"."""
    state = WarState(3, WarOptions(max_rounds=3), seed=4)
    lines = _told(state)
    assert lines[0] == "The cards are dealt face down: 17 cards each; 1 card set aside, out of play."
    assert lines[-1].startswith("Time is up:")


def test_number_cards_are_said_as_numbers() -> None:
    """Krieg: Zahlenkarten "in absteigender Zahlenfolge von 13 bis 1" (numbers 13 high)."""
    ids = deck("numbers").parse_many([13, 1])
    state = WarState(2, WarOptions(deck="numbers"), seed=1, piles=[[ids[0]], [ids[1]]])
    lines = _told(state)
    assert lines[1] == "Player 1 wins with the 13. Cards: Player 1 13 and Player 2 1."
