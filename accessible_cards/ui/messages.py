"""Messages worded in one place: what outputs report and what errors refuse, by message id, through the catalog.

An output's :class:`~accessible_cards.outputs.Notice` and a
:class:`~accessible_cards.errors.CardsError` both carry a message id and its
parameters. Each table here (:func:`notice_text`, :data:`ERRORS`) maps an id
to its sentence in the catalog, so that the player hears it in the player's
language. Nothing here puts the English text an error or a notice carries
for logs before the player: an id a table does not know is said as a general
sentence in the player's language.
"""

from __future__ import annotations

import errno
from collections.abc import Callable, Mapping
from typing import Any, Final

from .. import game as registry
from ..errors import CardsError
from ..outputs import Notice

Translate = Callable[..., str]
"""A catalog's ``text``: ``t(msgid, **params)``."""

Wording = Callable[[Translate, dict[str, Any]], str]
"""How one message id is said: ``wording(t, params)``."""


def shown(value: Any, limit: int = 40) -> str:
    """A word from a file as it may be said: no control codes, and cut short."""
    text = "".join(character for character in str(value) if character.isprintable())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def notice_text(notice: Notice, t: Translate) -> str:
    """An output's news about its device, as one sentence in the catalog's language."""
    texts: dict[str, Callable[[], str]] = {
        "braille-no-brlapi": lambda: t("No braille display: BRLTTY's BrlAPI is not installed. Run make setup."),
        "braille-unreachable": lambda: t("No braille display: BRLTTY does not answer. Trying again."),
        "braille-no-display": lambda: t(
            "No braille display: BRLTTY runs, but no display is plugged in. The game waits for one."
        ),
        "braille-lost": lambda: t("The braille display connection was lost. Trying again."),
        "braille-gone": lambda: t(
            "The braille display is gone: unplugged or switched off? The game goes on and waits for it."
        ),
        "braille-back": lambda: t("Braille display connected."),
        "braille-no-tables": lambda: t(
            "Braille is off: the braille tables {tables} are missing. Install the Debian package liblouis-data, "
            "or reinstall the game for its braille_tables folder, then run make setup. "
            "The game goes on without braille.",
            tables=shown(notice.params.get("tables", ""), 80),
        ),
        "braille-no-liblouis": lambda: t(
            "Braille is off: liblouis could not be loaded. "
            "Install the Debian packages liblouis20 and python3-louis, then run make setup."
        ),
    }
    make = texts.get(notice.msg_id)
    return make() if make is not None else t("A device reports news this version cannot put into words.")


_FROM_THE_FILE: Final = ("code", "key", "value", "game", "name", "card", "choice", "level", "pair")
"""Parameters that hold what a file or a command line says: said short and plain."""


def error_text(error: CardsError, t: Translate) -> str | None:
    """The error as one sentence in the catalog's language, from its id and parameters (:data:`ERRORS`).

    ``t`` is a catalog's ``text``. None for an id the table does not know, or parameters it cannot
    say; the caller says a general sentence then, never the error's English text.
    """
    wording = _wording(error.msg_id, error.by_game)
    if wording is None:
        return None
    p: dict[str, Any] = {
        name: shown(value) if name in _FROM_THE_FILE and isinstance(value, str) else value
        for name, value in error.params.items()
    }
    try:
        return wording(t, p)
    except (KeyError, ValueError):
        return None


def _wording(msg_id: str, game: str | None = None) -> Wording | None:
    """How a message id is said: the shared table first, then the own table (``GameDescription.errors``) of
    ``game``, the game that refused; when no game is known, of the first game that words the id."""
    found = ERRORS.get(msg_id)
    if found is not None:
        return found
    named = registry.find(game) if game else None
    if named is not None and msg_id in named.errors:
        return named.errors[msg_id]
    for described in registry.registered():
        if msg_id in described.errors:
            return described.errors[msg_id]
    return None


def refusal(error: CardsError, t: Translate) -> str:
    """Why what the player asked for cannot be done, in the catalog's language; a general sentence for an unknown id."""
    return error_text(error, t) or t("That cannot be done.")


ERRORS: Final[Mapping[str, Wording]] = {
    "error-scenario-size": lambda t, p: t("{path}: too large for a scenario file (at most 1 MiB).", **p),
    "error-scenario-missing": lambda t, p: t("{path}: no such file.", **p),
    "error-scenario-folder": lambda t, p: t("{path}: is a folder, not a scenario file.", **p),
    "error-scenario-not-file": lambda t, p: t("{path}: is a device or a pipe, not a scenario file.", **p),
    "error-scenario-limits": lambda t, p: t("{path}: nested too deeply, or holds a number too long to read.", **p),
    "error-scenario-unreadable": lambda t, p: t("{path}: cannot be read.", **p),
    "error-scenario-encoding": lambda t, p: t("{path}: not UTF-8 text.", **p),
    "error-scenario-json": lambda t, p: t("{path}: not valid JSON at line {line}, column {column}.", **p),
    "error-scenario-object": lambda t, p: t("A scenario must be a JSON object."),
    "error-scenario-game": lambda t, p: t("Unknown game '{game}'; scenarios exist for: {known}.", **p),
    "error-scenario-key": lambda t, p: t("Unknown key '{key}'; this scenario takes: {known}.", **p),
    "error-scenario-number": lambda t, p: _number(p, t),
    "error-scenario-lists": lambda t, p: t("'{key}' must be a list of lists of card codes.", **p),
    "error-scenario-code": lambda t, p: t("{code} in '{key}' is not a card code.", **p),
    "error-scenario-options": lambda t, p: t("'options' must be a JSON object."),
    "error-scenario-seed": lambda t, p: t("The scenario needs its cards ('{key}') or a 'seed' to deal from.", **p),
    "error-scenario-variant": lambda t, p: t(
        "Unknown variant '{value}'; the variants are: {known}.",
        value=p["value"],
        known=_variants(),
    ),
    "error-scenario-no-cards": lambda t, p: t("The scenario lists no cards."),
    "error-scenario-moves": lambda t, p: t("'moves' must be a list of moves, each with its 'card'."),
    "error-scenario-move": lambda t, p: t("Move {move}: {reason}", move=p["move"], reason=_move_reason(p, t)),
    "error-card-code": lambda t, p: t(
        "{code} is not a card code: a rank A, 2 to 9, T, J, Q or K, then a suit S, H, D or C, such as 7H.", **p
    ),
    "error-number-code": lambda t, p: t("{code} is not a number card (1 to 13).", **p),
    "error-card-not-in-deck": lambda t, p: t("{code} is not in the {deck} deck.", **p),
    "error-card-twice": lambda t, p: t("{code} is listed twice.", **p),
    "error-number-too-often": lambda t, p: t("{code} is listed more than {copies} times.", **p),
    "error-deck-kind": lambda t, p: t("'{value}' is not a deck: french52, italian40, spanish40 or numbers.", **p),
    "error-option-unknown": lambda t, p: t("Unknown option '{name}'; the options are: {known}.", **p),
    "error-option-value": lambda t, p: t("The option '{name}' does not take {value}; it takes {allowed}.", **p),
    "error-variant": lambda t, p: t("Unknown variant '{value}'; the variants are: {known}.", **p),
    # the rules refuse an action, or an option, a computer level, a way to narrate
    "error-game-over": lambda t, p: t("The game is over."),
    "error-game-unknown": lambda t, p: t("There is no game called '{game}'; the games are: {known}.", **p),
    "error-not-automatic": lambda t, p: t("It is a person's turn, not the computer's."),
    "error-script-mismatch": lambda t, p: t("A scripted move is not the move that was saved."),
    "error-not-dealt": lambda t, p: t("The cards are not dealt yet."),
    "error-already-dealt": lambda t, p: t("The cards are already dealt."),
    "error-game-not-over": lambda t, p: t("The game is not over yet."),
    "error-illegal-action": lambda t, p: t("That is not a legal play now."),
    "error-seat": lambda t, p: t("There is no seat {seat}.", **p),
    "error-ai-no-action": lambda t, p: t("The computer player has no legal play to choose from."),
    "error-ai-level": lambda t, p: t("Unknown computer level '{level}'; the levels are: {known}.", **p),
    "error-ai-seats": lambda t, p: t("{levels} computer levels for {players} players: give one level per seat.", **p),
    "error-deck": lambda t, p: t("'{value}' is not a deck: french52, italian40, spanish40 or numbers.", **p),
    "error-card-names": lambda t, p: t("'{value}' is not a way to name cards: full or short.", **p),
    "error-seat-names": lambda t, p: t("{given} seat names for {players} seats: give one name per seat.", **p),
    "error-verbosity": lambda t, p: t("'{value}' is not a verbosity: brief, normal or full.", **p),
    "error-option-pair": lambda t, p: t("'{pair}' is not KEY=VALUE.", **p),
}
"""Every error id of the shared layers the player may meet, and how it is said (a game words its own ids,
``GameDescription.errors``). A scenario file's ids say what the file gets wrong; the rules', an option's or a
computer level's say what cannot be done. The ids of a
catalog itself and of saved games are not here: a broken catalog is for translators, and a saved
game is refused with its file's name (``ui/saving.py``)."""


def _number(p: dict[str, Any], t: Translate) -> str:
    if p.get("high") is None:
        return t("'{key}' must be a whole number from {low} up, not {value}.", **p)
    return t("'{key}' must be a whole number from {low} to {high}, not {value}.", **p)


def _move_reason(p: dict[str, Any], t: Translate) -> str:
    """The reason a scripted move cannot be played; a general one when it has no sentence here."""
    cause = p.get("cause")
    if cause == "error-game-over":
        return t("the game is already over.")
    known = {  # by the id of the problem, never by the English reason; a game words its own (its ``errors``)
        "error-move-not-legal": lambda: t("it is not a legal move here."),
    }
    make = known.get(str(cause))
    wording = _wording(str(cause)) if make is None and cause != "error-scenario-move" else None
    if wording is not None:  # a card code the move names, say, or a game's own refusal
        return wording(t, p)
    return make() if make is not None else t("this move cannot be played as written; accessible-cards replay says why.")


def _variants() -> str:
    """Every preset of every game, for a refusal that lists them."""
    return ", ".join(variant for game in registry.registered() for variant in game.variant_names())


_SYSTEM_REASONS: Final[Mapping[int, Callable[[Translate], str]]] = {
    errno.ENOTDIR: lambda t: t("a part of the path is a file, not a folder"),
    errno.EISDIR: lambda t: t("it is a folder, not a file"),
    errno.ENOENT: lambda t: t("the file or its folder does not exist"),
    errno.EACCES: lambda t: t("you have no permission for it"),
    errno.EPERM: lambda t: t("you have no permission for it"),
    errno.EROFS: lambda t: t("the disk is read-only"),
    errno.ENOSPC: lambda t: t("the disk is full"),
    errno.EDQUOT: lambda t: t("your disk quota is used up"),
    errno.ENAMETOOLONG: lambda t: t("the file's name is too long"),
    errno.ELOOP: lambda t: t("the path goes round in a circle of links"),
    errno.EIO: lambda t: t("the disk could not be read or written (an input/output error)"),
    errno.EMFILE: lambda t: t("too many files are open"),
    errno.EBUSY: lambda t: t("the file is busy"),
}
"""The operating system's reasons the program explains, worded in the player's language from the error number."""


def system_reason(t: Translate, number: int | None) -> str:
    """Why the system refused, in the player's language: from its error number, never its English text."""
    word = _SYSTEM_REASONS.get(number) if number is not None else None
    if word is not None:
        return word(t)
    code = errno.errorcode.get(number, "") if number is not None else ""
    return t("the system refused it ({code})", code=code) if code else t("the system refused it")
