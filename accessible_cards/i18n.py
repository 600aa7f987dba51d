"""Message catalogs: gettext ``.po`` files read by a small, strict parser of our own.

Every sentence the program says comes from ``accessible_cards/locale/<lang>.po``.
Keys are the English source strings (``msgid``), with a ``msgctxt`` where the
same English words need telling apart (a rank, a suit, a braille line). The
English catalog repeats each msgid as its msgstr, so both catalogs hold exactly
the same keys (``tests/test_i18n.py`` checks this, and that every entry carries
a ``#.`` translator comment).

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
import re
import string
import sys
from collections.abc import Callable, Iterator, Mapping
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
    """A catalog that cannot be used: unknown language, malformed file, missing message."""


class PoSyntaxError(CatalogError):
    """A ``.po`` file that breaks the PO syntax; the message names the file and line."""


class MissingMessageError(CatalogError):
    """A key asked for that the catalog does not hold (raised in strict mode only)."""


Key = tuple[str | None, str]
"""A message's key: (msgctxt or None, msgid)."""


@dataclass(frozen=True, slots=True)
class PoEntry:
    """One message of a PO file: its key, its forms and its comments."""

    msgctxt: str | None
    msgid: str
    msgid_plural: str | None
    msgstr: tuple[str, ...]
    comments: tuple[str, ...]
    flags: tuple[str, ...]
    line: int

    @property
    def key(self) -> Key:
        """(msgctxt, msgid): what the program asks the catalog for."""
        return (self.msgctxt, self.msgid)


@dataclass(frozen=True, slots=True)
class PoFile:
    """A parsed PO file: the header fields, the plural rule and the entries by key."""

    source: str
    header: Mapping[str, str]
    nplurals: int
    plural: Callable[[int], int]
    entries: Mapping[Key, PoEntry]


# --- reading a PO file ------------------------------------------------------

_KEYWORD = re.compile(r"^(msgctxt|msgid_plural|msgid|msgstr(?:\[(\d+)\])?)\s+(\".*)$")
_ESCAPES: Final = {"\\": "\\", '"': '"', "n": "\n", "t": "\t"}


def _unquote(text: str, where: str) -> str:
    """A C string literal ``"..."`` (escapes \\\\ \\" \\n \\t) as its value."""
    text = text.strip()
    if len(text) < 2 or not text.startswith('"') or not text.endswith('"'):
        raise PoSyntaxError("error-po-syntax", f"{where}: expected a quoted string, got {text!r}", where=where)
    body = text[1:-1]
    out: list[str] = []
    i = 0
    while i < len(body):
        ch = body[i]
        if ch == "\\":
            if i + 1 >= len(body) or body[i + 1] not in _ESCAPES:
                raise PoSyntaxError(
                    "error-po-syntax", f'{where}: unknown escape in {text!r} (use \\\\ \\" \\n \\t)', where=where
                )
            out.append(_ESCAPES[body[i + 1]])
            i += 2
            continue
        if ch == '"':
            raise PoSyntaxError("error-po-syntax", f"{where}: unescaped quote inside {text!r}", where=where)
        out.append(ch)
        i += 1
    return "".join(out)


class _Builder:
    """Collects the parts of one entry while the parser walks its lines."""

    def __init__(self) -> None:
        self.comments: list[str] = []
        self.flags: list[str] = []
        self.fields: dict[str, list[str]] = {}
        self.order: list[str] = []
        self.line = 0

    @property
    def empty(self) -> bool:
        return not self.fields

    @property
    def started(self) -> bool:
        return bool(self.fields or self.comments or self.flags)


def parse_po(text: str, source: str = "<po>") -> tuple[dict[str, str], list[PoEntry]]:
    """The header fields and every entry of a PO text; raises PoSyntaxError on anything malformed.

    Accepted: ``#.`` translator comments, ``#:`` references, ``#,`` flags, other
    ``#`` comments (ignored), ``msgctxt``, ``msgid``, ``msgid_plural``,
    ``msgstr`` or ``msgstr[N]``, each with one or more quoted strings. Refused:
    unknown keywords, strings outside an entry, a key twice, an entry without a
    msgstr, plural entries with a plain msgstr (or the reverse), gaps in the
    ``msgstr[N]`` numbers, ``fuzzy`` entries, and a missing or second header.
    """
    entries: list[PoEntry] = []
    header: dict[str, str] | None = None
    seen: dict[Key, int] = {}
    current = _Builder()
    last_field: str | None = None

    def finish() -> None:
        nonlocal current, last_field, header
        if current.empty:
            if current.started:
                raise PoSyntaxError(
                    "error-po-syntax", f"{source}:{current.line}: comments with no message after them", where=source
                )
            current = _Builder()
            last_field = None
            return
        entry = _entry(current, source)
        if entry.msgid == "" and entry.msgctxt is None:
            if header is not None or entries:
                raise PoSyntaxError(
                    "error-po-syntax",
                    f'{source}:{entry.line}: the header (msgid "") must come first, once',
                    where=source,
                )
            header = _header_fields(entry.msgstr[0], source, entry.line)
        else:
            if header is None:
                raise PoSyntaxError(
                    "error-po-syntax",
                    f'{source}:{entry.line}: the file must start with a header (msgid "")',
                    where=source,
                )
            if entry.key in seen:
                raise PoSyntaxError(
                    "error-po-syntax",
                    f"{source}:{entry.line}: {_show(entry.key)} is already defined on line {seen[entry.key]}",
                    where=source,
                )
            seen[entry.key] = entry.line
            entries.append(entry)
        current = _Builder()
        last_field = None

    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        where = f"{source}:{number}"
        if not line:
            finish()
            continue
        if line.startswith("#~"):
            continue  # an obsolete entry, kept by msgmerge; never loaded
        if line.startswith("#"):
            if not current.empty:
                finish()
            if not current.started:
                current.line = number
            if line.startswith("#."):
                current.comments.append(line[2:].strip())
            elif line.startswith("#,"):
                current.flags.extend(flag.strip() for flag in line[2:].split(",") if flag.strip())
            continue
        match = _KEYWORD.match(line)
        if match:
            field = match.group(1)
            if field in ("msgctxt", "msgid") and any(name.startswith("msgstr") for name in current.fields):
                finish()  # a new entry right after the last one's msgstr, with no blank line between
            if field in current.fields:
                raise PoSyntaxError("error-po-syntax", f"{where}: {field} given twice in one entry", where=where)
            if not current.started:
                current.line = number
            current.fields[field] = [_unquote(match.group(3), where)]
            current.order.append(field)
            last_field = field
            continue
        if line.startswith('"'):
            if last_field is None:
                raise PoSyntaxError("error-po-syntax", f"{where}: a string with no keyword before it", where=where)
            current.fields[last_field].append(_unquote(line, where))
            continue
        word = line.split()[0]
        raise PoSyntaxError("error-po-syntax", f"{where}: unknown keyword {word!r}", where=where)
    finish()
    if header is None:
        raise PoSyntaxError("error-po-syntax", f'{source}: no header (msgid "") found', where=source)
    return header, entries


def _show(key: Key) -> str:
    context, msgid = key
    return f"msgid {msgid!r}" + (f" (msgctxt {context!r})" if context is not None else "")


def _entry(builder: _Builder, source: str) -> PoEntry:
    """Check one collected entry and freeze it."""
    where = f"{source}:{builder.line}"
    fields = {name: "".join(parts) for name, parts in builder.fields.items()}
    order = builder.order
    if "msgid" not in fields:
        raise PoSyntaxError("error-po-syntax", f"{where}: an entry without msgid", where=where)
    expected = [name for name in ("msgctxt", "msgid", "msgid_plural") if name in fields]
    if order[: len(expected)] != expected:
        raise PoSyntaxError(
            "error-po-syntax", f"{where}: keywords out of order (msgctxt, msgid, msgid_plural, msgstr)", where=where
        )
    if "fuzzy" in builder.flags:
        raise PoSyntaxError(
            "error-po-syntax", f"{where}: a fuzzy entry; check the translation and remove the flag", where=where
        )
    plural = fields.get("msgid_plural")
    forms = [name for name in order if name.startswith("msgstr")]
    if plural is None:
        if forms != ["msgstr"]:
            raise PoSyntaxError(
                "error-po-syntax",
                f"{where}: {_show((fields.get('msgctxt'), fields['msgid']))} needs one msgstr",
                where=where,
            )
        msgstr: tuple[str, ...] = (fields["msgstr"],)
    else:
        numbered = [f"msgstr[{i}]" for i in range(len(forms))]
        if not forms or forms != numbered:
            raise PoSyntaxError(
                "error-po-syntax",
                f"{where}: a plural entry needs msgstr[0], msgstr[1], ... in order, not {', '.join(forms) or 'none'}",
                where=where,
            )
        msgstr = tuple(fields[name] for name in forms)
    return PoEntry(
        msgctxt=fields.get("msgctxt"),
        msgid=fields["msgid"],
        msgid_plural=plural,
        msgstr=msgstr,
        comments=tuple(builder.comments),
        flags=tuple(builder.flags),
        line=builder.line,
    )


def _header_fields(text: str, source: str, line: int) -> dict[str, str]:
    fields: dict[str, str] = {}
    for item in text.splitlines():
        if not item.strip():
            continue
        name, sep, value = item.partition(":")
        if not sep:
            raise PoSyntaxError(
                "error-po-syntax", f"{source}:{line}: header line {item!r} is not 'Name: value'", where=source
            )
        fields[name.strip()] = value.strip()
    return fields


# --- the plural rule ----------------------------------------------------------

_TOKEN = re.compile(r"\s*(?:(\d+)|(n)|(\|\||&&|==|!=|<=|>=|[-+*/%<>!?:()]))")


def compile_plural(expression: str) -> Callable[[int], int]:
    """The C expression of a ``plural=`` header as a function of n (``n != 1``, ``n > 1``, ``0``, ...).

    Supports integers, ``n``, ``! * / % + - < <= > >= == != && || ?:`` and
    parentheses, with C precedence; anything else raises CatalogError.
    """
    tokens: list[str] = []
    pos = 0
    text = expression.strip()
    while pos < len(text):
        match = _TOKEN.match(text, pos)
        if not match or match.end() == pos:
            raise CatalogError(
                "error-plural-forms", f"cannot read the plural rule {expression!r} at {text[pos:]!r}", rule=expression
            )
        tokens.append(next(group for group in match.groups() if group is not None))
        pos = match.end()
        while pos < len(text) and text[pos].isspace():
            pos += 1
    parser = _PluralParser(tokens, expression)
    rule = parser.ternary()
    if parser.pos != len(tokens):
        raise CatalogError(
            "error-plural-forms", f"unexpected {tokens[parser.pos]!r} in {expression!r}", rule=expression
        )
    return rule


_Rule = Callable[[int], int]

_BINARY: Final[tuple[tuple[str, ...], ...]] = (
    ("||",),
    ("&&",),
    ("==", "!="),
    ("<", "<=", ">", ">="),
    ("+", "-"),
    ("*", "/", "%"),
)


def _apply(op: str, left: _Rule, right: _Rule) -> _Rule:
    operations: dict[str, Callable[[int, int], int]] = {
        "==": lambda a, b: int(a == b),
        "!=": lambda a, b: int(a != b),
        "<": lambda a, b: int(a < b),
        "<=": lambda a, b: int(a <= b),
        ">": lambda a, b: int(a > b),
        ">=": lambda a, b: int(a >= b),
        "+": lambda a, b: a + b,
        "-": lambda a, b: a - b,
        "*": lambda a, b: a * b,
        "/": lambda a, b: a // b,
        "%": lambda a, b: a % b,
    }
    if op == "||":
        return lambda n: int(bool(left(n)) or bool(right(n)))
    if op == "&&":
        return lambda n: int(bool(left(n)) and bool(right(n)))
    operation = operations[op]
    return lambda n: operation(left(n), right(n))


class _PluralParser:
    """Recursive descent over the tokens of a plural rule."""

    def __init__(self, tokens: list[str], expression: str) -> None:
        self.tokens = tokens
        self.pos = 0
        self.expression = expression

    def _peek(self) -> str | None:
        return self.tokens[self.pos] if self.pos < len(self.tokens) else None

    def _take(self, token: str) -> None:
        if self._peek() != token:
            raise CatalogError(
                "error-plural-forms", f"expected {token!r} in the plural rule {self.expression!r}", rule=self.expression
            )
        self.pos += 1

    def ternary(self) -> _Rule:
        condition = self.binary(0)
        if self._peek() != "?":
            return condition
        self.pos += 1
        yes = self.ternary()
        self._take(":")
        no = self.ternary()
        return lambda n: yes(n) if condition(n) else no(n)

    def binary(self, level: int) -> _Rule:
        if level == len(_BINARY):
            return self.unary()
        left = self.binary(level + 1)
        while self._peek() in _BINARY[level]:
            op = self.tokens[self.pos]
            self.pos += 1
            left = _apply(op, left, self.binary(level + 1))
        return left

    def unary(self) -> _Rule:
        token = self._peek()
        if token == "!":
            self.pos += 1
            inner = self.unary()
            return lambda n: int(not inner(n))
        if token == "(":
            self.pos += 1
            inner = self.ternary()
            self._take(")")
            return inner
        if token == "n":
            self.pos += 1
            return lambda n: n
        if token is not None and token.isdigit():
            self.pos += 1
            value = int(token)
            return lambda n: value
        raise CatalogError(
            "error-plural-forms", f"unexpected {token!r} in the plural rule {self.expression!r}", rule=self.expression
        )


_PLURAL_FORMS = re.compile(r"^\s*nplurals\s*=\s*(\d+)\s*;\s*plural\s*=\s*(.+?)\s*;?\s*$")


def read_po(text: str, source: str = "<po>") -> PoFile:
    """A PO text as a checked :class:`PoFile`: header with UTF-8 and Plural-Forms, forms per entry."""
    header, entries = parse_po(text, source)
    content_type = header.get("Content-Type", "")
    if "charset=utf-8" not in content_type.lower().replace(" ", ""):
        raise PoSyntaxError(
            "error-po-syntax", f"{source}: the header must say Content-Type charset=UTF-8", where=source
        )
    forms = header.get("Plural-Forms")
    match = _PLURAL_FORMS.match(forms or "")
    if not match:
        raise PoSyntaxError(
            "error-po-syntax",
            f"{source}: the header needs 'Plural-Forms: nplurals=N; plural=EXPR;', not {forms!r}",
            where=source,
        )
    nplurals = int(match.group(1))
    rule = compile_plural(match.group(2))
    for entry in entries:
        if entry.msgid_plural is not None and len(entry.msgstr) != nplurals:
            raise PoSyntaxError(
                "error-po-syntax",
                f"{source}:{entry.line}: {_show(entry.key)} has {len(entry.msgstr)} plural forms; "
                f"the header says nplurals={nplurals}",
                where=source,
            )
    return PoFile(source, header, nplurals, rule, {entry.key: entry for entry in entries})


def placeholders(text: str) -> set[str]:
    """The named placeholders of a format string: ``{seat} takes {n}`` -> {seat, n}."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


# --- compiled catalogs, made by Babel ------------------------------------------


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


def locale_file(lang: str, suffix: str) -> Traversable:
    """``locale/<lang><suffix>`` in the package (``.po`` the source, ``.mo`` the compiled catalog)."""
    if lang not in LANGUAGES:
        raise CatalogError(
            "error-language", f"no messages in {lang!r}; languages are: {', '.join(LANGUAGES)}", lang=lang
        )
    return resources.files("accessible_cards").joinpath("locale", f"{lang}{suffix}")


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


def read_source(lang: str) -> BabelCatalog:
    """``locale/<lang>.po`` as Babel reads it; a malformed line raises CatalogError naming it."""
    from babel.messages.pofile import PoFileError, read_po

    with locale_file(lang, ".po").open("rb") as stream:
        try:
            return read_po(stream, locale=lang, abort_invalid=True)
        except PoFileError as error:
            reason = str(error).removesuffix(f" on {error.lineno}")  # Babel counts lines from 0
            where = f"locale/{lang}.po:{error.lineno + 1}"
            raise CatalogError("error-catalog", f"{where}: {reason}: {error.line.strip()!r}", lang=lang) from error


def compile_catalog(lang: str) -> bytes:
    """``locale/<lang>.po`` compiled to ``.mo`` bytes, as ``pybabel compile`` does (fuzzy entries left out)."""
    from babel.messages.mofile import write_mo

    catalog = read_source(lang)
    problems = [f"{message.id!r}: {error}" for message, errors in catalog.check() for error in errors]
    if problems:
        raise CatalogError("error-catalog", f"locale/{lang}.po: {'; '.join(problems)}", lang=lang)
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    return buffer.getvalue()


# --- catalogs ------------------------------------------------------------------


@functools.cache
def load_po(lang: str) -> PoFile:
    """The catalog file of ``lang``, parsed once and cached."""
    if lang not in LANGUAGES:
        raise CatalogError(
            "error-language", f"no messages in {lang!r}; languages are: {', '.join(LANGUAGES)}", lang=lang
        )
    source = f"locale/{lang}.po"
    text = resources.files("accessible_cards").joinpath("locale", f"{lang}.po").read_text(encoding="utf-8")
    po = read_po(text, source)
    said = po.header.get("Language")
    if said != lang:
        raise PoSyntaxError(
            "error-po-syntax", f"{source}: header says Language {said!r}, expected {lang!r}", where=source
        )
    return po


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

    __slots__ = ("_po", "lang", "strict")

    def __init__(self, lang: str = SOURCE_LANGUAGE, *, strict: bool | None = None) -> None:
        self.lang = lang
        self._po = load_po(lang)
        self.strict = strict_default() if strict is None else strict

    def __repr__(self) -> str:
        return f"Catalog({self.lang!r})"

    def __iter__(self) -> Iterator[PoEntry]:
        return iter(self._po.entries.values())

    def _find(self, key: Key, plural: str | None) -> tuple[PoEntry, PoFile] | None:
        for po in (self._po, load_po(SOURCE_LANGUAGE)):
            entry = po.entries.get(key)
            if entry is not None and entry.msgid_plural == plural and all(entry.msgstr):
                return entry, po
            if self.strict:
                why = "has no" if entry is None else "has a wrong or empty"
                raise MissingMessageError(
                    "error-message-missing",
                    f"catalog {self.lang!r} {why} entry for {_show(key)}"
                    + (f" with msgid_plural {plural!r}" if plural is not None else ""),
                    lang=self.lang,
                    msgid=key[1],
                )
        return None

    def text(self, msgid: str, msgctxt: str | None = None, **params: Any) -> str:
        """The message ``msgid`` in this language, its ``{name}`` placeholders filled from ``params``."""
        found = self._find((msgctxt, msgid), None)
        template = msgid if found is None else found[0].msgstr[0]
        return template.format_map(params)

    def plural(self, msgid: str, msgid_plural: str, n: int, msgctxt: str | None = None, **params: Any) -> str:
        """The form of ``msgid``/``msgid_plural`` for count ``n`` (available as ``{n}``)."""
        found = self._find((msgctxt, msgid), msgid_plural)
        if found is None:
            template = msgid if n == 1 else msgid_plural
        else:
            entry, po = found
            index = po.plural(n)
            if not 0 <= index < len(entry.msgstr):
                raise CatalogError(
                    "error-plural-forms", f"{po.source}: the plural rule gave form {index} for n={n}", n=n
                )
            template = entry.msgstr[index]
        return template.format_map({"n": n, **params})
