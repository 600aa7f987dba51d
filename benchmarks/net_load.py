"""Classroom play under load: many clients at many tables on loopback, whole games, every move at once.

A real ``accessible-cards serve`` runs in its own process (computer pause 0, its own data folder, so
it autosaves every step as in a class). This process opens ``--tables`` tables of Stealing Bundles
with ``--seats`` children each (``--computers`` of the seats computer players), all raw protocol
clients on one asyncio loop. Each child plays a random legal move the moment it is offered one; each
step message is read back and told by the game's own narrator in the child's language (half English,
half German), as the ``join`` client does, and only then counted as announced.

Figures: the time from sending a move to the last seat of that table having its announcement (median,
p95, p99, over every move of every game), the server's CPU time per move and per client, and its
resident memory per client (after the clients joined, less before). A client the server dropped is
counted; every client reads everything. ``--rounds`` plays that many games per table, one after another.

Run: ``.venv/bin/python benchmarks/net_load.py`` (32 clients at 8 tables) and
``.venv/bin/python benchmarks/net_load.py --tables 50 --seats 4`` (200 clients).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from accessible_cards import game as registry
from accessible_cards.game import Voice
from accessible_cards.i18n import Catalog
from accessible_cards.narration.base import people_first, seat_names
from accessible_cards.net.protocol import from_wire, game_classes
from accessible_cards.stats import percentile

CODE = "11235"
ROOT = Path(__file__).resolve().parent.parent


def _proc(pid: int) -> tuple[float, int]:
    """CPU seconds (user + system) and resident memory in bytes of process ``pid``."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    cpu = (int(fields[11]) + int(fields[12])) / ticks
    rss = 0
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            rss = int(line.split()[1]) * 1024
    return cpu, rss


class Child:
    """One raw client: it sits at a seat, tells each step with the narrator, and answers a move at once."""

    def __init__(self, bench: Bench, table: int, seat: int, lang: str) -> None:
        self.bench = bench
        self.table = table
        self.seat = seat
        self.lang = lang
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None
        self.narrator: Any = None
        self.over = False
        self.dropped = False
        self.steps = 0

    async def connect(self, port: int) -> None:
        self.reader, self.writer = await asyncio.open_connection("127.0.0.1", port, limit=1 << 20)
        self.send({"t": "hello", "code": CODE, "name": None, "v": 1})

    def send(self, message: dict[str, Any]) -> None:
        assert self.writer is not None
        self.writer.write(json.dumps(message).encode() + b"\n")

    async def read(self) -> dict[str, Any] | None:
        assert self.reader is not None
        line = await self.reader.readline()
        if not line:
            return None
        return dict(json.loads(line))

    async def wait(self, kind: str) -> dict[str, Any]:
        while True:
            message = await self.read()
            if message is None:
                raise ConnectionError("the server closed the connection")
            if message["t"] == kind:
                return message

    async def play(self) -> None:
        game = self.bench.game
        classes = self.bench.classes
        rng = random.Random(self.table * 10 + self.seat)
        while not self.over:
            message = await self.read()
            if message is None:
                self.dropped = True
                return
            if message["t"] != "step":
                continue
            events = [from_wire(event, classes) for event in message["events"]]
            view = from_wire(message["view"], classes)
            if self.narrator is None:
                computers = people_first(self.bench.people + self.bench.computers, self.bench.people)
                names = seat_names(Catalog(self.lang).text, computers, message.get("names") or [])
                state = game.new_state(len(computers), "standard", {}, 0)
                self.narrator = game.narrator(state, Voice(self.lang, "normal", names, self.seat))
            for event in events:
                self.narrator.event(event, view)
            self.steps += 1
            self.bench.announced(self.table, message["n"])
            if message.get("result") is not None:
                self.over = True
                return
            legal = message.get("legal")
            if legal:
                self.bench.sent(self.table, message["n"] + 1)
                self.send({"t": "act", "action": rng.choice(legal)})


class Bench:
    def __init__(self, tables: int, people: int, computers: int) -> None:
        self.game = registry.get("bundles")
        self.classes = game_classes(self.game)
        self.tables = tables
        self.people = people
        self.computers = computers
        self.started: dict[tuple[int, int], float] = {}
        self.heard: dict[tuple[int, int], int] = {}
        self.latencies: list[float] = []

    def sent(self, table: int, step: int) -> None:
        self.started[(table, step)] = time.perf_counter()

    def announced(self, table: int, step: int) -> None:
        key = (table, step)
        count = self.heard.get(key, 0) + 1
        self.heard[key] = count
        if count == self.people and key in self.started:
            self.latencies.append(time.perf_counter() - self.started.pop(key))

    async def round(self, port: int, first_table: int) -> list[Child]:
        children: list[Child] = []
        for table in range(self.tables):
            number = first_table + table
            seated = []
            for seat in range(self.people):
                child = Child(self, number, seat, "en" if seat % 2 == 0 else "de")
                await child.connect(port)
                await child.wait("tables")
                if seat == 0:
                    child.send({"t": "create", "game": "bundles", "players": self.people + self.computers,
                                "computers": self.computers})  # fmt: skip
                    await child.wait("created")
                child.send({"t": "sit", "table": number, "seat": seat + 1})
                await child.wait("seated")
                seated.append(child)
            children += seated
        await asyncio.gather(*(child.play() for child in children))
        for child in children:
            if child.writer is not None:
                child.writer.close()
        return children


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=8)
    parser.add_argument("--seats", type=int, default=4, help="children per table")
    parser.add_argument("--computers", type=int, default=0, help="computer seats per table (no pause)")
    parser.add_argument("--rounds", type=int, default=2, help="games per table, one after another")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="net-load-"))
    server = subprocess.Popen(
        [sys.executable, "-m", "accessible_cards", "serve", "--host", "127.0.0.1", "--port", "0", "--pause", "0",
         "--speech", "off", "--code", CODE, "--data", str(folder), "--lang", "en", "--no-announce"],
        stdout=subprocess.PIPE, stdin=subprocess.PIPE, text=True, env={**os.environ, "PYTHONPATH": str(ROOT)},
    )  # fmt: skip
    assert server.stdout is not None
    port = 0
    while not port:
        found = re.search(r"port (\d+)\.", server.stdout.readline())
        port = int(found.group(1)) if found else 0
    time.sleep(0.5)
    cpu0, rss0 = _proc(server.pid)
    bench = Bench(args.tables, args.seats, args.computers)
    clients = args.tables * args.seats
    dropped = 0
    games = 0
    wall = time.perf_counter()
    peak = rss0
    for number in range(args.rounds):
        children = asyncio.run(bench.round(port, number * args.tables + 1))
        dropped += sum(child.dropped for child in children)
        games += sum(child.over for child in children) // args.seats
        peak = max(peak, _proc(server.pid)[1])
    wall = time.perf_counter() - wall
    cpu1, _rss1 = _proc(server.pid)
    server.kill()
    server.wait()
    moves = len(bench.latencies)
    ms = sorted(1000 * x for x in bench.latencies)
    print(f"{clients} clients at {args.tables} tables ({args.seats} children, {args.computers} computers each), "
          f"{args.rounds} games per table: {games} games, {moves} moves, {wall:.1f} s")  # fmt: skip
    print(f"move to the last seat's announcement: median {percentile(ms, 0.50):.1f} ms, "
          f"p95 {percentile(ms, 0.95):.1f} ms, p99 {percentile(ms, 0.99):.1f} ms, max {ms[-1]:.1f} ms")  # fmt: skip
    print(f"server CPU: {cpu1 - cpu0:.2f} s in all, {1000 * (cpu1 - cpu0) / max(moves, 1):.2f} ms a move, "
          f"{(cpu1 - cpu0) / clients:.3f} s a client over its games")  # fmt: skip
    print(f"server memory: {rss0 / 2**20:.1f} MiB before, {peak / 2**20:.1f} MiB at most, "
          f"{(peak - rss0) / clients / 1024:.0f} KiB a client")  # fmt: skip
    print(f"clients dropped: {dropped}")
    return 0 if dropped == 0 and games == args.tables * args.rounds else 1


if __name__ == "__main__":
    raise SystemExit(main())
