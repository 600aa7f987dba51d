"""Messages worded in one place: what outputs report and what errors refuse, by message id, through the catalog.

An output's :class:`~accessible_cards.outputs.Notice` and a
:class:`~accessible_cards.errors.CardsError` both carry a message id and its
parameters. Each table below maps an id to its sentence in the catalog, so
that the player hears it in the player's language. Nothing here reads the
English text an error or a notice carries for logs: an id a table does not
know is said as a general sentence in the player's language.
"""

from __future__ import annotations

from collections.abc import Callable

from ..outputs import Notice

Translate = Callable[..., str]
"""A catalog's ``text``: ``t(msgid, **params)``."""


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
        "braille-no-liblouis": lambda: t(
            "Braille is off: liblouis could not be loaded. "
            "Install the Debian packages liblouis20 and python3-louis, then run make setup."
        ),
    }
    make = texts.get(notice.msg_id)
    return make() if make is not None else t("A device reports news this version cannot put into words.")
