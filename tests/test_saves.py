"""Issue 9, saving and resuming: atomic writes, exact round trips, every kind of bad file, replay and emboss.

The game program runs in-process here with its input fed as lines (see
``saves_support``); the same program in a real terminal, killed with SIGKILL,
is in ``test_resume_terminal.py``, and so are the real storage failures.
"""

from __future__ import annotations

import errno
import json
import os
import random
import re
import signal
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from saves_support import BUNDLES_LINES, QUIZ_LINES, WAR_LINES, game_screen, only_save, play, saving_in

from accessible_cards import saves, transcript
from accessible_cards.cli import main
from accessible_cards.ui.app import GameRequest
from accessible_cards.ui.scenario_play import scenario_request

LESSON = Path(__file__).resolve().parents[1] / "docs" / "lessons" / "first-steal.json"
BROKEN = re.compile(r"\.json\.broken-\d{8}-\d{6}(-\d+)?$")


# --- writing -----------------------------------------------------------------------------


def test_a_save_is_synced_to_the_disk_before_it_replaces_the_old_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The temporary file is in the same folder, flushed and fsynced before the rename; the folder after it."""
    calls: list[tuple[str, str]] = []
    real_fsync, real_replace = os.fsync, os.replace

    def fsync(handle: int) -> None:
        calls.append(("fsync", os.readlink(f"/proc/self/fd/{handle}")))
        real_fsync(handle)

    def replace(source: Any, target: Any) -> None:
        calls.append(("replace", f"{source} -> {target}"))
        real_replace(source, target)

    monkeypatch.setattr(os, "fsync", fsync)
    monkeypatch.setattr(os, "replace", replace)
    path = tmp_path / "saves" / "game.json"
    saves.write_atomic(path, '{"a": 1}')
    assert json.loads(path.read_text(encoding="utf-8")) == {"a": 1}
    kinds = [kind for kind, _ in calls]
    assert kinds == ["fsync", "replace", "fsync"], calls
    temporary = calls[0][1]
    assert Path(temporary).parent == path.parent and Path(temporary).name.startswith(".game.json.")
    assert calls[1][1] == f"{temporary} -> {path}"
    assert calls[2][1] == str(path.parent)
    assert sorted(p.name for p in path.parent.iterdir()) == ["game.json"]  # no temporary file left


def test_a_save_is_always_whole_however_often_the_writer_is_killed(tmp_path: Path) -> None:
    """SIGKILL at random moments while two large saves are written in turn: the file is always one of them."""
    path = tmp_path / "game.json"
    first = json.dumps({"which": "first", "fill": "a" * 1_500_000})
    second = json.dumps({"which": "second", "fill": "b" * 1_500_000})
    saves.write_atomic(path, first)
    chance = random.Random(9)
    kills = left_behind = 0
    for _ in range(60):
        pid = os.fork()
        if pid == 0:  # the writer: save, save, save, until killed
            try:
                while True:
                    saves.write_atomic(path, second)
                    saves.write_atomic(path, first)
            finally:
                os._exit(1)
        time.sleep(chance.uniform(0.0, 0.03))
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        kills += 1
        assert path.read_text(encoding="utf-8") in (first, second)
        leftovers = [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
        left_behind += bool(leftovers)
        for leftover in leftovers:
            leftover.unlink()
    assert kills == 60
    assert left_behind > 0  # some kills landed in the middle of a write


def test_old_games_are_pruned_and_put_aside_files_kept(tmp_path: Path) -> None:
    folder = tmp_path / "saves"
    folder.mkdir()
    for number in range(saves.KEEP + 5):
        path = folder / f"2025-01-01-0000{number:02d}-war.json"
        path.write_text('{"finished": true}', encoding="utf-8")  # only finished games are pruned
        os.utime(path, (1000 + number, 1000 + number))
    (folder / "old.json.broken-20250101-000000").write_text("x", encoding="utf-8")
    saves.prune(folder)
    kept = saves.game_files(folder)
    assert len(kept) == saves.KEEP
    assert kept[0].name == f"2025-01-01-0000{saves.KEEP + 4:02d}-war.json"  # the newest first
    assert (folder / "old.json.broken-20250101-000000").exists()


# --- round trips ---------------------------------------------------------------------------

CASES: dict[str, tuple[GameRequest | None, tuple[str, ...], dict[str, Any]]] = {
    "bundles, one person": (GameRequest("bundles", 2, 1, "standard", 11), BUNDLES_LINES, {}),
    "rubamazzo-15, two computers, random": (
        GameRequest("bundles", 3, 1, "rubamazzo-15", 12),
        BUNDLES_LINES,
        {"games": {"bundles": {"computer": "random"}}},
    ),
    "casita robada, hot seat": (GameRequest("bundles", 4, 2, "casita-robada", 13), BUNDLES_LINES, {}),
    "medium computers": (
        GameRequest("bundles", 3, 1, "standard", 16),
        BUNDLES_LINES,
        {"games": {"bundles": {"computer": "medium"}}},
    ),
    "hard computer": (
        GameRequest("bundles", 2, 1, "standard", 17),
        BUNDLES_LINES,
        {"games": {"bundles": {"computer": "hard"}}},
    ),
    "war, three players": (GameRequest("war", 3, 1, seed=14, options={"max_rounds": 40}), WAR_LINES, {}),
    "war quiz": (
        GameRequest("war", 2, 1, seed=15, options={"max_rounds": 25}),
        QUIZ_LINES,
        {"games": {"war": {"quiz": True}}},
    ),
    "lesson": (None, BUNDLES_LINES, {}),
}


def _request(case: str) -> GameRequest:
    request = CASES[case][0]
    return request if request is not None else scenario_request(str(LESSON))


@pytest.mark.parametrize("case", list(CASES))
def test_a_game_quit_again_and_again_ends_as_the_game_played_straight_through(tmp_path: Path, case: str) -> None:
    """Quit at random moments and resume each time: same moves, same end, same history as without a break."""
    _, lines, settings = CASES[case]
    with saving_in(tmp_path / "straight"):
        app, _ = play(_request(case), lines, **settings)
    straight = game_screen(app)
    assert straight.table.state.result is not None
    chance = random.Random(case)
    stops = 0
    with saving_in(tmp_path / "broken") as folder:
        app, said = play(_request(case), lines, budget=chance.randrange(0, 6), **settings)
        while not (screen := game_screen(app)).over:
            stops += 1
            assert stops < 300, "the game does not end"
            saved = saves.load(only_save(folder))
            app, said = play(None, lines, budget=chance.randrange(0, 8), resume=True, **settings)
            moves = len(saved.moves)
            assert re.fullmatch(
                rf".* resumed after {moves} moves?\. (Seed {saved.info.seed}\. )?G reads the history\.", said[0]
            )
            resumed = game_screen(app)
            assert resumed.history[: len(screen.history)] == screen.history  # the history came back as it was
        path = only_save(folder)
    assert stops >= 2
    assert screen.table.state.to_json() == straight.table.state.to_json()
    assert screen.history == straight.history
    assert straight.record is not None and screen.record is not None
    assert screen.record.moves == straight.record.moves
    finished = saves.load(path)
    assert finished.finished
    assert transcript.history(finished, "en") == straight.history  # what replay and emboss say is the history


def test_the_menu_offers_resume_only_while_a_game_is_unfinished(tmp_path: Path) -> None:
    request = GameRequest("war", 2, 1, seed=3, options={"max_rounds": 5})
    _, said = play(None, WAR_LINES, budget=0)
    assert "Resume game" not in said[0]
    play(request, WAR_LINES, budget=2)  # two turns, then the program ends: the game is unfinished
    _, said = play(None, WAR_LINES, budget=0)
    assert said[0].startswith(
        "Accessible Cards. Main menu. 1: Play War. 2: Play Stealing Bundles or one of its family. "
        "3: Play Stiche-Raten (Oh Hell). 4: Play Klondike. 5: Resume game. 6: Settings."
    )
    app, said = play(None, WAR_LINES, resume=True)
    assert game_screen(app).table.state.result is not None
    _, said = play(None, WAR_LINES, budget=0)
    assert "Resume game" not in said[0]
    path = only_save(tmp_path / "data")
    assert saves.load(path).finished  # the finished game's file stays, marked finished


def test_a_finished_game_is_never_offered_whatever_the_layout_of_its_file(tmp_path: Path) -> None:
    """The menu reads only the start of a file; a file laid out otherwise (pretty-printed, keys moved) is read whole."""
    play(GameRequest("war", 2, 1, seed=3, options={"max_rounds": 3}), WAR_LINES)
    path = only_save(tmp_path / "data")
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["finished"] is True
    finished = data.pop("finished")
    path.write_text(json.dumps({**data, "note": "x" * 300, "finished": finished}, indent=2), encoding="utf-8")
    assert saves.is_finished(path) and saves.latest_unfinished() is None
    _, said = play(None, WAR_LINES, budget=0, resume=True)
    assert said[0] == "There is no saved game to resume."
    assert path.exists()


def test_resume_without_a_saved_game_says_so_and_offers_the_menu() -> None:
    _, said = play(None, WAR_LINES, budget=0, resume=True)
    assert said[0] == "There is no saved game to resume."
    assert said[1].startswith("Accessible Cards. Main menu. 1: Play War.")


def test_the_quit_question_says_the_game_is_saved() -> None:
    _, said = play(GameRequest("war", 2, 1, seed=3), ["", "q"], budget=2)
    assert "Quit the game? It is saved: Resume game goes on with it. 1: No, go on. 2: Yes, quit." in said


# --- bad files -------------------------------------------------------------------------------


def _good_bundles_save(folder: Path) -> dict[str, Any]:
    with saving_in(folder):
        play(GameRequest("bundles", 2, 1, "standard", 5), BUNDLES_LINES, budget=12)
        data: dict[str, Any] = json.loads(only_save(folder).read_text(encoding="utf-8"))
    data.update(saves.unseal(data.pop("sealed")))  # the plain form of older versions, which is read alike
    return data


def _edit(change: Callable[[dict[str, Any]], None]) -> Callable[[dict[str, Any]], bytes]:
    def make(data: dict[str, Any]) -> bytes:
        change(data)
        return json.dumps(data).encode()

    return make


def _set(path: str, value: Any) -> Callable[[dict[str, Any]], bytes]:
    def change(data: dict[str, Any]) -> None:
        *parents, last = path.split(".")
        target: Any = data
        for key in parents:
            target = target[int(key)] if isinstance(target, list) else target[key]
        if isinstance(target, list):
            target[int(last)] = value
        else:
            target[last] = value

    return _edit(change)


def _swap_moves(data: dict[str, Any]) -> None:
    moves = data["moves"]
    moves[0], moves[2] = moves[2], moves[0]


def _by_computer(data: dict[str, Any]) -> None:
    first = next(move for move in data["moves"] if move["by"] == "person")
    first["by"] = "computer"


def _deep(_data: dict[str, Any]) -> bytes:
    return b"[" * 100_000 + b"]" * 100_000


BAD_FILES: dict[str, tuple[Callable[[dict[str, Any]], bytes], str]] = {
    "newer version": (_set("version", 2), "newer"),
    "unknown version": (_set("version", "one"), "format"),
    "no version": (_edit(lambda d: d.pop("version")), "format"),
    "a scenario, not a save": (lambda _d: LESSON.read_bytes(), "format"),
    "a JSON list": (lambda _d: b"[1, 2, 3]", "format"),
    "empty": (lambda _d: b"", "damaged"),
    "truncated": (lambda d: json.dumps(d).encode()[: len(json.dumps(d)) // 2], "damaged"),
    "cut at the last byte": (lambda d: json.dumps(d).encode()[:-1], "damaged"),
    "not UTF-8": (lambda _d: b"\xff\xfe\x00garbage\x80", "damaged"),
    "nested too deeply": (_deep, "damaged"),
    "players as text": (_set("game.players", "two"), "damaged"),
    "too many players": (_set("game.players", 9), "damaged"),
    "moves not a list": (_set("moves", {"0": "turn"}), "damaged"),
    "a card as a code": (_set("moves.0.card", "7H"), "damaged"),
    "a capture not a list": (_set("moves.0.capture", 3), "damaged"),
    "wild as a word": (_set("moves.0.wild", "yes"), "damaged"),
    "an unknown chooser": (_set("moves.0.by", "robot"), "damaged"),
    "a card out of the deck": (_set("moves.0.card", 999), "damaged"),
    "moves out of order": (_edit(_swap_moves), "damaged"),
    "a person's move as the computer's": (_edit(_by_computer), "damaged"),
    "current changed": (_set("current.turn", 1), "damaged"),
    "start dealt already": (_set("start.phase", "play"), "damaged"),
    "start not an object": (_set("start", [1, 2]), "damaged"),
    "start of another deck": (_set("start.options.deck", "numbers"), "damaged"),
    "an unknown computer level": (_set("game.computers.0.level", "grandmaster"), "damaged"),
    "names missing": (_set("game.names", []), "damaged"),
    "finished as a word": (_set("finished", "no"), "damaged"),
}

SENTENCES = {
    "newer": "The saved game {file} comes from a newer version of Accessible Cards; it was put aside as {aside}.",
    "format": "The file {file} is not a saved game this program can read; it was put aside as {aside}.",
    "damaged": "The saved game {file} is damaged and cannot be resumed; it was put aside as {aside}.",
}


@pytest.mark.parametrize("kind", list(BAD_FILES))
def test_a_bad_save_is_said_in_one_sentence_put_aside_and_a_new_game_offered(tmp_path: Path, kind: str) -> None:
    make, sentence = BAD_FILES[kind]
    content = make(_good_bundles_save(tmp_path / "good"))
    folder = tmp_path / "data" / "saves"
    folder.mkdir(parents=True)
    path = folder / "2025-05-01-120000-bundles.json"
    path.write_bytes(content)
    _, said = play(None, BUNDLES_LINES, budget=0, resume=True)
    (aside,) = [p for p in folder.iterdir() if p.name != path.name]
    assert BROKEN.search(aside.name), aside
    assert not path.exists() and aside.read_bytes() == content  # kept as it was, renamed aside
    assert said[0] == SENTENCES[sentence].format(file=path.name, aside=aside.name)
    assert said[1].startswith("Accessible Cards. Main menu. 1: Play War. 2: Play Stealing Bundles")
    assert "Resume game" not in said[1]
    assert len(said) == 2


def test_a_bad_save_is_said_in_the_players_language(tmp_path: Path) -> None:
    folder = tmp_path / "data" / "saves"
    folder.mkdir(parents=True)
    (folder / "2025-05-01-120000-war.json").write_text('{"format": "accessible-cards-save", "vers', encoding="utf-8")
    _, said = play(None, WAR_LINES, budget=0, resume=True, lang="de")
    assert said[0].startswith("Das gespeicherte Spiel 2025-05-01-120000-war.json ist beschädigt")
    assert said[1].startswith("Accessible Cards. Hauptmenü.")


def test_the_menus_resume_item_puts_a_bad_save_aside_and_disappears(tmp_path: Path) -> None:
    folder = tmp_path / "data" / "saves"
    folder.mkdir(parents=True)
    (folder / "2025-05-01-120000-war.json").write_text("not json", encoding="utf-8")
    _, said = play(None, ["5"], budget=1)
    assert "5: Resume game." in said[0]
    assert said[1].startswith("The saved game 2025-05-01-120000-war.json is damaged")
    assert "Resume game" not in said[2]


# --- replay and emboss ----------------------------------------------------------------------


@pytest.mark.parametrize("finished", [True, False])
def test_replay_prints_a_saved_games_history(
    tmp_path: Path, finished: bool, capsys: pytest.CaptureFixture[str]
) -> None:
    app, _ = play(GameRequest("bundles", 2, 1, "rubamazzo", 8), BUNDLES_LINES, budget=None if finished else 9)
    screen = game_screen(app)
    path = only_save(tmp_path / "data")
    assert main(["replay", str(path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    tail = [] if finished else ["The game goes on from here: accessible-cards resume continues it."]
    assert lines == screen.history + tail
    assert main(["replay", str(path), "--json"]) == 0
    events = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert events[0]["type"] == "deal"
    assert (events[-1]["type"] == "match_over") is finished  # Rubamazzo plays a best of three: the save holds it all
    assert main(["replay", str(path), "--lang", "de"]) == 0
    german = capsys.readouterr().out.splitlines()
    assert len(german) == len(lines) and german[0] != lines[0]
    assert german[0].startswith(("Computer 1 gibt ", "Du gibst "))


def test_replay_of_a_damaged_save_says_why_in_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = _good_bundles_save(tmp_path / "good")
    data["moves"][0]["card"] = 999
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["replay", str(path)]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith("accessible-cards: move 1 cannot be played") and captured.err.count("\n") == 1


def test_emboss_history_writes_the_saved_games_history_as_brf(tmp_path: Path) -> None:
    from accessible_cards.braille import louis
    from accessible_cards.braille.emboss import BRAILLE_ASCII

    if not louis.available():
        pytest.skip("liblouis is not installed")
    app, _ = play(GameRequest("war", 2, 1, seed=3, options={"max_rounds": 8}), WAR_LINES)
    history = game_screen(app).history
    path = only_save(tmp_path / "data")
    out = tmp_path / "history.brf"
    assert main(["emboss", "history", str(path), "--lang", "en", "--output", str(out), "--width", "32"]) == 0
    brf = out.read_bytes().decode("ascii")
    assert set(brf) <= BRAILLE_ASCII | {"\r", "\n", "\f"}
    assert all(len(line) <= 32 for line in brf.replace("\f", "").split("\r\n"))
    twin = out.with_suffix(".txt").read_text(encoding="utf-8")
    assert "War for 2 players, seed 3: the history of a saved game." in twin
    for line in history:
        assert line in twin
    assert main(["emboss", "history", str(tmp_path / "missing.json"), "--output", str(out)]) == 1


# --- storage failures (the real ones are in test_resume_terminal.py) ------------------------------


def test_a_failing_disk_is_said_once_per_spell_and_saving_goes_on(monkeypatch: pytest.MonkeyPatch) -> None:
    """Full, then working, then read-only: one sentence each time it starts failing, one when it works again."""
    real = saves.write_atomic
    calls = {"n": 0}
    failing = {2: errno.ENOSPC, 3: errno.ENOSPC, 4: errno.ENOSPC, 7: errno.EROFS, 8: errno.EROFS}

    def write(path: Path, text: str) -> None:
        calls["n"] += 1
        code = failing.get(calls["n"])
        if code is not None:
            raise OSError(code, os.strerror(code))
        real(path, text)

    monkeypatch.setattr(saves, "write_atomic", write)
    app, said = play(GameRequest("war", 2, 1, seed=3), WAR_LINES, budget=9)
    notes = [line for line in said if "saved" in line]
    assert notes == [
        "The game cannot be saved: the disk is full. The game goes on, and saving is tried again after every move.",
        "The game is saved again.",
        f"The game cannot be saved: the folder {saves.saves_dir()} cannot be written. "
        "The game goes on, and saving is tried again after every move.",
        "The game is saved again.",
    ]
    screen = game_screen(app)
    assert screen.table.state.to_json() == saves.load(only_save(saves.data_dir())).current  # the last save holds all


def test_a_system_reason_is_said_in_the_players_language(monkeypatch: pytest.MonkeyPatch) -> None:
    """A save that fails for another reason (a file where a folder should be): German words, from the error number."""
    real = saves.write_atomic
    calls = {"n": 0}

    def write(path: Path, text: str) -> None:
        calls["n"] += 1
        if calls["n"] == 2:
            raise OSError(errno.ENOTDIR, os.strerror(errno.ENOTDIR))
        real(path, text)

    monkeypatch.setattr(saves, "write_atomic", write)
    _app, said = play(GameRequest("war", 2, 1, seed=3), WAR_LINES, budget=4, lang="de")
    notes = [line for line in said if "gespeichert" in line]
    assert notes[0].startswith(
        "Das Spiel kann nicht gespeichert werden: ein Teil des Pfads ist eine Datei, kein Ordner."
    )
    assert "Not a directory" not in "\n".join(said)
