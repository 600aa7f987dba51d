"""The keys of a remote terminal (SSH, telnet): what each key sends, as local play names the key."""

from __future__ import annotations

import time

from prompt_toolkit.input.ansi_escape_sequences import ANSI_SEQUENCES
from prompt_toolkit.input.vt100_parser import Vt100Parser
from prompt_toolkit.keys import Keys

from accessible_cards.net.keystream import KeyStream


def _keys(stream: KeyStream) -> list[str]:
    keys = []
    while True:
        key = stream.get(timeout=0.3)
        if key is None or key is False:
            return keys
        keys.append(str(key))


def test_letters_digits_enter_and_the_sequences_of_common_terminals() -> None:
    stream = KeyStream()
    stream.feed("a3 \r\n\r\x00\r\n?\x1b[A\x1b[B\x1b[C\x1b[D\x1bOA\x1b[H\x1b[F\x1b[1~\x1b[4~\x1bOP\x1b[11~\x1b[[A\x7f")
    assert _keys(stream) == [
        "a", "3", "space", "enter", "enter", "enter", "?", "up", "down", "right", "left", "up",
        "home", "end", "home", "end", "f1", "f1", "f1", "backspace",
    ]  # fmt: skip


def test_a_sequence_cut_between_two_packets_is_one_key() -> None:
    stream = KeyStream()
    stream.feed("\x1b[")
    stream.feed("B")
    stream.feed("\r")
    stream.feed("\n")  # CR then LF in the next packet: still one Enter
    assert _keys(stream) == ["down", "enter"]


def test_escape_alone_is_the_escape_key_after_a_short_while() -> None:
    stream = KeyStream(escape_wait=0.05)
    stream.feed("\x1b")
    assert stream.get(timeout=0.01) is None, "not yet: it may be the start of an arrow"
    time.sleep(0.1)
    stream.feed("x")
    assert _keys(stream) == ["escape", "x"]


def test_an_unknown_or_modified_sequence_is_one_key_that_does_nothing() -> None:
    stream = KeyStream()
    stream.feed("\x1b[1;5C\x1b[99~\x1bxq\x01")
    assert _keys(stream) == ["?key", "?key", "?key", "q", "?key"]


def test_the_end_of_input_is_said_after_the_last_key() -> None:
    stream = KeyStream()
    stream.feed("h\x1b")
    stream.end()
    assert [stream.get(0.1), stream.get(0.1), stream.get(0.1)] == ["h", "escape", False]


def test_every_sequence_prompt_toolkit_knows_for_a_key_the_games_answer_has_that_key_s_name() -> None:
    """A key is named over the network as local play names it: by prompt_toolkit's own table."""
    answered = {Keys.Up: "up", Keys.Down: "down", Keys.Right: "right", Keys.Left: "left",
                Keys.Home: "home", Keys.End: "end", Keys.F1: "f1"}  # fmt: skip
    sequences = {text: answered[key] for text, key in ANSI_SEQUENCES.items() if key in answered}
    assert len(sequences) >= 15, "the common terminals' arrows, Home, End and F1"
    stream = KeyStream()
    stream.feed("".join(sequences))
    assert _keys(stream) == list(sequences.values())
    other = [text for text, key in ANSI_SEQUENCES.items() if text.startswith("\x1b[") and key not in answered]
    stream.feed("".join(other))
    assert set(_keys(stream)) == {"?key"}, "Page Up, Delete, Control with an arrow ...: a key that does nothing"


def test_an_unknown_sequence_is_one_key_here_where_prompt_toolkit_s_parser_makes_it_escape_and_characters() -> None:
    """Why the stream finds a sequence's end itself: the parser would make an unknown key Escape, then digits."""
    parsed: list[str] = []
    parser = Vt100Parser(lambda press: parsed.append(str(press.key)))
    parser.feed_and_flush("\x1b[99~")
    assert parsed[0] == str(Keys.Escape) and len(parsed) > 1
    stream = KeyStream()
    stream.feed("\x1b[99~")
    assert _keys(stream) == ["?key"]
