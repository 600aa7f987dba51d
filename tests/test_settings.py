"""The settings file: kept between runs, broken files reported and never overwritten."""

from __future__ import annotations

from pathlib import Path

import pytest

from accessible_cards import settings as settings_file
from accessible_cards.settings import Settings


def test_a_missing_file_gives_the_defaults_and_may_be_written(tmp_path: Path) -> None:
    loaded = settings_file.load(tmp_path / "settings.toml")
    assert loaded.settings == Settings()
    assert loaded.problems == ()
    assert loaded.writable


def test_saved_settings_read_back_the_same(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "settings.toml"
    chosen = Settings(
        lang="de",
        verbosity="full",
        computer_pause=0.5,
        games={"war": {"quiz": True}, "bundles": {"variant": "rubamazzo"}},
    )
    settings_file.save(chosen, path)
    loaded = settings_file.load(path)
    assert loaded.settings == chosen
    assert loaded.problems == ()
    assert [p.name for p in path.parent.iterdir()] == ["settings.toml"]  # no temporary file left behind


@pytest.mark.parametrize(
    ("text", "msg_id"),
    [
        ("language = [", "settings-syntax"),
        ('language = "fr"', "settings-bad-value"),
        ("computer_pause = 99", "settings-bad-value"),
        ("colour = true", "settings-unknown-key"),
        ("[war]\nplayers = 9", "settings-bad-value"),
        ("[war]\nspeed = 3", "settings-unknown-key"),
        ("war = 3", "settings-not-table"),
    ],
)
def test_a_broken_file_is_reported_and_left_alone(tmp_path: Path, text: str, msg_id: str) -> None:
    path = tmp_path / "settings.toml"
    path.write_text(text, encoding="utf-8")
    loaded = settings_file.load(path)
    assert [problem.msg_id for problem in loaded.problems] == [msg_id]
    assert str(loaded.problems[0].text)
    assert not loaded.writable
    assert path.read_text(encoding="utf-8") == text


def test_good_values_beside_a_bad_one_are_kept(tmp_path: Path) -> None:
    path = tmp_path / "settings.toml"
    path.write_text('language = "de"\nverbosity = "loud"\n', encoding="utf-8")
    loaded = settings_file.load(path)
    assert loaded.settings.lang == "de"
    assert loaded.settings.verbosity == "normal"
    assert loaded.problems[0].params["key"] == "verbosity"


def test_bad_encoding_and_huge_files_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "settings.toml"
    path.write_bytes(b'language = "\xff"')
    assert settings_file.load(path).problems[0].msg_id == "settings-encoding"
    path.write_bytes(b"#" * (settings_file.MAX_BYTES + 1))
    assert settings_file.load(path).problems[0].msg_id == "settings-too-large"


def test_the_folder_comes_from_the_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ACCESSIBLE_CARDS_CONFIG_DIR", str(tmp_path))
    assert settings_file.settings_path() == tmp_path / "settings.toml"


# --- issue 19: unknown keys and comments survive a change ------------------------------------------

NEWER = """# My settings. The teacher set these up.
verbosity = "full"  # she likes to hear everything
colour = "blue"  # a key of a newer version

[war]
# Two players in class.
players = 2
speed = 3

[extra]
x = 1
"""


def _app(path: Path) -> object:
    import io

    from accessible_cards.ui.app import App
    from accessible_cards.ui.terminal import Terminal

    terminal = Terminal("en", "keys", stdin=io.StringIO(""), stdout=io.StringIO())
    return App(terminal, settings_file.load(path))


def test_an_unknown_key_does_not_make_later_changes_be_dropped(tmp_path: Path) -> None:
    from accessible_cards.ui.app import App

    path = tmp_path / "settings.toml"
    path.write_text(NEWER, encoding="utf-8")
    app = _app(path)
    assert isinstance(app, App)
    assert [problem.msg_id for problem in app.loaded.problems] == ["settings-unknown-key"] * 3
    app.change_settings(computer_pause=2.5)
    app.change_game_settings("war", players=3)
    again = settings_file.load(path)
    assert again.settings.computer_pause == 2.5 and again.settings.game("war")["players"] == 3
    assert again.settings.verbosity == "full"
    text = path.read_text(encoding="utf-8")
    for kept in ('colour = "blue"  # a key of a newer version', "speed = 3", "[extra]\nx = 1"):
        assert kept in text  # the unknown keys stay for the newer version
    assert [problem.params["key"] for problem in again.problems] == ["colour", "extra", "war.speed"]


def test_a_change_keeps_the_players_comments_and_order(tmp_path: Path) -> None:
    path = tmp_path / "settings.toml"
    clean = NEWER.replace('colour = "blue"  # a key of a newer version\n', "").replace("speed = 3\n", "")
    path.write_text(clean.replace("[extra]\nx = 1", "[bundles]\nplayers = 3"), encoding="utf-8")
    before = settings_file.load(path)
    assert before.writable
    settings_file.save(before.settings.changed(verbosity="brief"), path, before=before.settings)
    text = path.read_text(encoding="utf-8")
    assert text.startswith("# My settings. The teacher set these up.\n")
    assert 'verbosity = "brief"  # she likes to hear everything\n' in text
    assert "[war]\n# Two players in class.\nplayers = 2\n" in text
    assert text.index("[war]") < text.index("[bundles]") and text.endswith("[bundles]\nplayers = 3\n")
    assert settings_file.load(path).settings == before.settings.changed(verbosity="brief")


@pytest.mark.parametrize("text", ["language = [", 'computer_pause = 99  # too long\nverbosity = "full"\n', "war = 3"])
def test_a_file_with_a_bad_value_or_not_toml_is_still_left_alone_when_settings_change(
    tmp_path: Path, text: str
) -> None:
    from accessible_cards.ui.app import App

    path = tmp_path / "settings.toml"
    path.write_text(text, encoding="utf-8")
    app = _app(path)
    assert isinstance(app, App)
    app.change_settings(verbosity="brief")
    assert path.read_text(encoding="utf-8") == text
