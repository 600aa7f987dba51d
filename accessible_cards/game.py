"""The Game interface: what one game registers, and the registry every shared part loops over.

A game is one package, sentences included, ``accessible_cards/games/<name>/``, whose ``__init__``
calls :func:`register_game` with a :class:`GameDescription`: its names, its
players, its options and presets, how a state is made and read back, how its
actions are written in a save, how its scenario files are read, its narrator,
its keys and screen controller, and its computer levels. The command line,
the menus, the settings, saves, replay, simulate, emboss, the keyboard
references and the docs generator all loop over the registry; nothing outside
a game's package names a game.

The registry finds the games by itself: every package under
``accessible_cards.games`` is imported, and so is every module named in the
environment variable ``ACCESSIBLE_CARDS_GAMES`` (comma-separated), which is how
a game outside the package (the tests' own) joins.
"""

from __future__ import annotations

import importlib
import os
import pkgutil
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final, Protocol

from . import i18n
from .engine import Event, GameState, OptionSpec
from .errors import OptionError
from .keys import Command, Typed
from .utterance import Utterance

if TYPE_CHECKING:
    from .settings import Setting

GAMES_ENV: Final = "ACCESSIBLE_CARDS_GAMES"


# --- what a game hands to the shared code ------------------------------------------


class Player(Protocol):
    """A computer player: it sees one seat's view and the legal actions, never the state.

    A player that chooses without looking at the view (a random chooser) may say so with a
    ``sees = False`` attribute: the table then hands it None for the view and builds none. Such a
    player may also offer ``pick(legal_actions)``, the same choice without the view argument.
    """

    def choose(self, view: Any, legal_actions: Any) -> Any:
        """One of ``legal_actions``."""


@dataclass(frozen=True, slots=True)
class Variant:
    """A named preset of options: its name on the command line and the catalog msgid of its title."""

    name: str
    title: str


@dataclass(frozen=True, slots=True)
class Scenario:
    """A state ready to start, and the scripted moves to play (None: play on until the end)."""

    state: GameState[Any]
    moves: Sequence[ScriptMove] | None


class ScriptMove(Protocol):
    """A move a scenario file names: it becomes the legal action it names in a state."""

    @property
    def number(self) -> int:
        """The move's place in the file, from 1."""

    def action(self, state: Any) -> Any:
        """The legal action this move names in ``state``; a ScenarioError naming the move otherwise."""


@dataclass(frozen=True, slots=True)
class Voice:
    """How a narrator is to speak: language, verbosity, the seats' names, who is "you", the card names."""

    lang: str
    verbosity: str
    names: Sequence[str]
    you: int | None
    card_names: str = "full"


class Narrator(Protocol):
    """Turns a game's events, seen from one seat's view, into utterances."""

    def event(self, event: Any, view: Any) -> Utterance | None:
        """The announcement of one event for the listener whose ``view`` is given (None: nothing to say)."""


class Controls(Protocol):
    """What a game's controller may do at the table; the game screen provides it.

    Words come from the catalog (``t``, ``tn``); ``say`` is a remark, ``announce``
    a game announcement kept in the history, ``refuse`` a short reason while
    nothing changes. ``play`` makes the listening seat's move; ``choose`` asks
    which of several things to do.
    """

    @property
    def lang(self) -> str: ...

    @property
    def listener(self) -> int: ...

    @property
    def names(self) -> Sequence[str]: ...

    @property
    def persons(self) -> Sequence[int]:
        """The seats people sit at (several when they share the keyboard)."""

    @property
    def verbosity(self) -> str: ...

    def setting(self, name: str) -> Any:
        """This game's setting ``name`` (its section of the settings file)."""

    def t(self, msgid: str, context: str | None = None, **params: Any) -> str: ...

    def tn(self, msgid: str, plural: str, n: int, **params: Any) -> str: ...

    def say(self, text: str | Utterance) -> None: ...

    def announce(self, utterance: Utterance | None) -> None: ...

    def refuse(self, text: str | Utterance) -> None:
        """A short reason; an :class:`Utterance` gives braille its own shorter line."""

    def view(self) -> Any:
        """The listening seat's view now."""

    def legal_actions(self) -> Sequence[Any]:
        """The legal actions of the seat to move now."""

    def play(self, action: Any) -> None:
        """The listening seat's move: played, saved, then announced."""

    def choose(
        self,
        title: str,
        options: Sequence[tuple[str, Callable[[], None]]],
        braille: Sequence[str] | None = None,
    ) -> None:
        """Ask which of ``options`` (label, what choosing it does); Escape goes back.

        ``braille`` is the terse braille form: the title's line, then one line per option (the key comes first).
        """

    def save(self) -> None:
        """Write the save now (after a step that the controller held back, such as a quiz answer)."""


class Controller(ABC):
    """A game's keys at the table: its phases, its review keys, how a key becomes an action.

    The game screen owns the table loop, the shared keys (repeat, history, help,
    rules, verbosity, the game menu, quit) and saving; it asks the controller
    for everything that is the game's own.
    """

    phase: str
    """The phase the keys are read in now (one of the description's ``phases``)."""

    separate_histories: bool = False
    """True when people at one keyboard play boards of their own (a race on the same deal): at the hand-over each
    gets back their own history and last play, so nobody hears the cards another turned up."""

    def __init__(self, controls: Controls, narrator: Any) -> None:
        self.controls = controls
        self.narrator = narrator

    @abstractmethod
    def opening(self, players: int, seed: int | None, variant: str | None) -> str | Utterance:
        """The line said when the game begins (its name and players, and ``seed`` unless it is None: not told).

        A plain sentence gets the screen's braille title ("Casita Robada: 4 players", the seed on a line of its own).
        """

    def hint(self) -> str | Utterance | None:
        """A line said after the deal and after a resume, at normal and full verbosity (None: none)."""
        return None

    @abstractmethod
    def handle(self, typed: Typed) -> bool:
        """Act on one command of the controller's phase; False when it is not the controller's."""

    def holds(self, events: Sequence[Event]) -> bool:
        """True when the controller will hold these events back (a quiz asks first): the save waits for it."""
        return False

    def tell(self, events: Sequence[Event]) -> bool:
        """Announce ``events``; True when the step is complete (False: the controller holds the rest back)."""
        for event in events:
            self.controls.announce(self.narrator.event(event, self.controls.view()))
        return True

    def turn_prompt(self) -> Utterance | None:
        """Said when it becomes the listener's turn (None: nothing)."""
        return None

    def handoff(self, seat: int) -> Utterance | None:
        """Said before ``seat``'s person comes to the keyboard (None: the game needs no hand-over)."""
        return None

    def waiting_for(self) -> str | None:
        """What the controller waits for, said instead of a plain refusal."""
        return None

    def game_over(self) -> None:  # noqa: B027 - a hook a game may leave alone
        """The game has ended: anything the controller says besides the last announcement."""

    def save_extra(self) -> dict[str, Any]:
        """What the controller keeps in the save besides the moves."""
        return {}

    def restore_extra(self, extra: Mapping[str, Any]) -> None:  # noqa: B027 - a hook a game may leave alone
        """Take back what ``save_extra`` kept; raise ValueError when it is not of the right shape."""

    def begin_replay(self) -> None:  # noqa: B027 - a hook a game may leave alone
        """A saved game is about to be replayed silently: stop asking questions."""

    def end_replay(self) -> None:  # noqa: B027 - a hook a game may leave alone
        """The silent replay is over."""


@dataclass(frozen=True, slots=True)
class TutorialStep:
    """One step of a tutorial: its name (the command it waits for, for review steps) and the card position it plays."""

    name: str
    position: int | None = None
    review: bool = False
    """A review step: it waits for the command of its own name (H for ``hand``) and says what it says."""


@dataclass(frozen=True, slots=True)
class Tutorial:
    """A spoken tutorial: a scenario to play, its steps, and each step's words (``lesson``, ``hint``)."""

    scenario: Mapping[str, Any]
    steps: tuple[TutorialStep, ...]
    lesson: Callable[[Callable[..., str], str], str]
    hint: Callable[[Callable[..., str], str, bool], str]
    offer: str
    """Catalog msgid of the question at the first start: the tutorial now, or the main menu."""


@dataclass(frozen=True, slots=True)
class ScoreSheet:
    """A game's score sheet as a table: header rows, then one row per round (every cell a short text).

    ``keys`` leading columns (the round) name each row and are repeated when the table is split;
    ``bands`` are the widths, in columns, of the groups after them that stay together (a player's bid
    and points), so a table too wide for a page is split only between bands.
    """

    title: str
    headers: tuple[tuple[str, ...], ...]
    rows: tuple[tuple[str, ...], ...]
    keys: int = 1
    bands: tuple[int, ...] = ()


@dataclass(frozen=True)
class GameDescription:
    """Everything the shared code needs to know of one game."""

    name: str
    """Its name on the command line and in files: ``war``."""
    title: str
    """Catalog msgid of its name: ``War``."""
    menu_item: str
    """Catalog msgid of its main-menu entry: ``Play War``."""
    rules_item: str
    """Catalog msgid of its entry in the rules menu."""
    package: str
    """The package that holds it; its rules are ``rules/<lang>.md`` there, its own sentences the catalog
    ``locale/<lang>.po`` (compiled: ``locale/<lang>.mo``), which every Catalog reads beside the shared one."""
    new_state: Callable[[int, str | None, Mapping[str, Any], int], GameState[Any]]
    """A state before the deal from (players, variant, options, seed); OptionError for bad options."""
    state_from_json: Callable[[Mapping[str, Any]], GameState[Any]]
    action_to_json: Callable[[Any], Any]
    action_from_json: Callable[[Any, str], Any]
    """An action from its JSON form (``where`` names it in the message); ValueError when it is not one."""
    parse_scenario: Callable[[Mapping[str, Any]], Scenario]
    script_to_json: Callable[[Sequence[Any]], Any]
    script_from_json: Callable[[Any], list[Any]]
    narrator: Callable[[GameState[Any], Voice], Any]
    controller: Callable[[Controls, Any], Controller]
    commands: tuple[Command, ...]
    phases: tuple[tuple[str, str], ...]
    """The game's own key phases, each with the catalog msgid of its heading in the keyboard reference."""
    settings_menu: tuple[tuple[str, str, tuple[Any, ...]], ...] = ()
    """Its entries in the Settings menu: (setting, catalog msgid with {value}, the values Enter cycles through)."""
    describe: Callable[[Event, Any], str | None] | None = None
    """Optional: a plain English line per event, for a game's own tests (``replay`` speaks through the narrator)."""
    reference_phases: tuple[tuple[str, str], ...] = ()
    """The moments of play its keyboard reference lists, with their headings (default: its own phases)."""
    min_players: int = 2
    max_players: int = 4
    variant_players: Mapping[str, int] = field(default_factory=dict)
    """Presets that fix the number of players, all people (Klondike's race: 2); a new game then asks no count."""
    network_options: Mapping[str, Any] = field(default_factory=dict)
    """Options a network table gives the game's state, whose players sit each at their own computer (Klondike's
    race then lets every racer play at once)."""
    view_aged: Callable[[Any, float], Any] | None = None
    """Optional: a view made ``seconds`` ago, as it stands now (a race's clocks run on between the server's
    steps); a network client asks it before it reads its last view."""
    aliases: tuple[str, ...] = ()
    variants: tuple[Variant, ...] = ()
    option_specs: tuple[OptionSpec, ...] = ()
    settings: tuple[Setting, ...] = ()
    """Its section of the settings file (``players`` and ``humans`` are added for every game)."""
    levels: Mapping[str, Callable[[int], Player]] = field(default_factory=dict)
    """Its computer players by level. A game whose computer seats ever choose needs at least one; War has
    none: it has no choices (see ``one_move``)."""
    one_move: bool = False
    """True when the seat to move always has exactly one legal action (War's turn of the cards): a computer
    seat needs no level, it makes that move (a child's seat at a network table handed to the computer)."""
    offered_levels: tuple[str, ...] = ()
    default_level: str | None = None
    level_setting: str | None = None
    """The name of its setting that holds the computer level (None: the game has no choices)."""
    private_hands: bool = False
    """True when each seat holds cards the others may not know: people at one keyboard hand over."""
    variant_setting: str | None = None
    default_variants: Mapping[str, str] = field(default_factory=dict)
    """The preset a player gets by language while the variant setting is unset (None), e.g. ``{"de": ...}``."""
    simulate: Callable[..., dict[str, Any]] | None = None
    """Many seeded games' figures, called ``simulate(players=, games=, seed=, settings=, variant=, ai=, swap=)``.

    ``players`` may be None (the game's default), ``settings`` are ``--set`` options,
    ``ai`` one computer level per seat; an OptionError for anything the game does not take.
    """
    figures_lines: Callable[[Mapping[str, Any]], list[str]] | None = None
    """The lines ``simulate`` prints for the figures without ``--json``."""
    tutorial: Tutorial | None = None
    solve: Callable[..., Any] | None = None
    """Optional: a solver, called ``solve(variant=, settings=, seed=, deals=, states=, seconds=, start=)``; it
    yields one dict per seeded deal (``seed``, ``verdict`` winnable / not_winnable / undecided, ``seconds``,
    ``states``, ``line``): what ``accessible-cards solve NAME`` prints. ``start``, when not None, is a
    scenario's state before its deal: the one deal solved (its ``seed`` None)."""
    read_line: Callable[[str, str], Typed | None] | None = None
    """Optional: a typed line the game reads itself, before the command words (``read_line(text, lang)``):
    a move written out, such as Klondike's ``3 5`` or ``7H 5``; None when the line is not one of its own."""
    errors: Mapping[str, Callable[[Callable[..., str], dict[str, Any]], str]] = field(default_factory=dict)
    """Its own refusals worded by message id: ``errors[msg_id](t, params)``, ``t`` a catalog's ``text``.

    ``ui/messages.py`` says an error through its own table first, then through the games' tables.
    """
    score_sheet: Callable[[GameState[Any], Callable[..., str], Sequence[str]], ScoreSheet] | None = None
    """Optional: the score sheet of a state, ``score_sheet(state, t, names)`` (``t`` a catalog's ``text``), for
    ``accessible-cards emboss scores SAVEFILE``; None for a game that keeps none."""
    order: int = 100
    """Where the game stands in every list (menus, the command line's choices, messages): lower first."""

    def variant_names(self) -> tuple[str, ...]:
        """The presets' names, the default first."""
        return tuple(variant.name for variant in self.variants)

    def default_variant(self, lang: str, chosen: Mapping[str, Any] | None = None) -> str | None:
        """The preset to offer first: the one in the settings, else the language's, else the first."""
        names = self.variant_names()
        if not names:
            return None
        picked = (chosen or {}).get(self.variant_setting or "")
        if picked in names:
            return str(picked)
        by_language = self.default_variants.get(lang)
        return by_language if by_language in names else names[0]

    def variant_title(self, variant: str | None) -> str:
        """The catalog msgid of the game's name with ``variant`` (the game's own title without presets)."""
        for known in self.variants:
            if known.name == variant:
                return known.title
        return self.title

    @property
    def has_computers(self) -> bool:
        """True when computer players can sit at the game: it has levels, or no choices to make."""
        return bool(self.levels) or self.one_move

    def make_player(self, level: str, seed: int) -> Player:
        """A computer player of ``level``; OptionError for an unknown level.

        A game without levels and with one move at a time gets the player that makes that move, whatever the level.
        """
        if not self.levels and self.one_move:
            return OnlyMove()
        name = level.strip().lower() if isinstance(level, str) else ""
        factory = self.levels.get(name)
        if factory is None:
            known = ", ".join(self.levels)
            raise OptionError(
                "error-ai-level",
                f"unknown computer level {level!r}; levels are: {known}",
                level=str(level),
                known=known,
            )
        return factory(seed)


class OnlyMove:
    """The computer player of a game without choices: it makes the one legal action (War's turn)."""

    __slots__ = ()
    sees = False  # no view is built for it
    observe = None  # nothing to watch: the table does not look for it after each move

    def choose(self, view: Any, legal_actions: Any) -> Any:
        return next(iter(legal_actions))


# --- the registry -------------------------------------------------------------------

_GAMES: dict[str, GameDescription] = {}
_found = False


def register_game(description: GameDescription) -> GameDescription:
    """Make a game known to every shared part; a second game of the same name replaces the first."""
    _GAMES[description.name] = description
    return description


def _discover() -> None:
    global _found
    if _found:
        return
    _found = True
    from . import games

    for module in pkgutil.iter_modules(games.__path__):
        if module.ispkg:
            importlib.import_module(f"{games.__name__}.{module.name}")
    for name in os.environ.get(GAMES_ENV, "").split(","):
        if name.strip():
            importlib.import_module(name.strip())


def registered() -> tuple[GameDescription, ...]:
    """Every game, in menu order."""
    _discover()
    return tuple(sorted(_GAMES.values(), key=lambda game: (game.order, game.name)))


# every Catalog answers from the registered games' catalogs too (``<package>/locale/``)
i18n.find_game_catalogs(lambda: (game.package for game in registered()))


def names() -> tuple[str, ...]:
    """Every game's name."""
    return tuple(game.name for game in registered())


def get(name: str) -> GameDescription:
    """The game called ``name`` (or one of its aliases, or one of its presets); OptionError when none is."""
    found = find(name)
    if found is None:
        known = ", ".join(names())
        raise OptionError("error-game-unknown", f"unknown game {name!r}; games are: {known}", game=name, known=known)
    return found


def find(name: str) -> GameDescription | None:
    """The game called ``name``, an alias of it, or the game with the preset ``name``; None when none is."""
    word = name.strip().lower() if isinstance(name, str) else ""
    games = registered()
    for game in games:
        if word == game.name or word in game.aliases:
            return game
    for game in games:
        if word in game.variant_names():
            return game
    return None
