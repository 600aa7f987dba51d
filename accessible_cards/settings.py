"""The player's settings: a small TOML file in the user's configuration folder.

A broken file is never overwritten: its good values are used, each problem
is reported once in plain words, and the defaults stand in for the rest.
Command-line flags override what the file says.

The file is edited in place (tomlkit), never rewritten from scratch: a change
sets only the keys that changed, so the player's comments, their order, keys
this version does not know (from a newer version, say) and values it cannot
read all stay as they were. A file whose only problems are unknown keys is
edited so (``Loaded.editable``); one with a bad value, one that is not TOML at
all, or one whose sections are not tables, is left alone.
"""

from __future__ import annotations

import os
import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import Any, Final

from . import files
from .engine import choice, whole_number
from .i18n import LANGUAGES
from .utterance import VERBOSITIES

MAX_BYTES: Final = 64 * 1024


def _pause(value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        raise ValueError(value)
    number = float(value)
    if not 0 <= number <= 10:
        raise ValueError(value)
    return number


def _seconds(value: Any) -> float:
    """A braille message time: seconds from 0 to 20 (0: every announcement at once)."""
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        raise ValueError(value)
    number = float(value)
    if not 0 <= number <= 20:
        raise ValueError(value)
    return number


def _lang(value: Any) -> str | None:
    return None if value is None else choice(*LANGUAGES)(value)


@dataclass(frozen=True, slots=True)
class Setting:
    """One setting: its section and key in the file, and how a value is checked."""

    name: str
    section: str | None
    key: str
    parse: Callable[[Any], Any]
    allowed: str
    default: Any = None


SETTINGS: Final = (
    Setting("lang", None, "language", _lang, "en or de"),
    Setting("verbosity", None, "verbosity", choice(*VERBOSITIES), "brief, normal or full"),
    Setting("computer_pause", None, "computer_pause", _pause, "seconds from 0 to 10"),
    Setting("card_names", None, "card_names", choice("full", "short"), "full or short"),
    Setting("input", None, "input", choice("keys", "words"), "keys or words"),
    Setting(
        "speech", "speech", "mode", choice("auto", "self", "screen-reader", "off"), "auto, self, screen-reader or off"
    ),
    Setting("speech_rate", "speech", "rate", whole_number(80, 450), "words a minute from 80 to 450"),
    Setting("braille", "braille", "output", choice("off", "unicode", "brlapi"), "off, unicode or brlapi"),
    Setting(
        "braille_en",
        "braille",
        "english_table",
        choice("en-ueb-g1", "en-ueb-g2", "en-us-g2"),
        "en-ueb-g1, en-ueb-g2 or en-us-g2",
    ),
    Setting("braille_de", "braille", "german_table", choice("de-g1", "de-g0", "de-g2"), "de-g1, de-g0 or de-g2"),
    Setting("braille_seconds", "braille", "message_seconds", _seconds, "seconds from 0 to 20"),
)


def game_settings() -> tuple[Setting, ...]:
    """Every game's section: how many players and people it starts with, then the game's own settings."""
    from . import game as registry

    found: list[Setting] = []
    for game in registry.registered():
        low, high = game.min_players, game.max_players
        found.append(Setting("players", game.name, "players", whole_number(low, high), f"{low} to {high}", low))
        found.append(Setting("humans", game.name, "humans", whole_number(1, high), f"1 to {high}", 1))
        found += [replace(setting, section=game.name) for setting in game.settings]
    return tuple(found)


def all_settings() -> tuple[Setting, ...]:
    """The common settings and every game's section."""
    return SETTINGS + game_settings()


@dataclass(frozen=True, slots=True)
class Settings:
    """Everything the player can set; the defaults are what a new player gets."""

    lang: str | None = None
    verbosity: str = "normal"
    computer_pause: float = 1.0
    card_names: str = "full"
    input: str = "keys"
    speech: str = "auto"
    speech_rate: int = 175
    braille: str = "off"
    braille_en: str = "en-ueb-g1"
    braille_de: str = "de-g1"
    braille_seconds: float = 3.0
    """How long each announcement stays on a braille display before the next one waiting is shown."""
    games: dict[str, dict[str, Any]] = field(default_factory=dict)
    """Each game's own section: its defaults (from the game's description), overlaid with what was chosen."""

    def __post_init__(self) -> None:
        full: dict[str, dict[str, Any]] = {}
        for setting in game_settings():
            assert setting.section is not None
            full.setdefault(setting.section, {})[setting.key] = setting.default
        for name, chosen in self.games.items():
            full.setdefault(name, {}).update(chosen)
        object.__setattr__(self, "games", full)

    def changed(self, **values: Any) -> Settings:
        """A copy with ``values`` set."""
        return replace(self, **values)

    def game(self, name: str) -> dict[str, Any]:
        """The settings of game ``name``: its defaults, overlaid with what was chosen."""
        return dict(self.games.get(name, {}))

    def changed_game(self, name: str, **values: Any) -> Settings:
        """A copy with ``values`` set in game ``name``'s section."""
        games = {game: dict(chosen) for game, chosen in self.games.items()}
        games.setdefault(name, {}).update(values)
        return replace(self, games=games)

    @property
    def braille_grade(self) -> str:
        """The braille table chosen for the current language."""
        return self.braille_de if self.lang == "de" else self.braille_en


@dataclass(frozen=True, slots=True)
class Problem:
    """Something wrong in the settings file, to be said in the player's language."""

    msg_id: str
    text: str
    params: dict[str, Any] = field(default_factory=dict)


def config_dir() -> Path:
    """The folder of the settings file: ``ACCESSIBLE_CARDS_CONFIG_DIR``, else the platform's config folder."""
    given = os.environ.get("ACCESSIBLE_CARDS_CONFIG_DIR")
    if given:
        return Path(given)
    import platformdirs

    return Path(platformdirs.user_config_dir("accessible-cards", appauthor=False))


def settings_path() -> Path:
    """The settings file."""
    return config_dir() / "settings.toml"


@dataclass(frozen=True, slots=True)
class Loaded:
    """Settings as read, the problems found, and whether the file may be written."""

    settings: Settings
    problems: tuple[Problem, ...]
    writable: bool
    path: Path
    editable: bool = False
    """True when the file's only problems are unknown keys, so it may be edited in place: only the keys the
    player changes are written, and the rest, the unknown keys too, stays as it was (:func:`save` with ``before``)."""


def load(path: Path | None = None) -> Loaded:
    """Read the settings file; a missing file gives the defaults and may be written."""
    path = path or settings_path()
    try:
        raw = files.read_bounded(path, MAX_BYTES)
    except files.Missing:
        return Loaded(Settings(), (), True, path)
    except (files.Folder, files.NotRegular):  # a folder, a pipe or a device would never end or not be read at all
        return Loaded(Settings(), (_problem("settings-not-file", path),), False, path)
    except files.TooLarge as error:
        return Loaded(Settings(), (_problem("settings-too-large", path, size=error.size),), False, path)
    except files.Unreadable as error:
        return Loaded(Settings(), (_problem("settings-unreadable", path, reason=error.reason),), False, path)
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        return Loaded(Settings(), (_problem("settings-encoding", path),), False, path)
    if not text.strip():  # emptied, maybe by a full disk: kept as it is, for the player to look at
        return Loaded(Settings(), (_problem("settings-empty", path),), False, path)
    try:
        data = tomllib.loads(text)
    except (ValueError, RecursionError) as error:  # TOMLDecodeError, a number too long, nesting too deep
        return Loaded(Settings(), (_problem("settings-syntax", path, reason=str(error)),), False, path)
    settings, problems = from_mapping(data, path)
    editable = all(problem.msg_id in _EDITABLE for problem in problems)
    return Loaded(settings, problems, not problems, path, editable)


_EDITABLE: Final = frozenset({"settings-unknown-key"})
"""Problems that leave the file fit to be edited in place, key by key: keys of a newer version, say. A value
this version cannot read makes the file be left alone, for the player to look at."""


def from_mapping(data: Mapping[str, Any], path: Path | None = None) -> tuple[Settings, tuple[Problem, ...]]:
    """Settings from parsed TOML: good values kept, each bad one a problem and its default."""
    where = str(path) if path else "settings"
    problems: list[Problem] = []
    values: dict[str, Any] = {}
    games: dict[str, dict[str, Any]] = {}
    every = all_settings()
    game_sections = {s.section for s in every if s.section is not None and s not in SETTINGS}
    known_top = {s.key for s in every if s.section is None} | {s.section for s in every if s.section}
    for key in data:
        if key not in known_top:
            problems.append(Problem("settings-unknown-key", f"{where}: unknown setting {key!r}", {"key": key}))
    for setting in every:
        table: Any = data if setting.section is None else data.get(setting.section, {})
        if not isinstance(table, dict):
            if any(p.msg_id == "settings-not-table" and p.params.get("key") == setting.section for p in problems):
                continue
            problems.append(
                Problem(
                    "settings-not-table",
                    f"{where}: [{setting.section}] must be a table",
                    {"key": setting.section},
                )
            )
            continue
        if setting.section is not None:
            known = {s.key for s in every if s.section == setting.section}
            for key in table:
                name = f"{setting.section}.{key}"
                if key not in known and all(p.params.get("key") != name for p in problems):
                    problems.append(
                        Problem("settings-unknown-key", f"{where}: unknown setting {name!r}", {"key": name})
                    )
        if setting.key not in table:
            continue
        raw = table[setting.key]
        try:
            if setting.section in game_sections:
                games.setdefault(setting.section, {})[setting.key] = setting.parse(raw)
            else:
                values[setting.name] = setting.parse(raw)
        except (ValueError, TypeError):
            name = setting.key if setting.section is None else f"{setting.section}.{setting.key}"
            problems.append(
                Problem(
                    "settings-bad-value",
                    f"{where}: {name} cannot be {raw!r}; it takes {setting.allowed}",
                    {"key": name, "value": str(raw), "allowed": setting.allowed},
                )
            )
    return Settings(**values, games=games), tuple(problems)


def _problem(msg_id: str, path: Path, **params: Any) -> Problem:
    texts = {
        "settings-unreadable": f"{path}: cannot be read ({params.get('reason')})",
        "settings-not-file": f"{path}: a folder or a device, not a file",
        "settings-empty": f"{path}: empty",
        "settings-too-large": f"{path}: too large to be a settings file",
        "settings-encoding": f"{path}: not UTF-8 text",
        "settings-syntax": f"{path}: not valid TOML ({params.get('reason')})",
    }
    return Problem(msg_id, texts[msg_id], {"path": str(path), **params})


def to_toml(settings: Settings) -> str:
    """The settings as TOML text, sections last."""
    lines: list[str] = ["# Accessible Cards settings. Flags on the command line override these."]
    values = {f.name: getattr(settings, f.name) for f in fields(settings) if f.name != "games"}
    sections: dict[str | None, list[str]] = {}
    for setting in SETTINGS:
        value = values[setting.name]
        if value is None:
            continue
        sections.setdefault(setting.section, []).append(f"{setting.key} = {_toml_value(value)}")
    for setting in game_settings():
        assert setting.section is not None
        value = settings.game(setting.section).get(setting.key)
        if value is not None:
            sections.setdefault(setting.section, []).append(f"{setting.key} = {_toml_value(value)}")
    lines += sections.pop(None, [])
    for section, entries in sections.items():
        lines += ["", f"[{section}]", *entries]
    return "\n".join(lines) + "\n"


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    text = str(value).replace("\\", "\\\\").replace('"', '\\"')
    return f'"{text}"'


def save(settings: Settings, path: Path | None = None, before: Settings | None = None) -> None:
    """Write the settings atomically (:func:`accessible_cards.files.write_atomic`).

    An existing file is edited in place: every setting that differs from ``before`` (every one, without
    it) is set where it stands or added to its section; comments, order and keys this version does not
    know are kept. A missing file, or one that cannot be read as TOML, is written from scratch.
    """
    import tomlkit
    from tomlkit.exceptions import TOMLKitError

    path = path or settings_path()
    try:
        text = files.read_bounded(path, MAX_BYTES).decode("utf-8-sig")
        document = tomlkit.parse(text)
    except (OSError, files.FileProblem, UnicodeDecodeError, TOMLKitError, ValueError, RecursionError):
        files.write_atomic(path, to_toml(settings))
        return
    for setting in all_settings():
        value = _value(settings, setting)
        if before is not None and _value(before, setting) == value:
            continue
        table: Any = document
        if setting.section is not None:
            if setting.section not in document:
                document.add(setting.section, tomlkit.table())
            table = document[setting.section]
            if not isinstance(table, dict):
                continue  # not a table: left as the player wrote it
        if value is None:
            if setting.key in table:
                del table[setting.key]
        elif setting.section is None and setting.key not in table:
            _add_top(document, setting.key, value)
        else:
            table[setting.key] = value
    files.write_atomic(path, tomlkit.dumps(document))


def _value(settings: Settings, setting: Setting) -> Any:
    if setting in SETTINGS:
        return getattr(settings, setting.name)
    assert setting.section is not None
    return settings.game(setting.section).get(setting.key)


def _add_top(document: Any, key: str, value: Any) -> None:
    """Add a top-level key before the first section (after it, TOML would read it as the section's)."""
    import tomlkit

    body = document.body
    for index, (name, item) in enumerate(body):
        if name is not None and isinstance(item, (tomlkit.items.Table, tomlkit.items.AoT)):
            document._insert_at(index, key, value)  # tomlkit has no public insert at a place
            return
    document.add(key, value)
