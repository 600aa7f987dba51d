"""Compile the message catalogs, every ``locale/<lang>.po`` to ``<lang>.mo``, with Babel.

The catalogs are the shared one (``accessible_cards/locale/``), each registered
game's (``<game package>/locale/``, found through the registry) and the tests'
High Card game's (``tests/highcard/locale/``, which joins the registry as a game
outside the package does). The program reads only the ``.mo`` files at start
(with the standard ``gettext``), so run ``.venv/bin/python scripts/compile_catalogs.py``
after editing a ``.po``. A ``.mo`` is written only when its messages or plural
rule change, so compiling again leaves the committed files alone; ``--check``
only lists the ``.mo`` files that are out of date (exit status 1 if any).
``tests/test_i18n.py`` fails while a ``.mo`` says anything else than a fresh
compile of its ``.po``.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Final

from accessible_cards.game import GAMES_ENV
from accessible_cards.i18n import LANGUAGES, CatalogError, catalog_packages, compile_catalog, locale_file, mo_content

ROOT: Final = Path(__file__).resolve().parents[1]
TESTS_GAMES: Final = ("highcard",)
"""The tests' own games (under ``tests/``), whose catalogs are compiled too."""


def packages() -> tuple[str, ...]:
    """The packages with a catalog: the shared one, every registered game's, and the tests' games'."""
    sys.path.insert(0, str(ROOT / "tests"))
    os.environ[GAMES_ENV] = ",".join(filter(None, [os.environ.get(GAMES_ENV, ""), *TESTS_GAMES]))
    return catalog_packages()


def stale() -> dict[Path, bytes]:
    """The ``.mo`` files that differ from a fresh compile of their ``.po``, with the fresh bytes."""
    out: dict[Path, bytes] = {}
    for package in packages():
        for lang in LANGUAGES:
            path = Path(str(locale_file(lang, ".mo", package)))
            fresh = compile_catalog(lang, package)
            if not path.is_file() or mo_content(path.read_bytes()) != mo_content(fresh):
                out[path] = fresh
    return out


def main(argv: list[str] | None = None) -> int:
    """Write the out-of-date ``.mo`` files (or, with ``--check``, list them)."""
    parser = argparse.ArgumentParser(description="Compile every catalog's locale/*.po to .mo files.")
    parser.add_argument("--check", action="store_true", help="only list the .mo files that are out of date")
    args = parser.parse_args(argv)
    try:
        old = stale()
    except CatalogError as error:
        print(error, file=sys.stderr)
        return 2
    for path, data in old.items():
        if args.check:
            print(f"out of date: {path.relative_to(ROOT)}")
        else:
            path.write_bytes(data)
            print(f"wrote {path.relative_to(ROOT)}")
    return 1 if args.check and old else 0


if __name__ == "__main__":
    sys.exit(main())
