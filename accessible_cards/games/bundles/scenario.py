"""Stealing Bundles' scenario files: the preset and options, the dealer, the cards, and scripted moves."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from accessible_cards.cards import Deck, deck
from accessible_cards.errors import CardsError, ScenarioError
from accessible_cards.game import Scenario
from accessible_cards.scenario import code, code_lists, is_whole, refuse_unknown, whole

from .rules import VARIANTS, BundlesOptions
from .state import BundlesState

BUNDLES_KEYS: Final = ("game", "variant", "players", "options", "dealer", "hands", "table", "stock", "moves", "seed")
MOVE_KEYS: Final = ("card", "steal", "bundle", "capture", "wild")


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


def parse_scenario(data: Mapping[str, Any]) -> Scenario:
    """A Stealing Bundles scenario from its JSON data; a ScenarioError names the first problem."""
    refuse_unknown(data, BUNDLES_KEYS)
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
    players = whole(data, "players", 2, 4)
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
    seed = whole(data, "seed", 0)
    dealer = whole(data, "dealer", 0, players - 1)
    pack = deck(options.deck)
    if hands_data is None:
        for key in ("table", "stock"):
            if key in data:
                raise ScenarioError("error-scenario-hands", f"{key!r} needs 'hands' beside it", key=key)
        if seed is None:
            raise ScenarioError(
                "error-scenario-seed", "give 'hands', or a 'seed' to shuffle and deal from", key="hands"
            )
        try:
            state = BundlesState(options, seed, 0 if dealer is None else dealer)  # the docs' default, as with hands
        except CardsError as error:
            raise ScenarioError(error.msg_id, str(error), **error.params) from None
        return Scenario(state, _moves(data.get("moves"), pack))
    hands_codes = code_lists(hands_data, "hands")
    if len(hands_codes) != players:
        raise ScenarioError(
            "error-scenario-hand-count",
            f"{len(hands_codes)} hands for {players} players: give one hand per player",
            hands=len(hands_codes),
            players=players,
        )
    table_codes = code_lists([data.get("table", [])], "table")[0]
    stock_codes = code_lists([data.get("stock", [])], "stock")[0]
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

        def bad(reason: str, cause: str = "", number: int = number, **params: Any) -> ScenarioError:
            """A move that cannot be read: ``cause`` names the problem (its sentence is worded by its id)."""
            return ScenarioError(
                "error-scenario-move", f"move {number}: {reason}", move=number, reason=reason, cause=cause, **params
            )

        if not isinstance(move, dict):
            raise bad('a move must be an object such as {"card": "7H"}', "error-move-not-object")
        unknown = sorted(set(move) - set(MOVE_KEYS))
        if unknown:
            raise bad(f"unknown key {unknown[0]!r}; a move takes: {', '.join(MOVE_KEYS)}")
        if "card" not in move:
            raise bad("'card' is missing", "error-move-no-card")
        try:
            card = pack.parse_many([code(move["card"], bad)])[0]
            capture = None
            if move.get("capture") is not None:
                if not isinstance(move["capture"], list):
                    raise bad("'capture' must be a list of card codes", "error-move-capture")
                capture = tuple(pack.parse_many([code(c, bad) for c in move["capture"]]))
        except ScenarioError:
            raise
        except CardsError as error:
            raise bad(str(error), error.msg_id, **error.params) from None
        steal, source = move.get("steal"), None
        if isinstance(steal, list) and len(steal) == 2:
            steal, source = steal
            if not is_whole(source) or source not in (0, 1):
                raise bad("the bundle in 'steal' must be 0 or 1", "error-move-steal-bundle")
        if steal is not None and not is_whole(steal):
            raise bad("'steal' must be a seat number (or [seat, bundle])", "error-move-steal")
        bundle = move.get("bundle")
        if bundle is not None and (not is_whole(bundle) or bundle not in (0, 1)):
            raise bad("'bundle' must be 0 or 1", "error-move-bundle")
        wild = move.get("wild")
        if wild is not None and not isinstance(wild, bool):
            raise bad("'wild' must be true or false", "error-move-wild")
        moves.append(BundlesMove(number, card, steal, source, bundle, capture, wild))
    return moves


def script_to_json(moves: Sequence[BundlesMove]) -> list[dict[str, Any]]:
    """A scenario's scripted moves as JSON-ready data (kept in a save)."""
    return [
        {
            "number": move.number,
            "card": move.card,
            "steal": move.steal,
            "source": move.source,
            "bundle": move.bundle,
            "capture": None if move.capture is None else list(move.capture),
            "wild": move.wild,
        }
        for move in moves
    ]


def _count(value: Any, where: str) -> int:
    if not is_whole(value) or value < 0:
        raise ValueError(f"{where} must be a whole number")
    return int(value)


def script_from_json(data: Any) -> list[BundlesMove]:
    """A scenario's scripted moves as :func:`script_to_json` wrote them; ValueError names what is wrong."""
    if not isinstance(data, list):
        raise ValueError("script must be a list")
    moves = []
    for index, entry in enumerate(data):
        where = f"script[{index}]"
        if not isinstance(entry, dict):
            raise ValueError(f"{where} must be an object")

        def maybe(key: str, entry: dict[str, Any] = entry, where: str = where) -> int | None:
            value = entry.get(key)
            return None if value is None else _count(value, f"{where}.{key}")

        capture = entry.get("capture")
        if capture is not None and not isinstance(capture, list):
            raise ValueError(f"{where}.capture must be a list")
        wild = entry.get("wild")
        if wild is not None and not isinstance(wild, bool):
            raise ValueError(f"{where}.wild must be true, false or null")
        moves.append(
            BundlesMove(
                number=_count(entry.get("number"), f"{where}.number"),
                card=_count(entry.get("card"), f"{where}.card"),
                steal=maybe("steal"),
                source=maybe("source"),
                bundle=maybe("bundle"),
                capture=None if capture is None else tuple(_count(card, f"{where}.capture") for card in capture),
                wild=wild,
            )
        )
    return moves
