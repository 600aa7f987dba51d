"""Klondike's race over the network: two children at their own computers play the same deal at once.

A real server on a loopback port, two real ``join`` clients (one in English, one in German) and a
watcher. The server's clock runs 60 times faster than real time, so the 3-minute race takes 3
seconds. Each child hears their own moves in full, the rival only as short news of the count, the
clock at the start, each minute left, 30 and 10 seconds and the end, then both results and the
winner; no byte sent to a child names a card of the rival's board.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator

import pytest
from net_support import Client, ServerThread, open_client

from accessible_cards.games.klondike.actions import FOUNDATION, Move

RATE = 60.0
PACE = 0.05


@pytest.fixture
def server() -> Iterator[ServerThread]:
    running = ServerThread(seed=5, clock=lambda: time.monotonic() * RATE, clock_rate=RATE)
    try:
        yield running
    finally:
        running.close()


def _move(client: Client) -> bool:
    """The child's next move, if it may move: a card to the foundations if one can go, else the first offered."""
    assert client.app is not None
    screen = client.app.game_screen_now
    if screen is None or screen.over:
        return False
    remote = screen.remote
    legal = list(remote.legal_actions())
    if remote.to_move() != screen.seat_number or not legal:
        return False
    up = [a for a in legal if isinstance(a, Move) and a.target == FOUNDATION]
    steps = remote.steps
    remote.play(up[0] if up else legal[0])
    client.wait(lambda: remote.steps > steps or screen.over, what="the server's answer to a move")
    return True


def test_two_children_race_the_same_deal_at_once(server: ServerThread) -> None:
    anna = open_client(server, "en", "Anna")
    ben = open_client(server, "de", "Ben")
    mia = open_client(server, "en", "Mia")
    try:
        assert anna.app is not None and mia.app is not None
        anna.app.link.send(
            {"t": "create", "game": "klondike", "variant": "race", "players": 2, "computers": 0,
             "options": "race_minutes=3"}
        )  # fmt: skip
        anna.wait(lambda: anna.app is not None and anna.app.game_screen_now is not None, what="the table")
        mia.app.watch(1)
        mia.wait(lambda: mia.app is not None and mia.app.game_screen_now is not None, what="watching")
        ben.send("1")
        ben.wait_said("Platz 2: frei")  # the table's seats, read out
        ben.send("2")
        anna.wait_said("The clock runs: 3 minutes. Go!")
        ben.wait_said("Die Uhr läuft: 3 Minuten. Los!")
        deadline = time.monotonic() + 30
        moves = [0, 0]
        while time.monotonic() < deadline:
            for n, child in enumerate((anna, ben)):
                if _move(child):
                    moves[n] += 1
            if all(c.app is not None and c.app.game_screen_now is not None and c.app.game_screen_now.over
                   for c in (anna, ben)):  # fmt: skip
                break
            time.sleep(PACE)
        assert moves[0] > 3 and moves[1] > 3, moves  # both played at the same time, neither waited for a turn
        anna.wait_said("The race is over.")
        ben.wait_said("Der Wettlauf ist vorbei.")
    finally:
        for child in (anna, ben, mia):
            child.close()

    said_en, said_de = anna.said, ben.said
    assert "A race on the same deal: Anna and Ben play at once, 3 minutes." in said_en
    for line in ("2 minutes left.", "1 minute left.", "30 seconds left.", "10 seconds left.", "Time is up."):
        assert line in said_en
    for line in ("Noch 2 Minuten.", "Noch 30 Sekunden.", "Die Zeit ist um."):
        assert line in said_de
    dealt_en = next(line for line in said_en if line.startswith("The cards are dealt"))
    assert "Columns 1:" in dealt_en  # the whole deal is read to each child, in their own words
    end = next(line for line in said_en if line.startswith("The race is over."))
    assert "Anna:" in end and "Ben:" in end and ("wins the race" in end or "A draw." in end)
    assert any(line.startswith(("Waste:", "The ")) and "stock" in line for line in said_en)  # own moves in full
    assert not any(line.startswith("Ben: ") and "on the foundations" not in line for line in said_en)
    assert not any(line.startswith("Anna: ") and "auf den Zielstapeln" not in line for line in said_de)

    # no byte sent to a child tells a card of the other's board; the watcher sees both boards' moves
    for name, rival in (("Anna", 1), ("Ben", 0)):
        conn = next(c for c in server.wire if c.name == name)
        racers = [
            event["f"]["racer"]
            for raw in bytes(server.wire[conn]).splitlines()
            for event in json.loads(raw).get("events") or ()
            if event.get("$d") == "Raced"
        ]
        assert racers and rival not in racers, name  # their own board's events came, none of the rival's
    watched = mia.said
    assert any(line.startswith("Anna: ") for line in watched) and any(line.startswith("Ben: ") for line in watched)


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "Winnable deals only is not offered at a network table: its deals come from a public list"),
        ("de", "Nur lösbare Spiele gibt es an einem Netzwerktisch nicht"),
    ],
)
@pytest.mark.parametrize("variant", ["classic", "race"])
def test_a_network_table_refuses_winnable_deals_only_and_says_why(
    server: ServerThread, lang: str, said: str, variant: str
) -> None:
    """The list of winnable deals is public: from a seat's face-up cards a child could find the whole deal."""
    anna = open_client(server, lang, "Anna")
    try:
        assert anna.app is not None
        players = 2 if variant == "race" else 1
        anna.app.link.send(
            {"t": "create", "game": "klondike", "variant": variant, "players": players, "computers": 0,
             "options": "winnable_only=true"}
        )  # fmt: skip
        anna.wait_said(said)
        assert anna.app.game_screen_now is None, "no table was opened"
        assert not [line for line in anna.said if "Traceback" in line or "cannot be done" in line], anna.said
        anna.app.link.send(
            {"t": "create", "game": "klondike", "variant": variant, "players": players, "computers": 0, "options": ""}
        )
        anna.wait(lambda: anna.app is not None and anna.app.game_screen_now is not None, what="the table without it")
    finally:
        anna.close()
