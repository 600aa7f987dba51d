"""Which catalog each sentence belongs in, from where the code uses it; ``--check`` lists the misplaced ones.

A sentence (msgid, with its msgctxt) used only by one game's package belongs in that game's catalog
(``<game package>/locale/``); one used by the shared layers, or by two games or more, in the shared
catalog (``accessible_cards/locale/``). The tests' High Card game (``tests/highcard``) keeps a copy of a
game's sentence it uses too, so that it needs no other game's catalog. Where a sentence is used is found
from the string constants of the Python sources: the files that hold its msgid (or its plural) and, when it
has one, its msgctxt. A sentence no constant names (one put together from parts, such as ``f"a red {rank}"``)
is left where it is.
"""

from __future__ import annotations

import argparse
import ast
import sys
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path
from typing import Final

from babel.messages.pofile import read_po

ROOT: Final = Path(__file__).resolve().parents[1]
SHARED: Final = "shared"
HIGH_CARD: Final = "highcard"
LANG: Final = "en"
"""The catalogs of a package hold the same keys (``tests/test_i18n.py``): the English one says where each is."""


def catalogs(root: Path = ROOT) -> dict[str, Path]:
    """Each catalog's owner (``shared``, a game's folder name, ``highcard``) and its ``locale`` folder."""
    found = {SHARED: root / "accessible_cards" / "locale", HIGH_CARD: root / "tests" / "highcard" / "locale"}
    for folder in sorted((root / "accessible_cards" / "games").glob("*/locale")):
        found[folder.parent.name] = folder
    return found


def _owner(root: Path, path: Path) -> str | None:
    parts = path.relative_to(root).parts
    if parts[:2] == ("tests", HIGH_CARD):
        return HIGH_CARD
    if parts[:2] == ("accessible_cards", "games") and len(parts) > 3:
        return parts[2]
    return SHARED if parts[0] == "accessible_cards" else None


def _sources(root: Path) -> Iterator[Path]:
    yield from (root / "accessible_cards").rglob("*.py")
    yield from (root / "tests" / HIGH_CARD).rglob("*.py")


def constants(root: Path = ROOT) -> dict[str, set[Path]]:
    """Every string constant of the sources, with the files that hold it."""
    files: dict[str, set[Path]] = defaultdict(set)
    for path in _sources(root):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                files[node.value].add(path)
    return files


def wanted(root: Path, files: dict[str, set[Path]], context: str | None, ids: tuple[str, ...]) -> set[str] | None:
    """The catalogs a sentence belongs in; None when no constant names it."""
    holding = set().union(*(files.get(text, set()) for text in ids))
    if context is not None:
        holding &= files.get(context, set())
    owners = {owner for owner in (_owner(root, path) for path in holding) if owner is not None}
    if not owners:
        return None
    games = owners - {SHARED, HIGH_CARD}
    if SHARED in owners or len(games) > 1:
        return {SHARED}
    into = set(games) if games else {HIGH_CARD}
    if HIGH_CARD in owners:
        into.add(HIGH_CARD)
    return into


def misplaced(root: Path = ROOT) -> list[str]:
    """Every sentence not in the catalogs it belongs in, as a line: the sentence, where it is, where it belongs."""
    files = constants(root)
    where: dict[tuple[str | None, tuple[str, ...]], set[str]] = defaultdict(set)
    for name, folder in catalogs(root).items():
        with (folder / f"{LANG}.po").open("rb") as stream:
            for message in read_po(stream, locale=LANG):
                if message.id:
                    ids = (message.id,) if isinstance(message.id, str) else tuple(message.id)
                    where[(message.context, ids)].add(name)
    out = []
    for (context, ids), now in where.items():
        into = wanted(root, files, context, ids)
        if into is not None and into != now:
            shown = repr(ids[0]) + (f" (msgctxt {context!r})" if context is not None else "")
            out.append(f"{shown}: in {', '.join(sorted(now))}; belongs in {', '.join(sorted(into))}")
    return sorted(out)


def unnamed(root: Path = ROOT) -> list[tuple[str, str | None, str]]:
    """Every entry no string constant of the code names, as (catalog, msgctxt, msgid): put together from parts
    (a card with its article), a setting's list of values, or said by no code at all."""
    files = constants(root)
    out = []
    for name, folder in catalogs(root).items():
        with (folder / f"{LANG}.po").open("rb") as stream:
            for message in read_po(stream, locale=LANG):
                if message.id:
                    ids = (message.id,) if isinstance(message.id, str) else tuple(message.id)
                    if wanted(root, files, message.context, ids) is None:
                        out.append((name, message.context, ids[0]))
    return out


def main(argv: list[str] | None = None) -> int:
    """List the misplaced sentences (exit status 1 if any)."""
    parser = argparse.ArgumentParser(description="List the catalog entries that are not in the catalog of their code.")
    parser.parse_args(argv)
    lines = misplaced()
    for line in lines:
        print(line)
    return 1 if lines else 0


if __name__ == "__main__":
    sys.exit(main())
