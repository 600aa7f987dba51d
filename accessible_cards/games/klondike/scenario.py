"""Klondike's scenario files: the preset and options, the deal (or a seed), and moves written as typed.

```json
{"game": "klondike", "variant": "classic", "options": {"draw": 1},
 "columns": [["AS"], ["5C", "2S"], [], [], [], [], []], "stock": ["3S", "KD"],
 "moves": ["1 f", "2 f", "draw", "w f", "undo", "redo"]}
```

``columns``: seven lists, bottom card first, the last card face up, the others face down;
``stock``: its top card (drawn first) first. The cards listed are the whole deck. Without
``columns`` the ``seed`` shuffles and deals a full pack. A move is a typed move (``3 5``,
``w f``, ``7H 5``, ``3 5 2`` for two cards) or ``draw``, ``undo``, ``redo``, ``give up``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from accessible_cards.cards import deck
from accessible_cards.errors import CardsError, ScenarioError
from accessible_cards.game import Scenario
from accessible_cards.scenario import code_lists, refuse_unknown, whole

from .actions import DRAW, FOUNDATION, GIVE_UP, REDO, UNDO, WASTE, Action, Move
from .rules import COLUMNS, VARIANTS, options_for
from .state import KlondikeState

KEYS: Final = ("game", "variant", "options", "columns", "stock", "seed", "moves")
_WORDS: Final[dict[str, Action]] = {"draw": DRAW, "d": DRAW, "undo": UNDO, "redo": REDO, "give up": GIVE_UP}


@dataclass(frozen=True, slots=True)
class KlondikeMove:
    """One move of a scenario, as written: it becomes a legal action when its turn comes."""

    number: int
    text: str

    def action(self, state: KlondikeState) -> Action:
        action = parse_move(self.text, state)
        if action is None or not state.is_legal(action):
            raise ScenarioError(
                "error-scenario-move",
                f"move {self.number}: {self.text!r} is not a legal move here",
                move=self.number,
                cause="error-move-not-legal",
            )
        return action


def parse_move(text: str, state: KlondikeState) -> Action | None:
    """A written move in ``state``: ``3 5``, ``3 5 2``, ``w f``, ``7H 5``, ``draw``...; None when it names none."""
    from .controller import parse_card

    line = " ".join(text.strip().lower().split())
    if line in _WORDS:
        return _WORDS[line]
    words = line.split()
    if len(words) not in (2, 3):
        return None
    source_word, target_word = words[0], words[1]
    if target_word == "f":
        target = FOUNDATION
    elif target_word.isdigit() and 1 <= int(target_word) <= COLUMNS:
        target = int(target_word) - 1
    else:
        return None
    count = int(words[2]) if len(words) == 3 and words[2].isdigit() else 1
    if source_word == "w":
        return Move(WASTE, target, 1)
    if source_word.isdigit() and 1 <= int(source_word) <= COLUMNS:
        source = int(source_word) - 1
        if len(words) == 2 and target != FOUNDATION:
            counts = [a.count for a in state.legal_actions() if isinstance(a, Move) and a.source == source
                      and a.target == target]  # fmt: skip
            count = min(counts) if counts else 1
        return Move(source, target, count)
    card = parse_card(source_word)
    if card is None:
        return None
    view = state.view(0)
    for index, column in enumerate(view.columns):
        if card in column.up:
            return Move(index, target, len(column.up) - column.up.index(card))
    if view.waste and view.waste[-1] == card:
        return Move(WASTE, target, 1)
    return None


def parse_scenario(data: Mapping[str, Any]) -> Scenario:
    refuse_unknown(data, KEYS)
    variant = data.get("variant", "braillespiel")
    if variant not in VARIANTS:
        raise ScenarioError(
            "error-scenario-variant",
            f"unknown variant {variant!r}; the variants are braillespiel, classic",
            value=str(variant),
        )
    options_data = data.get("options", {})
    if not isinstance(options_data, dict):
        raise ScenarioError("error-scenario-options", "'options' must be a JSON object")
    try:
        options = options_for(variant, options_data)
    except CardsError as error:
        raise ScenarioError(error.msg_id, str(error), **error.params) from None
    seed = whole(data, "seed", 0)
    moves = _moves(data.get("moves"))
    columns_data = data.get("columns")
    if columns_data is None:
        if "stock" in data:
            raise ScenarioError("error-scenario-stock-alone", "'stock' needs 'columns' beside it")
        if seed is None:
            raise ScenarioError(
                "error-scenario-seed", "give 'columns', or a 'seed' to shuffle and deal from", key="columns"
            )
        return Scenario(KlondikeState(variant, options, seed), moves)
    columns = code_lists(columns_data, "columns")
    if len(columns) != COLUMNS:
        raise ScenarioError(
            "error-scenario-column-count", f"'columns' must hold 7 lists, not {len(columns)}", count=len(columns)
        )
    stock = code_lists([data.get("stock", [])], "stock")[0]
    pack = deck("french52")
    try:
        ids = pack.parse_many([code for column in columns for code in column] + list(stock))
    except CardsError as error:
        raise ScenarioError(error.msg_id, str(error), **error.params) from None
    laid: list[list[int]] = []
    position = 0
    for column in columns:
        laid.append(ids[position : position + len(column)])
        position += len(column)
    if not ids:
        raise ScenarioError("error-scenario-no-cards", "the scenario holds no cards")
    return Scenario(KlondikeState(variant, options, seed, laid, ids[position:]), moves)


def _moves(value: Any) -> list[KlondikeMove] | None:
    if value is None:
        return None
    if not isinstance(value, list) or not all(isinstance(m, str) for m in value):
        raise ScenarioError("error-scenario-move-texts", '\'moves\' must be a list of moves such as "3 5" or "draw"')
    return [KlondikeMove(number, text) for number, text in enumerate(value, 1)]


def script_to_json(moves: Sequence[Any]) -> Any:
    return [move.text for move in moves]


def script_from_json(data: Any) -> list[Any]:
    if data is None:
        return []
    if not isinstance(data, list) or not all(isinstance(m, str) for m in data):
        raise ValueError("a Klondike script is a list of moves written as text")
    return [KlondikeMove(number, text) for number, text in enumerate(data, 1)]
