"""The ``braille``, ``emboss`` and ``doctor`` pieces of the command line, for ``accessible_cards.cli`` to wire in.

- ``accessible-cards braille TEXT [--lang L] [--table T]`` prints Unicode braille;
  ``accessible-cards braille --card 7H [--lang L] [--deck D] [--scheme S]`` prints a card's cells.
- ``accessible-cards emboss rules GAME [--lang L] --output FILE.brf`` writes BRF and a print twin;
  ``emboss scores SAVEFILE`` a saved game's score sheet as a table.
- :func:`braille_report` gives ``doctor`` one row per braille component.
"""

from __future__ import annotations

import argparse
import errno
import os
import sys
from pathlib import Path
from typing import Any, TextIO

from ..cards import DeckKind, deck
from ..errors import CardsError
from ..game import ScoreSheet
from ..i18n import LANGUAGES
from . import louis
from .schemes import SCHEMES, scheme_for, tables_dir

_TABLE_CHOICES = [name for grades in louis.GRADES.values() for name in grades]
_DECKS = [kind.value for kind in DeckKind if kind is not DeckKind.NUMBERS]


def add_braille_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Add ``braille`` to the sub-command parsers (the object ``add_subparsers`` returned)."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "braille", help="print the braille of a text or a card, as Unicode braille, for checking"
    )
    parser.add_argument("text", nargs="*", metavar="TEXT", help="the text (a braille line, e.g. 'You win 7H v TS')")
    parser.add_argument("--card", metavar="CODE", help="print one card's two cells instead (e.g. 7H, TS)")
    parser.add_argument("--lang", choices=list(LANGUAGES), default="en", help="the language (en, de)")
    parser.add_argument("--table", choices=_TABLE_CHOICES, default=None, help="the braille table (grade)")
    parser.add_argument("--deck", choices=_DECKS, default="french52", help="the pack the card codes belong to")
    parser.add_argument(
        "--scheme", choices=["en", "de"], default=None, help="French-pack card letters (default: the language's)"
    )
    return parser


def run_braille(args: argparse.Namespace, out: TextIO | None = None) -> int:
    """Run ``braille``: 0 on success, 1 when liblouis is missing, 2 on a bad card or empty text."""
    stream = out or sys.stdout
    if args.card:
        try:
            card = deck(args.deck).parse(args.card)
        except CardsError as error:
            print(error, file=sys.stderr)
            return 2
        text = card.code
        chosen = scheme_for(args.lang, args.deck, args.scheme)
        if chosen is not None:
            letters = chosen.letters(card)
            print(f"{card.code}: letters {letters[0]} {letters[1]} ({chosen.table})", file=stream)
    else:
        text = " ".join(args.text)
        if not text:
            print("Give a text or --card CODE.", file=sys.stderr)
            return 2
    cells = louis.to_unicode(text, args.lang, args.table, args.deck, args.scheme)
    if cells is None:
        print(f"accessible-cards: {braille_off(args.lang)}", file=sys.stderr)
        return 1
    print(cells, file=stream)
    return 0


def games_in_words() -> str:
    """What GAME may be, in words: every game's name, then "a NAME preset" for each game with presets."""
    from .. import game as registry

    words = [*registry.names(), *(f"a {game.name} preset" for game in registry.registered() if game.variants)]
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"


def add_emboss_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Add ``emboss`` to the sub-command parsers."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "emboss", help="write BRF for an embosser (and a print twin .txt): emboss rules GAME --output FILE.brf"
    )
    parser.add_argument(
        "what",
        choices=["rules", "keys", "history", "scores"],
        help="what to emboss: rules or keys (the keyboard reference) of a game, the history or the score sheet "
        "of a saved game",
    )
    parser.add_argument("name", metavar="GAME|SAVEFILE", help=f"{games_in_words()}; for history, a saved game's file")
    parser.add_argument("--output", "-o", required=True, metavar="FILE.brf", help="the BRF file to write")
    parser.add_argument("--lang", choices=list(LANGUAGES), default="en", help="the language (en, de)")
    parser.add_argument("--table", choices=_TABLE_CHOICES, default=None, help="the braille table (grade)")
    parser.add_argument("--width", type=int, default=40, metavar="CELLS", help="cells per line (default 40)")
    parser.add_argument("--height", type=int, default=25, metavar="LINES", help="lines per page (default 25)")
    return parser


def run_emboss(
    args: argparse.Namespace, out: TextIO | None = None, markdown: str | None = None, sheet: ScoreSheet | None = None
) -> int:
    """Run ``emboss``: 0 on success, 1 when liblouis is missing, 2 on a bad game, size or path.

    ``markdown`` is the text to emboss when it is not a rules page (the keyboard reference); ``sheet`` a
    score sheet, embossed as a table.
    """
    from .emboss import emboss, emboss_table, markdown_paragraphs, rules_markdown, write_brf

    stream = out or sys.stdout
    try:
        if sheet is not None:
            embossed = emboss_table(sheet, args.lang, args.table, args.width, args.height)
        else:
            if markdown is None:
                markdown = rules_markdown(args.name, args.lang)
            embossed = emboss(markdown_paragraphs(markdown), args.lang, args.table, args.width, args.height)
    except (ValueError, OSError) as error:
        print(error, file=sys.stderr)
        return 2
    if embossed is None:
        print(f"accessible-cards: {braille_off(args.lang)}", file=sys.stderr)
        return 1
    try:
        brf, twin = write_brf(embossed, Path(args.output))
    except OSError as error:
        print(f"accessible-cards: {write_failed(error, args.output, args.lang)}", file=sys.stderr)
        return 1
    from ..i18n import Catalog

    wrote = Catalog(args.lang or "en").plural(
        "Wrote {brf} ({n} braille page) and its print twin {twin}.",
        "Wrote {brf} ({n} braille pages) and its print twin {twin}.",
        len(embossed.pages),
        brf=str(brf),
        twin=str(twin),
    )
    print(wrote, file=stream)
    return 0


def braille_off(lang: str) -> str:
    """One sentence on why braille cannot be made here: its tables are missing, or liblouis is."""
    missing = louis.missing_tables()
    if missing is None:
        return louis.unavailable_reason() or "Braille is off."
    from ..i18n import Catalog

    return Catalog(lang).text(
        "The braille tables {tables} are missing: install the Debian package liblouis-data, "
        "or reinstall the game for its braille_tables folder, then run make setup.",
        tables=", ".join(missing),
    )


def write_failed(error: OSError, path: str, lang: str) -> str:
    """One sentence, in ``lang``, on why the braille file ``path`` could not be written (none of it is left)."""
    from ..i18n import Catalog

    t = Catalog(lang).text
    shown = "".join(character for character in path if character.isprintable())
    shown = shown if len(shown) <= 120 else "…" + shown[-119:]
    if error.errno in (errno.ENOSPC, errno.EDQUOT):
        return t("The braille file {path} could not be written: no space is left on the disk.", path=shown)
    return t("The braille file {path} could not be written (system error {number}).", path=shown, number=error.errno)


def braille_report() -> list[tuple[str, bool, str, str]]:
    """For ``doctor``: (component, working, reason, fix) for liblouis, our card tables, BrlAPI and BRLTTY."""
    rows: list[tuple[str, bool, str, str]] = []
    version = louis.version()
    if version is None:
        rows.append(("liblouis", False, louis.unavailable_reason() or "not loaded", "install liblouis20 python3-louis"))
    else:
        rows.append(("liblouis", True, f"liblouis {version}", ""))
    missing = [s.table for s in SCHEMES.values() if not (tables_dir() / s.table).exists()]
    if missing:
        rows.append(("card tables", False, f"missing in {tables_dir()}: {', '.join(missing)}", "reinstall the project"))
    elif version is not None:
        cells = louis.to_unicode("7H", "en")
        working = cells == "⠛⠓"
        rows.append(("card tables", working, f"7H -> {cells}", "" if working else "check LOUIS_TABLEPATH"))
    try:
        import brlapi
    except ImportError:
        rows.append(("BrlAPI", False, "python3-brlapi is not importable", "install brltty python3-brlapi; make setup"))
        return rows
    rows.append(("BrlAPI", True, f"BrlAPI {'.'.join(map(str, brlapi.getLibraryVersion()))}", ""))
    host = os.environ.get("BRLAPI_HOST")
    try:
        connection = brlapi.Connection(*([host.encode()] if host else []))
        columns, lines = connection.displaySize
        driver = connection.driverName  # bytes, from the binding
        connection.closeConnection()
    except Exception as error:  # brlapi.ConnectionError: BRLTTY not running or no display
        reason = " ".join(str(error).split())
        rows.append(("BRLTTY", False, f"no braille display reachable ({reason})", "start brltty with your display"))
        return rows
    name = driver.decode("utf-8", "replace") if isinstance(driver, bytes) else str(driver)
    if name == "NoBraille" or columns * lines == 0:
        rows.append(
            (
                "BRLTTY",
                False,
                f"BRLTTY runs but has no braille display (driver {name})",
                "plug in and switch on the display; if BRLTTY does not find it, name its driver in /etc/brltty.conf",
            )
        )
    else:
        rows.append(("BRLTTY", True, f"display {name}, {columns} cells", ""))
    return rows


def _main(argv: list[str] | None = None) -> int:
    """Run the braille commands alone (``python -m accessible_cards.braille.cli braille ...``)."""
    parser = argparse.ArgumentParser(prog="accessible-cards")
    subparsers = parser.add_subparsers(dest="command", required=True)
    add_braille_parser(subparsers)
    add_emboss_parser(subparsers)
    subparsers.add_parser("doctor", help="check the braille components")
    args = parser.parse_args(argv)
    if args.command == "braille":
        return run_braille(args)
    if args.command == "emboss":
        return run_emboss(args)
    for component, working, reason, fix in braille_report():
        print(f"{component}: {'ok' if working else 'NOT WORKING'} - {reason}" + (f" (fix: {fix})" if fix else ""))
    return 0


if __name__ == "__main__":
    sys.exit(_main())
