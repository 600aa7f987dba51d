"""A whole Stiche-Raten game under tdsr, a real console screen reader, in English and German.

tdsr (``../shared/tools/tdsr``) runs the program in its own pseudo-terminal and pipes what it would speak
to a speech command: here ``sh -c 'cat >> FILE'``, so the test reads what a tdsr user hears: ``s`` lines
are speech, ``l`` a key echoed, ``x`` speech stopped by a key. The person bids and plays with digits
until the game is over; every announcement the game makes is spoken, none is cut into pieces.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import pexpect
import pytest
from tdsr_support import tdsr_home

_HOME = tdsr_home()
TDSR = (_HOME or Path("/nonexistent")) / "bin" / "tdsr"
SAID = {
    "en": ("Stiche-Raten for 3 players.", "Round 1 of 2: 1 card each. Trump: ", "Your bid: ", "Game over: "),
    "de": ("Stiche-Raten für 3 Spieler.", "Runde 1 von 2: 1 Karte für jeden. Trumpf: ", "Deine Ansage: ",
           "Spielende: "),
}  # fmt: skip


def _spoken(path: Path) -> list[str]:
    if not path.exists():
        return []
    return [line[1:] for line in path.read_text(encoding="utf-8").splitlines() if line.startswith("s")]


@pytest.mark.skipif(not TDSR.exists(), reason="tdsr is not at ../shared/tools/tdsr")
@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_whole_game_is_spoken_by_tdsr(tmp_path: Path, lang: str) -> None:
    out = tmp_path / "spoken.txt"
    env = {
        **os.environ,
        "HOME": str(tmp_path),  # tdsr writes its configuration there
        "TERM": "xterm-256color",
        "LANG": "C.UTF-8",
        "ACCESSIBLE_CARDS_SPEECH": "off",  # the screen reader speaks, not the game
        "ACCESSIBLE_CARDS_CONFIG_DIR": str(tmp_path / "config"),
    }
    program = [sys.executable, "-m", "accessible_cards", "play", "ohhell", "--players", "3", "--seed", "4",
               "--pause", "0", "--lang", lang, "--set", "max_cards=2"]  # fmt: skip
    child = pexpect.spawn(sys.executable, [str(TDSR), "-s", f"sh -c 'cat >> {out}'", "--", *program], env=env,
                          dimensions=(40, 300), encoding="utf-8", timeout=10)  # fmt: skip

    def pump(seconds: float) -> None:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            try:
                child.read_nonblocking(100_000, timeout=0.1)
            except pexpect.TIMEOUT:
                pass
            except pexpect.EOF:
                return

    opening, deal, bid, over = SAID[lang]
    try:
        for _ in range(100):
            pump(0.3)
            if any(line.startswith(bid) for line in _spoken(out)):
                break
        for _ in range(30):
            if any(line.startswith(over) for line in _spoken(out)):
                break
            for key in ("0", "0", "1", "1", "1", "2", "2"):  # a bid of 0 or 1, then the first or second card
                child.send(key)
                pump(0.25)
        spoken = _spoken(out)
    finally:
        child.terminate(force=True)
    assert opening in spoken
    assert any(line.startswith(deal) for line in spoken), spoken[:5]
    assert any(line.startswith(bid) for line in spoken)
    assert any(line.startswith(over) for line in spoken), spoken[-10:]
    assert not [line for line in spoken if "Traceback" in line]
