"""What ``make setup`` promises is there: in CI every speech and braille test must run, not skip."""

from __future__ import annotations

import importlib
import os
import shutil
from pathlib import Path

import pytest

PROGRAMS = ("espeak-ng", "speech-dispatcher", "brltty", "lou_translate", "lou_checktable", "lou_checkyaml", "aplay")
MODULES = ("louis", "brlapi", "speechd", "pyttsx3", "prompt_toolkit", "platformdirs")

on_ci = pytest.mark.skipif(
    os.environ.get("CI") != "true", reason="a developer's machine may lack parts on purpose; CI must not"
)


@on_ci
@pytest.mark.parametrize("program", PROGRAMS)
def test_the_debian_programs_are_installed(program: str) -> None:
    assert shutil.which(program), f"{program} is missing: scripts/setup.sh should install it"


@on_ci
@pytest.mark.parametrize("module", MODULES)
def test_the_python_modules_import_in_the_venv(module: str) -> None:
    importlib.import_module(module)


def test_setup_links_the_debian_modules_it_finds() -> None:
    """The .pth file names the folder of links, and every link in it points at a module that exists."""
    import sysconfig

    pth = Path(sysconfig.get_paths()["purelib"]) / "debian-modules.pth"
    if not pth.exists():
        pytest.fail("debian-modules.pth is missing: run make setup")
    folder = Path(pth.read_text(encoding="utf-8").strip())
    links = list(folder.iterdir())
    assert any(link.name == "louis" for link in links)
    assert all(link.resolve().exists() for link in links)


def test_setup_is_idempotent_and_says_what_it_does() -> None:
    """A second run installs nothing and says so in plain lines."""
    import subprocess

    root = Path(__file__).resolve().parents[1]
    result = subprocess.run(["bash", "scripts/setup.sh"], cwd=root, capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert all(line.startswith("setup: ") for line in lines), lines
    assert "setup: package installed in .venv" in lines
    assert lines[-1] == "setup: ready"
