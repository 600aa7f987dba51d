"""Issue 9 in a real pseudo-terminal: resume after a quit and after SIGKILL, a bad save, a failing disk.

The program is killed with SIGKILL at random moments (during start-up, right
after a key, while it plays and saves); after every kill its save must load
and replay, ``accessible-cards resume`` must go on from exactly there, and the
game played in pieces must end exactly as the same game played straight
through. Storage failures are caused for real: a data folder the program's
user cannot write (the program runs as ``nobody`` through ``setpriv``) and a
full file system (a tiny tmpfs).
"""

from __future__ import annotations

import contextlib
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from saves_support import BUNDLES_LINES, WAR_LINES, game_screen, play, saving_in
from terminal_support import KEYS, Player, assert_clean

from accessible_cards import saves, transcript
from accessible_cards.ui.app import GameRequest

KILLS = int(os.environ.get("ACCESSIBLE_CARDS_TEST_KILLS", "1"))
"""How many times each game is played in pieces (the figures in docs/reliability.md came from a larger run)."""
RESUMED = re.compile(r"resumed after (\d+) moves?\. G reads the history\.$")
SAVE_FAILED = "The game cannot be saved"


def _configure(config: Path, computer: str = "simple") -> None:
    config.mkdir(parents=True, exist_ok=True)
    (config / "settings.toml").write_text(
        f'language = "en"\ncomputer_pause = 0.0\n\n[bundles]\ncomputer = "{computer}"\n', encoding="utf-8"
    )


def _files(data: Path) -> list[Path]:
    return saves.game_files(data / "saves")


def _history_end(player: Player) -> str:
    """Open the history, read where it opens (the newest line, with the count), and go back."""
    player.new_lines()
    player.press("g")
    line = player.wait_for(r"^\d+ of \d+: ")
    player.press("escape")
    player.new_lines()
    return line


# --- two copies on one game (issue 19) -----------------------------------------------------------


def test_a_second_copy_cannot_resume_a_game_open_in_the_first_and_loses_none_of_its_moves(
    players: list[Player], config: Path, data_folder: Path
) -> None:
    """Two real programs in two terminals: A plays on; B, started with resume, is told the game is open elsewhere."""
    _configure(config)
    first = Player(["play", "bundles", "--seed", "5"], config)
    players.append(first)
    first.wait_for("Your turn")
    first.press("1", "1")
    first.settle(1.0)
    (path,) = _files(data_folder)
    second = Player(["resume"], config)
    players.append(second)
    said = second.wait_for("open elsewhere")
    assert said == (
        f"The game {path.name} is open elsewhere, in another copy of Accessible Cards; it goes on there. "
        "Choose a game in the main menu to start a new one."
    )
    second.wait_for("Main menu")
    before = len(saves.load(path).moves)
    for _ in range(3):
        first.press("1", "1")
        first.settle(0.5)
    moves = len(saves.load(path).moves)
    assert moves > before  # the first copy goes on saving every move
    second.press("1")  # a new game of War instead
    second.wait_for("War. How many players?")
    assert len(saves.load(path).moves) == moves and path in _files(data_folder)
    first.child.kill(signal.SIGKILL)
    first.close()
    third = Player(["resume"], config)  # the first copy is gone, and its lock with it
    players.append(third)
    assert RESUMED.search(third.wait_for("resumed after")) is not None


# --- quit and resume ------------------------------------------------------------------------------


def test_a_quit_game_resumes_from_the_menu_with_the_same_hand_and_history(
    players: list[Player], config: Path, data_folder: Path
) -> None:
    _configure(config)
    player = Player(["play", "bundles", "--seed", "5"], config)
    players.append(player)
    player.wait_for("Your turn")
    for _ in range(3):
        player.press("1", "1")
    turn = [line for line in player.new_lines() if line.startswith("Your turn.")][-1]
    history = _history_end(player)
    player.press("q")
    assert (
        player.wait_for("Quit the game")
        == "Quit the game? It is saved: Resume game goes on with it. 1: No, go on. 2: Yes, quit."
    )
    player.press("2")
    player.wait_for("Goodbye")
    again = Player([], config)
    players.append(again)
    menu = again.wait_for("Main menu")
    assert "5: Resume game." in menu
    again.new_lines()
    again.press("5")
    again.wait_for("Your turn")
    opening = again.new_lines()
    assert opening[0] == "Stealing Bundles resumed after 6 moves. G reads the history."
    assert opening[1] == turn  # the same hand, the same seat to play
    assert _history_end(again) == history  # the same history, to its last line
    again.press("?")
    again.wait_for("Keys for this moment")
    assert_clean(again.lines())


# --- SIGKILL at any moment --------------------------------------------------------------------------

KILL_GAMES = {
    "bundles, random computer": (
        ["play", "bundles", "--seed", "31"],
        GameRequest("bundles", 2, 1, "standard", 31),
        "random",
        BUNDLES_LINES,
    ),
    "rubamazzo, two medium computers": (
        ["play", "bundles", "--variant", "rubamazzo", "--players", "3", "--humans", "1", "--seed", "32"],
        GameRequest("bundles", 3, 1, "rubamazzo", 32),
        "medium",
        BUNDLES_LINES,
    ),
    "war": (
        ["play", "war", "--seed", "33", "--set", "max_rounds=24"],
        GameRequest("war", 2, 1, seed=33, options={"max_rounds": "24"}),
        "simple",
        WAR_LINES,
    ),
}


@pytest.mark.parametrize("game", list(KILL_GAMES))
def test_sigkill_at_random_moments_loses_nothing(
    players: list[Player], config: Path, tmp_path: Path, game: str
) -> None:
    """The game is played in pieces, each ended by SIGKILL; it ends as the same game played straight through."""
    args, request, computer, lines = KILL_GAMES[game]
    _configure(config, computer)
    with saving_in(tmp_path / "straight"):
        app, _ = play(request, lines, games={"bundles": {"computer": computer}})
    straight = game_screen(app)
    assert straight.record is not None and straight.table.state.result is not None
    kills = 0
    for round_ in range(KILLS):
        folder = tmp_path / f"round{round_}"
        finished, lives = _play_in_pieces(players, config, folder, args, request.game, random.Random(f"{game}{round_}"))
        kills += lives
        assert list(finished.moves) == straight.record.moves
        assert finished.current == straight.table.state.to_json()
    assert kills >= 3 * KILLS
    print(f"{game}: {kills} kills")  # the figure for docs/reliability.md (pytest -s)


def _play_in_pieces(
    players: list[Player], config: Path, data: Path, args: list[str], game: str, chance: random.Random
) -> tuple[saves.SavedGame, int]:
    """Play with the first-card policy, killing the program at random moments, until its save says finished."""
    keys = ["enter"] if game == "war" else ["1", "1", "enter"]
    environment = {"ACCESSIBLE_CARDS_DATA_DIR": str(data)}
    kills = pressed = 0
    while True:
        assert kills < 200, "the game does not end"
        files = _files(data)
        player = Player(["resume"] if files else args, config, env=environment)
        players.append(player)
        if chance.random() < 0.15:
            time.sleep(chance.uniform(0.0, 0.5))  # while it starts, deals and saves for the first time
        else:
            if files:
                saved = saves.load(files[0])
                match = RESUMED.search(player.wait_for(RESUMED.pattern))
                assert match is not None and int(match.group(1)) == len(saved.moves)
                if chance.random() < 0.3:  # the history came back, to its last line
                    player.settle(0.3)  # computers to play go on first; their moves are saved before they are told
                    history = transcript.history(saves.load(files[0]), "en")
                    player.press("g")
                    player.wait_for(f"^{len(history)} of {len(history)}: {re.escape(history[-1])}$")
                    player.press("escape")
            else:
                player.wait_for("Your turn|Press Enter to turn up")
            for _ in range(chance.randrange(1, 12)):
                key = keys[pressed % len(keys)]
                player.child.send(KEYS.get(key, key))
                pressed += 1
                time.sleep(chance.choice([0.0, 0.005, 0.02, 0.1]))
                player.settle(0.02)
                if any("What next?" in line for line in player.lines()):
                    break
        player.child.kill(9)
        player.child.wait()
        player.close()
        kills += 1
        finished: saves.SavedGame | None = None
        for path in _files(data):  # every save is whole and replays, whatever the moment of the kill
            saved = saves.load(path)
            saves.replay(saved)
            if saved.finished:
                finished = saved
        if finished is not None:
            return finished, kills


# --- a bad save ------------------------------------------------------------------------------------


def test_a_damaged_save_gets_one_sentence_and_the_program_goes_on(
    players: list[Player], config: Path, data_folder: Path
) -> None:
    _configure(config)
    folder = data_folder / "saves"
    folder.mkdir(parents=True)
    path = folder / "2025-05-01-120000-bundles.json"
    path.write_text('{"format": "accessible-cards-save", "version": 1, "finished": false, "game": {"ga', "utf-8")
    player = Player(["resume"], config)
    players.append(player)
    player.wait_for("Main menu")
    said = player.new_lines()
    (aside,) = list(folder.iterdir())
    assert re.fullmatch(r"2025-05-01-120000-bundles\.json\.broken-\d{8}-\d{6}", aside.name)
    assert said[0] == f"The saved game {path.name} is damaged and cannot be resumed; it was put aside as {aside.name}."
    assert said[1].startswith("Accessible Cards. Main menu. 1: Play War. 2: Play Stealing Bundles")
    assert "Resume game" not in said[1]
    player.press("?")
    player.wait_for("Keys for this moment")
    player.press("1")
    player.wait_for("War. How many players?")
    assert_clean(player.lines())


# --- storage failures, caused for real ---------------------------------------------------------------


@pytest.fixture
def shared_folder() -> Iterator[Path]:
    """A folder outside the test's private tree, so that another user can reach it."""
    folder = Path(tempfile.mkdtemp(prefix="accessible-cards-"))
    folder.chmod(0o755)
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


NOBODY = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]
"""Run a command as the unprivileged user ``nobody``."""


def _notes(player: Player) -> list[str]:
    return [line for line in player.lines() if line.startswith(SAVE_FAILED) or line == "The game is saved again."]


def test_a_read_only_data_folder_is_said_once_and_saving_comes_back(shared_folder: Path) -> None:
    """The program runs as ``nobody``; its data folder belongs to root until it is handed over, then is taken back."""
    if os.geteuid() != 0 or shutil.which("setpriv") is None:
        pytest.skip("needs root and setpriv to play as another user")
    imported = subprocess.run(
        [*NOBODY, sys.executable, "-c", "import accessible_cards"], capture_output=True, text=True, check=False
    )
    if imported.returncode != 0:
        pytest.skip("the checkout (or its virtual environment) is not readable by an unprivileged user here")
    config = shared_folder / "config"
    _configure(config)
    config.chmod(0o755)
    data = shared_folder / "data"
    saves_folder = data / "saves"
    saves_folder.mkdir(parents=True)
    data.chmod(0o755)
    saves_folder.chmod(0o755)  # root's: nobody cannot write here
    player = Player(
        ["play", "war", "--seed", "3"],
        config,
        env={"ACCESSIBLE_CARDS_DATA_DIR": str(data), "HOME": str(shared_folder)},
        prefix=NOBODY,
    )
    try:
        player.wait_for("Press Enter to turn up")
        assert _notes(player) == [
            f"The game cannot be saved: the folder {saves_folder} cannot be written. "
            "The game goes on, and saving is tried again after every move."
        ]
        for _ in range(4):
            player.press("enter")
        player.settle()
        assert len(_notes(player)) == 1  # said once for the whole spell; the game went on
        assert any(line.startswith(("You win", "Computer 1 wins")) for line in player.lines())
        os.chown(saves_folder, 65534, 65534)  # the folder is handed over: the next move saves
        player.press("enter")
        player.wait_for("^The game is saved again.$")
        (path,) = _files(data)
        assert not saves.load(path).finished and len(saves.load(path).moves) == 5
        os.chown(saves_folder, 0, 0)  # taken back: a new spell of failures, said once again
        for _ in range(3):
            player.press("enter")
        player.settle()
        notes = _notes(player)
        assert notes == [notes[0], "The game is saved again.", notes[0]], notes
        assert len(saves.load(path).moves) == 5  # the file that was written stays whole
        assert_clean(player.lines())
    finally:
        player.close()


def test_a_full_disk_is_said_once_and_saving_comes_back(tmp_path: Path, config: Path) -> None:
    """The data folder is a 256 KiB tmpfs, filled up to the last byte; then room is made."""
    mount = tmp_path / "small"
    mount.mkdir()
    made = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=256k,mode=0755", "tmpfs", str(mount)], capture_output=True, text=True
    )
    if made.returncode != 0:
        pytest.skip(f"cannot mount a small tmpfs here: {made.stderr.strip()}")
    try:
        _configure(config)
        (mount / "saves").mkdir()
        filler = mount / "filler"
        with filler.open("wb", buffering=0) as file, contextlib.suppress(OSError):
            while True:
                file.write(b"\0" * 4096)  # until the file system is full
        player = Player(["play", "bundles", "--seed", "5"], config, env={"ACCESSIBLE_CARDS_DATA_DIR": str(mount)})
        try:
            player.wait_for("Your turn")
            assert _notes(player) == [
                "The game cannot be saved: the disk is full. "
                "The game goes on, and saving is tried again after every move."
            ]
            player.press("1", "1")
            player.wait_for("Your turn. You hold: 1 ")
            assert len(_notes(player)) == 1
            filler.unlink()  # room again
            player.press("1", "1")
            player.wait_for("^The game is saved again.$")
            player.wait_for("Your turn. You hold: 1 ")
            (path,) = _files(mount)
            assert len(saves.load(path).moves) == 4  # both plays of each side, the ones made while it was full too
            assert_clean(player.lines())
        finally:
            player.close()
    finally:
        subprocess.run(["umount", "-l", str(mount)], check=False)
