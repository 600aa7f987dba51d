"""Klondike's race at one keyboard, played through a real pseudo-terminal and read back with pyte.

The program's clock runs 60 times faster here (``ACCESSIBLE_CARDS_CLOCK_RATE``, for tests), so each
racer's 3 minutes take 3 seconds. The first racer is asked to the keyboard, plays, hears the clock
and "Time is up"; the screen is cleared for the hand-over, the second racer plays the same deal
with the same time, and the end tells both results and the winner.
"""

from __future__ import annotations

from pathlib import Path

from terminal_support import Player, assert_clean

from accessible_cards.ui.game_screen import CLOCK_RATE_ENV


def test_two_racers_play_the_same_deal_in_turn(players: list[Player], config: Path) -> None:
    args = ["play", "klondike", "--variant", "race", "--set", "race_minutes=3", "--seed", "5", "--lang", "en"]
    player = Player(args, config, env={CLOCK_RATE_ENV: "60"})
    players.append(player)
    player.wait_for(r"Player 1: your turn at the deal, 3 minutes\. Press Enter to start the clock\.")
    assert "A race on the same deal: Player 1 and Player 2 play it in turn, 3 minutes each." in player.raw
    player.press("enter")
    player.wait_for(r"The clock runs: 3 minutes\. Go!")
    first_deal = player.wait_for(r"^The cards are dealt")
    player.press("a")  # the ace on top goes to its foundation
    player.wait_for(r"to the foundation\. 1 card on the foundations\.")
    player.press("d")
    player.wait_for(r"^Waste: ")
    player.press("t")
    player.wait_for(r"^\d+ (minutes?|seconds?)( and \d+ seconds?)? left\.$|^2 minutes.* left\.")
    player.wait_for(r"^30 seconds left\.$", seconds=8)
    player.wait_for(
        r"^Player 1's time is up: 1 card on the foundations\. "
        r"Player 2: your turn at the same deal, 3 minutes\. Press Enter to start the clock\.",
        seconds=8,
    )  # the first racer hears their count before the screen is cleared for the second
    assert "Time is up." in player.raw
    player.settle(0.3)
    handed = player.said()
    assert not any(line.startswith(("Waste:", "The cards are dealt", "Column")) for line in handed), handed
    player.press("d")  # a key before Enter does not start the second racer's game
    assert not any("The clock runs" in line for line in player.new_lines())
    player.press("enter")
    player.wait_for(r"The clock runs: 3 minutes\. Go!")
    second_deal = player.wait_for(r"^The cards are dealt")
    assert second_deal == first_deal  # the same deal
    player.new_lines()
    player.press("g", "up", "up")  # the history holds the second player's own lines only, never the first's draws
    history = player.new_lines()
    assert history and not any("Waste: the " in line or "to the foundation" in line for line in history), history
    assert any(line.startswith("1 of 2: The clock runs") for line in history)
    player.press("escape")
    player.wait_for(r"^Time is up\.$", seconds=8)
    end = player.wait_for(r"^The race is over\.")
    assert end == "The race is over. Player 1: 1 card; Player 2: 0 cards. Player 1 wins the race."
    player.wait_for(r"^What next\?")
    assert_clean(player.lines())
