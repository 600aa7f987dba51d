"""Hostile files: settings (TOML) and scenarios (JSON) that are wrong, huge, garbled or not files at all.

Each kind of bad file is tried for real: wrong types, unknown keys, 50 MB,
Latin-1, UTF-16, binary garbage, empty, a folder, a link to itself, a pipe,
/dev/zero, a /proc file that says it is empty, lists nested thousands deep, a
number of thousands of digits, control codes in the values. The program says
one clear sentence in the player's language, goes on with the defaults, and
never writes the file: its bytes and its time stamp are the same after the
program ran and changed a setting. Hypothesis adds garbage TOML and JSON.
"""

from __future__ import annotations

import io
import json
import os
import random
import resource
import stat
import subprocess
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import fields
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from war_support import time_limit

from accessible_cards import cli, scenario
from accessible_cards import settings as settings_file
from accessible_cards.errors import CardsError, ScenarioError
from accessible_cards.games.bundles.scenario import BUNDLES_KEYS, MOVE_KEYS
from accessible_cards.games.war.scenario import WAR_KEYS
from accessible_cards.i18n import Catalog
from accessible_cards.settings import SETTINGS, Settings
from accessible_cards.ui.app import App
from accessible_cards.ui.scenario_play import check, scenario_reason
from accessible_cards.ui.terminal import Terminal

BIG = 50 * 1024 * 1024
KALLSYMS = Path("/proc/kallsyms")


def _proc_file_is_usable() -> bool:
    """/proc/kallsyms says its size is 0 and holds far more than any settings file may."""
    try:
        with KALLSYMS.open("rb") as file:
            return KALLSYMS.stat().st_size == 0 and len(file.read(2 * 1024 * 1024)) > 1024 * 1024
    except OSError:
        return False


# -- the kinds of bad files, made for real ------------------------------------------------------


def _text(text: str, encoding: str = "utf-8") -> Callable[[Path], None]:
    return lambda path: path.write_bytes(text.encode(encoding))


def _huge(first: str) -> Callable[[Path], None]:
    def make(path: Path) -> None:
        with path.open("wb") as file:
            file.write(first.encode("utf-8"))
            file.truncate(BIG)  # 50 MB, most of it a hole: fast to make

    return make


def _garbage(path: Path) -> None:
    path.write_bytes(random.Random(9).randbytes(4096))


def _folder(path: Path) -> None:
    path.mkdir()
    (path / "inside.txt").write_text("kept", encoding="utf-8")


def _loop(path: Path) -> None:
    path.symlink_to(path.name)  # a link to itself: it cannot be opened


def _pipe(path: Path) -> None:
    os.mkfifo(path)  # opening it would wait for a writer for ever


def _zero(path: Path) -> None:
    path.symlink_to("/dev/zero")  # endless, and its size says 0


def _proc(path: Path) -> None:
    if not _proc_file_is_usable():
        pytest.skip("no /proc/kallsyms that says 0 bytes and holds more")
    path.symlink_to(KALLSYMS)


def _unreadable(path: Path) -> None:
    if os.geteuid() == 0:
        pytest.skip("root reads every file")
    path.write_text('language = "en"\n', encoding="utf-8")
    path.chmod(0)


# kind -> (how to make it, the problem id, words the German sentence holds)
SETTINGS_FILES: dict[str, tuple[Callable[[Path], None], str, str]] = {
    "wrong-types": (
        _text('verbosity = ["loud"]\ncomputer_pause = "soon"\n[war]\nplayers = true\n[speech]\nrate = 1e400\n'),
        "settings-bad-value",
        "kann nicht",
    ),
    "unknown-keys": (
        _text('colour = "blue"\n[war]\nspeed = 3\n[extra]\nx = 1\n'),
        "settings-unknown-key",
        "nicht kennt",
    ),
    "not-a-section": (_text('war = 3\nspeech = "loud"\n'), "settings-not-table", "Abschnitt"),
    "huge": (_huge('language = "en"\n'), "settings-too-large", "zu groß"),
    "latin-1": (_text('verbosity = "full"\n# Spielstärke\n', "latin-1"), "settings-encoding", "UTF-8"),
    "utf-16": (_text('verbosity = "full"\n', "utf-16"), "settings-encoding", "UTF-8"),
    "garbage": (_garbage, "settings-encoding", "UTF-8"),
    "nul": (_text('verbosity = "full"\x00\n'), "settings-syntax", "kein gültiges TOML"),
    "syntax": (_text('verbosity = "full"\nwar = =\n'), "settings-syntax", "Zeile 2, Spalte 7"),
    "cut-short": (_text("verbosity = [\n"), "settings-syntax", "kein gültiges TOML"),
    "empty": (_text(""), "settings-empty", "leer"),
    "blank": (_text("\n  \n\t\n"), "settings-empty", "leer"),
    "folder": (_folder, "settings-not-file", "Ordner"),
    "loop": (_loop, "settings-unreadable", "nicht gelesen"),
    "pipe": (_pipe, "settings-not-file", "Gerät"),
    "dev-zero": (_zero, "settings-not-file", "Gerät"),
    "proc": (_proc, "settings-too-large", "zu groß"),
    "unreadable": (_unreadable, "settings-unreadable", "nicht gelesen"),
    "deep": (_text("a = " + "[" * 30000 + "]" * 30000 + "\n"), "settings-syntax", "kein gültiges TOML"),
    "deep-tables": (_text("a = " + "{b = " * 5000 + "1" + "}" * 5000 + "\n"), "settings-syntax", "kein gültiges"),
    "long-number": (_text("[speech]\nrate = " + "9" * 5000 + "\n"), "settings-syntax", "kein gültiges TOML"),
    "control-codes": (_text('verbosity = "\\u001b[2J\\u0007loud"\n"\\u001b]0;x\\u0007" = 1\n'), "settings-", "kann"),
    "long-words": (_text(f'verbosity = "{"x" * 60000}"\n'), "settings-bad-value", "kann nicht"),
}


@contextmanager
def bounded(seconds: float = 20, memory: int = 1 << 30) -> Iterator[None]:
    """A protection taken away fails here instead of waiting for ever on a pipe or filling memory from /dev/zero."""
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    with open("/proc/self/statm", encoding="ascii") as statm:
        used = int(statm.read().split()[0]) * resource.getpagesize()
    resource.setrlimit(resource.RLIMIT_AS, (used + memory, hard))
    try:
        with time_limit(seconds):
            yield
    finally:
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))


def _snapshot(path: Path) -> tuple[Any, ...]:
    """What the file is: its kind, time stamp and bytes (a folder: its names; a link: its target)."""
    info = os.stat(path, follow_symlinks=False)
    if stat.S_ISLNK(info.st_mode):
        return ("link", os.readlink(path), info.st_mtime_ns)
    if stat.S_ISDIR(info.st_mode):
        return ("folder", sorted(p.name for p in path.iterdir()), info.st_mtime_ns)
    if stat.S_ISREG(info.st_mode):
        with path.open("rb") as file:
            head = file.read(1 << 20)
        return ("file", info.st_size, info.st_mtime_ns, head)
    return ("other", stat.S_IFMT(info.st_mode), info.st_mtime_ns)


@pytest.fixture
def settings_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "config"
    folder.mkdir()
    monkeypatch.setenv("ACCESSIBLE_CARDS_CONFIG_DIR", str(folder))
    monkeypatch.setenv("ACCESSIBLE_CARDS_SPEECH", "off")
    return folder / "settings.toml"


@pytest.mark.parametrize("kind", sorted(SETTINGS_FILES))
def test_a_bad_settings_file_gives_the_defaults_and_is_not_to_be_written(settings_path: Path, kind: str) -> None:
    make, problem, _words = SETTINGS_FILES[kind]
    make(settings_path)
    with bounded():
        loaded = settings_file.load(settings_path)
    assert loaded.problems, kind
    assert all(p.msg_id.startswith(problem) for p in loaded.problems), loaded.problems
    assert not loaded.writable
    if kind not in ("wrong-types", "unknown-keys", "not-a-section", "control-codes", "long-words"):
        assert loaded.settings == Settings()  # the whole file is set aside
    else:
        assert loaded.settings.verbosity == "normal" and loaded.settings.game("war")["players"] == 2


def test_a_settings_file_with_a_byte_order_mark_is_read(settings_path: Path) -> None:
    """Windows editors start UTF-8 with a byte order mark; the file is good all the same."""
    settings_path.write_bytes('\ufeffverbosity = "full"\n'.encode())
    loaded = settings_file.load(settings_path)
    assert loaded.problems == ()
    assert loaded.settings.verbosity == "full"


class _Counting:
    """A file that counts the bytes read from it."""

    def __init__(self, file: Any, counts: list[int]) -> None:
        self.file, self.counts = file, counts

    def __enter__(self) -> _Counting:
        return self

    def __exit__(self, *exc: object) -> None:
        self.file.close()

    def read(self, size: int = -1) -> bytes:
        data: bytes = self.file.read(size)
        self.counts.append(len(data))
        return data


@pytest.mark.parametrize("reader", ["settings", "scenario"])
def test_a_file_that_says_it_is_empty_is_read_only_up_to_the_limit(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, reader: str
) -> None:
    """/proc files say 0 bytes and hold megabytes (others hold more): no more than the limit is read."""
    path = tmp_path / "file"
    _proc(path)
    counts: list[int] = []
    opening = Path.open
    monkeypatch.setattr(Path, "open", lambda self, *a, **k: _Counting(opening(self, *a, **k), counts))
    if reader == "settings":
        assert settings_file.load(path).problems[0].msg_id == "settings-too-large"
        limit = settings_file.MAX_BYTES
    else:
        with pytest.raises(ScenarioError, match="too large"):
            scenario.load(path)
        limit = scenario.MAX_BYTES
    assert 0 < sum(counts) <= limit + 1


def _play(argv: list[str], keys: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> str:
    """Run the program in this process with ``keys`` as typed lines (piped); what it wrote."""
    monkeypatch.setattr(sys, "stdin", io.StringIO(keys))
    with bounded():
        assert cli.main(argv) == 0
    out, err = capsys.readouterr()
    assert err == ""
    return out


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("kind", sorted(SETTINGS_FILES))
def test_the_program_says_the_problem_in_the_players_language_and_never_writes_the_file(
    settings_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    kind: str,
    lang: str,
) -> None:
    """The problem first, in English or German; then a game in which V changes a setting; the file stays
    (a file whose only problems are unknown keys gets the change and keeps every line it had)."""
    make, _problem, german = SETTINGS_FILES[kind]
    make(settings_path)
    before = _snapshot(settings_path)
    out = _play(["play", "war", "--lang", lang, "--seed", "1"], "v\nv\n", monkeypatch, capsys)
    lines = out.splitlines()
    problem = [line for line in lines if line.startswith(("Settings file problem: ", "Problem in der Einstellungs"))]
    assert problem, lines[:5]
    assert lines[0] == problem[0]  # said first
    assert "Krieg für 2 Spieler" in out if lang == "de" else "War for 2 players" in out
    assert ("Ausführlichkeit: " if lang == "de" else "Verbosity: ") in out  # the setting did change in the game
    if lang == "de":
        assert all(line.startswith("Problem in der Einstellungsdatei: ") for line in problem), problem
        assert any(german in line for line in problem), (german, problem)
        for english in ("cannot", "unknown", "not valid", "too large", "must be", "it takes", "empty"):
            assert not any(english in line for line in problem), (english, problem)
    assert all(line.isprintable() and len(line) < 400 for line in lines), [line[:80] for line in lines]
    if kind == "unknown-keys":  # issue 19: keys of a newer version stay, and the change is kept beside them
        text = settings_path.read_text(encoding="utf-8")
        assert all(line in text.splitlines() for line in before[3].decode().splitlines()), text
        assert settings_file.load(settings_path).settings.verbosity != "normal"
        return
    assert _snapshot(settings_path) == before


def test_the_real_program_keeps_a_broken_file_after_a_settings_change(tmp_path: Path) -> None:
    """The program as it is started: the settings screen changes the language; the broken file stays as it was."""
    folder = tmp_path / "config"
    folder.mkdir()
    path = folder / "settings.toml"
    path.write_bytes('verbosity = "laut"\n# Spielstärke\n'.encode("latin-1"))
    before = _snapshot(path)
    done = subprocess.run(
        [sys.executable, "-m", "accessible_cards", "play", "bundles", "--lang", "de", "--pause", "0"],
        input="v\nmenu\n3\n\n\n",  # V changes the verbosity; the game menu, its settings: Enter cycles the language
        capture_output=True,
        text=True,
        timeout=60,
        env={"ACCESSIBLE_CARDS_CONFIG_DIR": str(folder), "PATH": "/usr/bin:/bin", "ACCESSIBLE_CARDS_SPEECH": "off"},
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    assert done.stdout.startswith("Problem in der Einstellungsdatei: ")
    assert "ist kein UTF-8-Text" in done.stdout.splitlines()[0]
    assert "Ausführlichkeit: " in done.stdout and "Language: English" in done.stdout  # changes made, kept for now
    assert _snapshot(path) == before
    assert sorted(p.name for p in folder.iterdir()) == ["settings.toml"]  # no temporary file left either


# -- garbage TOML from hypothesis -------------------------------------------------------------

SECTIONS = sorted({s.section for s in SETTINGS if s.section})
KEYS = sorted({s.key for s in SETTINGS})
scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.floats(),
    st.text(max_size=30),
    st.sampled_from(["en", "de", "brief", "full", "keys", "words", "off", "unicode", "7", " 3 ", "-1", "yes"]),
    st.dates(),
    st.datetimes(),
    st.times(),
)
toml_values = st.recursive(
    scalars.filter(lambda v: v is not None),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
names = st.one_of(st.sampled_from(KEYS + SECTIONS + ["language"]), st.text(max_size=12))
toml_data = st.dictionaries(
    names,
    st.one_of(toml_values, st.dictionaries(st.one_of(st.sampled_from(KEYS), st.text(max_size=8)), toml_values)),
    max_size=8,
)


def _assert_usable(settings: Settings) -> None:
    """Every value is one its setting takes (the default, or a good value of the file)."""
    for setting in SETTINGS:
        value = getattr(settings, setting.name)
        if value is not None:
            assert setting.parse(value) == value, (setting.name, value)
    for setting in settings_file.game_settings():  # each game's section likewise
        assert setting.section is not None
        value = settings.game(setting.section)[setting.key]
        if value is not None:  # unset, as a top-level setting may be (Klondike's preset follows the language)
            assert setting.parse(value) == value, (setting.section, setting.key, value)
    assert {f.name for f in fields(settings)} == {s.name for s in SETTINGS} | {"games"}


def _app(loaded: settings_file.Loaded, lang: str) -> App:
    chosen = loaded.settings.changed(lang=lang)
    return App(
        Terminal(lang, stdin=io.StringIO(""), stdout=io.StringIO()),
        settings_file.Loaded(chosen, (), False, loaded.path),
    )


@settings(
    max_examples=300,
    deadline=None,
    # keys drawn from a short list collide often, and a dictionary drops the repeats
    suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow],
)
@given(data=toml_data)
def test_garbage_settings_data_gives_usable_settings_and_sayable_problems(data: dict[str, Any]) -> None:
    loaded_settings, problems = settings_file.from_mapping(data, Path("settings.toml"))
    _assert_usable(loaded_settings)
    loaded = settings_file.Loaded(loaded_settings, problems, not problems, Path("settings.toml"))
    for lang in ("en", "de"):
        app = _app(loaded, lang)
        for problem in problems:
            said = app.t("Settings file problem: {problem}. Using the defaults for it.", problem=app.problem(problem))
            assert said.isprintable() and len(said) < 400, said


toml_lines = st.lists(
    st.one_of(
        st.builds(
            lambda k, v: f"{k} = {v}", st.sampled_from([*KEYS, "language", "x", '"a b"', "a.b"]), st.text(max_size=20)
        ),
        st.builds(lambda s: f"[{s}]", st.one_of(st.sampled_from(SECTIONS), st.text(max_size=10))),
        st.sampled_from(
            [
                'language = "de"',
                "verbosity = 'full'",
                "[[war]]",
                "rate = 0x1F",
                "x = 1979-05-27T07:32:00Z",
                "a = [1, 'b']",
            ]
        ),
        st.sampled_from(["", "#", "= 1", "[", "]]", '"""', "a = {", "\\u0000", "\x00", "\ufeff", "ä = 1"]),
        st.text(max_size=30),
    ),
    max_size=12,
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(lines=toml_lines, encoding=st.sampled_from(["utf-8", "utf-8-sig", "utf-16", "latin-1"]))
def test_garbage_settings_files_never_raise(tmp_path: Path, lines: list[str], encoding: str) -> None:
    path = tmp_path / "settings.toml"
    path.write_bytes("\n".join(lines).encode(encoding, errors="replace"))
    loaded = settings_file.load(path)
    _assert_usable(loaded.settings)
    assert loaded.writable == (not loaded.problems)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(raw=st.binary(max_size=400))
def test_random_bytes_as_a_settings_file_never_raise(tmp_path: Path, raw: bytes) -> None:
    path = tmp_path / "settings.toml"
    path.write_bytes(raw)
    loaded = settings_file.load(path)
    _assert_usable(loaded.settings)
    assert loaded.writable == (not loaded.problems)


def test_every_value_list_of_the_settings_is_in_both_catalogs() -> None:
    """A bad value is answered with what the setting takes, in the player's language."""
    for lang in ("en", "de"):
        catalog = Catalog(lang, strict=True)
        for setting in SETTINGS:
            assert catalog.text(setting.allowed)


# -- scenario files -------------------------------------------------------------------------------

WAR = {"game": "war", "piles": [["AS", "2H", "9C"], ["KD", "3C", "9D"]]}
BUNDLES = {
    "game": "bundles",
    "players": 2,
    "dealer": 1,
    "hands": [["7H", "KS"], ["7S", "3C"]],
    "table": ["7C", "5S"],
    "moves": [{"card": "7H"}, {"card": "7S"}, {"card": "KS"}, {"card": "3C"}],
}

# kind -> (how to make it, the error id, words the German sentence holds)
SCENARIO_FILES: dict[str, tuple[Callable[[Path], None], str, str]] = {
    "wrong-types": (_text(json.dumps({**WAR, "players": "two"})), "error-scenario-number", "ganze Zahl"),
    "wrong-options": (_text(json.dumps({**WAR, "options": [1, 2]})), "error-scenario-options", "options"),
    "unknown-keys": (_text(json.dumps({**BUNDLES, "colour": "blue"})), "error-scenario-key", "colour"),
    "huge": (_huge(json.dumps(WAR)), "error-scenario-size", "zu groß"),
    "latin-1": (
        _text(json.dumps({**WAR, "note": "Spielstärke"}, ensure_ascii=False), "latin-1"),
        "error-scenario-encoding",
        "UTF-8",
    ),
    "utf-16": (_text(json.dumps(WAR), "utf-16"), "error-scenario-encoding", "UTF-8"),
    "garbage": (_garbage, "error-scenario-encoding", "UTF-8"),
    "empty": (_text(""), "error-scenario-json", "JSON"),
    "folder": (_folder, "error-scenario-folder", "Ordner"),
    "loop": (_loop, "error-scenario-unreadable", "gelesen"),
    "pipe": (_pipe, "error-scenario-not-file", "Gerät"),
    "dev-zero": (_zero, "error-scenario-not-file", "Gerät"),
    "proc": (_proc, "error-scenario-size", "zu groß"),
    "unreadable": (_unreadable, "error-scenario-unreadable", "gelesen"),
    "deep": (_text("[" * 100000), "error-scenario-limits", "verschachtelt"),
    "deep-valid": (
        _text('{"game": "war", "options": ' + "[" * 5000 + "]" * 5000 + "}"),
        "error-scenario-limits",
        "verschachtelt",
    ),
    "long-number": (_text('{"game": "war", "seed": ' + "9" * 5000 + "}"), "error-scenario-limits", "Zahl"),
    "control-codes": (
        _text(json.dumps({**WAR, "piles": [["\x1b[2J\x07", "2H"], ["KD"]]})),
        "error-card-code",
        "Kartencode",
    ),
    "long-words": (_text(json.dumps({**WAR, "piles": [["x" * 500_000], ["KD"]]})), "error-card-code", "Kartencode"),
}


@pytest.mark.parametrize("kind", sorted(SCENARIO_FILES))
def test_a_bad_scenario_file_is_refused_with_one_reason(tmp_path: Path, kind: str) -> None:
    make, error_id, _words = SCENARIO_FILES[kind]
    path = tmp_path / "s.json"
    make(path)
    with pytest.raises(ScenarioError) as refused, bounded():
        scenario.load(path)
    assert refused.value.msg_id == error_id, refused.value


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("kind", sorted(SCENARIO_FILES))
def test_the_program_refuses_a_bad_scenario_in_one_line_of_the_players_language(
    settings_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    kind: str,
    lang: str,
) -> None:
    make, _error_id, german = SCENARIO_FILES[kind]
    path = settings_path.parent / "s.json"
    make(path)
    before = _snapshot(path)
    for argv in (["play", "--scenario", str(path), "--lang", lang], ["replay", str(path)]):
        with bounded():
            assert cli.main(argv) == 1
        out, err = capsys.readouterr()
        assert out == ""
        (line,) = err.splitlines()
        assert line.startswith("accessible-cards: ") and line.isprintable() and len(line) <= 320, line[:200]
        if lang == "de" and argv[0] == "play":
            assert german in line, line
    assert _snapshot(path) == before
    assert not settings_path.exists()


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner, max_size=5),
    max_leaves=20,
)
SCENARIO_KEYS = sorted({*WAR_KEYS, *BUNDLES_KEYS, *MOVE_KEYS})
card_codes = st.sampled_from(["7H", "KS", "7S", "3C", "7C", "5S", "AS", "2H", "TD", "1", "13", "ZZ", "", 7, -1])
near_values = st.one_of(
    json_values,
    card_codes,
    st.lists(st.lists(card_codes, max_size=5), max_size=5),
    st.lists(st.dictionaries(st.sampled_from(MOVE_KEYS), json_values | card_codes, max_size=3), max_size=5),
)


def _refused_cleanly(data: Any) -> None:
    """Parsing and playing the scenario either works or raises a CardsError that can be said in German."""
    try:
        loaded = scenario.parse(data)
        check(loaded)
    except CardsError as error:
        for lang in ("en", "de"):
            assert scenario_reason(error, Catalog(lang).text)


@settings(max_examples=300, deadline=None)
@given(data=json_values)
def test_garbage_json_is_refused_cleanly(data: Any) -> None:
    _refused_cleanly(data)


@settings(max_examples=400, deadline=None)
@given(
    base=st.sampled_from([WAR, BUNDLES]),
    changes=st.dictionaries(st.sampled_from(SCENARIO_KEYS), near_values, min_size=1, max_size=3),
)
def test_a_good_scenario_with_garbage_in_it_is_refused_cleanly(base: dict[str, Any], changes: dict[str, Any]) -> None:
    _refused_cleanly({**base, **changes})


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(raw=st.binary(max_size=300) | st.text(max_size=300).map(lambda s: s.encode("utf-8")))
def test_random_bytes_as_a_scenario_file_are_refused_cleanly(tmp_path: Path, raw: bytes) -> None:
    path = tmp_path / "s.json"
    path.write_bytes(raw)
    try:
        _refused_cleanly(json.loads(raw.decode("utf-8-sig")))
    except (ValueError, RecursionError):
        with pytest.raises(ScenarioError):
            scenario.load(path)
