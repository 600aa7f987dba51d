"""A device's news travels as a message id and is said in the player's language, whatever the English says."""

from __future__ import annotations

import io
import time
from pathlib import Path

import pytest

from accessible_cards import settings as settings_file
from accessible_cards.braille.display import NOTICES, STATUS_KIND, BrailleDisplayOutput, notice
from accessible_cards.i18n import Catalog
from accessible_cards.outputs import Notice
from accessible_cards.ui.app import App
from accessible_cards.ui.messages import notice_text
from accessible_cards.ui.terminal import Terminal

CAUSE = "Connection refused by peer"  # what the system said, in English, in brackets
FACTS = {"error": CAUSE, "reason": "Braille is off: liblouis could not be loaded (No module named 'louis')."}

ENGLISH = {
    "braille-no-brlapi": "No braille display: BRLTTY's BrlAPI is not installed. Run make setup.",
    "braille-unreachable": "No braille display: BRLTTY does not answer. Trying again.",
    "braille-no-display": "No braille display: BRLTTY runs, but no display is plugged in. The game waits for one.",
    "braille-lost": "The braille display connection was lost. Trying again.",
    "braille-gone": "The braille display is gone: unplugged or switched off? The game goes on and waits for it.",
    "braille-back": "Braille display connected.",
    "braille-no-liblouis": (
        "Braille is off: liblouis could not be loaded. "
        "Install the Debian packages liblouis20 and python3-louis, then run make setup."
    ),
}
"""What an English player hears for each notice: the sentences said before notices had ids (a missing liblouis
was said as liblouis' own reason, cause in brackets; now the cause stays in the log text)."""

NAMES = {"braille", "brltty", "brltty's", "brlapi", "liblouis", "liblouis20", "python3-louis", "make", "setup"}
"""Words both languages say alike: names of programs, packages and commands."""


def _news(msg_id: str) -> Notice:
    template = NOTICES[msg_id]
    return notice(msg_id, **{name: value for name, value in FACTS.items() if "{" + name + "}" in template})


def _app(tmp_path: Path, lang: str) -> tuple[App, io.StringIO]:
    out = io.StringIO()
    loaded = settings_file.Loaded(settings_file.Settings(lang=lang), (), False, tmp_path / "settings.toml")
    return App(Terminal(lang, stdin=io.StringIO(""), stdout=out), loaded), out


def test_every_notice_the_display_sends_has_a_sentence() -> None:
    assert set(ENGLISH) == set(NOTICES)
    fallback = Catalog("en").text("A device reports news this version cannot put into words.")
    for msg_id in NOTICES:
        assert notice_text(_news(msg_id), Catalog("en").text) != fallback, msg_id


def test_a_notice_carries_its_id_and_facts_and_keeps_english_for_logs() -> None:
    lost = notice("braille-lost", error=CAUSE)
    assert (lost.msg_id, dict(lost.params)) == ("braille-lost", {"error": CAUSE})
    assert lost.text == f"The braille display connection was lost ({CAUSE}). Trying again."


@pytest.mark.parametrize("msg_id", sorted(NOTICES))
def test_an_english_player_hears_what_was_said_before(tmp_path: Path, msg_id: str) -> None:
    app, out = _app(tmp_path, "en")
    app._status(_news(msg_id))
    assert app.last_said is not None
    assert app.last_said.speech == app.last_said.braille == ENGLISH[msg_id]
    assert app.last_said.kind == STATUS_KIND  # not shown on the display it is about
    assert out.getvalue() == ENGLISH[msg_id] + "\n"


@pytest.mark.parametrize("msg_id", sorted(NOTICES))
def test_a_german_player_hears_the_german_sentence(tmp_path: Path, msg_id: str) -> None:
    app, out = _app(tmp_path, "de")
    news = _news(msg_id)
    app._status(news)
    german = Catalog("de", strict=True).text(ENGLISH[msg_id])
    assert german != ENGLISH[msg_id]
    assert app.last_said is not None and app.last_said.speech == german
    assert app.last_said.kind == STATUS_KIND
    assert out.getvalue() == german + "\n"
    assert not _words(german) & (_words(news.text) | _words(ENGLISH[msg_id])) - NAMES, german


def _words(text: str) -> set[str]:
    return {word.strip(".,:;?()'").lower() for word in text.split()} - {""}


def test_an_unknown_notice_is_said_in_the_players_language(tmp_path: Path) -> None:
    app, _ = _app(tmp_path, "de")
    app._status(Notice("braille-melted", "The braille display melted."))
    assert app.last_said is not None
    assert app.last_said.speech == "Ein Gerät meldet etwas, das diese Version nicht in Worte fassen kann."


def test_the_voices_news_already_in_the_players_language_is_said_as_it_is(tmp_path: Path) -> None:
    app, _ = _app(tmp_path, "de")
    app._status("Sprache: Das Spiel spricht mit espeak-ng.")
    assert app.last_said is not None and app.last_said.speech == "Sprache: Das Spiel spricht mit espeak-ng."


def test_a_notice_injected_into_the_terminal_is_said_before_the_next_key(tmp_path: Path) -> None:
    app, out = _app(tmp_path, "de")
    app.terminal.inject(notice("braille-gone"))
    assert app.terminal.read("playing") is None  # no key: the input has ended
    assert out.getvalue() == Catalog("de").text(ENGLISH["braille-gone"]) + "\n"


def test_a_display_that_cannot_be_reached_is_said_in_german(tmp_path: Path) -> None:
    """The display's own thread reports, through the terminal as the program wires it, in the player's language."""
    app, out = _app(tmp_path, "de")
    display = BrailleDisplayOutput(None, app.terminal.inject, "de", host=":97", auth="none", retry_seconds=60)
    app.outputs.append(display)
    try:
        deadline = time.monotonic() + 5
        while app.last_said is None and time.monotonic() < deadline:
            app.terminal.read("playing")
            time.sleep(0.02)
        said = out.getvalue().splitlines()
        german = {Catalog("de").text(ENGLISH[m]) for m in ("braille-unreachable", "braille-no-brlapi")}
        assert len(said) == 1 and said[0] in german, said
    finally:
        display.close()
