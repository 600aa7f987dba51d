"""Stiche-Raten played through a real pseudo-terminal, in English and in German, as a listener meets it.

A short game (``max_cards=2``: two rounds) with two computer players: the person bids with digits, is
refused a bid with its reason, plays by position, reviews the hand, the bids and the score sheet, and
hears the game to its end. The lines are read back from the screen as a screen reader finds them.
"""

from __future__ import annotations

from pathlib import Path

from terminal_support import Player, assert_clean, start

WORDS = {
    "en": {
        "bid": "Your bid: ",
        "turn": "Your turn.",
        "over": "Game over: ",
        "next": "What next?",
        "opening": "Stiche-Raten for 3 players.",
        "round1": "Round 1 of 2: 1 card each. Trump: ",
        "round2": "Round 2 of 2: 2 cards each. No trump",
        "too_high": "You may not bid 9: the most you can bid is 1.",
        "hand": "Your hand: ",
        "bids": "You have not bid yet; Computer 1 ",
        "sheet": "Score sheet, ",
        "cell": "Round 1, 1 card, You, bid: ",
        "back": "Back in the game.",
        "forbidden": "You may not bid ",
    },
    "de": {
        "bid": "Deine Ansage: ",
        "turn": "Du bist dran.",
        "over": "Spielende: ",
        "next": "Wie geht es weiter?",
        "opening": "Stiche-Raten für 3 Spieler.",
        "round1": "Runde 1 von 2: 1 Karte für jeden. Trumpf: ",
        "round2": "Runde 2 von 2: 2 Karten für jeden. Kein Trumpf",
        "too_high": "Du darfst nicht 9 ansagen: höchstens 1 kannst du ansagen.",
        "hand": "Deine Hand: ",
        "bids": "Du hast noch nicht angesagt; Computer 1 ",
        "sheet": "Block, ",
        "cell": "Runde 1, 1 Karte, Du, Ansage: ",
        "back": "Zurück im Spiel.",
        "forbidden": "Du darfst nicht ",
    },
}


def _play(player: Player, words: dict[str, str], before: list[str]) -> list[str]:
    """Bid 0 (or 1 when 0 is refused) and play the first playable card, until the game is over."""
    said: list[str] = list(before)
    for _ in range(60):
        player.settle(0.3)
        said += player.new_lines()
        if any(words["next"] in line for line in said):
            return said
        last = said[-1] if said else ""
        if last.startswith(words["bid"]) or last.startswith(words["forbidden"]):
            player.press("0" if not last.startswith(words["forbidden"]) else "1")
            player.press("enter")
        elif last.startswith(words["turn"]):
            for position in ("1", "2"):
                player.press(position, position)
                player.settle(0.3)
                fresh = player.new_lines()
                said += fresh
                if not any(line.startswith(words["forbidden"][:6]) for line in fresh[-1:]) and not any(
                    "not playable" in line or "nicht spielbar" in line or "bedienen:" in line or "must follow" in line
                    for line in fresh[-1:]
                ):
                    break
        else:
            player.settle(0.5)
    raise AssertionError("the game did not end:\n" + "\n".join(said[-20:]))


def _game(players: list[Player], config: Path, lang: str) -> None:
    words = WORDS[lang]
    player = start(players, config, "play", "ohhell", "--players", "3", "--seed", "4", "--pause", "0",
                   "--lang", lang, "--set", "max_cards=2")  # fmt: skip
    player.wait_for(words["bid"], 20)
    said = player.new_lines()
    assert said[0] == words["opening"]
    assert said[1].startswith(words["round1"])
    player.press("h")
    player.press("b")
    player.press("9")
    player.settle()
    review = player.new_lines()
    assert review[0].startswith(words["hand"])
    assert review[1].startswith(words["bids"])
    assert review[2] == words["too_high"]
    said = _play(player, words, said + review)
    assert any(line.startswith(words["round2"]) for line in said), said
    assert any(line.startswith(words["over"]) for line in said), said
    assert_clean(player.lines())


def test_a_whole_game_in_english(players: list[Player], config: Path) -> None:
    _game(players, config, "en")


def test_a_whole_game_in_german(players: list[Player], config: Path) -> None:
    _game(players, config, "de")


def test_the_score_sheet_is_read_with_the_arrows(players: list[Player], config: Path) -> None:
    words = WORDS["en"]
    player = start(players, config, "play", "ohhell", "--players", "3", "--seed", "4", "--pause", "0",
                   "--lang", "en", "--set", "max_cards=3")  # fmt: skip
    player.wait_for(words["bid"], 20)
    player.press("1", "1")
    player.wait_for(words["turn"])
    player.press("1", "1")
    player.wait_for("Round 2 of 3")
    player.new_lines()
    player.press("s")
    player.settle()
    lines = player.new_lines()
    assert lines[0].startswith("After 1 round: you ")
    assert lines[1].startswith(words["sheet"])
    assert lines[2].startswith("Round 1, 1 card: trump is ")
    player.press("right")
    player.settle()
    (cell,) = player.new_lines()
    assert cell.startswith(words["cell"] + "1, took ")
    player.press("down")
    player.settle()
    assert player.new_lines() == ["Last round of the sheet."]
    player.press("escape")
    player.settle()
    assert player.new_lines() == [words["back"]]
