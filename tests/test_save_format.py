"""The save format stays as it was: files written before the games were registered are read and written back alike.

``tests/golden/saves/`` holds saves written by the code before the registry (War
games, Stealing Bundles games with computers and with a scenario's script,
finished and unfinished), and one Rubamazzo match written when matches came.
Each is read, replayed to its saved position, told as a history in both
languages, and written again byte for byte (but the time of the save).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from accessible_cards import saves, transcript
from accessible_cards.table import Move

GOLDEN = Path(__file__).resolve().parent / "golden" / "saves"
FILES = sorted(GOLDEN.glob("*.json"))


def test_there_are_saves_of_both_games() -> None:
    assert {saves.load(path).info.game for path in FILES} == {"war", "bundles"}


@pytest.mark.parametrize("path", FILES, ids=lambda path: path.name)
def test_an_old_save_is_read_replayed_and_written_back_alike(path: Path, tmp_path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    saved = saves.load(path)
    assert all(isinstance(move, Move) for move in saved.moves)
    state = saves.replay(saved)
    assert state.to_json() == saved.current
    assert (state.result is not None) is saved.finished
    record = saves.Record.resumed(tmp_path / path.name, saved)
    record.moves = list(saved.moves)
    assert record.save(saved.current, saved.finished, saved.extra) is None
    written = json.loads((tmp_path / path.name).read_text(encoding="utf-8"))
    written["saved"] = json.loads(text)["saved"]
    assert json.dumps(written, ensure_ascii=False, separators=(",", ":")) == text
    for lang in ("en", "de"):
        assert transcript.history(saved, lang)


def test_a_bundles_move_is_who_chose_it_first_then_the_actions_fields() -> None:
    data = json.loads((GOLDEN / "bundles.json").read_text(encoding="utf-8"))
    assert list(data["moves"][0]) == ["by", "card", "steal", "source", "bundle", "capture", "wild"]
    assert {move["by"] for move in data["moves"]} == {"person", "computer"}
    scripted = json.loads((GOLDEN / "scenario.json").read_text(encoding="utf-8"))
    assert {move["by"] for move in scripted["moves"]} == {"script"}
    assert list(scripted["script"][0]) == ["number", "card", "steal", "source", "bundle", "capture", "wild"]


def test_a_war_move_is_the_word_turn() -> None:
    data = json.loads((GOLDEN / "war.json").read_text(encoding="utf-8"))
    assert set(data["moves"]) == {"turn"} and data["script"] is None


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        (lambda data: data["moves"].__setitem__(0, "jump"), 'move 1 must be "turn"'),
        (lambda data: data["game"].__setitem__("players", 5), "game.players is out of range"),
        (
            lambda data: data["game"].__setitem__("game", "poker"),
            "game.game must be one of war, bundles, ohhell, klondike",
        ),
        (lambda data: data.__setitem__("script", [{"number": 1}]), "War scenarios have no scripted moves"),
    ],
)
def test_a_damaged_war_save_says_what_is_wrong(change: Callable[[dict[str, Any]], Any], reason: str) -> None:
    data = json.loads((GOLDEN / "war.json").read_text(encoding="utf-8"))
    change(data)
    with pytest.raises(saves.SaveError) as raised:
        saves.parse(data)
    assert raised.value.msg_id == "error-save-damaged" and raised.value.params["reason"] == reason


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        (
            lambda data: data["moves"][0].__setitem__("by", "robot"),
            "move 1.by must be one of person, computer, script, clock",
        ),
        (lambda data: data["moves"][0].pop("by"), "move 1.by must be one of person, computer, script, clock"),
        (lambda data: data["moves"][0].__setitem__("card", "7H"), "move 1.card must be a whole number"),
        (lambda data: data["moves"].__setitem__(0, "turn"), "move 1 must be an object"),
        (lambda data: data.__setitem__("script", {"number": 1}), "script must be a list"),
    ],
)
def test_a_damaged_bundles_save_says_what_is_wrong(change: Callable[[dict[str, Any]], Any], reason: str) -> None:
    data = json.loads((GOLDEN / "bundles.json").read_text(encoding="utf-8"))
    change(data)
    with pytest.raises(saves.SaveError) as raised:
        saves.parse(data)
    assert raised.value.msg_id == "error-save-damaged" and raised.value.params["reason"] == reason


PLAYED = sorted(GOLDEN.glob("ui-*.json"))
"""Saves the program itself wrote, before the registry, while a game was played at the keyboard (and left unfinished):
War, War with the quiz, Stealing Bundles against medium computers, Casita Robada in hot seat, and a lesson; and,
from when matches came, a Rubamazzo match to 11 Scopa points in its second game (its file must stay readable too)."""


@pytest.mark.parametrize("path", PLAYED, ids=lambda path: path.name)
def test_an_old_unfinished_save_resumes_at_the_keyboard(path: Path, tmp_path: Path) -> None:
    """``accessible-cards resume`` on a file written before the registry: the game screen comes back where it was."""
    import shutil

    from saves_support import game_screen, play, saving_in

    folder = tmp_path / "data"
    (folder / "saves").mkdir(parents=True)
    shutil.copy(path, folder / "saves" / path.name)
    saved = saves.load(path)
    with saving_in(folder):
        app, said = play(None, ["r"], 3, resume=True)
    screen = game_screen(app)
    assert screen.table.state.to_json() == saved.current
    assert len(screen.table.moves) == len(saved.moves)
    assert any("resumed after" in line for line in said), said[-5:]
    assert len(screen.history) > 0  # the history came back with it
    extra = dict(saved.extra)
    if saved.info.game == "war":  # the quiz's one shared tally of an older save is the first pupil's now, per seat
        pairs = [[0, 0] for _ in range(saved.info.players)]
        pairs[0] = list(extra.get("quiz", [0, 0]))
        extra["quiz"] = pairs
    assert screen.controller.save_extra() == extra  # so did the War quiz's tally
