"""The one family of errors: every refusal carries a message id and its parameters.

The player hears an error in the player's language, worded from ``msg_id``
and ``params`` (``ui/messages.py`` holds the table); ``str(error)`` is a plain
English sentence for logs and the headless commands, never for a sentence in
the player's language.
"""

from __future__ import annotations

from typing import Any


class CardsError(ValueError):
    """Base of every refusal: bad input, illegal action, bad file.

    ``by_game`` names the game whose rules or files refused, once the code that knows it has said so
    (:meth:`of_game`): two games may word the same id each its own way, and the refusal is then worded
    by that game's table.
    """

    by_game: str | None = None

    def __init__(self, msg_id: str, text: str, **params: Any) -> None:
        super().__init__(text)
        self.msg_id = msg_id
        self.params: dict[str, Any] = params

    def of_game(self, name: str) -> CardsError:
        """This error, known to come from the game ``name`` (a game named before is kept); for ``raise``."""
        if self.by_game is None:
            self.by_game = name
        return self


class CardParseError(CardsError):
    """A card code that is not a card of the deck in use."""


class OptionError(CardsError):
    """An unknown option, or a value an option does not take."""


class IllegalActionError(CardsError):
    """An action the rules do not allow now."""


class ScenarioError(CardsError):
    """A scenario file that cannot be played as written."""
