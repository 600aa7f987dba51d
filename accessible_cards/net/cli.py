"""The ``serve`` and ``join`` commands: their arguments, and how each starts."""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from pathlib import Path
from typing import Any

from ..i18n import LANGUAGES, Catalog
from .guard import CODE_DIGITS, CODE_LENGTH, TEACHER_DIGITS, new_code, normal_code, spoken_code

DEFAULT_PORT = 2222


def add_net_parsers(commands: Any) -> None:
    """Add ``serve`` and ``join`` to the command line."""
    serve = commands.add_parser("serve", help="hold tables for a class: every child joins from their own computer")
    serve.add_argument(
        "--port", type=_port, default=DEFAULT_PORT, help=f"the port to listen on (default {DEFAULT_PORT})"
    )
    serve.add_argument("--host", default="0.0.0.0", help="the address to listen on (default: every address)")
    serve.add_argument(
        "--no-announce", action="store_true", help="do not announce the class on the local network (mDNS)"
    )
    serve.add_argument("--name", default="Accessible Cards", help='the class\'s name, said in the lobby: "Class 3b"')
    serve.add_argument(
        "--code", default=None, help="the join code (default: the one kept in the server's folder, or a new one)"
    )
    serve.add_argument("--new-code", action="store_true", help="make a new join code instead of the one kept")
    serve.add_argument("--pause", type=float, default=1.0, metavar="SECONDS", help="the computer's pause, 0 to 10")
    serve.add_argument("--data", default=None, metavar="FOLDER", help="the server's own folder (log, autosaves)")
    serve.add_argument("--seed", type=int, default=None, help=argparse.SUPPRESS)
    serve.add_argument("--lang", choices=LANGUAGES, default=None, help="the language of what serve says")
    serve.add_argument(
        "--telnet",
        type=_port,
        default=None,
        metavar="PORT",
        help="also listen for telnet on PORT (not encrypted: everything typed, the code too, can be read)",
    )
    serve.add_argument(
        "--speech",
        choices=["auto", "self", "screen-reader", "off"],
        default=None,
        help="say how to join with the game's own voice, or leave the lines to a screen reader (as for play)",
    )

    join = commands.add_parser("join", help="sit down at a table of a class's server")
    join.add_argument(
        "host", nargs="?", default=None,
        help="the teacher's computer, as serve says it: 192.168.1.20 (none: look for the class on the network)",
    )  # fmt: skip
    join.add_argument("--port", type=_port, default=DEFAULT_PORT, help=f"its port (default {DEFAULT_PORT})")
    join.add_argument("--code", default=None, help="the join code (asked for when not given)")
    join.add_argument(
        "--teacher", default=None, metavar="CODE", help="a teacher's seat: typed lines go to the teacher's console"
    )
    join.add_argument("--name", default=None, help="your name at the table (default: Player and your seat)")
    join.add_argument("--lang", choices=LANGUAGES, default=None, help="the language")
    join.add_argument("--verbosity", choices=["brief", "normal", "full"], default=None, help="how much is said")
    join.add_argument("--speech", choices=["auto", "self", "screen-reader", "off"], default=None, help="as for play")
    join.add_argument("--braille", choices=["off", "unicode", "brlapi"], default=None, help="as for play")


def _port(text: str) -> int:
    if not text.isdigit() or not 0 <= int(text) <= 65535:
        raise argparse.ArgumentTypeError(f"a port is 0 to 65535, not {text[:20]!r}")
    return int(text)


def data_folder(given: str | None) -> Path:
    """The server's own folder: given, or ``server`` in the program's data folder."""
    if given:
        return Path(given)
    from ..saves import data_dir

    return data_dir() / "server"


def _join_code(folder: Path, given: str | None, new: bool, name: str = "join-code", digits: int = CODE_DIGITS) -> str:
    """The join code: given, else the one kept in ``folder`` (so a restarted server lets its children back in).

    A kept code shorter than ``digits`` (from before codes were this long) is replaced by a new one.
    """
    path = folder / name
    code = normal_code(given or "")
    if not code and not new:
        with contextlib.suppress(OSError, UnicodeDecodeError):
            kept = path.read_text(encoding="utf-8").strip()
            if kept.isdigit() and digits <= len(kept) <= CODE_LENGTH:
                code = kept
    if not code:
        code = new_code(digits)
    with contextlib.suppress(OSError):  # created private: no moment in which another user could read it
        handle = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(handle, "w", encoding="utf-8") as file:
            os.fchmod(file.fileno(), 0o600)  # a file an older version left readable
            file.write(code + "\n")
    return code


def _voice(args: argparse.Namespace, lang: str) -> Any:
    """The game's own voice, when the speech mode says it is to speak (a screen reader reads the lines itself)."""
    from ..settings import load
    from ..speech.mode import choose_mode, process_names
    from ..ui.voice import Voice

    requested = args.speech or os.environ.get("ACCESSIBLE_CARDS_SPEECH") or load().settings.speech
    if choose_mode(requested, os.environ, process_names()).mode != "self":
        return None
    return Voice(lang, load().settings.speech_rate, lambda notice: None)


def run_serve(args: argparse.Namespace) -> int:
    """``serve``: say how to join, then hold the tables until Control-C."""
    import asyncio
    import logging
    import signal
    import threading

    from ..settings import load
    from .protocol import word
    from .server import Config, Server, addresses
    from .teacher import Console

    lang = args.lang or load().settings.lang or "en"
    t = Catalog(lang).text
    if not 0 <= args.pause <= 10:
        print(t("The pause is from 0 to 10 seconds."), file=sys.stderr)
        return 2
    folder = data_folder(args.data)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        print(t("The folder {folder} cannot be made: {reason}.", folder=folder, reason=error.strerror), file=sys.stderr)
        return 1
    from .logs import open_log

    open_log(folder)  # private from its first byte, rotated, a repeated line counted instead of written again
    code = _join_code(folder, args.code, args.new_code)
    teacher_code = _join_code(folder, None, args.new_code, "teacher-code", TEACHER_DIGITS)
    config = Config(
        name=args.name[:40], code=code, pause=args.pause, data=folder, seed=args.seed, teacher_code=teacher_code
    )
    server = Server(config, Console)
    from .ssh import SSHSide

    side = SSHSide(folder)
    server.ssh = side

    async def main() -> None:
        port = await server.start(args.host, args.port)
        side.port = port
        where = addresses() if args.host in ("0.0.0.0", "") else [args.host]
        telnet = None
        if args.telnet is not None:
            from .telnet import TelnetSide

            telnet = TelnetSide(port, server)
            telnet_port = await telnet.start(args.host, args.telnet)
        lines = [
            t("Server {name} is open.", name=config.name),
            t("Join code: {code}", code=spoken_code(config.code)),
            t("Addresses: {addresses}, port {port}.", addresses=", ".join(where), port=port),
            t(
                "To join, type in a terminal: accessible-cards join {host} --port {port}",
                host=where[0],
                port=port,
            ),
            t(
                "With nothing installed: ssh -p {port} {host} (the password is the join code).",
                host=where[0],
                port=port,
            ),
            t("SSH host key fingerprint: {fingerprint}", fingerprint=side.fingerprint),
            t(
                "A teacher's seat from another computer: accessible-cards join {host} --port {port} --teacher {code}",
                host=where[0],
                port=port,
                code=teacher_code,
            ),
            t("Type help for the teacher's commands. Control-C closes the server."),
        ]
        if telnet is not None:
            lines.insert(
                -1,
                t(
                    "Telnet on port {port}: telnet {host} {port}. Warning: telnet is not encrypted; "
                    "anyone on the network can read what is typed, the join code too.",
                    host=where[0],
                    port=telnet_port,
                ),
            )
        if len(config.code) < CODE_DIGITS:
            lines.insert(
                -1, t("Warning: a join code of fewer than {digits} digits can be guessed.", digits=CODE_DIGITS)
            )
        for line in lines:
            print(line, flush=True)
        voice = _voice(args, lang)
        if voice is not None:
            from ..utterance import Utterance

            for line in lines[:4]:  # the name, the code, the addresses, how to join
                voice.say(Utterance(line.replace(": ", ", "), line))
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        console = Console(server, t)
        server.alerts.append(lambda said: print(word(said, t), flush=True))  # a locked-out address, at once

        def answer(line: str) -> None:
            try:
                for said in console.run(line):
                    print(said, flush=True)
            except Exception:  # the teacher's typing never ends the server
                logging.getLogger("accessible_cards.server").exception("teacher command %r", line[:40])

        def read_console() -> None:
            for line in sys.stdin:
                loop.call_soon_threadsafe(answer, line)

        threading.Thread(target=read_console, name="teacher", daemon=True).start()
        for sig in (signal.SIGINT, signal.SIGTERM):
            with contextlib.suppress(NotImplementedError):
                loop.add_signal_handler(sig, stop.set)
        announcer = None
        if not args.no_announce:
            from .discovery import Announcer

            # optional: without zeroconf, or without multicast, the printed address is the way in
            only = None if args.host in ("0.0.0.0", "") else [args.host]  # a server on one address: there only
            announcer = await asyncio.to_thread(Announcer.start, config.name, port, where, only)
        await stop.wait()
        if announcer is not None:
            await asyncio.to_thread(announcer.close)
        if telnet is not None:
            await telnet.close()
        await server.stop()
        if voice is not None:
            voice.close()

    try:
        asyncio.run(main())
    except OSError as error:
        print(t("The server cannot listen on port {port}: {reason}.", port=args.port, reason=error.strerror),
              file=sys.stderr)  # fmt: skip
        return 1
    print(t("The server is closed."))
    return 0


def run_join(args: argparse.Namespace, outputs: Any, add_voice: Any) -> int:
    """``join``: ask for the code if not given, then the lobby; ``outputs`` and ``add_voice`` are those of ``play``."""
    from .. import settings as settings_file
    from ..saves import data_dir
    from .client import run_join as join
    from .terminal import NetTerminal

    loaded = settings_file.load()
    overrides: dict[str, Any] = {}
    for name in ("lang", "verbosity", "speech", "braille"):
        value = getattr(args, name, None)
        if value:
            overrides[name] = value
    settings = loaded.settings.changed(**overrides)
    lang = settings.lang or "en"
    if settings.lang is None:
        overrides["lang"] = lang
    t = Catalog(lang).text
    host, port = args.host, args.port
    if host is None:
        chosen = _find_class(t)
        if chosen is None:
            return 2
        host, port = chosen
    code = args.code
    if code is None:
        try:
            code = input(t("Join code: ") if sys.stdin.isatty() else "")
        except EOFError:
            code = ""
    code = normal_code(code)  # as read out: "4 8 2, 9 1 3, 5 5 0 7" is 4829135507
    terminal = NetTerminal(lang, settings.input)
    return join(
        host,
        port,
        code,
        (args.name or "").strip()[:24] or None,
        terminal,
        loaded,
        outputs=outputs(settings, terminal),
        overrides=overrides,
        ready=lambda app: add_voice(app, terminal),
        seats_file=data_dir() / "seats.json",
        teacher_code=normal_code(args.teacher) if args.teacher else None,
    )


def _find_class(t: Any) -> tuple[str, int] | None:
    """``join`` without a host: the class announced on the network (asked by number when there are several)."""
    from .discovery import find

    print(t("Looking for a class on the network."), flush=True)
    found = find()
    if not found:
        print(t("No class found on the network. Type the address serve printed: accessible-cards join HOST"),
              file=sys.stderr)  # fmt: skip
        return None
    if len(found) == 1:
        chosen = found[0]
    else:
        for number, item in enumerate(found, start=1):
            print(t("{number}: {name}, at {host}", number=number, name=item.name, host=item.host), flush=True)
        try:
            answer = input(t("Which class? Its number: ") if sys.stdin.isatty() else "").strip()
        except EOFError:
            answer = ""
        if not answer.isdigit() or not 1 <= int(answer) <= len(found):
            print(t("No class chosen."), file=sys.stderr)
            return None
        chosen = found[int(answer) - 1]
    print(t("Found {name} at {host}.", name=chosen.name, host=chosen.host), flush=True)
    return chosen.host, chosen.port
