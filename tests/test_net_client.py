"""The ``join`` program's reading of the server's news, message by message, with no server: each kind to its
method, a kind it does not know let be, a message it cannot read left out with one short sentence."""

from __future__ import annotations

import io
import os
from pathlib import Path
from typing import Any

import pytest

from accessible_cards.i18n import Catalog
from accessible_cards.net.client import NetApp
from accessible_cards.net.link import Link
from accessible_cards.net.terminal import NetTerminal
from accessible_cards.outputs import RecordingOutput
from accessible_cards.settings import Loaded, Settings

LEFT_OUT = "A message from the server could not be read; it is left out."


def _app(lang: str) -> tuple[NetApp, RecordingOutput]:
    """A join program whose connection is never opened: the tests put the server's messages in its queue."""
    output = RecordingOutput()
    terminal = NetTerminal(lang, "keys", stdin=io.StringIO(""), stdout=io.StringIO())
    loaded = Loaded(Settings(lang=lang, verbosity="normal", computer_pause=0.0), (), False, Path(os.devnull))
    app = NetApp(
        terminal,
        loaded,
        lambda app: Link("127.0.0.1", 9, "24680", None, app.wake),
        outputs=[output],
        save_settings=False,
    )
    return app, output


def _pump(app: NetApp, *messages: dict[str, Any]) -> None:
    for message in messages:
        app.link.messages.put(message)
    app.pump()


def _said(output: RecordingOutput) -> list[str]:
    return [utterance.speech for utterance in output.said]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_kind_of_message_the_client_does_not_know_is_let_be(lang: str) -> None:
    app, output = _app(lang)
    before = list(output.said)
    _pump(app, {"t": "no-such-kind", "table": 1}, {"t": ["welcome"]}, {"t": None}, {})
    assert output.said == before
    assert app.running and not app.admitted and app.lobby is None


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_message_that_cannot_be_read_is_left_out_with_one_sentence_and_the_next_one_is_read(lang: str) -> None:
    app, output = _app(lang)
    _pump(app, {"t": "created"}, {"t": "seated", "token": "x", "table": "one"}, {"t": "_lost"})
    said = _said(output)
    left_out = Catalog(lang).text(LEFT_OUT)
    assert said.count(left_out) == 2
    assert said[-1] == Catalog(lang).text("The connection to the server is lost. Connecting again.")
    assert app.running and app.game_screen_now is None


def test_each_kind_goes_to_its_own_method() -> None:
    app, output = _app("en")
    _pump(app, {"t": "welcome", "server": "Class 4b", "games": [{"game": "no such game"}]})
    assert app.admitted and app.server_name == "Class 4b" and app.games == []
    _pump(app, {"t": "tables", "tables": [{"table": 1, "game": "x", "status": "waiting", "seats": []}, "not one"]})
    assert app.lobby is not None and app.stack[-1] is app.lobby
    assert [table["table"] for table in app.tables] == [1]
    _pump(app, {"t": "caught_up"}, {"t": "_back"})
    assert _said(output)[-2:] == ["That is everything so far; G reads the history.", "Connected again."]
    _pump(app, {"t": "_gone"})
    assert _said(output)[-1] == "The server cannot be reached. Goodbye." and not app.running
