"""Choosing the speech mode (issue 5): auto steps aside for a screen reader, else speaks when an engine works."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from accessible_cards.speech.mode import MODES, choose_mode, process_names


@pytest.mark.parametrize("mode", ["self", "screen-reader", "off"])
def test_an_explicit_mode_is_kept(mode: str) -> None:
    choice = choose_mode(mode, {"ACCESSIBLE_CARDS_SCREEN_READER": "1"}, {"orca"}, engine_works=False)
    assert (choice.mode, choice.cause) == (mode, "requested")


def test_auto_speaks_when_an_engine_works_and_no_screen_reader_runs() -> None:
    choice = choose_mode("auto", {}, {"bash", "python3"}, engine_works=True)
    assert (choice.mode, choice.cause) == ("self", "engine-works")


def test_auto_is_off_without_an_engine() -> None:
    choice = choose_mode("auto", {}, set(), engine_works=lambda: False)
    assert (choice.mode, choice.cause) == ("off", "no-engine")
    assert "no speech engine" in choice.reason


def test_auto_steps_aside_for_orca() -> None:
    """Orca running on the desktop: the game only prints, and does not even try an engine."""

    def engine_works() -> bool:
        raise AssertionError("no engine is tried when a screen reader reads")

    choice = choose_mode("auto", {}, {"gnome-shell", "orca"}, engine_works)
    assert (choice.mode, choice.cause) == ("screen-reader", "orca-running")


def test_the_players_variable_says_a_screen_reader_reads() -> None:
    choice = choose_mode("auto", {"ACCESSIBLE_CARDS_SCREEN_READER": "1"}, set(), engine_works=True)
    assert (choice.mode, choice.cause) == ("screen-reader", "variable-on")


def test_the_players_variable_can_say_there_is_none() -> None:
    """ACCESSIBLE_CARDS_SCREEN_READER=0 wins over an Orca that runs but does not read this terminal."""
    choice = choose_mode("auto", {"ACCESSIBLE_CARDS_SCREEN_READER": "0"}, {"orca"}, engine_works=True)
    assert choice.mode == "self"


def test_an_unknown_mode_is_refused() -> None:
    with pytest.raises(ValueError, match="not one of"):
        choose_mode("loud", {}, set())
    assert MODES == ("auto", "self", "screen-reader", "off")


def fake_process(proc: Path, pid: int, comm: str, argv: list[str]) -> None:
    folder = proc / str(pid)
    folder.mkdir(parents=True)
    (folder / "comm").write_text(comm + "\n")
    (folder / "cmdline").write_bytes(b"\0".join(a.encode() for a in argv) + b"\0")


def test_process_names_reads_comm_and_the_script_run_by_an_interpreter(tmp_path: Path) -> None:
    fake_process(tmp_path, 10, "python3", ["/usr/bin/python3", "/usr/bin/orca", "--replace"])
    fake_process(tmp_path, 11, "bash", ["-bash"])
    (tmp_path / "self").mkdir()
    (tmp_path / "12").mkdir()  # vanished while being read
    names = process_names(tmp_path)
    assert {"python3", "orca", "bash", "-bash"} <= names
    assert "--replace" not in names
    assert choose_mode("auto", {}, names).mode == "screen-reader"


def test_process_names_sees_this_process_in_the_real_proc() -> None:
    if not Path("/proc/self/comm").exists():
        pytest.skip("no /proc here")
    comm = Path(f"/proc/{os.getpid()}/comm").read_text().strip()
    assert comm in process_names()


def test_process_names_without_proc_is_empty(tmp_path: Path) -> None:
    assert process_names(tmp_path / "missing") == set()
