"""A refusal is worded from the error's id and parameters, in the player's language, never from its English text."""

from __future__ import annotations

import ast
import io
from pathlib import Path
from typing import Any

import pytest

import accessible_cards
from accessible_cards import game as registry
from accessible_cards import settings as settings_file
from accessible_cards.errors import CardsError, IllegalActionError, OptionError, ScenarioError
from accessible_cards.i18n import Catalog
from accessible_cards.ui.app import App
from accessible_cards.ui.commands import Typed
from accessible_cards.ui.messages import ERRORS, error_text, refusal
from accessible_cards.ui.scenario_play import scenario_reason
from accessible_cards.ui.terminal import Terminal

PACKAGE = Path(accessible_cards.__file__).parent
CATALOG_IDS = {"error-po-syntax", "error-plural-forms", "error-message-missing", "error-language", "error-catalog"}
"""A broken catalog or an unknown language: for translators and the command line, never for a player at play."""


def _raised() -> dict[str, set[str]]:
    """Every error id the package raises, with the names of the parameters it is raised with."""
    found: dict[str, set[str]] = {}
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call) or not node.args:
                continue
            name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", "")
            first = node.args[0]
            msg_id = first.value if isinstance(first, ast.Constant) and isinstance(first.value, str) else ""
            if name.endswith("Error") and msg_id.startswith("error-"):
                found.setdefault(msg_id, set()).update(k.arg for k in node.keywords if k.arg)
    return found


def _causes() -> set[str]:
    """Every error id the package gives as the cause of another (a scenario's move that cannot be read)."""
    found: set[str] = set()
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call):
                given = [*node.args[1:], *(k.value for k in node.keywords)]
                found.update(
                    arg.value
                    for arg in given
                    if isinstance(arg, ast.Constant) and isinstance(arg.value, str) and arg.value.startswith("error-")
                )
    return found


RAISED = _raised()
CAUSES = _causes()
GAME_ERRORS = {msg_id for game in registry.registered() for msg_id in game.errors}
"""The ids a game words itself (``GameDescription.errors``)."""


def test_the_scan_finds_the_errors() -> None:
    assert {"error-game-over", "error-scenario-move", "error-card-code", "error-save-newer"} <= set(RAISED)


def test_every_error_a_player_may_meet_has_a_sentence() -> None:
    """Saved games are refused with their file's name by ui/saving.py; catalog errors are for translators;
    ``simulate`` refuses on the command line, with its usage line (it plays no game with anybody)."""
    players = {
        msg_id
        for msg_id in RAISED
        if msg_id not in CATALOG_IDS and not msg_id.startswith(("error-save-", "error-simulate-"))
    }
    assert sorted(players - set(ERRORS) - set(GAME_ERRORS)) == []
    # no sentence for an id nothing raises or gives as a cause
    assert sorted((set(ERRORS) | set(GAME_ERRORS)) - set(RAISED) - CAUSES) == []


@pytest.mark.parametrize("msg_id", sorted(set(ERRORS) | set(GAME_ERRORS)))
def test_every_sentence_can_be_said_in_both_languages(msg_id: str) -> None:
    params: dict[str, Any] = {name: "7" for name in RAISED.get(msg_id, set())}
    error = CardsError(msg_id, "an English sentence for logs", **params)
    english = error_text(error, Catalog("en", strict=True).text)
    german = error_text(error, Catalog("de", strict=True).text)
    assert english and german and german != english
    assert "English sentence" not in german and "English sentence" not in english


def test_a_game_words_its_own_refusals_and_the_shared_table_only_the_shared_ones() -> None:
    """A game's ids are in its ``errors`` (worded from its catalog), never in the shared table as well."""
    for game in registry.registered():
        assert not set(game.errors) & set(ERRORS), game.name
    war, bundles = registry.get("war"), registry.get("bundles")
    assert {"error-players", "error-scenario-players", "error-scenario-pile-count"} <= set(war.errors)
    assert {"error-bundles-deal", "error-bundles-choice", "error-dealer", "error-scenario-hands"} <= set(bundles.errors)


def test_an_unknown_game_in_a_scenario_file_is_told_the_games_that_read_scenarios() -> None:
    from accessible_cards.scenario import parse

    with pytest.raises(ScenarioError) as caught:
        parse({"game": "chess"})
    said = error_text(caught.value, Catalog("en", strict=True).text)
    assert said == f"Unknown game 'chess'; scenarios exist for: {', '.join(registry.names())}."
    assert {"war", "bundles", "ohhell", "klondike"} <= set(registry.names())
    german = error_text(caught.value, Catalog("de", strict=True).text)
    assert german == f"Unbekanntes Spiel 'chess'; Szenarien gibt es für: {', '.join(registry.names())}."


@pytest.mark.parametrize(("game", "cards"), [("war", "piles"), ("bundles", "hands"), ("klondike", "columns")])
def test_a_scenario_without_cards_or_seed_is_told_what_its_game_needs(game: str, cards: str) -> None:
    from accessible_cards.scenario import parse

    with pytest.raises(ScenarioError) as caught:
        parse({"game": game})
    assert error_text(caught.value, Catalog("en", strict=True).text) == (
        f"The scenario needs its cards ('{cards}') or a 'seed' to deal from."
    )
    assert error_text(caught.value, Catalog("de", strict=True).text) == (
        f"Das Szenario braucht seine Karten ('{cards}') oder einen 'seed' zum Geben."
    )


class _Refusing(App):
    """The main menu's first key raises ``error``, as a screen does when the rules refuse."""

    error: CardsError

    def dispatch(self, typed: Typed) -> None:
        raise self.error


def _refused(tmp_path: Path, lang: str, error: CardsError) -> str:
    out = io.StringIO()
    loaded = settings_file.Loaded(settings_file.Settings(lang=lang), (), False, tmp_path / "settings.toml")
    app = _Refusing(Terminal(lang, stdin=io.StringIO("1\n"), stdout=out), loaded)
    app.error = error
    assert app.run() == 0
    return out.getvalue().splitlines()[-1]


REFUSALS = [
    (IllegalActionError("error-game-over", "the game is over"), "The game is over.", "Das Spiel ist vorbei."),
    (
        IllegalActionError("error-not-in-hand", "7H is not in player 2's hand", card="7H", seat=1),
        "7H is not in the hand of Player 2.",
        "7H ist nicht im Blatt von Spieler 2.",
    ),
    (
        IllegalActionError("error-illegal-action", "Play(card=7) is not a legal play now", action="Play(card=7)"),
        "That is not a legal play now.",
        "Dieser Zug ist jetzt nicht erlaubt.",
    ),
    (
        OptionError("error-option-unknown", "unknown option 'jokers'; options are: a, b", name="jokers", known="a, b"),
        "Unknown option 'jokers'; the options are: a, b.",
        "Unbekannte Option 'jokers'; die Optionen sind: a, b.",
    ),
    (
        CardsError("error-something-new", "the something-new machinery jammed"),
        "That cannot be done.",
        "Das geht nicht.",
    ),
]


@pytest.mark.parametrize(("error", "english", "german"), REFUSALS, ids=[r[0].msg_id for r in REFUSALS])
def test_a_refusal_is_said_in_the_players_language(
    tmp_path: Path, error: CardsError, english: str, german: str
) -> None:
    assert _refused(tmp_path, "en", error) == english
    said = _refused(tmp_path, "de", error)
    assert said == german
    english_words = {word.strip(".,;:'") for word in str(error).split()} - {"7H", "a", "b", "jokers"}
    assert not [word for word in said.split() if word.strip(".,;:'") in english_words], said


def test_a_refusal_for_an_unknown_id_never_says_the_english_text() -> None:
    error = CardsError("error-something-new", "the something-new machinery jammed")
    assert refusal(error, Catalog("de").text) == "Das geht nicht."
    assert error_text(error, Catalog("de").text) is None


def test_a_refusal_whose_parameters_do_not_fit_is_said_in_general() -> None:
    error = IllegalActionError("error-not-in-hand", "7H is not in player 2's hand", card="7H")  # no seat
    assert refusal(error, Catalog("de").text) == "Das geht nicht."


def test_a_scenario_refused_for_an_unknown_reason_is_said_in_the_players_language() -> None:
    error = ScenarioError("error-scenario-something-new", "the file's something-new is wrong")
    said = scenario_reason(error, Catalog("de").text)
    assert said == "Dieses Szenario lässt sich so nicht spielen; accessible-cards replay sagt, warum."


def test_a_scripted_move_refused_for_a_reason_without_a_sentence_is_said_in_the_players_language() -> None:
    reason = "unknown key 'colour'; a move takes: card, steal, bundle, capture, wild"
    error = ScenarioError("error-scenario-move", f"move 1: {reason}", move=1, reason=reason)
    said = scenario_reason(error, Catalog("de").text)
    assert said == "Zug 1: Dieser Zug lässt sich so nicht spielen; accessible-cards replay sagt, warum."
    assert "unknown" not in said and "takes" not in said
