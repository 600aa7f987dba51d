"""A match said aloud: each Scopa category with who won it and why, the standing after every game, the match's end.

Issue 15: "Each Scopa category is named with who won it and why ("Primiera: you, 78 against 71")"; "The match
standing is announced after every game and is on S"; English and German, and a braille line of 40 cells at most.
"""

from __future__ import annotations

import random
import re

import pytest

from accessible_cards.cards import deck
from accessible_cards.games.bundles.match import BundlesMatchState, MatchGameOver, MatchOver
from accessible_cards.games.bundles.narrator import BundlesNarrator
from accessible_cards.games.bundles.rules import (
    BundlesOptions,
    MatchStanding,
    ScopaScored,
    category_winner,
    primiera,
    scopa_scored,
)
from accessible_cards.utterance import BRAILLE_CELLS

SCOPA = BundlesOptions.preset("rubamazzo", {"scoring": "scopa"})
NAMES = [None, "Computer 1"]


def _narrator(
    lang: str = "en", options: BundlesOptions = SCOPA, names: list[str | None] | None = None
) -> BundlesNarrator:
    return BundlesNarrator(lang, "normal", options.deck, names or NAMES, you=0, options=options)


def test_every_category_is_named_with_its_winner_and_why() -> None:
    event = ScopaScored((22, 18), (6, 4), 1, (78, 71), (2, 0), (3, 1))
    told = _narrator().event(event, None)  # type: ignore[arg-type]
    assert told is not None
    assert told.speech == (
        "Most cards: you, 22 against 18. Most coins: you, 6 against 4. Settebello: Computer 1. "
        "Primiera: you, 78 against 71. Sweeps, which give no point here: you 2 and Computer 1 0."
    )
    assert told.braille == "Scopa points: You 3 C1\xa01" and len(told.braille) <= BRAILLE_CELLS


def test_ties_and_a_missing_suit_give_no_point_and_are_said_so() -> None:
    event = ScopaScored((20, 20), (5, 5), None, (70, None), (0, 0), (0, 0))
    told = _narrator().event(event, None)  # type: ignore[arg-type]
    assert told is not None
    assert told.speech == (
        "Most cards: a tie at 20 between you and Computer 1; no point. "
        "Most coins: a tie at 5 between you and Computer 1; no point. Settebello: nobody; no point. "
        "Primiera: you, 70. Computer 1 has no primiera: a suit is missing."
    )
    german = _narrator("de").event(event, None)  # type: ignore[arg-type]
    assert german is not None
    assert german.speech == (
        "Die meisten Karten: Gleichstand bei 20 zwischen dir und Computer 1; kein Punkt. "
        "Die meisten Münzen: Gleichstand bei 5 zwischen dir und Computer 1; kein Punkt. "
        "Settebello: niemand; kein Punkt. Primiera: du, 70. Computer 1 hat keine Primiera: eine Farbe fehlt."
    )


def test_the_categories_in_german() -> None:
    event = ScopaScored((22, 18), (6, 4), 1, (78, 71), (0, 0), (3, 1))
    told = _narrator("de").event(event, None)  # type: ignore[arg-type]
    assert told is not None
    assert told.speech == (
        "Die meisten Karten: du, 22 gegen 18. Die meisten Münzen: du, 6 gegen 4. Settebello: Computer 1. "
        "Primiera: du, 78 gegen 71."
    )
    assert told.braille == "Scopa-Punkte: Du 3 C1\xa01"


def test_with_three_players_each_others_figure_is_named() -> None:
    options = BundlesOptions.preset("rubamazzo", {"scoring": "scopa", "players": 3})
    event = ScopaScored((15, 13, 12), (4, 3, 3), 2, (None, 71, 66), (0, 1, 0), (2, 1, 1))
    told = _narrator(options=options, names=[None, "Computer 1", "Computer 2"]).event(event, None)  # type: ignore[arg-type]
    assert told is not None
    assert told.speech.startswith("Most cards: you, 15 against Computer 1 13 and Computer 2 12. ")
    assert "Primiera: Computer 1, 71 against Computer 2 66. You have no primiera: a suit is missing." in told.speech
    other = ScopaScored((10, 16, 14), (2, 5, 3), 2, (68, 56, 84), (0, 0, 0), (0, 2, 2))
    german = _narrator("de", options, [None, "Computer 1", "Computer 2"]).event(other, None)  # type: ignore[arg-type]
    assert german is not None
    assert german.speech.startswith("Die meisten Karten: Computer 1, 16 gegen dich 10 und Computer 2 14. ")
    assert german.speech.endswith("Primiera: Computer 2, 84 gegen dich 68 und Computer 1 56.")


def test_primiera_is_counted_as_the_rulings_say() -> None:
    """Rulings: best card per suit by 7=21, 6=18, A=16, 5=15, 4=14, 3=13, 2=12, J/Q/K=10; all four suits needed."""
    pack = deck("italian40")
    assert primiera("italian40", pack.parse_many(["7D", "6H", "AS", "5C", "2D"])) == 21 + 18 + 16 + 15
    assert primiera("italian40", pack.parse_many(["KD", "QH", "JS", "KC", "4C"])) == 10 + 10 + 10 + 14
    assert primiera("italian40", pack.parse_many(["7D", "7H", "7S"])) is None
    assert category_winner([78, 78]) is None and category_winner([None, 3]) == 1 and category_winner([0, 0]) is None


def test_the_words_name_the_seat_each_point_went_to() -> None:
    """Over many played games: every category said as won by a seat gave that seat a point, and nothing else did."""
    pattern = re.compile(r"(Most cards|Most coins|Settebello|Primiera): (you|Computer 1)[,.]")
    for seed in range(25):
        state = BundlesMatchState(SCOPA, seed)
        rng = random.Random(seed)
        narrator = _narrator()
        state.start()
        while state.result is None:
            for event in state.apply(rng.choice(state.actions())):
                if isinstance(event, ScopaScored):
                    told = narrator.event(event, state.view(0))
                    assert told is not None
                    won = [0, 0]
                    for _category, who in pattern.findall(told.speech):
                        won[0 if who == "you" else 1] += 1
                    assert tuple(won) == event.points, (told.speech, event)


def test_scopa_scored_from_the_cards() -> None:
    pack = deck("italian40")
    piles = [pack.parse_many(["7D", "6H", "AS", "5C", "2D"]), pack.parse_many(["3D", "4D", "4H", "KC", "JS", "QS"])]
    scored = scopa_scored("italian40", piles, [1, 0])
    assert scored == ScopaScored((5, 6), (2, 2), 0, (70, 48), (1, 0), (2, 1))


@pytest.mark.parametrize(
    "lang, options, event, speech, braille",
    [
        ("en", BundlesOptions.preset("rubamazzo"), MatchGameOver(1, (0,), (1, 0), (24, 16), (0, 0), 0, 0),
         "After 1 game of the best of 3: you have won 1 game and Computer 1 has won 0 games. Next game: you deal.",
         "Best of 3, won: You 1 C1\xa00"),
        ("de", BundlesOptions.preset("rubamazzo"), MatchGameOver(2, (), (1, 0), (44, 36), (0, 0), 1, 1),
         "Nach 2 Spielen im Best of 3: du hast 1 Spiel gewonnen und Computer 1 hat 0 Spiele gewonnen. "
         "1 unentschiedenes Spiel zählt nicht. Nächstes Spiel: Computer 1 gibt.",
         "Best of 3, Siege: Du 1 C1\xa00"),
        ("en", BundlesOptions.preset("rubamazzo", {"match": "cards", "match_games": 5}),
         MatchGameOver(2, (1,), (0, 2), (35, 45), (0, 0), 0, 0),
         "After 2 games of 5, by total cards: you have 35 cards and Computer 1 has 45 cards. Next game: you deal.",
         "Total cards: You 35 C1\xa045"),
        ("en", SCOPA, MatchGameOver(4, (0,), (2, 2), (80, 80), (12, 12), 0, 1),
         "After 4 games of the match to 11 points: you have 12 points and Computer 1 has 12 points. "
         "The leaders are level: the match goes on. Next game: Computer 1 deals.",
         "Points to 11: You 12 C1\xa012"),
        ("de", SCOPA, MatchGameOver(3, (1,), (1, 2), (50, 70), (5, 11), 0, None),
         "Nach 3 Spielen des Matchs bis 11 Punkte: du hast 5 Punkte und Computer 1 hat 11 Punkte.",
         "Ziel 11 Punkte: Du 5 C1\xa011"),
    ],
)  # fmt: skip
def test_the_standing_after_every_game(
    lang: str, options: BundlesOptions, event: MatchGameOver, speech: str, braille: str
) -> None:
    told = _narrator(lang, options).event(event, None)  # type: ignore[arg-type]
    assert told is not None and (told.speech, told.braille) == (speech, braille)


def test_the_standing_fits_the_braille_line_with_four_players() -> None:
    options = BundlesOptions.preset("rubamazzo", {"scoring": "scopa", "players": 4, "target": 21})
    names: list[str | None] = [None, "Computer 1", "Computer 2", "Computer 3"]
    for lang in ("en", "de"):
        told = _narrator(lang, options, names).event(
            MatchGameOver(9, (1,), (3, 3, 2, 1), (90, 95, 80, 95), (20, 19, 18, 17), 0, 2),
            None,  # type: ignore[arg-type]
        )
        assert told is not None and len(told.braille) <= BRAILLE_CELLS, told.braille
        assert all(str(n) in told.braille for n in (20, 19, 18, 17))


def test_the_match_end_and_the_s_key() -> None:
    options = BundlesOptions.preset("rubamazzo")
    narrator = _narrator("en", options)
    over = narrator.event(MatchOver((0,), 3), None)  # type: ignore[arg-type]
    assert over is not None and (over.speech, over.braille) == ("You win the match after 3 games.", "You win the match")
    lost = _narrator("de", options).event(MatchOver((1,), 2), None)  # type: ignore[arg-type]
    assert lost is not None and lost.speech == "Computer 1 gewinnt das Match nach 2 Spielen."
    first = narrator.standing(MatchStanding("games", 3, 1, 0, (0, 0), 0, (0, 0), (0, 0)))
    assert first.speech == "This is a match: best of 3 games. Game 1 of the match."
    later = narrator.standing(MatchStanding("games", 3, 2, 1, (0, 1), 0, (18, 22), (0, 0)))
    assert later.speech == (
        "Game 2 of the match. After 1 game of the best of 3: you have won 0 games and Computer 1 has won 1 game."
    )
    assert later.braille == "Best of 3, won: You 0 C1\xa01"
