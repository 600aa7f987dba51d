"""Faults a chaos test found (issue 19): huge runs, full disks, missing braille tables, echoed values.

Each test here failed on the code before its fix; ``docs/reliability.md`` lists what was tried.
"""

from __future__ import annotations

import io
import os
import signal

import pytest

from accessible_cards import cli
from accessible_cards import game as registry
from accessible_cards.simulate import Progress, Run, simulate

HUGE = 10**12


@pytest.mark.parametrize(("name", "ai"), [("war", None), ("bundles", None), ("bundles", ["easy", "easy"])])
def test_a_huge_simulation_starts_at_once_and_stops_with_the_games_finished(name: str, ai: list[str] | None) -> None:
    def stop_after_five(done: int, asked: int) -> None:
        assert asked == HUGE
        if done == 5:
            run.stop = True

    run = Run(stop_after_five)
    figures = simulate(registry.get(name), games=HUGE, seed=3, settings={}, ai=ai, run=run)
    assert figures["games"] == 5
    assert sum(figures["wins"]) + figures["draws"] == 5
    assert figures["stopped"] == {"asked": HUGE, "done": 5}


def test_ctrl_c_stops_the_run_and_prints_the_figures_so_far(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def interrupt(done: int, asked: int) -> None:
        if done == 4:
            os.kill(os.getpid(), signal.SIGINT)

    monkeypatch.setattr("accessible_cards.simulate.Run", _run_calling(interrupt))
    status = cli.main(["simulate", "war", "--games", str(HUGE), "--seed", "5"])
    out = capsys.readouterr().out
    assert status == 130
    assert out.startswith(f"Stopped with Ctrl-C: the figures of the 4 of {HUGE} games finished.\n")
    assert "War, 2 players, 4 games, seed 5" in out
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


def _run_calling(on_game: object) -> type[Run]:
    class Watched(Run):
        def __init__(self, _given: object = None) -> None:
            super().__init__(on_game)  # type: ignore[arg-type]

    return Watched


def test_progress_is_a_plain_line_every_few_seconds() -> None:
    now = [0.0]
    out = io.StringIO()
    progress = Progress(out, every=5.0, clock=lambda: now[0])
    for done in range(1, 101):
        now[0] = done * 0.5  # half a second a game: a line every ten games
        progress(done, 1000)
    lines = out.getvalue().splitlines()
    assert len(lines) == 10
    assert lines[0] == "1% done (10 of 1000 games), about 8 minutes left."
    assert "\r" not in out.getvalue() and "\b" not in out.getvalue()


def test_no_progress_when_the_output_is_not_a_terminal(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["simulate", "war", "--games", "30", "--seed", "2"]) == 0
    assert "done (" not in capsys.readouterr().out
