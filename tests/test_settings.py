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
