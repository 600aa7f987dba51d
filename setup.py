"""The wheel carries the files the program reads that live outside the package in the source tree.

``pyproject.toml`` holds the project's metadata; this file only adds one step
to the build: ``braille_tables/`` (our liblouis tables) and ``docs/lessons/``
(the lesson scenarios and their pages) are copied into the built package as
``accessible_cards/data/``, where ``accessible_cards.package_data`` finds
them. An editable install reads them where they are.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
DATA = {
    "braille_tables": ("braille_tables", ("*.uti", "*.yaml", "README.md")),
    "lessons": ("docs/lessons", ("*.json", "*.md")),
}


class BuildWithData(build_py):
    """``build_py`` that also copies the top-level data folders into the built package."""

    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return
        for name, (source, patterns) in DATA.items():
            target = Path(self.build_lib) / "accessible_cards" / "data" / name
            target.mkdir(parents=True, exist_ok=True)
            for pattern in patterns:
                for path in sorted((HERE / source).glob(pattern)):
                    shutil.copyfile(path, target / path.name)


setup(cmdclass={"build_py": BuildWithData})
