"""The program as someone gets it with pip or pipx: a wheel built from this checkout, in a clean venv.

The venv has no system site packages, so none of Debian's Python modules
(liblouis' ``louis``, ``brlapi``, ``speechd``) is there, and its working
folder is not the checkout, so nothing is read from the source tree. In it:

- the wheel carries everything the program reads (rules pages, catalogs,
  braille tables, lessons), and the installed program finds each one in
  its own package;
- a short game of each kind (War, Stealing Bundles, Stiche-Raten, Klondike)
  is played in a pseudo-terminal in English and in German;
- ``doctor`` names each missing part in one sentence with the way to get it.

The wheel (with the wheels of its dependencies, from pip's cache or the
index) is built once for each state of the source and kept under
``.venv/wheel-cache/<hash of the source>/``, so a second run only makes the
venv and installs into it with ``--no-index``: no network. The first build
needs the build backend (setuptools) from pip's cache or the index, as any
``pip wheel`` does.
"""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pexpect
import pytest
from terminal_support import Player, assert_clean
from test_ohhell_terminal import WORDS as OHHELL_WORDS

pytestmark = pytest.mark.terminal  # the installed program in pseudo-terminals: make test runs it, test-fast does not

ROOT = Path(__file__).resolve().parents[1]
SOURCES = (
    "pyproject.toml",
    "setup.py",
    "MANIFEST.in",
    "README.md",
    "accessible_cards",
    "braille_tables",
    "docs/lessons",
)
"""What the wheel is built from: its hash names the cached build."""
CACHE = ROOT / ".venv" / "wheel-cache"


def source_hash() -> str:
    """A hash of every file the wheel is built from (compiled Python left out)."""
    digest = hashlib.sha256()
    for name in SOURCES:
        path = ROOT / name
        files = [path] if path.is_file() else sorted(p for p in path.rglob("*") if p.is_file())
        for file in files:
            if "__pycache__" in file.parts or file.suffix == ".pyc":
                continue
            digest.update(str(file.relative_to(ROOT)).encode() + b"\0" + file.read_bytes() + b"\0")
    return digest.hexdigest()[:20]


def built_wheels() -> tuple[Path, float]:
    """The folder with the project's wheel and its dependencies' wheels (built when missing); seconds it took.

    Test processes running side by side (pytest-xdist) take turns by a lock on a file beside the cache:
    the first builds, the others find its build.
    """
    import fcntl

    CACHE.parent.mkdir(parents=True, exist_ok=True)
    with open(CACHE.parent / "wheel-cache.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # freed when the file closes, or its process ends
        return _build_wheels()


def _build_wheels() -> tuple[Path, float]:
    folder = CACHE / source_hash()
    if any(folder.glob("accessible_cards-*.whl")) and (folder / "complete").is_file():
        return folder, 0.0
    started = time.monotonic()
    if CACHE.is_dir():
        for old in CACHE.iterdir():  # a build of an older state of the source
            shutil.rmtree(old, ignore_errors=True)
    building = folder.with_name(folder.name + ".part")
    shutil.rmtree(building, ignore_errors=True)
    building.mkdir(parents=True)
    # built from a copy of the sources: an in-tree build would leave build/ in the checkout, and a module
    # deleted since an earlier build would still be in build/lib and so in the wheel
    source = building / "source"
    for name in SOURCES:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, source / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        else:
            (source / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(ROOT / name, source / name)
    run([sys.executable, "-m", "pip", "wheel", "--quiet", "--wheel-dir", str(building), str(source)], building)
    shutil.rmtree(source)
    (building / "complete").write_text("", encoding="utf-8")
    building.rename(folder)
    return folder, time.monotonic() - started


def run(command: list[str], cwd: Path, env: dict[str, str] | None = None) -> str:
    """Run a command; its output, or a failure that shows it."""
    result = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, timeout=600, check=False)
    assert result.returncode == 0, (
        f"{' '.join(command)} failed ({result.returncode}):\n{result.stdout}\n{result.stderr}"
    )
    return result.stdout


@dataclass(frozen=True)
class Installed:
    """The clean venv with the wheel installed, and the environment to run its program in."""

    venv: Path
    home: Path
    env: dict[str, str]
    wheels: Path

    @property
    def python(self) -> Path:
        return self.venv / "bin" / "python"

    @property
    def program(self) -> Path:
        return self.venv / "bin" / "accessible-cards"

    def run(self, *args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [str(self.program), *args], cwd=self.home, env=self.env, capture_output=True, text=True, timeout=60
        )

    def python_says(self, code: str) -> str:
        return run([str(self.python), "-c", code], self.home, self.env)


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Installed]:
    """The wheel installed into a new venv without system site packages, from local wheels only."""
    wheels, seconds = built_wheels()
    print(f"wheel: {f'built in {seconds:.1f} s' if seconds else 'cached'} ({wheels.name})")
    base = tmp_path_factory.mktemp("clean")
    venv = base / "venv"
    home = base / "home"
    home.mkdir()
    interpreter = getattr(sys, "_base_executable", sys.executable)
    run([interpreter, "-m", "venv", "--without-pip", str(venv)], base)
    run(
        [
            sys.executable,
            "-m",
            "pip",
            "--python",
            str(venv / "bin" / "python"),
            "install",
            "--quiet",
            "--no-index",
            "--find-links",
            str(wheels),
            "accessible-cards",
        ],
        base,
    )
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("PYTHON", "ACCESSIBLE_CARDS_", "VIRTUAL_ENV", "LOUIS_", "SPEECHD_", "BRLAPI_"))
    }
    env.update(
        {
            "HOME": str(home),
            "PATH": f"{venv / 'bin'}{os.pathsep}{os.environ.get('PATH', '')}",
            "ACCESSIBLE_CARDS_CONFIG_DIR": str(home / "config"),
            "ACCESSIBLE_CARDS_DATA_DIR": str(home / "data"),
            "LANG": "C.UTF-8",
        }
    )
    yield Installed(venv, home, env, wheels)


def start(players: list[Player], installed: Installed, *args: str) -> Player:
    """A person at the keyboard of a real terminal running the installed program (not the checkout's)."""
    player = Player(
        list(args),
        installed.home / "config",
        program=[str(installed.program)],
        cwd=installed.home,
        base_env=installed.env,
    )
    players.append(player)
    return player


# --- what the venv holds ---------------------------------------------------------------------------


def test_the_venv_is_clean_and_the_program_is_the_installed_one(installed: Installed) -> None:
    said = installed.python_says(
        "import importlib.util, sys, accessible_cards\n"
        "print(accessible_cards.__file__)\n"
        "print(sys.flags.no_site, [m for m in ('louis', 'brlapi', 'speechd') if importlib.util.find_spec(m)])"
    ).splitlines()
    assert said[0].startswith(str(installed.venv)), said
    assert "site-packages" in said[0]
    assert said[1] == "0 []", "Debian's modules are visible in the clean venv"
    config = (installed.venv / "pyvenv.cfg").read_text(encoding="utf-8")
    assert re.search(r"include-system-site-packages\s*=\s*false", config)


def test_the_installed_program_finds_every_file_it_reads_in_its_own_package(installed: Installed) -> None:
    said = installed.python_says(
        "from accessible_cards import package_data, rules, i18n\n"
        "from accessible_cards.braille.schemes import tables_dir\n"
        "print(tables_dir())\n"
        "print(package_data.lessons())\n"
        "print(i18n.Catalog('de').text('Your turn.'))\n"
        "print(rules.rules_path('war', 'de') if hasattr(rules, 'rules_path') else '')\n"
        "print(' '.join(package_data.lesson_names()))\n"
        "from accessible_cards import game\n"
        "print(i18n.catalog_name(game.get('war').package, 'de', '.mo'), i18n.Catalog('de').text('War'))"
    ).splitlines()
    tables, lessons = Path(said[0]), Path(said[1])
    for folder in (tables, lessons):
        assert str(folder).startswith(str(installed.venv)) and "site-packages" in str(folder), folder
    source_tables = sorted(p.name for p in (ROOT / "braille_tables").glob("*.uti"))
    assert source_tables and sorted(p.name for p in tables.glob("*.uti")) == source_tables
    source_lessons = sorted(p.name for p in (ROOT / "docs" / "lessons").iterdir() if p.suffix in (".json", ".md"))
    assert sorted(p.name for p in lessons.iterdir()) == source_lessons
    assert said[2] == "Du bist dran.", "the German catalog is not in the wheel"
    assert said[4].split() == sorted(p.stem for p in (ROOT / "docs" / "lessons").glob("*.json"))
    assert said[5] == "accessible_cards/games/war/locale/de.mo Krieg", "a game's own catalog is not in the wheel"


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_installed_program_reads_each_games_rules(installed: Installed, lang: str) -> None:
    said = installed.python_says(
        "from accessible_cards import rules\n"
        "for game in ('war', 'bundles', 'ohhell', 'klondike'):\n"
        f"    print(game, len((rules.rules_text(game, {lang!r}) or '').split()))"
    ).splitlines()
    counts = dict(line.split() for line in said)
    for game in ("war", "bundles", "ohhell", "klondike"):
        source = ROOT / "accessible_cards" / "games" / game / "rules" / f"{lang}.md"
        assert int(counts[game]) > 200, f"the {game} rules in {lang}: {counts[game]} words"
        assert int(counts[game]) >= len(source.read_text(encoding="utf-8").split()) // 2


# --- doctor --------------------------------------------------------------------------------------------------

AGAIN = {
    "en": ", then install the game again with the system's own Python, so that it sees them: pipx uninstall "
    "accessible-cards; pipx install --python /usr/bin/python3 --system-site-packages accessible_cards-",
    "de": " und installiere das Spiel dann mit dem Python des Systems neu, damit es sie sieht: pipx uninstall "
    "accessible-cards; pipx install --python /usr/bin/python3 --system-site-packages accessible_cards-",
}
DOCTOR = {
    "en": {
        "liblouis": "liblouis is missing, so there is no braille: install liblouis20 liblouis-data python3-louis "
        "with your system's packages (Debian: sudo apt install liblouis20 liblouis-data python3-louis)" + AGAIN["en"],
        "brlapi": "BrlAPI is missing, so the game cannot write to a braille display: install brltty python3-brlapi "
        "with your system's packages (Debian: sudo apt install brltty python3-brlapi)" + AGAIN["en"],
        "speechd": "speech-dispatcher's client is missing, so the game cannot speak through it: install "
        "speech-dispatcher speech-dispatcher-espeak-ng python3-speechd with your system's packages (Debian: sudo apt "
        "install speech-dispatcher speech-dispatcher-espeak-ng python3-speechd)" + AGAIN["en"],
    },
    "de": {
        "liblouis": "liblouis fehlt, daher gibt es keine Braille-Schrift: installiere liblouis20 liblouis-data "
        "python3-louis aus den Paketen deines Systems (Debian: sudo apt install liblouis20 liblouis-data "
        "python3-louis)" + AGAIN["de"],
        "brlapi": "BrlAPI fehlt, daher kann das Spiel nicht auf eine Braillezeile schreiben: installiere brltty "
        "python3-brlapi aus den Paketen deines Systems (Debian: sudo apt install brltty python3-brlapi)" + AGAIN["de"],
        "speechd": "Der Client für speech-dispatcher fehlt, daher kann das Spiel nicht darüber sprechen: installiere "
        "speech-dispatcher speech-dispatcher-espeak-ng python3-speechd aus den Paketen deines Systems (Debian: sudo "
        "apt install speech-dispatcher speech-dispatcher-espeak-ng python3-speechd)" + AGAIN["de"],
    },
}


@pytest.mark.parametrize("lang", ["en", "de"])
def test_doctor_names_each_missing_part_once_with_the_way_to_get_it(installed: Installed, lang: str) -> None:
    result = installed.run("doctor", "--lang", lang)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[-1] == "The game can be played."
    for part, sentence in DOCTOR[lang].items():
        found = [line for line in lines if line.startswith(sentence)]
        assert len(found) == 1, f"{part}: {sentence!r} not once in:\n{result.stdout}"
        assert found[0].endswith("-py3-none-any.whl."), found[0]
        assert "make setup" not in found[0], "an installed program has no make setup"
    assert "Traceback" not in result.stdout + result.stderr
    assert not result.stderr


# --- a short game of each kind, in each language ---------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "de"])
def test_war(players: list[Player], installed: Installed, lang: str) -> None:
    player = start(players, installed, "play", "war", "--seed", "7", "--lang", lang, "--set", "max_rounds=5")
    end = {"en": "What next?", "de": "Wie geht es weiter?"}[lang]
    player.wait_for({"en": "Press Enter to turn up the next card", "de": "Drücke Enter"}[lang])
    said: list[str] = []
    for _ in range(12):
        player.press("enter")
        said += player.new_lines()
        if end in " ".join(said):
            break
    assert said[0] == {"en": "War for 2 players.", "de": "Krieg für 2 Spieler."}[lang]
    wins = {"en": ("You win", "Computer 1 wins"), "de": ("Du gewinnst", "Computer 1 gewinnt")}[lang]
    assert any(line.startswith(wins) for line in said), said
    assert end in said[-1]
    assert_clean(player.lines())


def quit_program(player: Player, lang: str) -> None:
    """Q, then 2 (yes, quit): the program says goodbye and ends well."""
    player.press("q", "2")
    player.wait_for({"en": "Goodbye.", "de": "Auf Wiedersehen."}[lang])
    player.child.expect(pexpect.EOF)
    player.child.close()
    assert player.child.exitstatus == 0


@pytest.mark.parametrize("lang", ["en", "de"])
def test_stealing_bundles(players: list[Player], installed: Installed, lang: str) -> None:
    """Three turns of a game, then quit (the checkout's own tests play whole games)."""
    player = start(players, installed, "play", "bundles", "--seed", "5", "--pause", "0", "--lang", lang)
    turn, opening, mine = {
        "en": ("Your turn", "Stealing Bundles for 2 players.", ("You capture", "You trail", "You steal")),
        "de": ("Du bist dran", "Stealing Bundles für 2 Spieler.", ("Du nimmst", "Du legst", "Du stiehlst")),
    }[lang]
    player.wait_for(turn)
    said = player.new_lines()
    for _ in range(3):
        player.press("1", "1")
        player.settle(0.3)
        if said[-1:] and "?" in said[-1]:
            player.press("enter")
        said += player.new_lines()
    assert said[0] == opening
    assert len([line for line in said if line.startswith(mine)]) >= 2, said
    quit_program(player, lang)
    assert_clean(player.lines())


@pytest.mark.parametrize("lang", ["en", "de"])
def test_stiche_raten(players: list[Player], installed: Installed, lang: str) -> None:
    """A bid and the first round's trick, then quit."""
    words = OHHELL_WORDS[lang]
    player = start(players, installed, "play", "ohhell", "--players", "3", "--seed", "4", "--pause", "0",
                   "--lang", lang, "--set", "max_cards=2")  # fmt: skip
    player.wait_for(words["bid"], 20)
    said = player.new_lines()
    player.press("1", "1")
    player.wait_for(words["turn"])
    player.press("1", "1")
    player.wait_for(words["round2"])
    said += player.new_lines()
    assert said[0] == words["opening"]
    assert any(line.startswith(words["round1"]) for line in said), said
    quit_program(player, lang)
    assert_clean(player.lines())


@pytest.mark.parametrize("lang", ["en", "de"])
def test_klondike_from_the_packaged_lesson(players: list[Player], installed: Installed, lang: str) -> None:
    """The lesson is named alone: the installed program finds it in its package."""
    player = start(players, installed, "play", "--scenario", "klondike-quick-win", "--lang", lang)
    player.wait_for({"en": "The cards are dealt", "de": "Die Karten sind ausgelegt"}[lang])
    for move in (":1 f", ":AS f", ":2s f"):
        player.type(move + "\r")
    player.wait_for(
        {"en": "Column 2: the three of spades is turned up.", "de": "Reihe 2: Pik Drei ist aufgedeckt."}[lang]
    )
    assert_clean(player.lines())


def test_the_way_doctor_gives_for_braille_works(tmp_path: Path, installed: Installed) -> None:
    """With the system's own Python and its site packages (what doctor says to do), liblouis and BrlAPI are found,
    and liblouis translates with the card tables the wheel carries."""
    system_python = Path("/usr/bin/python3")
    probe = subprocess.run([str(system_python), "-c", "import louis, brlapi"], capture_output=True, check=False)
    if probe.returncode != 0:
        pytest.skip("this machine's /usr/bin/python3 has no liblouis and BrlAPI modules to be found")
    venv = tmp_path / "system-venv"
    run([str(system_python), "-m", "venv", "--without-pip", "--system-site-packages", str(venv)], tmp_path)
    wheels = installed.wheels
    run(
        [sys.executable, "-m", "pip", "--python", str(venv / "bin" / "python"), "install", "--quiet", "--no-index",
         "--find-links", str(wheels), "accessible-cards"],
        tmp_path,
    )  # fmt: skip
    result = subprocess.run(
        [str(venv / "bin" / "accessible-cards"), "doctor"],
        cwd=installed.home,
        env=installed.env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert re.search(r"^liblouis: working, liblouis \d", result.stdout, re.M), result.stdout
    assert re.search(r"^BrlAPI: working", result.stdout, re.M), result.stdout
    # liblouis reads the card tables from the installed package: the seven of hearts in two cells, as on the cards
    assert "card tables: working, 7H -> ⠛⠓" in result.stdout.splitlines(), result.stdout
    assert not any(line.startswith(("liblouis is missing", "BrlAPI is missing")) for line in result.stdout.splitlines())
