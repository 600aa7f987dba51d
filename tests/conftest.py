"""Fixtures shared by the terminal tests (a private settings folder, the programs started) and the fast lane's marks.

Tests that drive a real terminal or a real speech or braille process are
marked ``terminal`` here, in one place, by the fixtures and modules they use;
``make test-fast`` (``pytest -m "not slow and not terminal"``) leaves them
out, ``make test`` and CI run them all.
"""

from __future__ import annotations

import fcntl
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Final

import pytest
from terminal_support import Player

TERMINAL_FIXTURES: Final = frozenset({"players", "brltty", "speechd"})
"""Fixtures that start a real process: the program in a pseudo-terminal, BRLTTY, speech-dispatcher."""

TERMINAL_MODULES: Final = frozenset(
    {
        "test_play_terminal",  # the program in a pseudo-terminal, read back with pyte
        "test_play_games_terminal",
        "test_resume_terminal",  # besides: the program as another user (setpriv), a full tmpfs
        "test_tutorial",
        "test_play_braille_display",  # BRLTTY's virtual display driving the program
        "test_failing_braille",  # BRLTTY stopped, killed and unplugged for real
        "test_failing_speech",  # speech-dispatcher and espeak-ng killed for real
        "test_speech_speechd",  # a headless speech-dispatcher
        "test_speech_engines",  # espeak-ng and pyttsx3 writing WAVs, stopped mid-sentence
        "test_speech_output",
        "test_ohhell_tdsr",  # the console screen reader tdsr reading the game aloud
    }
)
"""Modules whose tests start a real terminal, speech or braille process (some without a shared fixture)."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark ``terminal`` every test that drives a real terminal or a real speech or braille process."""
    for item in items:
        if not isinstance(item, pytest.Function):
            continue
        parametrized = set(item.callspec.params) if hasattr(item, "callspec") else set()
        fixtures = set(item.fixturenames) - parametrized  # a parameter may share a fixture's name ("players")
        if fixtures & TERMINAL_FIXTURES or item.module.__name__ in TERMINAL_MODULES:
            item.add_marker(pytest.mark.terminal)


BRLAPI_HOSTS: Final = range(1000, 2000)
"""BrlAPI host numbers the tests' own BRLTTYs take (above those a person's BRLTTY or an older run would use)."""

BRLAPI_LOCKS: Final = Path(tempfile.gettempdir()) / "accessible-cards-brlapi-hosts"
"""One lock file per host number: a test holds it while its BRLTTY runs."""

BRLAPI_SOCKETS: Final = Path("/var/lib/BrlAPI")
"""Where BRLTTY puts the local socket of each host number."""


@pytest.fixture
def brlapi_host() -> Iterator[str]:
    """A BrlAPI host (``":1042"``) that no other test holds, in this run, its other workers or another run.

    Each number is taken by an exclusive lock on its own file, which the kernel lets go when the test
    ends or its process dies; a number whose socket exists (a BRLTTY of someone else) is passed over.
    """
    BRLAPI_LOCKS.mkdir(exist_ok=True)
    for number in BRLAPI_HOSTS:
        if (BRLAPI_SOCKETS / str(number)).exists():
            continue
        with open(BRLAPI_LOCKS / str(number), "a") as lock:
            try:
                fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                continue
            try:
                yield f":{number}"
            finally:
                fcntl.flock(lock, fcntl.LOCK_UN)
            return
    raise RuntimeError(f"every BrlAPI host number from {BRLAPI_HOSTS.start} to {BRLAPI_HOSTS.stop - 1} is taken")


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
