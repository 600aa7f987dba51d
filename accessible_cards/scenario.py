"""Scenario files: a game fixed by its cards, options and seed, so that it replays exactly.

The format is JSON; ``docs/scenarios.md`` describes it. Every problem is a
:class:`ScenarioError` with one clear sentence naming what is wrong.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .cards import deck
from .engine import GameState
from .errors import CardsError, ScenarioError
from .games.war import WarOptions, WarState

MAX_BYTES = 1 << 20

WAR_KEYS = ("game", "players", "options", "piles", "set_aside", "seed")


@dataclass(frozen=True, slots=True)
class Scenario:
    """A state ready to start, and the moves to play (None: play on until the end)."""

    state: GameState[Any]
    moves: Sequence[Any] | None


def load(path: str | Path) -> Scenario:
    """Read and check a scenario file."""
    file = Path(path)
    try:
        size = file.stat().st_size
        if size > MAX_BYTES:
            raise ScenarioError(
                "error-scenario-size", f"{file}: too large ({size} bytes; at most {MAX_BYTES})", path=str(file)
            )
        raw = file.read_bytes()
    except FileNotFoundError:
        raise ScenarioError("error-scenario-missing", f"{file}: no such file", path=str(file)) from None
    except IsADirectoryError:
        raise ScenarioError(
            "error-scenario-folder", f"{file}: is a folder, not a scenario file", path=str(file)
        ) from None
    except OSError as error:
        raise ScenarioError(
            "error-scenario-unreadable", f"{file}: cannot be read ({error.strerror})", path=str(file)
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
    return parse(data)


def parse(data: Any) -> Scenario:
    """Check scenario data (already decoded from JSON) and build its state."""
    if not isinstance(data, dict):
        raise ScenarioError("error-scenario-object", "a scenario must be a JSON object")
    game = data.get("game")
    if game == "war":
        return _war(data)
    raise ScenarioError("error-scenario-game", f"unknown game {game!r}; scenarios exist for: war", game=str(game))


def _refuse_unknown(data: Mapping[str, Any], known: Sequence[str]) -> None:
    unknown = sorted(set(data) - set(known))
    if unknown:
        raise ScenarioError(
            "error-scenario-key",
            f"unknown key {unknown[0]!r}; a {data['game']} scenario takes: {', '.join(known)}",
            key=unknown[0],
            known=", ".join(known),
        )


def _whole(data: Mapping[str, Any], key: str, low: int, high: int | None = None) -> int | None:
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
        )
    return value


def _code_lists(value: Any, key: str) -> list[list[Any]]:
    if not isinstance(value, list) or not all(isinstance(pile, list) for pile in value):
        raise ScenarioError("error-scenario-lists", f"{key!r} must be a list of lists of card codes", key=key)
    for pile in value:
        for code in pile:
            if not isinstance(code, (str, int)) or isinstance(code, bool):
                raise ScenarioError(
                    "error-scenario-code", f"{code!r} in {key!r} is not a card code", key=key, code=str(code)
                )
    return value


def _war(data: Mapping[str, Any]) -> Scenario:
    _refuse_unknown(data, WAR_KEYS)
    options_data = data.get("options", {})
    if not isinstance(options_data, dict):
        raise ScenarioError("error-scenario-options", "'options' must be a JSON object")
    try:
        options = WarOptions.from_mapping(options_data)
    except CardsError as error:
        raise ScenarioError(error.msg_id, str(error), **error.params) from None
    seed = _whole(data, "seed", 0)
    players = _whole(data, "players", 2, 4)
    piles_data = data.get("piles")
    if piles_data is None:
        if "set_aside" in data:
            raise ScenarioError("error-scenario-aside", "'set_aside' needs 'piles' beside it")
        if seed is None:
            raise ScenarioError("error-scenario-seed", "give 'piles', or a 'seed' to shuffle and deal from")
        return Scenario(WarState(players or 2, options, seed), None)
    piles_codes = _code_lists(piles_data, "piles")
    players = players if players is not None else len(piles_codes)
    if len(piles_codes) != players:
        raise ScenarioError(
            "error-scenario-pile-count",
            f"{len(piles_codes)} piles for {players} players: give one pile per player",
            piles=len(piles_codes),
            players=players,
        )
    if not 2 <= players <= 4:
        raise ScenarioError("error-scenario-players", f"War is for 2 to 4 players, not {players}", players=players)
    for seat, pile in enumerate(piles_codes):
        if not pile:
            raise ScenarioError(
                "error-scenario-empty-pile",
                f"player {seat + 1}'s pile is empty: every player needs at least one card",
                seat=seat,
            )
    aside_codes = _code_lists([data.get("set_aside", [])], "set_aside")[0]
    pack = deck(options.deck)
    try:
        ids = pack.parse_many([code for pile in piles_codes for code in pile] + list(aside_codes))
    except CardsError as error:
        raise ScenarioError(error.msg_id, str(error), **error.params) from None
    piles: list[list[int]] = []
    position = 0
    for pile in piles_codes:
        piles.append(ids[position : position + len(pile)])
        position += len(pile)
    return Scenario(WarState(players, options, seed, piles, ids[position:]), None)


def dumps_event(event_dict: Mapping[str, Any]) -> str:
    """One JSON Lines record."""
    return json.dumps(event_dict, separators=(", ", ": "))
