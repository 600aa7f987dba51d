"""The teacher's console on a real loopback server: tables and seats, start, pause, end, a computer for a
missing child, the computers' pause, messages, table talk on and off, and seeing every hand (children told).
"""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest
from net_bots import Bot
from net_support import Client, ServerThread, open_client

from accessible_cards.i18n import Catalog
from accessible_cards.net.protocol import said_from_wire, word
from accessible_cards.net.teacher import Console


@pytest.fixture
def server() -> Iterator[ServerThread]:
    running = ServerThread(seed=9)
    try:
        yield running
    finally:
        running.close()


def console(server: ServerThread, lang: str = "en") -> Console:
    return Console(server.server, Catalog(lang).text)


def test_the_teacher_lists_starts_pauses_and_ends_tables_and_the_children_hear_it(server: ServerThread) -> None:
    teacher = console(server)
    anna = open_client(server, "en", "Anna")
    ben = open_client(server, "de", "Ben")
    try:
        assert server.call(lambda: teacher.run("tables")) == ["No tables yet: create one."]
        anna.send("1")
        anna.wait_said("Which game?")
        anna.send("2", "3", "0", "1")  # Stealing Bundles for 3, no computers, the preset's rules: two seats wait
        anna.wait_said("The game starts when every seat is taken.")
        ben.wait_said("Neuer Tisch")
        ben.send("1")
        ben.wait_said("Platz 2: frei")
        ben.send("2")
        ben.wait_said("du bist Ben")
        listed = server.call(lambda: teacher.run("tables"))
        assert listed == ["Table 1: Stealing Bundles, waiting; seat 1: Anna; seat 2: Ben; seat 3: free."]
        assert server.call(lambda: console(server, "de").run("tische")) == [
            "Tisch 1: Stealing Bundles, wartet; Platz 1: Anna; Platz 2: Ben; Platz 3: frei."
        ]
        assert server.call(lambda: teacher.run("start 1")) == ["Table 1 starts."]
        anna.wait(lambda: anna.app.game_screen_now.remote.started, what="the deal")
        assert "computer" in server.call(lambda: teacher.run("tables"))[0]
        assert server.call(lambda: teacher.run("pause 1")) == ["Table 1 is paused."]
        anna.wait_said("The teacher has paused this table.")
        ben.wait_said("Die Lehrkraft hat diesen Tisch angehalten.")
        server.call(lambda: teacher.run("say 1 Five minutes left"))
        anna.wait_said("Message from the teacher: Five minutes left")
        ben.wait_said("Nachricht der Lehrkraft: Five minutes left")
        assert "Message from the teacher: Five minutes left" in anna.app.game_screen_now.history
        server.call(lambda: teacher.run("go 1"))
        anna.wait_said("The table goes on.")
        server.call(lambda: teacher.run("coach 1 on"))
        ben.wait_said("Die Lehrkraft sieht jetzt alle Karten an diesem Tisch.")
        hands = server.call(lambda: teacher.run("hands 1"))
        assert len(hands) == 3 and hands[0].startswith("Seat 1: ")
        server.call(lambda: teacher.run("talk 1 off"))
        anna.wait_said("Table talk is off now.")
        anna.send("say good luck")
        anna.wait_said("Table talk is off at this table.")
        server.call(lambda: teacher.run("talk 1 on"))
        anna.send("say good luck")
        ben.wait_said("Anna sagt: good luck")
        assert server.call(lambda: teacher.run("end 1")) == ["Table 1 is ended."]
        anna.wait_said("The teacher has ended this table.")
        anna.wait(lambda: anna.app.stack[-1] is anna.app.lobby, what="back in the lobby")
        anna.wait_said("Lobby of Class 3b. No tables yet")
        assert server.call(lambda: teacher.run("tables")) == ["No tables yet: create one."]
        assert server.call(lambda: teacher.run("flip 1")) == ["Unknown command flip; help lists the commands."]
        assert server.call(lambda: teacher.run("pause")) == ["Which table? Give its number."]
        assert server.call(lambda: teacher.run("pace 11")) == ["The pause is from 0 to 10 seconds."]
    finally:
        anna.close()
        ben.close()


def test_a_computer_takes_a_missing_childs_seat_and_the_game_goes_on(server: ServerThread) -> None:
    teacher = console(server)
    anna, ben = Bot(server.port), Bot(server.port)
    try:
        for number, bot in enumerate((anna, ben), start=1):
            bot.hello()
            bot.wait_for("tables")
            if number == 1:
                bot.send({"t": "create", "game": "bundles", "players": 2})
                bot.wait_for("created")
            bot.send({"t": "sit", "table": 1, "seat": number})
            bot.wait_for("seated")
        ben.close()  # Ben's laptop sleeps: his seat is held
        deadline = time.monotonic() + 5
        while server.call(lambda: server.server.table(1).seats[1].conn) is not None and time.monotonic() < deadline:
            time.sleep(0.01)
        assert "(away)" in server.call(lambda: teacher.run("tables"))[0]
        assert server.call(lambda: teacher.run("hold 1 2")) == ["Seat 2 at table 1 is kept for its child."]
        assert server.call(lambda: teacher.run("computer 1 2")) == ["A computer plays seat 2 at table 1 now."]
        assert anna.wait_for("notice")["id"] == "seat-computer"
        while True:
            step = anna.wait_for("step")
            if step["result"] is not None:
                break
            if step.get("legal"):
                anna.send({"t": "act", "action": step["legal"][0]})
        assert server.call(lambda: server.server.table(1).table.result) is not None
    finally:
        anna.close()


def test_a_teachers_seat_on_another_computer_gives_the_consoles_commands_in_its_own_language() -> None:
    server = ServerThread(teacher_code="31415926")
    lehrerin = Client(server.port, "de", teacher="31415926")
    intruder = Client(server.port, "en", teacher="00000000")
    try:
        lehrerin.wait_said("Lobby von Class 3b")
        lehrerin.send("tische")
        lehrerin.wait_said("Noch keine Tische: leg einen an.")
        lehrerin.send("sag Noch fünf Minuten")
        lehrerin.wait_said("An alle gesagt.")
        lehrerin.wait_said("Nachricht der Lehrkraft: Noch fünf Minuten")
        intruder.wait_said("Lobby of Class 3b")
        intruder.send("!end 1")
        intruder.wait_said("That is not the teacher's code.")
    finally:
        lehrerin.close()
        intruder.close()
        server.close()


def test_the_consoles_answers_go_as_message_ids_and_each_teachers_seat_words_them_in_its_language() -> None:
    """Two teachers' seats, German and English, ask the same; the server sends ids and parameters, no sentence."""
    server = ServerThread(teacher_code="31415926")
    anna = Bot(server.port)
    lehrerin = Client(server.port, "de", teacher="31415926")
    teacher = Client(server.port, "en", teacher="31415926")
    try:
        anna.hello("Anna")
        anna.wait_for("tables")
        anna.send({"t": "create", "game": "bundles", "players": 2})
        anna.wait_for("created")
        anna.send({"t": "sit", "table": 1, "seat": 1})
        anna.wait_for("seated")
        anna.close()  # away: her seat is held
        for client, lobby in ((lehrerin, "Lobby von Class 3b"), (teacher, "Lobby of Class 3b")):
            client.wait_said(lobby)
        lehrerin.send(":tische")
        teacher.send(":tables")
        lehrerin.wait_said("Tisch 1: Stealing Bundles, wartet; Platz 1: Anna (weg); Platz 2: frei.")
        teacher.wait_said("Table 1: Stealing Bundles, waiting; seat 1: Anna (away); seat 2: free.")
        lehrerin.send(":tempo 11")
        lehrerin.wait_said("Die Pause ist 0 bis 10 Sekunden lang.")
        teacher.send(":hold 1 2")
        teacher.wait_said("Seat 2 at table 1 is kept for its child.")
        sent = b"".join(
            bytes(data) for conn, data in server.call(lambda: list(server.wire.items())) if b'"teacher"' in data
        )
        assert b'"m": "Table {table}: {game}, {status}; {seats}."' in sent.replace(b'":"', b'": "'), "a message id"
        assert b"waiting;" not in sent and b"wartet" not in sent, "no worded sentence goes over the wire"
    finally:
        lehrerin.close()
        teacher.close()
        server.close()


def test_a_client_words_only_messages_its_own_catalog_knows() -> None:
    catalog = Catalog("de")
    table = {"m": "Table {table} starts.", "c": None, "p": {"table": 3}}
    assert word(said_from_wire(table, catalog.knows), catalog.text) == "Tisch 3 beginnt."
    for bad in (
        {"m": "{table.__class__}", "p": {"table": 1}},  # not a message of the catalog: never used as a template
        {
            "j": "; ",
            "s": [{"j": "", "s": [{"j": "", "s": [{"j": "", "s": [{"j": "", "s": [{"j": "", "s": [[]]}]}]}]}]}],
        },
        {"m": "Table {table} starts.", "p": ["table"]},
        [1, 2],
    ):
        with pytest.raises(ValueError):
            said_from_wire(bad, catalog.knows)
