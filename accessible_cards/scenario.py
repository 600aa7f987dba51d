"""Scenario files: a game fixed by its cards, options and seed, so that it replays exactly.

The format is JSON; ``docs/en/scenarios.md`` describes it. Every problem is a
:class:`ScenarioError` with one clear sentence naming what is wrong.
"""

from __future__ import annotations

import json
import stat
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from accessible_cards.games.bundles.rules import VARIANTS, BundlesOptions
from accessible_cards.games.bundles.state import BundlesState
from accessible_cards.games.war.state import WarOptions, WarState

from .cards import Deck, deck
from .engine import GameState
from .errors import CardsError, ScenarioError

MAX_BYTES = 1 << 20

WAR_KEYS = ("game", "players", "options", "piles", "set_aside", "seed")
BUNDLES_KEYS = ("game", "variant", "players", "options", "dealer", "hands", "table", "stock", "moves", "seed")
MOVE_KEYS = ("card", "steal", "bundle", "capture", "wild")


@dataclass(frozen=True, slots=True)
class Scenario:
    """A state ready to start, and the moves to play (None: play on until the end)."""

    state: GameState[Any]
    moves: Sequence[Any] | None


def load(path: str | Path) -> Scenario:
    """Read and check a scenario file."""
    file = Path(path)
    try:
        info = file.stat()
        if stat.S_ISDIR(info.st_mode):
            raise IsADirectoryError
        if not stat.S_ISREG(info.st_mode):  # a pipe or a device would never end
            raise ScenarioError(
                "error-scenario-not-file", f"{file}: a device or a pipe, not a scenario file", path=str(file)
            )
        with file.open("rb") as opened:
            raw = opened.read(MAX_BYTES + 1)  # at most this much, even when the size said is 0 (as in /proc)
        size = max(info.st_size, len(raw))
        if size > MAX_BYTES:
            raise ScenarioError(
                "error-scenario-size", f"{file}: too large ({size} bytes; at most {MAX_BYTES})", path=str(file)
            )
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
    except (ValueError, RecursionError):  # a number of thousands of digits, lists nested thousands deep
        raise ScenarioError(
            "error-scenario-limits", f"{file}: nested too deeply or holds a number too long", path=str(file)
        ) from None
    return parse(data)


def parse(data: Any) -> Scenario:
    """Check scenario data (already decoded from JSON) and build its state."""
    if not isinstance(data, dict):
        raise ScenarioError("error-scenario-object", "a scenario must be a JSON object")
    game = data.get("game")
    if game == "war":
        return _war(data)
    if game == "bundles":
        return _bundles(data)
    raise ScenarioError(
        "error-scenario-game", f"unknown game {game!r}; scenarios exist for: war, bundles", game=str(game)
    )


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
            low=low,
            high=high,
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


@dataclass(frozen=True, slots=True)
class BundlesMove:
    """One move of a bundles scenario: the card id and the choices given (None: not given).

    ``steal`` is the robbed seat and ``source`` which of its bundles (written
    ``"steal": [SEAT, BUNDLE]`` with ``double_bundles``).
    """

    number: int
    card: int
    steal: int | None = None
    source: int | None = None
    bundle: int | None = None
    capture: tuple[int, ...] | None = None
    wild: bool | None = None

    def action(self, state: BundlesState) -> Any:
        """The legal action this move names in ``state``; a ScenarioError naming the move otherwise."""
        try:
            return state.action_for(self.card, self.steal, self.source, self.bundle, self.capture, self.wild)
        except CardsError as error:
            raise ScenarioError(
                "error-scenario-move",
                f"move {self.number}: {error}",
                move=self.number,
                reason=str(error),
                cause=error.msg_id,
                **error.params,
            ) from None


def _bundles(data: Mapping[str, Any]) -> Scenario:
    _refuse_unknown(data, BUNDLES_KEYS)
    variant = data.get("variant", "standard")
    if not isinstance(variant, str) or variant not in VARIANTS:
        raise ScenarioError(
            "error-scenario-variant",
            f"unknown variant {variant!r}; variants are: {', '.join(VARIANTS)}",
            value=str(variant),
        )
    options_data = data.get("options", {})
    if not isinstance(options_data, dict):
        raise ScenarioError("error-scenario-options", "'options' must be a JSON object")
    hands_data = data.get("hands")
    players = _whole(data, "players", 2, 4)
    given = dict(options_data)
    if players is None and "players" not in given:
        players = len(hands_data) if isinstance(hands_data, list) else None
    if players is not None:
        if "players" in given and given["players"] != players:
            raise ScenarioError(
                "error-scenario-players-twice", "'players' and the 'players' option disagree", players=players
            )
        given["players"] = players
    try:
        options = BundlesOptions.preset(variant, given)
    except CardsError as error:
        raise ScenarioError(error.msg_id, str(error), **error.params) from None
    players = options.players
    seed = _whole(data, "seed", 0)
    dealer = _whole(data, "dealer", 0, players - 1)
    pack = deck(options.deck)
    if hands_data is None:
        for key in ("table", "stock"):
            if key in data:
                raise ScenarioError("error-scenario-hands", f"{key!r} needs 'hands' beside it", key=key)
        if seed is None:
            raise ScenarioError("error-scenario-seed", "give 'hands', or a 'seed' to shuffle and deal from")
        try:
            state = BundlesState(options, seed, dealer)
        except CardsError as error:
            raise ScenarioError(error.msg_id, str(error), **error.params) from None
        return Scenario(state, _moves(data.get("moves"), pack))
    hands_codes = _code_lists(hands_data, "hands")
    if len(hands_codes) != players:
        raise ScenarioError(
            "error-scenario-hand-count",
            f"{len(hands_codes)} hands for {players} players: give one hand per player",
            hands=len(hands_codes),
            players=players,
        )
    table_codes = _code_lists([data.get("table", [])], "table")[0]
    stock_codes = _code_lists([data.get("stock", [])], "stock")[0]
    try:
        ids = pack.parse_many([code for hand in hands_codes for code in hand] + table_codes + stock_codes)
    except CardsError as error:
        raise ScenarioError(error.msg_id, str(error), **error.params) from None
    if not ids:
        raise ScenarioError("error-scenario-no-cards", "the scenario lists no cards")
    hands: list[list[int]] = []
    position = 0
    for hand in hands_codes:
        hands.append(ids[position : position + len(hand)])
        position += len(hand)
    table = ids[position : position + len(table_codes)]
    stock = ids[position + len(table_codes) :]
    state = BundlesState(options, 0 if seed is None else seed, 0 if dealer is None else dealer, hands, table, stock)
    return Scenario(state, _moves(data.get("moves"), pack))


def _moves(value: Any, pack: Deck) -> list[BundlesMove] | None:
    """Check the ``moves`` list; card codes are parsed now, legality is checked as the replay goes."""
    if value is None:
        return None
    if not isinstance(value, list):
        raise ScenarioError("error-scenario-moves", '\'moves\' must be a list of objects such as {"card": "7H"}')
    moves: list[BundlesMove] = []
    for number, move in enumerate(value, start=1):

        def bad(reason: str, number: int = number) -> ScenarioError:
            return ScenarioError("error-scenario-move", f"move {number}: {reason}", move=number, reason=reason)

        if not isinstance(move, dict):
            raise bad('a move must be an object such as {"card": "7H"}')
        unknown = sorted(set(move) - set(MOVE_KEYS))
        if unknown:
            raise bad(f"unknown key {unknown[0]!r}; a move takes: {', '.join(MOVE_KEYS)}")
        if "card" not in move:
            raise bad("'card' is missing")
        try:
            card = pack.parse_many([_code(move["card"], bad)])[0]
            capture = None
            if move.get("capture") is not None:
                if not isinstance(move["capture"], list):
                    raise bad("'capture' must be a list of card codes")
                capture = tuple(pack.parse_many([_code(c, bad) for c in move["capture"]]))
        except ScenarioError:
            raise
        except CardsError as error:
            raise bad(str(error)) from None
        steal, source = move.get("steal"), None
        if isinstance(steal, list) and len(steal) == 2:
            steal, source = steal
            if not _is_whole(source) or source not in (0, 1):
                raise bad("the bundle in 'steal' must be 0 or 1")
        if steal is not None and not _is_whole(steal):
            raise bad("'steal' must be a seat number (or [seat, bundle])")
        bundle = move.get("bundle")
        if bundle is not None and (not _is_whole(bundle) or bundle not in (0, 1)):
            raise bad("'bundle' must be 0 or 1")
        wild = move.get("wild")
        if wild is not None and not isinstance(wild, bool):
            raise bad("'wild' must be true or false")
        moves.append(BundlesMove(number, card, steal, source, bundle, capture, wild))
    return moves


def _is_whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _code(value: Any, bad: Any) -> str | int:
    if not isinstance(value, (str, int)) or isinstance(value, bool):
        raise bad(f"{value!r} is not a card code")
    return value


def dumps_event(event_dict: Mapping[str, Any]) -> str:
    """One JSON Lines record."""
    return json.dumps(event_dict, separators=(", ", ": "))
