"""Issue 6: every card table passes ``lou_checktable``; a ``lou_checkyaml`` file per table covers every card.

The tables are generated from :mod:`accessible_cards.braille.schemes`; a test checks that the files
in ``braille_tables/`` are what the generator writes, so the two never drift apart.
"""

from __future__ import annotations

import os
import shutil
import subprocess

import pytest

from accessible_cards.braille import louis
from accessible_cards.braille.schemes import SCHEMES, Scheme, table_text, tables_dir

TOOLS = pytest.mark.skipif(
    shutil.which("lou_checktable") is None or shutil.which("lou_checkyaml") is None,
    reason="liblouis-bin is not installed",
)


def _run(*command: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, LOUIS_TABLEPATH=louis.table_path())
    return subprocess.run(command, cwd=tables_dir(), env=env, capture_output=True, text=True, timeout=60)


@TOOLS
@pytest.mark.parametrize("scheme", SCHEMES.values(), ids=list(SCHEMES))
def test_lou_checktable(scheme: Scheme) -> None:
    """``lou_checktable`` exits 0 for the table alone and in front of each language table."""
    done = _run("lou_checktable", scheme.table)
    assert done.returncode == 0, done.stdout + done.stderr
    for table in {t for grades in louis.GRADES.values() for t in grades.values()}:
        done = _run("lou_checktable", f"{scheme.table},{table}")
        assert done.returncode == 0, table + done.stdout + done.stderr


@TOOLS
@pytest.mark.parametrize("scheme", SCHEMES.values(), ids=list(SCHEMES))
def test_lou_checkyaml(scheme: Scheme) -> None:
    """``lou_checkyaml`` passes the scheme's YAML: every card, with every language table, and a few lines."""
    yaml = scheme.table.replace(".uti", ".yaml")
    done = _run("lou_checkyaml", yaml)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "0 failures" in done.stdout + done.stderr


@pytest.mark.parametrize("scheme", SCHEMES.values(), ids=list(SCHEMES))
def test_yaml_covers_every_card_and_sentences(scheme: Scheme) -> None:
    """Each table section of the YAML lists every card of the pack with the scheme's cells, and sentences."""
    text = (tables_dir() / scheme.table.replace(".uti", ".yaml")).read_text(encoding="utf-8")
    sections = text.split("table: ")[1:]
    assert len(sections) >= 2
    for section in sections:
        assert section.startswith(f"[{scheme.table}, ")
        for card in scheme.cards():
            assert f"  - [{card.code}, {scheme.cells(card)}]" in section
        assert section.count('  - ["') >= 2


@pytest.mark.parametrize("scheme", SCHEMES.values(), ids=list(SCHEMES))
def test_tables_are_generated_from_the_schemes(scheme: Scheme) -> None:
    """``python -m accessible_cards.braille.schemes`` writes exactly the files in braille_tables/."""
    assert (tables_dir() / scheme.table).read_text(encoding="utf-8") == table_text(scheme)


def test_readme_names_every_table() -> None:
    """braille_tables/README.md stays up to date."""
    readme = (tables_dir() / "README.md").read_text(encoding="utf-8")
    for scheme in SCHEMES.values():
        assert scheme.table in readme
        assert scheme.table.replace(".uti", ".yaml") in readme
