"""Fixtures shared by the terminal tests: a private settings folder and the programs started."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from terminal_support import Player


@pytest.fixture(autouse=True)
def data_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test saves its games in a data folder of its own (the programs it starts inherit it)."""
    folder = tmp_path / "data"
    monkeypatch.setenv("ACCESSIBLE_CARDS_DATA_DIR", str(folder))
    return folder


@pytest.fixture
def config(tmp_path: Path) -> Path:
    """A settings folder of the test's own (it does not exist until the program writes it)."""
    return tmp_path / "config"


@pytest.fixture
def players() -> Iterator[list[Player]]:
    """Programs a test starts; each is ended when the test ends."""
    started: list[Player] = []
    yield started
    for player in started:
        player.close()
