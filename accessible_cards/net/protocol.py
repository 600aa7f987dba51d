"""The wire between server and client: bounded JSON lines, checked messages, and the codec for views and events.

Every message is one JSON object on one line, ``"t"`` naming its kind. A line
from a client may hold at most :data:`CLIENT_LINE` bytes, a line from the
server :data:`SERVER_LINE`; a longer line is refused without being read to its
end. :func:`check_client` checks a client's message field by field against
:data:`CLIENT_MESSAGES` (the message kinds are few and flat, so a table of
fields says it more plainly than a schema library would).

The server never sends a sentence. It sends message ids with parameters, the
public events of each step, and one seat's own view; :func:`to_wire` and
:func:`from_wire` carry those values (frozen dataclasses, cards, enums,
tuples) as plain JSON, and :func:`from_wire` builds only the classes of the
game in play that it was given, so nothing a message says can name any other
code.
"""

from __future__ import annotations

import dataclasses
import enum
import json
import sys
from collections.abc import Mapping
from typing import Any, Final

from ..cards import Card, Suit
from ..engine import Result
from ..game import GameDescription

VERSION: Final = 1
OPTIONS_LENGTH: Final = 200
"""The longest line of table options (``KEY=VALUE`` words, as ``--set`` takes them)."""
CLIENT_LINE: Final = 4096
"""The most bytes one line from a client may hold."""
SERVER_LINE: Final = 256 * 1024
"""The most bytes one line from the server may hold."""
NAME_LENGTH: Final = 24
TALK_LENGTH: Final = 120
TOKEN_LENGTH: Final = 64


class ProtocolError(ValueError):
    """A line that is not a message of the protocol: ``msg_id`` says why, for the refusal."""

    def __init__(self, msg_id: str, text: str) -> None:
        super().__init__(text)
        self.msg_id = msg_id


def encode(message: Mapping[str, Any]) -> bytes:
    """One message as one line of UTF-8 JSON."""
    return json.dumps(message, ensure_ascii=False, separators=(",", ":")).encode() + b"\n"


def decode(line: bytes, limit: int) -> dict[str, Any]:
    """The message one line holds; a ProtocolError when it is too long, not JSON, or not an object with a kind."""
    if len(line) > limit:
        raise ProtocolError("net-too-long", f"a line of {len(line)} bytes, more than {limit}")
    try:
        data = json.loads(line.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise ProtocolError("net-malformed", "not a line of JSON") from None
    if not isinstance(data, dict) or not isinstance(data.get("t"), str):
        raise ProtocolError("net-malformed", "not a JSON object with a kind")
    return data


# --- what a client may send ---------------------------------------------------------------


def _text(limit: int) -> tuple[type, int]:
    return (str, limit)


def _number(limit: int) -> tuple[type, int]:
    return (int, limit)


_ANY: Final = (object, 0)
CLIENT_MESSAGES: Final[Mapping[str, Mapping[str, tuple[tuple[type, int], bool]]]] = {
    "hello": {"code": (_text(16), True), "name": (_text(NAME_LENGTH), False), "v": (_number(1000), False)},
    "rejoin": {"code": (_text(16), True), "token": (_text(TOKEN_LENGTH), True), "seen": (_number(100_000), False)},
    "list": {},
    "create": {
        "game": (_text(32), True),
        "variant": (_text(32), False),
        "players": (_number(16), True),
        "computers": (_number(16), False),
        "level": (_text(32), False),
        "options": (_text(OPTIONS_LENGTH), False),
    },
    "sit": {"table": (_number(10_000), True), "seat": (_number(16), True)},
    "watch": {"table": (_number(10_000), True)},
    "leave": {},
    "ready": {},
    "act": {"action": (_ANY, True)},
    "talk": {"text": (_text(TALK_LENGTH), True)},
    "teach": {"code": (_text(16), True), "lang": (_text(8), False), "line": (_text(200), True)},
    "ping": {},
}
"""Each kind of client message, with its fields: (type and bound, required). A string's bound is its length."""


def check_client(message: Mapping[str, Any]) -> dict[str, Any]:
    """The message with exactly the fields its kind takes, each of its type and within its bound; ProtocolError else."""
    kind = message.get("t")
    fields = CLIENT_MESSAGES.get(str(kind))
    if fields is None:
        raise ProtocolError("net-unknown", f"no message kind {str(kind)[:20]!r}")
    checked: dict[str, Any] = {"t": kind}
    for name in message:
        if name != "t" and name not in fields:
            raise ProtocolError("net-malformed", f"{kind}: no field {str(name)[:20]!r}")
    for name, ((kind_of, bound), required) in fields.items():
        if name not in message or message[name] is None:
            if required:
                raise ProtocolError("net-malformed", f"{kind}: {name} is missing")
            checked[name] = None
            continue
        value = message[name]
        if kind_of is str:
            if not isinstance(value, str) or len(value) > bound or not all(c.isprintable() for c in value):
                raise ProtocolError("net-malformed", f"{kind}: {name} is not a short line of text")
        elif kind_of is int and (not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= bound):
            raise ProtocolError("net-malformed", f"{kind}: {name} is not a number from 0 to {bound}")
        checked[name] = value
    return checked


# --- views, events and results on the wire ----------------------------------------------------


def to_wire(value: Any) -> Any:
    """A view, an event, a result (or anything they hold) as plain JSON data."""
    if isinstance(value, Card):
        return {"$c": [value.rank, value.suit.value if value.suit is not None else None]}
    if isinstance(value, enum.Enum):
        return {"$e": type(value).__name__, "v": value.value}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        data = {field.name: to_wire(getattr(value, field.name)) for field in dataclasses.fields(value)}
        return {"$d": type(value).__name__, "f": data}
    if isinstance(value, (tuple, list)):
        return [to_wire(item) for item in value]
    if isinstance(value, dict):
        return {"$m": [[to_wire(k), to_wire(v)] for k, v in value.items()]}
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    raise TypeError(f"cannot send a {type(value).__name__}")


def game_classes(game: GameDescription) -> dict[str, type]:
    """The classes a message about ``game`` may build: its package's dataclasses and enums, results and suits."""
    found: dict[str, type] = {"Result": Result, "Suit": Suit}
    prefix = game.package + "."
    for name, module in list(sys.modules.items()):
        if module is None or not (name == game.package or name.startswith(prefix)):
            continue
        for value in vars(module).values():
            if not isinstance(value, type) or not value.__module__.startswith(game.package):
                continue
            if dataclasses.is_dataclass(value) or issubclass(value, enum.Enum):
                found.setdefault(value.__name__, value)
    return found


def from_wire(data: Any, classes: Mapping[str, type], depth: int = 0) -> Any:
    """Build back what :func:`to_wire` made, from ``classes`` alone; ValueError for anything else."""
    if depth > 40:
        raise ValueError("nested too deeply")
    if isinstance(data, list):
        return tuple(from_wire(item, classes, depth + 1) for item in data)
    if not isinstance(data, dict):
        if data is None or isinstance(data, (bool, int, float, str)):
            return data
        raise ValueError("not a value")
    if "$c" in data:
        rank, suit = data["$c"]
        if not isinstance(rank, int) or not 1 <= rank <= 13:
            raise ValueError("not a card")
        return Card(rank, Suit(suit) if suit is not None else None)
    if "$m" in data:
        return {from_wire(k, classes, depth + 1): from_wire(v, classes, depth + 1) for k, v in data["$m"]}
    name = data.get("$e", data.get("$d"))
    kind = classes.get(name) if isinstance(name, str) else None
    if kind is None:
        raise ValueError(f"no such class {str(name)[:30]!r}")
    if "$e" in data:
        if not issubclass(kind, enum.Enum):
            raise ValueError("not an enum")
        return kind(data["v"])
    if not dataclasses.is_dataclass(kind):
        raise ValueError("not a dataclass")
    fields = data.get("f")
    if not isinstance(fields, dict):
        raise ValueError("no fields")
    known = {field.name for field in dataclasses.fields(kind) if field.init}
    values = {name: from_wire(value, classes, depth + 1) for name, value in fields.items() if name in known}
    return kind(**values)


# --- sentences worded by the receiving side (the teacher's console) -------------------------------------


@dataclasses.dataclass(frozen=True)
class Said:
    """A sentence not worded yet: a catalog ``msgid`` (with ``context``) and its parameters, maybe ``Said`` too."""

    msgid: str
    context: str | None = None
    params: Mapping[str, Any] = dataclasses.field(default_factory=dict)


@dataclasses.dataclass(frozen=True)
class Joined:
    """Parts said one after another with ``sep`` between them (a part: a plain word, a ``Said``, a ``Joined``)."""

    sep: str
    parts: tuple[Any, ...]


def say(msgid: str, context: str | None = None, **params: Any) -> Said:
    """``t`` for a sentence worded later, by whoever hears it, in their own language."""
    return Said(msgid, context, params)


def word(text: Any, t: Any) -> str:
    """``text`` (a plain string, a :class:`Said`, a :class:`Joined`) in the language of ``t``."""
    if isinstance(text, Said):
        return str(t(text.msgid, text.context, **{k: word(v, t) for k, v in text.params.items()}))
    if isinstance(text, Joined):
        return text.sep.join(word(part, t) for part in text.parts)
    return str(text)


def said_to_wire(text: Any) -> Any:
    """A sentence as plain JSON: ``{"m": msgid, "c": context, "p": params}``, ``{"j": sep, "s": parts}``, a string."""
    if isinstance(text, Said):
        return {"m": text.msgid, "c": text.context, "p": {k: said_to_wire(v) for k, v in text.params.items()}}
    if isinstance(text, Joined):
        return {"j": text.sep, "s": [said_to_wire(part) for part in text.parts]}
    if isinstance(text, (int, float)) and not isinstance(text, bool):
        return text
    return str(text)


SAID_DEPTH: Final = 6
SAID_PARTS: Final = 64


def said_from_wire(data: Any, knows: Any, depth: int = 0) -> Any:
    """What :func:`said_to_wire` made, checked: only messages ``knows(msgid, context)``, bounded; ValueError else."""
    if depth > SAID_DEPTH:
        raise ValueError("a sentence nested too deep")
    if isinstance(data, str):
        return data[:200]
    if isinstance(data, (int, float)) and not isinstance(data, bool):
        return data
    if isinstance(data, dict) and "m" in data:
        msgid, context, params = data.get("m"), data.get("c"), data.get("p") or {}
        if not isinstance(msgid, str) or not (context is None or isinstance(context, str)):
            raise ValueError("not a message")
        if not knows(msgid, context):
            raise ValueError("a message this side does not know")
        if not isinstance(params, dict) or len(params) > 8:
            raise ValueError("not a message's parameters")
        return Said(msgid, context, {str(k)[:20]: said_from_wire(v, knows, depth + 1) for k, v in params.items()})
    if isinstance(data, dict) and "j" in data:
        sep, parts = data.get("j"), data.get("s")
        if not isinstance(sep, str) or len(sep) > 4 or not isinstance(parts, list) or len(parts) > SAID_PARTS:
            raise ValueError("not a list of parts")
        return Joined(sep, tuple(said_from_wire(part, knows, depth + 1) for part in parts))
    raise ValueError("not a sentence")
