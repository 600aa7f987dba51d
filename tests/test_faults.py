"""Faults a chaos test found (issue 19): huge runs, full disks, missing braille tables, echoed values.

Each test here failed on the code before its fix; ``docs/reliability.md`` lists what was tried.
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import io
import json
import os
import shutil
import signal
import subprocess
import sys
import types
from collections.abc import Iterator
from pathlib import Path

import pytest

from accessible_cards import cli
from accessible_cards import game as registry
from accessible_cards import simulate as simulation
from accessible_cards.i18n import Catalog

HUGE = 10**12


@pytest.mark.parametrize(("name", "ai"), [("war", None), ("bundles", None), ("bundles", ["easy", "easy"])])
def test_a_huge_simulation_starts_at_once_and_stops_with_the_games_finished(name: str, ai: list[str] | None) -> None:
    def stop_after_five(done: int, asked: int) -> None:
        assert asked == HUGE
        if done == 5:
            run.stop = True

    run = simulation.Run(stop_after_five)
    figures = simulation.simulate(registry.get(name), games=HUGE, seed=3, settings={}, ai=ai, run=run)
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
    before = signal.getsignal(signal.SIGINT)  # Python's default, or "ignored" in a job started in the background
    status = cli.main(["simulate", "war", "--games", str(HUGE), "--seed", "5"])
    out = capsys.readouterr().out
    assert status == 130
    assert out.startswith(f"Stopped with Ctrl-C: the figures of the 4 of {HUGE} games finished.\n")
    assert "War, 2 players, 4 games, seed 5" in out
    assert signal.getsignal(signal.SIGINT) is before, "the handler in place before the run is put back"


def _run_calling(on_game: object) -> type[simulation.Run]:
    class Watched(simulation.Run):
        def __init__(self, _given: object = None) -> None:
            super().__init__(on_game)  # type: ignore[arg-type]

    return Watched


def test_progress_is_a_plain_line_every_few_seconds() -> None:
    now = [0.0]
    out = io.StringIO()
    progress = simulation.Progress(out, every=5.0, clock=lambda: now[0])
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


# A full disk on output.

LESSON = Path(__file__).resolve().parents[1] / "docs" / "lessons" / "capture-several.json"


def _to_dev_full(*argv: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    with open("/dev/full", "w") as full:
        return subprocess.run(
            [sys.executable, "-m", "accessible_cards", *argv],
            input=stdin,
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            timeout=60,
            env={**os.environ, "ACCESSIBLE_CARDS_SPEECH": "off"},
        )


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full here")
@pytest.mark.parametrize(
    ("argv", "lang", "stdin"),
    [
        (["replay", str(LESSON)], "en", ""),
        (["replay", str(LESSON), "--json"], "en", ""),
        (["play", "war", "--lang", "de", "--seed", "3"], "de", "q\n"),
    ],
)
def test_output_to_a_full_disk_ends_with_one_sentence(argv: list[str], lang: str, stdin: str, tmp_path: Path) -> None:
    done = _to_dev_full(*argv, stdin=stdin)
    sentence = Catalog(lang).text("The output could not be written: no space is left on the disk.")
    assert done.stderr == f"accessible-cards: {sentence}\n"
    assert done.returncode == 1


def _fsync_on_a_full_disk(handle: int) -> None:
    raise OSError(errno.ENOSPC, "No space left on device")


@pytest.mark.parametrize("lang", ["en", "de"])
def test_emboss_on_a_full_disk_says_so_and_leaves_the_old_file(
    lang: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    output = tmp_path / "war.brf"
    output.write_text("the old file\n")
    monkeypatch.setattr("accessible_cards.files.os.fsync", _fsync_on_a_full_disk)
    status = cli.main(["emboss", "rules", "war", "--lang", lang, "--output", str(output)])
    sentence = Catalog(lang).text(
        "The braille file {path} could not be written: no space is left on the disk.", path=str(output)
    )
    assert (status, capsys.readouterr().err) == (1, f"accessible-cards: {sentence}\n")
    assert output.read_text() == "the old file\n"
    assert sorted(path.name for path in tmp_path.iterdir()) == ["war.brf"]  # no temporary file left


@pytest.fixture
def full_disk(tmp_path: Path) -> Iterator[Path]:
    """A 64 KiB tmpfs filled to the last byte (root with mount), else the test skips."""
    folder = tmp_path / "full"
    folder.mkdir()
    if os.geteuid() != 0 or shutil.which("mount") is None:
        pytest.skip("a full tmpfs needs root and mount")
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(folder)], capture_output=True)
    if mounted.returncode != 0:
        pytest.skip("mount -t tmpfs does not work here")
    try:
        with contextlib.suppress(OSError), (folder / "filler").open("wb") as filler:
            while True:
                filler.write(b"\0" * 4096)
                filler.flush()
        yield folder
    finally:
        subprocess.run(["umount", str(folder)], check=False)


def test_emboss_history_on_a_full_tmpfs(full_disk: Path, tmp_path: Path) -> None:
    from saves_support import WAR_LINES, only_save, play

    from accessible_cards.ui.app import GameRequest

    play(GameRequest("war", 2, 1, seed=3, options={"max_rounds": 8}), WAR_LINES)
    save = only_save(tmp_path / "data")
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "accessible_cards",
            "emboss",
            "history",
            str(save),
            "--output",
            str(full_disk / "h.brf"),
        ],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 1
    assert done.stderr.count("\n") == 1 and "no space is left on the disk" in done.stderr
    assert sorted(path.name for path in full_disk.iterdir()) == ["filler"]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_speak_save_on_a_full_disk_says_so_without_the_engines_traceback(
    lang: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from accessible_cards.speech import cli as speech_cli
    from accessible_cards.speech.base import EngineError

    def engine_on_a_full_disk(text: str, path: str, lang: str, engine: str | None) -> str:
        Path(path).write_bytes(b"RIFF")  # the first bytes, then the disk is full
        error = OSError(errno.ENOSPC, "No space left on device")
        lost = types.SimpleNamespace(exc_type=OSError, exc_value=error, exc_traceback=None, err_msg=None, object=None)
        sys.unraisablehook(lost)  # as pyttsx3's ctypes callback reports it
        raise EngineError("pyttsx3: wrote no sound")

    monkeypatch.setattr(speech_cli, "_save_wav", engine_on_a_full_disk)
    wav = tmp_path / "hello.wav"
    assert cli.main(["speak", "hello", "--lang", lang, "--save", str(wav)]) == 1
    sentence = Catalog(lang).text(
        "The sound file {path} could not be written: no space is left on the disk.", path=str(wav)
    )
    assert capsys.readouterr().err == f"speak: {sentence}\n"
    assert list(tmp_path.iterdir()) == []


def test_speak_save_on_a_full_tmpfs(full_disk: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "accessible_cards", "speak", "hello there", "--save", str(full_disk / "a.wav")],
        capture_output=True,
        text=True,
        timeout=90,
    )
    assert done.returncode == 1
    assert done.stderr.count("\n") == 1 and "no space is left on the disk" in done.stderr, done.stderr
    assert "Traceback" not in done.stderr
    assert sorted(path.name for path in full_disk.iterdir()) == ["filler"]


# Missing braille tables.

HIDDEN_TABLES = """
import sys, tempfile
from accessible_cards.braille import louis
from accessible_cards.cli import main
empty = tempfile.mkdtemp()
louis.table_path = lambda: empty  # liblouis looks for its tables and ours in an empty folder
sys.exit(main(sys.argv[1:]))
"""


def _without_tables(*argv: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", HIDDEN_TABLES, *argv],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "ACCESSIBLE_CARDS_SPEECH": "off"},
    )


def _tables_sentence(lang: str, tables: str) -> str:
    return Catalog(lang).text(
        "The braille tables {tables} are missing: install the Debian package liblouis-data, "
        "or reinstall the game for its braille_tables folder, then run make setup.",
        tables=tables,
    )


@pytest.mark.parametrize("lang", ["en", "de"])
def test_braille_without_its_tables_ends_with_one_sentence(lang: str) -> None:
    done = _without_tables("braille", "You win 7H v TS", "--lang", lang)
    tables = "cards-en.uti, en-ueb-g1.ctb" if lang == "en" else "cards-de.uti, de-g1.ctb"
    assert (done.returncode, done.stdout) == (1, "")
    assert done.stderr == f"accessible-cards: {_tables_sentence(lang, tables)}\n"


def test_emboss_without_the_tables_ends_with_one_sentence_and_writes_nothing(tmp_path: Path) -> None:
    done = _without_tables("emboss", "rules", "war", "--output", str(tmp_path / "war.brf"))
    assert (done.returncode, done.stdout) == (1, "")
    assert done.stderr == f"accessible-cards: {_tables_sentence('en', 'en-us-brf.dis, cards-en.uti, en-ueb-g1.ctb')}\n"
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("lang", ["en", "de"])
def test_play_without_the_tables_says_so_once_and_goes_on(lang: str) -> None:
    done = _without_tables("play", "bundles", "--braille", "unicode", "--lang", lang, "--seed", "4", stdin="1\n1\n")
    tables = "cards-en.uti, en-ueb-g1.ctb" if lang == "en" else "cards-de.uti, de-g1.ctb"
    said = Catalog(lang).text(
        "Braille is off: the braille tables {tables} are missing. Install the Debian package liblouis-data, "
        "or reinstall the game for its braille_tables folder, then run make setup. The game goes on without braille.",
        tables=tables,
    )
    lines = done.stdout.splitlines()
    assert lines.count(said) == 1, done.stdout
    assert len(lines) > lines.index(said) + 2  # the game went on
    assert "Traceback" not in done.stderr and done.returncode == 0


# Messages.


@pytest.mark.parametrize("command", ["play", "simulate"])
@pytest.mark.parametrize("seed", ["9" * 4300, "-1", str(2**128)])
def test_a_seed_out_of_its_range_is_refused_with_the_range_cut_short(
    command: str, seed: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stopped:
        cli.main([command, "war", "--seed", seed])
    assert stopped.value.code == 2
    err = capsys.readouterr().err.splitlines()[-1]
    assert "a whole number from 0 to 2^128 - 1 (39 digits), not " in err
    assert len(err) < 160


def test_the_seed_range_is_in_the_help() -> None:
    helps = [action.help or "" for action in _subparser("play")._actions if "--seed" in action.option_strings]
    assert helps == ["the seed for the shuffle: a whole number of up to 39 digits"]


def _subparser(name: str) -> argparse.ArgumentParser:
    parser = cli.build_parser()
    commands = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    found: argparse.ArgumentParser = commands.choices[name]
    return found


def test_the_largest_seed_plays(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["simulate", "war", "--games", "2", "--seed", str(2**128 - 1)]) == 0


@pytest.mark.parametrize(
    "argv",
    [
        ["play", "war", "--set", "k" * 4000 + "=1"],
        ["play", "war", "--set", "max_rounds=" + "x" * 4000],
        ["simulate", "war", "--set", "face_down=" + "9" * 4000],
        ["play", "war", "--set", "=" * 4000],
        ["simulate", "bundles", "--ai", "z" * 4000],
    ],
)
def test_echoed_values_are_cut_to_a_few_dozen_characters(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        cli.main(argv)
    assert stopped.value.code == 2
    err = capsys.readouterr().err.splitlines()[-1]
    assert "…" in err and len(err) < 200, err


def test_a_pause_out_of_range_says_the_range(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        cli.main(["play", "war", "--pause", "10.0000001"])
    err = capsys.readouterr().err.splitlines()[-1]
    assert err.endswith("--pause: the pause is from 0 to 10 seconds (both allowed), not 10.0000001")


@pytest.mark.parametrize("lang", ["en", "de"])
def test_play_scenario_of_a_saved_game_says_what_opens_it(
    lang: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from saves_support import WAR_LINES, only_save, play

    from accessible_cards.ui.app import GameRequest

    play(GameRequest("war", 2, 1, seed=3, options={"max_rounds": 8}), WAR_LINES)
    save = only_save(tmp_path / "data")
    assert cli.main(["play", "--scenario", str(save), "--lang", lang]) == 1
    said = Catalog(lang).text(
        "{path} is a saved game, not a scenario: accessible-cards resume goes on with it, "
        "and accessible-cards replay {path} tells its history.",
        path=str(save),
    )
    assert capsys.readouterr().err == f"accessible-cards: {said}\n"


@pytest.mark.parametrize("command", ["play", "simulate"])
def test_a_variant_of_another_game_is_refused_with_the_games_own(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stopped:
        cli.main([command, "war", "--variant", "rubamazzo"])
    assert stopped.value.code == 2
    assert (
        capsys.readouterr()
        .err.splitlines()[-1]
        .endswith("--variant: War has no presets, so give no --variant (not 'rubamazzo')")
    )


def test_a_games_variants_are_listed_from_the_registry() -> None:
    bundles = registry.get("bundles")
    assert (
        cli._not_a_variant(bundles, "x")
        == f"--variant: {bundles.title} has the presets " + ", ".join(bundles.variant_names()) + ", not 'x'"
    )


@pytest.mark.parametrize(("typed", "named"), [("ﬁ", "ﬁ"), ("ß", "ß"), ("z", "Z"), ("é", "É")])
def test_a_key_is_named_by_what_was_typed(typed: str, named: str) -> None:
    from saves_support import make_app

    app, out = make_app([""])
    app._unknown(typed)
    assert f"The {named} key does nothing here." in out.getvalue()


def test_a_display_is_told_of_the_missing_tables_in_the_players_language() -> None:
    from accessible_cards.outputs import Notice
    from accessible_cards.ui.messages import notice_text

    said = notice_text(Notice("braille-no-tables", "tables missing", {"tables": "de-g1.ctb"}), Catalog("de").text)
    assert said.startswith("Braille ist aus: Die Braille-Tabellen de-g1.ctb fehlen.")


def test_an_embossed_file_is_readable_as_any_new_file(tmp_path: Path) -> None:
    from accessible_cards.braille import louis

    if not louis.available():
        pytest.skip("liblouis is not installed")
    output = tmp_path / "war.brf"
    assert cli.main(["emboss", "rules", "war", "--output", str(output)]) == 0
    mask = os.umask(0)
    os.umask(mask)
    assert output.stat().st_mode & 0o777 == 0o666 & ~mask
    assert [path.name for path in sorted(tmp_path.iterdir())] == ["war.brf", "war.txt"]


def test_ctrl_c_stops_a_game_that_draws_its_own_seeds_at_once() -> None:
    import dataclasses

    def own_seeds(**_given: object) -> dict[str, object]:
        os.kill(os.getpid(), signal.SIGINT)
        raise AssertionError("Ctrl-C did not stop the run")

    described = registry.get("war")
    game = dataclasses.replace(described, simulate=own_seeds)
    with pytest.raises(KeyboardInterrupt):
        simulation.simulate(game, games=HUGE, seed=1, settings={}, run=simulation.Run())


def test_a_huge_value_in_a_scenario_is_cut_short_in_the_refusal(tmp_path: Path) -> None:
    """A card code of 3,000 letters is echoed in a few dozen characters, not in full."""
    scenario = tmp_path / "huge.json"
    scenario.write_text(json.dumps({"game": "war", "piles": [["Z" * 3000], ["2S"]]}), encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "accessible_cards", "replay", str(scenario)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 1
    line = done.stderr.strip()
    assert len(line) < 250 and "Z" * 121 not in line, line[:300]
