"""Finding the screen readers that read this terminal (issue 14): fake /proc, /sys and brltty.conf trees.

The real ancestry case (the program run under tdsr) is in test_screen_reader_tdsr.py.
"""

from __future__ import annotations

import fcntl
import io
import os
import pty
import struct
import termios
from pathlib import Path

import pytest

from accessible_cards import doctor
from accessible_cards.doctor import Check
from accessible_cards.speech.cli import screen_reader_check
from accessible_cards.speech.mode import choose_mode
from accessible_cards.speech.readers import all_processes, ancestors, brltty_speaks, screen_readers


def fake_process(proc: Path, pid: int, parent: int, comm: str, argv: list[str]) -> None:
    folder = proc / str(pid)
    folder.mkdir(parents=True)
    (folder / "comm").write_text(comm + "\n")
    (folder / "stat").write_text(f"{pid} ({comm}) S {parent} {pid} {pid} 0 -1 4194560\n")
    (folder / "cmdline").write_bytes(b"\0".join(a.encode() for a in argv) + b"\0")


def a_session(proc: Path, reader: tuple[str, list[str]] | None = None) -> int:
    """init -> (reader) -> bash -> python3 -m accessible_cards; returns the game's pid."""
    fake_process(proc, 1, 0, "systemd", ["/sbin/init"])
    parent = 1
    if reader is not None:
        fake_process(proc, 50, 1, reader[0], reader[1])
        parent = 50
    fake_process(proc, 60, parent, "bash", ["-bash"])
    fake_process(proc, 70, 60, "python3", ["/usr/bin/python3", "-m", "accessible_cards", "play"])
    return 70


def find(tmp_path: Path, pid: int, terminal: str = "/dev/pts/3", **env: str) -> list[str]:
    return screen_readers(
        proc=tmp_path / "proc",
        sys_root=tmp_path / "sys",
        brltty_config=tmp_path / "brltty.conf",
        pid=pid,
        terminal=terminal,
        environ=env,
        bus=lambda: False,
    )


def test_nothing_is_found_in_a_plain_session(tmp_path: Path) -> None:
    pid = a_session(tmp_path / "proc")
    assert find(tmp_path, pid) == []
    assert choose_mode("auto", {}, set(), engine_works=True, readers=[]).mode == "self"


def test_tdsr_is_found_among_the_ancestors_by_its_script_name(tmp_path: Path) -> None:
    """tdsr is a Python script: its comm is python3, the script's name is the second word of cmdline."""
    pid = a_session(tmp_path / "proc", ("python3", ["/usr/bin/python3", "/opt/tdsr/bin/tdsr", "-s", "x"]))
    assert [p.pid for p in ancestors(tmp_path / "proc", pid)] == [60, 50, 1]
    found = find(tmp_path, pid)
    assert found == ["tdsr"]
    choice = choose_mode("auto", {}, set(), engine_works=True, readers=found)
    assert (choice.mode, choice.cause, choice.readers) == ("screen-reader", "reader-running", ("tdsr",))


def test_a_tdsr_running_for_another_terminal_is_not_this_ones(tmp_path: Path) -> None:
    proc = tmp_path / "proc"
    pid = a_session(proc)
    fake_process(proc, 90, 1, "python3", ["/usr/bin/python3", "/opt/tdsr/bin/tdsr"])  # not an ancestor
    assert find(tmp_path, pid) == []


def test_fenrir_reads_the_console_not_a_pseudo_terminal(tmp_path: Path) -> None:
    proc = tmp_path / "proc"
    pid = a_session(proc)
    fake_process(proc, 40, 1, "fenrir-daemon", ["/usr/bin/python3", "/usr/bin/fenrir-daemon"])
    assert find(tmp_path, pid, terminal="/dev/tty2") == ["Fenrir"]
    assert find(tmp_path, pid, terminal="/dev/pts/0") == []


def test_speakup_with_a_synthesizer_on_the_console(tmp_path: Path) -> None:
    pid = a_session(tmp_path / "proc")
    speakup = tmp_path / "sys" / "accessibility" / "speakup"
    speakup.mkdir(parents=True)
    (speakup / "synth").write_text("soft\n")
    assert find(tmp_path, pid, terminal="/dev/tty1") == ["Speakup"]
    assert find(tmp_path, pid, terminal="/dev/pts/1") == []  # a graphical terminal: Speakup does not read it
    (speakup / "synth").write_text("none\n")
    assert find(tmp_path, pid, terminal="/dev/tty1") == []


def test_orca_by_its_process_or_by_the_accessibility_bus(tmp_path: Path) -> None:
    proc = tmp_path / "proc"
    pid = a_session(proc)
    asked: list[bool] = []

    def bus() -> bool:
        asked.append(True)
        return True

    kwargs = {"proc": proc, "sys_root": tmp_path / "sys", "brltty_config": tmp_path / "none", "pid": pid}
    assert screen_readers(**kwargs, terminal="/dev/pts/1", environ={}, bus=bus) == []  # type: ignore[arg-type]
    assert not asked  # outside a graphical session the bus is not asked at all
    assert screen_readers(**kwargs, terminal="/dev/pts/1", environ={"DISPLAY": ":0"}, bus=bus) == ["Orca"]  # type: ignore[arg-type]
    fake_process(proc, 30, 1, "orca", ["/usr/bin/python3", "/usr/bin/orca"])
    assert find(tmp_path, pid) == ["Orca"]


def test_brltty_counts_only_with_a_speech_driver(tmp_path: Path) -> None:
    proc = tmp_path / "proc"
    fake_process(proc, 20, 1, "brltty", ["/usr/bin/brltty", "-b", "vr", "-s", "no"])
    config = tmp_path / "brltty.conf"
    assert not brltty_speaks(all_processes(proc), config)
    fake_process(proc, 21, 1, "brltty", ["/usr/bin/brltty", "-b", "vr", "--speech-driver=es"])
    assert brltty_speaks(all_processes(proc), config)


def test_brltty_without_a_speech_option_follows_its_configuration_file(tmp_path: Path) -> None:
    proc = tmp_path / "proc"
    pid = a_session(proc)
    fake_process(proc, 20, 1, "brltty", ["/usr/bin/brltty"])
    config = tmp_path / "brltty.conf"
    assert find(tmp_path, pid) == []  # no file: no speech
    config.write_text("# speech-driver es\nbraille-driver vr\n")
    assert find(tmp_path, pid) == []
    config.write_text("speech-driver es   # eSpeak\n")
    assert find(tmp_path, pid) == ["BRLTTY"]


def test_the_players_variable_wins_over_what_is_found(tmp_path: Path) -> None:
    off = choose_mode("auto", {"ACCESSIBLE_CARDS_SCREEN_READER": "0"}, set(), engine_works=True, readers=["tdsr"])
    assert off.mode == "self"
    on = choose_mode("auto", {"ACCESSIBLE_CARDS_SCREEN_READER": "1"}, set(), engine_works=True, readers=[])
    assert (on.mode, on.cause) == ("screen-reader", "variable-on")


def test_a_vanished_process_and_a_missing_proc_are_no_error(tmp_path: Path) -> None:
    proc = tmp_path / "proc"
    (proc / "12").mkdir(parents=True)  # vanished while being read
    assert all_processes(proc) == []
    assert ancestors(tmp_path / "missing", 5) == []
    assert find(tmp_path, 12) == []


def test_doctor_names_each_screen_reader_found() -> None:
    check = screen_reader_check({}, ["tdsr"])
    assert (check.component, check.working) == ("speech: screen reader", True)
    assert check.reason.startswith("tdsr is reading")
    both = screen_reader_check({}, ["Speakup", "BRLTTY"])
    assert both.reason.startswith("Speakup and BRLTTY are reading")
    forced = screen_reader_check({"ACCESSIBLE_CARDS_SCREEN_READER": "0"}, ["Orca"])
    assert "ACCESSIBLE_CARDS_SCREEN_READER=0 decides (Orca seen)" in forced.reason
    none = screen_reader_check({}, [])
    assert "no screen reader seen" in none.reason and "ACCESSIBLE_CARDS_SCREEN_READER=1" in none.fix


def test_doctor_breaks_its_lines_between_words_in_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """In a terminal 40 columns wide every row is whole words; piped, one line per component."""
    long = Check("speech: screen reader", True, "tdsr is reading: --speech auto leaves speech to the screen reader")
    monkeypatch.setattr(doctor, "gather", lambda: [Check("Python", True, "Python 3", essential=True), long])
    main, secondary = pty.openpty()
    fcntl.ioctl(secondary, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 40, 0, 0))
    with open(secondary, "w", encoding="utf-8", closefd=True) as terminal:
        assert doctor.run(terminal) == 0
    data = b""
    while True:  # a pty hands over what was written in pieces: read to its end
        try:
            chunk = os.read(main, 65536)
        except OSError:  # EIO: the other side is closed and everything is read
            break
        if not chunk:
            break
        data += chunk
    os.close(main)
    written = data.decode().replace("\r\n", "\n").splitlines()
    assert written == [
        "Python: working, Python 3",
        "speech: screen reader: working, tdsr is",
        "reading: --speech auto leaves speech to",
        "the screen reader",
        "The game can be played.",
    ]
    piped = io.StringIO()
    doctor.run(piped)
    assert piped.getvalue().splitlines()[1] == "speech: screen reader: working, " + long.reason
