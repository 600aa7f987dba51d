"""``accessible-cards join`` in a real pseudo-terminal, read back as a screen reader meets it.

The server's news arrives while the prompt waits for a key: each announcement must come as a new
plain line, with the prompt back under it, and keys act at once as in local play.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from net_support import CODE, ServerThread
from terminal_support import Player, assert_clean, start


@pytest.fixture
def server() -> Iterator[ServerThread]:
    running = ServerThread(seed=21)
    try:
        yield running
    finally:
        running.close()


def test_join_in_a_terminal_creates_a_table_plays_and_leaves(
    server: ServerThread, players: list[Player], config: Path
) -> None:
    child = start(players, config, "join", "127.0.0.1", "--port", str(server.port), "--code", CODE,
                  "--name", "Anna", "--lang", "en")  # fmt: skip
    child.wait_for(r"^Lobby of Class 3b\. No tables yet")
    child.press("2")
    child.wait_for(r"^The lobby lists the tables")
    child.press("1")
    child.wait_for(r"^Which game\?")
    child.press("2")
    child.wait_for(r"^How many players\?")
    child.press("2")
    child.wait_for(r"^How many of them computer players\?")
    child.press("1")
    child.wait_for(r"^Table 1, seat 1: you are Anna\.")
    child.wait_for(r"deal 4 cards each|deals 4 cards each")
    child.wait_for(r"Your turn|Computer 1")
    child.press("h")
    child.wait_for(r"^You hold|^Your cards|^In your hand")
    child.press("q")
    child.wait_for(r"^Leave the table\? Your seat is kept for you\.")
    child.press("y")
    child.wait_for(r"^Goodbye\.")
    child.settle()
    assert_clean(child.lines())
    assert child.close() in (0, None)
