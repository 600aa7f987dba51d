"""Message catalogs: gettext ``.po`` sources, compiled to ``.mo`` and read by the standard :mod:`gettext`.

Every sentence the program says comes from a catalog ``locale/<lang>.po`` in a
package: the shared one, ``accessible_cards/locale/``, holds what the shared layers
say (menus, settings, their errors, the card words several games use); each game
carries its own sentences in its package, ``<game package>/locale/<lang>.po``, found
through the registry (:attr:`GameDescription.package`), so that a game is one
package, sentences included. A :class:`Catalog` of a language answers from the
shared catalog and every registered game's as from one table; a key is in one
catalog only (or, if two must hold it, with the same text).

Keys are the English source strings (``msgid``), with a ``msgctxt`` where the
same English words need telling apart (a rank, a suit, a braille line). The
English catalog repeats each msgid as its msgstr, so a package's two catalogs hold
exactly the same keys (``tests/test_i18n.py`` checks this for every catalog, and
that every entry carries a ``#.`` translator comment).

At start the program reads only the compiled ``locale/<lang>.mo`` files with
:class:`gettext.GNUTranslations`, each once: no text is parsed and Babel is not imported.
The ``.mo`` files are committed beside their sources; ``scripts/compile_catalogs.py``
makes them with Babel (:func:`compile_catalog`, as ``pybabel compile`` does), and
``tests/test_i18n.py`` fails while a ``.mo`` differs from a fresh compile of its ``.po``.

Placeholders are named, in ``str.format`` style (``{seat} takes {n} cards.``),
because German word order differs. ``Catalog.plural`` picks the form by the
catalog's ``Plural-Forms`` header and offers the count as ``{n}``.

A key missing from a catalog is a bug: in strict mode (under pytest, or with
``ACCESSIBLE_CARDS_I18N_STRICT=1``) it raises :class:`MissingMessageError`; at
run time the English text is said instead, so a player never meets a crash.
"""

from __future__ import annotations

import functools
import gettext
import io
import os
import string
import sys
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from importlib import resources
from importlib.resources.abc import Traversable
from typing import TYPE_CHECKING, Any, Final

from .errors import CardsError

if TYPE_CHECKING:
    from babel.messages.catalog import Catalog as BabelCatalog

LANGUAGES: Final = ("en", "de")
"""The languages with a catalog; English is the fallback."""

SOURCE_LANGUAGE: Final = "en"
STRICT_ENV: Final = "ACCESSIBLE_CARDS_I18N_STRICT"
COMPILE_COMMAND: Final = ".venv/bin/python scripts/compile_catalogs.py"
"""What makes the ``.mo`` files from the ``.po`` files."""


class CatalogError(CardsError):
    """A catalog that cannot be used: unknown language, unreadable file, missing message."""


class MissingMessageError(CatalogError):
    """A key asked for that the catalog does not hold (raised in strict mode only)."""


Key = tuple[str | None, str]
"""A message's key: (msgctxt or None, msgid)."""


@dataclass(frozen=True, slots=True)
class Entry:
    """One message of a compiled catalog: its key and its forms (one, or one per plural form)."""

    msgctxt: str | None
    msgid: str
    msgid_plural: str | None
    msgstr: tuple[str, ...]

    @property
    def key(self) -> Key:
        """(msgctxt, msgid): what the program asks the catalog for."""
        return (self.msgctxt, self.msgid)


def placeholders(text: str) -> set[str]:
    """The named placeholders of a format string: ``{seat} takes {n}`` -> {seat, n}."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def _show(key: Key) -> str:
    context, msgid = key
    return f"msgid {msgid!r}" + (f" (msgctxt {context!r})" if context is not None else "")


SHARED_PACKAGE: Final = "accessible_cards"
"""The package of the shared catalog."""


_game_packages: Callable[[], Iterable[str]] | None = None


def find_game_catalogs(packages: Callable[[], Iterable[str]]) -> None:
    """Where the games' catalogs are: ``packages()`` names every registered game's package.

    The registry (``game.py``, a layer above) hands this over when it is imported; before, a Catalog
    answers from the shared catalog alone.
    """
    global _game_packages
    _game_packages = packages


def catalog_packages() -> tuple[str, ...]:
    """The packages whose catalogs a Catalog answers from: the shared one, then every registered game's."""
    games = () if _game_packages is None else tuple(_game_packages())
    return tuple(dict.fromkeys((SHARED_PACKAGE, *games)))


def catalog_name(package: str, lang: str, suffix: str) -> str:
    """How a message names a catalog file: ``accessible_cards/games/war/locale/de.po``."""
    return f"{package.replace('.', '/')}/locale/{lang}{suffix}"


def locale_file(lang: str, suffix: str, package: str = SHARED_PACKAGE) -> Traversable:
    """``locale/<lang><suffix>`` in ``package`` (``.po`` the source, ``.mo`` the compiled catalog)."""
    if lang not in LANGUAGES:
        raise CatalogError(
            "error-language", f"no messages in {lang!r}; languages are: {', '.join(LANGUAGES)}", lang=lang
        )
    return resources.files(package).joinpath("locale", f"{lang}{suffix}")


# --- the compiled catalogs, read at run time -------------------------------------


def _read_mo(lang: str, package: str) -> gettext.GNUTranslations:
    """The compiled catalog of ``lang`` in ``package``, its Language header checked."""
    source = catalog_name(package, lang, ".mo")
    file = locale_file(lang, ".mo", package)
    try:
        with file.open("rb") as stream:
            translations = gettext.GNUTranslations(stream)
    except OSError as error:
        raise CatalogError(
            "error-catalog", f"{source} cannot be read ({error}); compile the catalogs: {COMPILE_COMMAND}", lang=lang
        ) from error
    said = translations.info().get("language")
    if said != lang:
        raise CatalogError("error-catalog", f"{source}: header says Language {said!r}, expected {lang!r}", lang=lang)
    return translations


@functools.cache
def _chain(lang: str, packages: tuple[str, ...]) -> gettext.GNUTranslations:
    """The catalogs of ``packages`` in ``lang``, each read once, chained as gettext fallbacks; behind every
    language but English, the English chain."""
    first, *rest = (_read_mo(lang, package) for package in packages)
    for translations in rest:
        first.add_fallback(translations)
    if lang != SOURCE_LANGUAGE:
        first.add_fallback(_chain(SOURCE_LANGUAGE, packages))
    return first


def load_mo(lang: str, packages: tuple[str, ...] | None = None) -> gettext.GNUTranslations:
    """The compiled catalogs of ``lang`` as one gettext chain (default: the shared and every registered game's)."""
    return _chain(lang, catalog_packages() if packages is None else packages)


def read_mo_entries(data: bytes) -> dict[Key, Entry]:
    """The messages of a compiled catalog (its header left out), read with Babel's ``.mo`` reader."""
    from babel.messages.mofile import read_mo

    entries: dict[Key, Entry] = {}
    for message in read_mo(io.BytesIO(data)):
        if not message.id:
            continue  # the header
        if isinstance(message.id, str):
            msgid, msgid_plural = message.id, None
        else:
            msgid, msgid_plural = message.id[0], message.id[1]
        said = message.string
        forms = (said,) if isinstance(said, str) else tuple(said or ())
        entry = Entry(message.context, msgid, msgid_plural, forms)
        entries[entry.key] = entry
    return entries


MO_HEADERS: Final = ("language", "plural-forms")
"""The header fields of a compiled catalog that the program reads (besides its charset)."""


def mo_content(data: bytes) -> tuple[dict[str, str], dict[Key, Entry]]:
    """What a compiled catalog says: its charset, language and plural rule, and every message.

    Two compiles of one ``.po`` say the same though their bytes may differ: Babel writes the
    time and its own version into the header, ``msgfmt`` adds a hash table.
    """
    translations = gettext.GNUTranslations(io.BytesIO(data))
    info = translations.info()
    header = {name: info.get(name, "") for name in MO_HEADERS}
    header["charset"] = (translations.charset() or "").lower()
    return header, read_mo_entries(data)


@functools.cache
def package_entries(lang: str, package: str = SHARED_PACKAGE) -> Mapping[Key, Entry]:
    """Every message of ``package``'s ``locale/<lang>.mo`` by key."""
    return read_mo_entries(locale_file(lang, ".mo", package).read_bytes())


@functools.cache
def _merged_entries(lang: str, packages: tuple[str, ...]) -> Mapping[Key, Entry]:
    merged: dict[Key, Entry] = {}
    for package in reversed(packages):  # the first catalog's entry wins, as in the gettext chain
        merged.update(package_entries(lang, package))
    return merged


def compiled_entries(lang: str, packages: tuple[str, ...] | None = None) -> Mapping[Key, Entry]:
    """Every message of the compiled catalogs of ``lang`` by key: what strict mode checks and a Catalog iterates."""
    return _merged_entries(lang, catalog_packages() if packages is None else packages)


# --- the sources, read by Babel when compiling and in the tests --------------------


def read_source(lang: str, package: str = SHARED_PACKAGE) -> BabelCatalog:
    """``package``'s ``locale/<lang>.po`` as Babel reads it; a malformed line raises CatalogError naming it."""
    from babel.messages.pofile import PoFileError, read_po

    with locale_file(lang, ".po", package).open("rb") as stream:
        try:
            return read_po(stream, locale=lang, abort_invalid=True)
        except PoFileError as error:
            reason = str(error).removesuffix(f" on {error.lineno}")  # Babel counts lines from 0
            where = f"{catalog_name(package, lang, '.po')}:{error.lineno + 1}"
            raise CatalogError("error-catalog", f"{where}: {reason}: {error.line.strip()!r}", lang=lang) from error


def compile_catalog(lang: str, package: str = SHARED_PACKAGE) -> bytes:
    """``package``'s ``locale/<lang>.po`` compiled to ``.mo`` bytes, as ``pybabel compile`` does (fuzzy entries
    left out)."""
    from babel.messages.mofile import write_mo

    catalog = read_source(lang, package)
    problems = [f"{message.id!r}: {error}" for message, errors in catalog.check() for error in errors]
    if problems:
        where = catalog_name(package, lang, ".po")
        raise CatalogError("error-catalog", f"{where}: {'; '.join(problems)}", lang=lang)
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    return buffer.getvalue()


# --- catalogs ------------------------------------------------------------------


def strict_default() -> bool:
    """Strict (missing messages raise) under pytest or with ACCESSIBLE_CARDS_I18N_STRICT=1."""
    flag = os.environ.get(STRICT_ENV)
    if flag is not None:
        return flag.strip() not in ("", "0")
    return "pytest" in sys.modules


class Catalog:
    """The messages of one language.

    ``text("{seat} takes the table.", seat="Player 1")`` and
    ``plural("{n} card", "{n} cards", 3)``; ``msgctxt`` tells apart equal
    English words. Missing keys raise MissingMessageError when ``strict``
    (default: under tests), else the English text is used.
    """

    __slots__ = ("_mo", "lang", "packages", "strict")

    def __init__(
        self, lang: str = SOURCE_LANGUAGE, *, strict: bool | None = None, packages: tuple[str, ...] | None = None
    ) -> None:
        self.lang = lang
        self.packages = catalog_packages() if packages is None else packages
        self._mo = load_mo(lang, self.packages)
        self.strict = strict_default() if strict is None else strict

    def __repr__(self) -> str:
        return f"Catalog({self.lang!r})"

    def __iter__(self) -> Iterator[Entry]:
        return iter(compiled_entries(self.lang, self.packages).values())

    def _check(self, key: Key, plural: str | None) -> None:
        """Strict mode: raise unless ``key`` is in this catalog, with this msgid_plural (or none), every form filled.

        The standard gettext looks a message up by its key alone (a plain lookup even takes a
        plural entry's singular form), so the kind and msgid_plural are checked here.
        """
        entry = compiled_entries(self.lang, self.packages).get(key)
        if entry is not None and entry.msgid_plural == plural and all(entry.msgstr):
            return
        why = "has no" if entry is None else "has a wrong or empty"
        raise MissingMessageError(
            "error-message-missing",
            f"catalog {self.lang!r} {why} entry for {_show(key)}"
            + (f" with msgid_plural {plural!r}" if plural is not None else ""),
            lang=self.lang,
            msgid=key[1],
        )

    def knows(self, msgid: str, msgctxt: str | None = None) -> bool:
        """True when ``msgid`` (with ``msgctxt``) is one of this language's messages."""
        return (msgctxt, msgid) in compiled_entries(self.lang, self.packages)

    def text(self, msgid: str, msgctxt: str | None = None, **params: Any) -> str:
        """The message ``msgid`` in this language, its ``{name}`` placeholders filled from ``params``."""
        if self.strict:
            self._check((msgctxt, msgid), None)
        template = self._mo.gettext(msgid) if msgctxt is None else self._mo.pgettext(msgctxt, msgid)
        return template.format_map(params)

    def plural(self, msgid: str, msgid_plural: str, n: int, msgctxt: str | None = None, **params: Any) -> str:
        """The form of ``msgid``/``msgid_plural`` for count ``n`` (available as ``{n}``)."""
        if self.strict:
            self._check((msgctxt, msgid), msgid_plural)
        if msgctxt is None:
            template = self._mo.ngettext(msgid, msgid_plural, n)
        else:
            template = self._mo.npgettext(msgctxt, msgid, msgid_plural, n)
        return template.format_map({"n": n, **params})
