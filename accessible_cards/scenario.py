"""Scenario files: a game fixed by its cards, options and seed, so that it replays exactly.

The format is JSON; ``docs/en/scenarios.md`` describes it. Every problem is a
:class:`ScenarioError` with one clear sentence naming what is wrong.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from . import files
from . import game as registry
from .errors import ScenarioError
from .game import Scenario

MAX_BYTES = 1 << 20


def load(path: str | Path) -> Scenario:
    """Read and check a scenario file."""
    file = Path(path)
    try:
        raw = files.read_bounded(file, MAX_BYTES)
    except files.Missing:
        raise ScenarioError("error-scenario-missing", f"{file}: no such file", path=str(file)) from None
    except files.Folder:
        raise ScenarioError(
            "error-scenario-folder", f"{file}: is a folder, not a scenario file", path=str(file)
        ) from None
    except files.NotRegular:  # a pipe or a device would never end
        raise ScenarioError(
            "error-scenario-not-file", f"{file}: a device or a pipe, not a scenario file", path=str(file)
        ) from None
    except files.TooLarge as error:
        raise ScenarioError(
            "error-scenario-size", f"{file}: too large ({error.size} bytes; at most {MAX_BYTES})", path=str(file)
        ) from None
    except files.Unreadable as error:
        raise ScenarioError(
            "error-scenario-unreadable", f"{file}: cannot be read ({error.reason})", path=str(file)
        ) from None
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise ScenarioError("error-scenario-encoding", f"{file}: not UTF-8 text", path=str(file)) from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise ScenarioError(
            "error-scenario-json",
            f"{file}: not valid JSON at line {error.lineno}, column {error.colno} ({error.msg})",
            path=str(file),
            line=error.lineno,
            column=error.colno,
        ) from None
    except (ValueError, RecursionError):  # a number of thousands of digits, lists nested thousands deep
        raise ScenarioError(
            "error-scenario-limits", f"{file}: nested too deeply or holds a number too long", path=str(file)
        ) from None
    return parse(data)


def parse(data: Any) -> Scenario:
    """Check scenario data (already decoded from JSON) and build its state, by the game it names."""
    if not isinstance(data, dict):
        raise ScenarioError("error-scenario-object", "a scenario must be a JSON object")
    name = data.get("game")
    found = registry.find(name) if isinstance(name, str) else None
    if found is None or name != found.name:
        known = ", ".join(registry.names())
        raise ScenarioError(
            "error-scenario-game", f"unknown game {name!r}; scenarios exist for: {known}", game=str(name), known=known
        )
    try:
        return found.parse_scenario(data)
    except ScenarioError as error:
        error.of_game(found.name)
        raise


def refuse_unknown(data: Mapping[str, Any], known: Sequence[str]) -> None:
    unknown = sorted(set(data) - set(known))
    if unknown:
        raise ScenarioError(
            "error-scenario-key",
            f"unknown key {unknown[0]!r}; a {data['game']} scenario takes: {', '.join(known)}",
            key=unknown[0],
            known=", ".join(known),
        )


def whole(data: Mapping[str, Any], key: str, low: int, high: int | None = None) -> int | None:
    value = data.get(key)
    if value is None:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or value < low or (high is not None and value > high):
        limits = f"from {low} to {high}" if high is not None else f"from {low} up"
        raise ScenarioError(
            "error-scenario-number",
            f"{key!r} must be a whole number {limits}, not {value!r}",
            key=key,
            value=str(value),
            low=low,
            high=high,
        )
    return value


def code_lists(value: Any, key: str) -> list[list[Any]]:
    if not isinstance(value, list) or not all(isinstance(pile, list) for pile in value):
        raise ScenarioError("error-scenario-lists", f"{key!r} must be a list of lists of card codes", key=key)
    for pile in value:
        for code in pile:
            if not isinstance(code, (str, int)) or isinstance(code, bool):
                raise ScenarioError(
                    "error-scenario-code", f"{code!r} in {key!r} is not a card code", key=key, code=str(code)
                )
    return value


def is_whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def code(value: Any, bad: Any) -> str | int:
    if not isinstance(value, (str, int)) or isinstance(value, bool):
        raise bad(f"{value!r} is not a card code")
    return value


def dumps_event(event_dict: Mapping[str, Any]) -> str:
    """One JSON Lines record."""
    return json.dumps(event_dict, separators=(", ", ": "))
