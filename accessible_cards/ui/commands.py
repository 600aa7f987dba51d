"""Named commands, the keys and typed words that reach them, and the help made from that map.

Every command has a name; keys and words map to names; the help for a phase
is generated from this table, so it cannot drift from what the keys do.
"""

from __future__ import annotations

from typing import Final

from .. import game as registry
from ..i18n import LANGUAGES
from ..keys import CHOICE, HANDOFF, HISTORY, MENU, QUESTION, RULES, Command, Typed
from ..keys import command as _c


def game_phases() -> tuple[str, ...]:
    """The phases of every registered game's own keys."""
    return tuple(phase for game in registry.registered() for phase, _title in game.phases)


GAME_PHASES: Final = game_phases()
_ALL: Final = (MENU, CHOICE, QUESTION, HISTORY, RULES, HANDOFF, *GAME_PHASES)
_PLAYING: Final = tuple(game.phases[0][0] for game in registry.registered() if game.phases)
"""Each game's main phase: the review keys every game shares work there."""


SHARED: Final = (
    # translators: the help line of each command; the key names come first, then this text
    _c("last", ["l"], ["last"], ["letzte", "letzter"], _PLAYING, "the last play"),
    _c("repeat", ["r"], ["repeat", "again"], ["wiederholen", "nochmal"], _ALL, "repeat the last announcement"),
    _c("history", ["g"], ["history", "log"], ["verlauf"], _PLAYING, "browse the game's history"),
    _c("verbosity", ["v"], ["verbosity"], ["ausführlichkeit"], _PLAYING, "brief, normal or full announcements"),
    _c("help", ["?"], ["help", "keys"], ["hilfe", "tasten"], _ALL, "the keys for this moment"),
    _c("faster", ["+"], ["faster"], ["schneller"], _ALL, "speak faster"),
    _c("slower", ["-"], ["slower"], ["langsamer"], _ALL, "speak slower"),
    _c("silence", ["."], ["silence", "quiet"], ["ruhe", "still"], _ALL, "stop speaking (any key does too)"),
    _c("seed", ["i"], ["seed"], ["startwert"], _PLAYING, "the game's seed, to deal the same cards again"),
    _c("rules", ["f1"], ["rules"], ["regeln"], (*_PLAYING, MENU), "the rules of this game"),
    _c("menu", ["escape"], ["menu"], ["menü"], _PLAYING, "the game menu"),
    _c(
        "quit",
        ["q"],
        ["quit", "exit"],
        ["beenden", "ende"],
        (*GAME_PHASES, MENU, QUESTION, HANDOFF),
        "quit, after you confirm",
    ),
    _c("up", ["up"], ["up"], ["hoch"], [MENU, CHOICE, QUESTION, HISTORY, RULES], "previous item"),
    _c("down", ["down"], ["down"], ["runter"], [MENU, CHOICE, QUESTION, HISTORY, RULES], "next item"),
    _c("first", ["home"], ["first", "top"], ["anfang"], [MENU, CHOICE, QUESTION, HISTORY, RULES], "first item"),
    _c("last_item", ["end"], ["end", "bottom"], ["schluss"], [MENU, CHOICE, QUESTION, HISTORY, RULES], "last item"),
    _c("choose", ["enter", "space"], ["choose", "ok"], ["wählen", "ok"], [MENU, CHOICE, QUESTION], "choose this item"),
    _c(
        "number",
        [str(d) for d in range(1, 10)],
        ["number"],
        ["nummer"],
        [MENU, CHOICE, QUESTION],
        "choose the item with that number",
        takes_number=True,
    ),
    _c("read", ["enter", "space"], ["read"], ["lesen"], [HISTORY, RULES], "read all of this entry"),
    _c("yes", ["y", "j"], ["yes"], ["ja"], [QUESTION], "yes (J as in ja)"),
    _c("no", ["n"], ["no"], ["nein"], [QUESTION], "no"),
    _c("ready", ["enter", "space"], ["ready"], ["bereit"], [HANDOFF], "I am at the keyboard"),
    _c(
        "back",
        ["escape"],
        ["back", "cancel"],
        ["zurück", "abbrechen"],
        [MENU, CHOICE, QUESTION, HISTORY, RULES],
        "go back",
    ),
)

COMMANDS: Final = (*(c for game in registry.registered() for c in game.commands), *SHARED)
"""Every command: each game's own first (a game's key comes before a shared one in its help), then the shared."""

KEY_NAMES: Final = {
    "en": {
        "enter": "Enter",
        "space": "Space",
        "right": "Right",
        "left": "Left",
        "up": "Up",
        "down": "Down",
        "home": "Home",
        "end": "End",
        "escape": "Escape",
        "f1": "F1",
        "?": "question mark",
        ".": "full stop",
        "+": "plus",
        "-": "minus",
    },
    "de": {
        "enter": "Enter",
        "space": "Leertaste",
        "right": "Pfeil rechts",
        "left": "Pfeil links",
        "up": "Pfeil hoch",
        "down": "Pfeil runter",
        "home": "Pos1",
        "end": "Ende",
        "escape": "Escape",
        "f1": "F1",
        "?": "Fragezeichen",
        ".": "Punkt",
        "+": "Plus",
        "-": "Minus",
    },
}
"""Every key as a word, so that a synthesizer speaks it ("?" alone is dropped, "1 – 9" is read "one nine")."""


def for_phase(phase: str) -> tuple[Command, ...]:
    """The commands of one phase, in the table's order."""
    return tuple(command for command in COMMANDS if phase in command.phases)


def key_map(phase: str) -> dict[str, Command]:
    """Key name -> command for one phase; a key has one meaning per phase."""
    result: dict[str, Command] = {}
    for command in for_phase(phase):
        for key in command.keys:
            if key in result:
                raise ValueError(f"key {key!r} is bound twice in phase {phase!r}")
            result[key] = command
    return result


def key_label(key: str, lang: str) -> str:
    """How a key is named to the player."""
    return KEY_NAMES.get(lang, KEY_NAMES["en"]).get(key, key.upper() if len(key) == 1 else key)


def keys_label(command: Command, lang: str) -> str:
    """``1 to 9``, ``Enter or Space``, ``H``, ``question mark``: every key in words a synthesizer speaks."""
    if command.takes_number:
        first, last = min(command.keys), max(command.keys)
        return f"{first} to {last}" if lang == "en" else f"{first} bis {last}"
    joiner = " or " if lang == "en" else " oder "
    return joiner.join(key_label(key, lang) for key in command.keys)


def parse_words(text: str, phase: str, lang: str) -> Typed | None:
    """A typed line as a command of ``phase``: a word in either language, or a key's letter, maybe a number.

    ``play 3``, ``spielen 3``, ``table``, ``h``, ``3``. None when nothing matches.
    """
    words = text.strip().lstrip(":/").strip().lower().split()
    if not words:
        return None
    for described in registry.registered():
        if described.read_line is not None and any(phase == own for own, _title in described.phases):
            own_line = described.read_line(" ".join(words), lang)
            if own_line is not None:
                return own_line
    number: int | None = None
    if words[-1].isdecimal() and len(words[-1]) <= 9:  # not "²" (a digit int() refuses), not 5000 digits
        number = int(words[-1])
        words = words[:-1]
    if not words:
        numbered = [c for c in for_phase(phase) if c.takes_number]
        return Typed(numbered[0].name, number) if numbered and number is not None else None
    word = " ".join(words)
    languages = [lang] + [other for other in LANGUAGES if other != lang]
    for language in languages:
        for command in for_phase(phase):
            if word in command.words[language]:
                if number is not None and command.name == "play" and any(c.name == "select" for c in for_phase(phase)):
                    return Typed("play_position", number)
                return Typed(command.name, number)
    for command in for_phase(phase):
        if len(word) == 1 and word in command.keys:
            return Typed(command.name, number)
    if word == "?":
        return Typed("help")
    return None
