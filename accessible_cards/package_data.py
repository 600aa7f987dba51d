"""Where the program finds the files it reads that live outside the package in the source tree.

``braille_tables/`` (our liblouis card tables) and ``docs/lessons/`` (the
lesson scenarios) sit at the top of the project, where people edit them. A
wheel carries copies of them inside the package, under ``accessible_cards/data/``
(``setup.py`` puts them there when it builds). The installed program reads
those; a checkout, and an editable install of it, read the top-level folders.
"""

from __future__ import annotations

from pathlib import Path
from typing import Final

PACKAGE: Final = Path(__file__).resolve().parent
PROJECT: Final = PACKAGE.parent


def braille_tables() -> Path:
    """The folder of our liblouis tables: the wheel's copy, else ``braille_tables/`` of the checkout."""
    return _first(PACKAGE / "data" / "braille_tables", PROJECT / "braille_tables")


def lessons() -> Path:
    """The folder of the lesson scenarios: the wheel's copy, else ``docs/lessons/`` of the checkout."""
    return _first(PACKAGE / "data" / "lessons", PROJECT / "docs" / "lessons")


def lesson_names() -> list[str]:
    """The names of the lessons there are (``war-with-a-war``), sorted."""
    return sorted(path.stem for path in lessons().glob("*.json"))


def scenario_path(given: str) -> str:
    """The file ``--scenario`` means: ``given`` when it names a file, else the lesson of that name, if there is one.

    ``war-with-a-war`` and ``war-with-a-war.json`` both name a lesson; a path
    that is not a file and not a lesson is returned as it was, so that the
    scenario reader says what is wrong with it.
    """
    if Path(given).is_file():
        return given
    name = given.removesuffix(".json")
    if name and "/" not in name and "\\" not in name and name in lesson_names():
        return str(lessons() / f"{name}.json")
    return given


def _first(*folders: Path) -> Path:
    for folder in folders:
        if folder.is_dir():
            return folder
    return folders[-1]
