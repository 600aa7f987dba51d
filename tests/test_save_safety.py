"""Issue 19, saves: one writer for a game, nothing unfinished removed, crafted files refused, no hidden card readable.

A second real process holds a game's lock while this one tries to resume it; the other cases run the
program in-process, fed lines (``saves_support``).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from saves_support import BUNDLES_LINES, WAR_LINES, only_save, play, saving_in

from accessible_cards import saves
from accessible_cards.cards import deck
from accessible_cards.cli import main
from accessible_cards.ui.app import GameRequest

ROOT = Path(__file__).resolve().parents[1]
OPEN_ELSEWHERE = (
    "The game {file} is open elsewhere, in another copy of Accessible Cards; it goes on there. "
    "Choose a game in the main menu to start a new one."
)


@pytest.fixture(autouse=True)
def _no_locks_held() -> Any:
    """The games played in-process here hold their locks as a program does until it ends."""
    saves.release_all()
    yield
    saves.release_all()


def _unfinished_bundles(data: Path, seed: int = 5, budget: int = 12) -> Path:
    with saving_in(data):
        play(GameRequest("bundles", 2, 1, "standard", seed), BUNDLES_LINES, budget=budget)
    saves.release_all()  # that program has ended
    return only_save(data)


def _holder(path: Path) -> subprocess.Popen[str]:
    """A second program that takes the game's lock, says so, and keeps it until it is killed."""
    code = (
        "import sys, time\n"
        "from pathlib import Path\n"
        "from accessible_cards import saves\n"
        "saves.Lock(Path(sys.argv[1])).take()\n"
        "print('locked', flush=True)\n"
        "time.sleep(120)\n"
    )
    child = subprocess.Popen(
        [sys.executable, "-c", code, str(path)], stdout=subprocess.PIPE, text=True, cwd=ROOT, env=dict(os.environ)
    )
    assert child.stdout is not None and child.stdout.readline().strip() == "locked"
    return child


# --- one writer -------------------------------------------------------------------------------


def test_a_game_open_in_another_process_is_not_resumed_and_a_new_game_is_offered(tmp_path: Path) -> None:
    data = tmp_path / "data"
    path = _unfinished_bundles(data)
    before = path.read_bytes()
    child = _holder(path)
    try:
        with saving_in(data):
            assert saves.is_locked(path)
            _, said = play(None, BUNDLES_LINES, budget=0, resume=True)
            assert said[0] == OPEN_ELSEWHERE.format(file=path.name)
            assert said[1].startswith("Accessible Cards. Main menu. 1: Play War. 2: Play Stealing Bundles")
            assert path.read_bytes() == before  # not a move written over the other copy's
            record = saves.Record.resumed(path, saves.load(path))
            news = record.save(saves.load(path).current, False, {})
            assert news == saves.Storage("failed", "locked", str(path.parent)) and path.read_bytes() == before
    finally:
        child.kill()
        child.wait()
    with saving_in(data):  # killed, the other copy's lock is gone: the game resumes here
        assert not saves.is_locked(path)
        moves = len(saves.load(path).moves)
        _, said = play(None, BUNDLES_LINES, budget=2, resume=True)
        assert said[0].startswith(f"Stealing Bundles resumed after {moves} moves.")


def test_while_a_game_is_played_a_second_process_cannot_take_its_lock(tmp_path: Path) -> None:
    data = tmp_path / "data"
    path = _unfinished_bundles(data)
    with saving_in(data):
        lock = saves.Lock(path)
        lock.take()
        try:
            code = "import sys\nfrom pathlib import Path\nfrom accessible_cards import saves\n"
            code += "try:\n    saves.Lock(Path(sys.argv[1])).take()\nexcept saves.SaveLocked:\n    sys.exit(3)\n"
            done = subprocess.run([sys.executable, "-c", code, str(path)], cwd=ROOT, check=False, timeout=60)
            assert done.returncode == 3
        finally:
            lock.release()


# --- nothing unfinished removed -----------------------------------------------------------------


def test_a_new_game_never_removes_an_unfinished_one(tmp_path: Path) -> None:
    folder = tmp_path / "saves"
    folder.mkdir()
    for number in range(saves.KEEP + 10):
        for kind, finished in (("war", "true"), ("bundles", "false")):
            path = folder / f"2025-01-01-0000{number:02d}-{kind}.json"
            path.write_text(f'{{"finished": {finished}}}', encoding="utf-8")
            os.utime(path, (1000 + number, 1000 + number))
    saves.prune(folder)
    left = saves.game_files(folder)
    assert sum(1 for path in left if path.name.endswith("-bundles.json")) == saves.KEEP + 10
    assert sum(1 for path in left if path.name.endswith("-war.json")) == saves.KEEP
    assert len(saves.unfinished(folder)) == saves.KEEP + 10


def test_the_resume_menu_lists_every_unfinished_game_to_choose_from(tmp_path: Path) -> None:
    data = tmp_path / "data"
    with saving_in(data):
        play(GameRequest("bundles", 2, 1, "standard", 5), BUNDLES_LINES, budget=12)
        first = only_save(data)
        os.utime(first, (time.time() - 100, time.time() - 100))
        play(GameRequest("war", 3, 1, seed=4, options={"max_rounds": 40}), WAR_LINES, budget=5)
        war = next(path for path in saves.game_files(data / "saves") if path != first)
        _, said = play(None, ["2"], budget=1, resume=True)
    when = [saves.load(path).saved[:16].replace("T", " ") for path in (war, first)]
    moves = [len(saves.load(path).moves) for path in (war, first)]
    assert said[0] == (
        f"2 unfinished games. Which one goes on? 1: War, 3 players, {moves[0]} moves, saved {when[0]}. "
        f"2: Stealing Bundles, 2 players, {moves[1]} moves, saved {when[1]}. "
        "Up and Down to move, Enter to choose, Escape to go back."
    )
    assert said[1].startswith(f"Stealing Bundles resumed after {moves[1]} moves.")


# --- crafted files -----------------------------------------------------------------------------


@pytest.mark.parametrize("depth", [40, 983, 985, 987])
def test_a_deeply_nested_save_is_refused_before_it_can_crash(tmp_path: Path, depth: int) -> None:
    path = _unfinished_bundles(tmp_path / "data")
    data = json.loads(path.read_text(encoding="utf-8"))
    data.update(saves.unseal(data.pop("sealed")))
    data["start"]["deep"] = "DEEP"
    path.write_text(json.dumps(data).replace('"DEEP"', "[" * depth + "1" + "]" * depth), encoding="utf-8")
    with pytest.raises(saves.SaveError, match=r"nests too deep|not a complete JSON file"):
        saves.load(path)
    with saving_in(tmp_path / "data"):
        _, said = play(None, BUNDLES_LINES, budget=3, resume=True)
    assert said[0].startswith(f"The saved game {path.name} is damaged and cannot be resumed; it was put aside as ")


def test_whatever_loads_can_be_written_again(tmp_path: Path) -> None:
    for path in sorted((ROOT / "tests" / "golden" / "saves").glob("*.json")):
        saved = saves.load(path)
        record = saves.Record.resumed(tmp_path / path.name, saved, sealed=True)
        record.moves = list(saved.moves)
        assert record.save(saved.current, saved.finished, saved.extra) is None
        again = saves.load(tmp_path / path.name)
        assert (again.start, again.current, again.moves) == (saved.start, saved.current, saved.moves)


def test_temporary_files_of_killed_saves_are_cleaned_at_start(tmp_path: Path) -> None:
    data = tmp_path / "data"
    path = _unfinished_bundles(data)
    left = [path.with_name(f".{path.name}.x{number}y.tmp") for number in range(10)]
    for temporary in left:
        temporary.write_bytes(b"{" * 14_000)  # just written by a program killed a moment ago
    moves = len(saves.load(path).moves)
    with saving_in(data):
        _, said = play(None, BUNDLES_LINES, budget=2, resume=True)
    assert said[0].startswith(f"Stealing Bundles resumed after {moves} moves.")
    assert not any(temporary.exists() for temporary in left)


# --- hidden cards ----------------------------------------------------------------------------


def _hidden_codes(saved: saves.SavedGame) -> set[str]:
    """The codes of the cards the person at seat 0 cannot know: the other hands and the stock."""
    cards = deck(saved.current["options"].get("deck", "standard")) if "options" in saved.current else deck("standard")
    hidden = [card for hand in saved.current["hands"][1:] for card in hand] + list(saved.current["stock"])
    return set(cards.codes(hidden))


def test_the_save_file_does_not_show_hidden_cards_to_a_text_viewer(tmp_path: Path) -> None:
    path = _unfinished_bundles(tmp_path / "data")
    text = path.read_text(encoding="utf-8")
    data = json.loads(text)
    assert "start" not in data and "current" not in data and isinstance(data["sealed"], str)
    for word in ('"hands"', '"stock"', '"rng"'):
        assert word not in text
    saved = saves.load(path)  # still a faithful record
    assert saved.current["hands"][1] and saved.current["stock"]
    assert saves.replay(saved).to_json() == saved.current


def test_an_older_plain_save_is_sealed_once_it_is_resumed(tmp_path: Path) -> None:
    golden = ROOT / "tests" / "golden" / "saves" / "bundles.json"
    folder = tmp_path / "data" / "saves"
    folder.mkdir(parents=True)
    path = folder / "2025-01-01-000000-bundles.json"
    path.write_bytes(golden.read_bytes())
    assert '"hands"' in path.read_text(encoding="utf-8")
    with saving_in(tmp_path / "data"):
        _, said = play(None, BUNDLES_LINES, budget=2, resume=True)
    assert "resumed after" in said[0]
    assert '"hands"' not in path.read_text(encoding="utf-8") and saves.load(path).sealed


def test_replay_and_emboss_history_of_an_unfinished_save_show_only_public_facts(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _unfinished_bundles(tmp_path / "data", seed=8, budget=9)
    hidden = _hidden_codes(saves.load(path))
    assert hidden
    assert main(["replay", str(path), "--json"]) == 0
    events = capsys.readouterr().out
    assert main(["replay", str(path)]) == 0
    events += capsys.readouterr().out
    for line in events.splitlines():
        if line.startswith("{"):
            shown = {value for value in json.loads(line).values() if isinstance(value, str)}
            shown |= {v for value in json.loads(line).values() if isinstance(value, list) for v in value}
            assert not (shown & hidden), line
    assert '"hands"' not in events and '"stock": [' not in events
