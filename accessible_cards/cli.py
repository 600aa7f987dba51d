"""The ``accessible-cards`` command: play, replay and simulate."""

from __future__ import annotations

import argparse
import contextlib
import errno
import functools
import json
import os
import random
import re
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from . import __version__
from . import game as registry
from .engine import SEED_BITS, SEED_MAX, Event, parse_settings
from .errors import CardsError
from .game import GameDescription, Scenario
from .i18n import LANGUAGES
from .scenario import dumps_event, load

SPEECH_MODES = ["auto", "self", "screen-reader", "off"]
BRAILLE_MODES = ["off", "unicode", "brlapi"]
VERBOSITY = ["brief", "normal", "full"]
COMMON = ("lang", "speech", "braille", "verbosity")
"""The options that may come before the command: they hold for the main menu, ``play`` and ``resume``."""


def build_parser() -> argparse.ArgumentParser:
    """The argument parser, with one sub-command per task."""
    parser = argparse.ArgumentParser(
        prog="accessible-cards",
        description="Card games for blind and visually impaired players, by speech and braille.",
    )
    parser.add_argument("--version", action="version", version=f"accessible-cards {__version__}")
    common = parser.add_argument_group("common options, for the main menu (also after play or resume)")
    common.add_argument("--lang", dest="common_lang", choices=LANGUAGES, default=None, help="the language")
    common.add_argument("--speech", dest="common_speech", choices=SPEECH_MODES, default=None, help="as for play")
    common.add_argument("--braille", dest="common_braille", choices=BRAILLE_MODES, default=None, help="as for play")
    common.add_argument("--verbosity", dest="common_verbosity", choices=VERBOSITY, default=None, help="as for play")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", title="commands")

    play = commands.add_parser("play", help="play at the keyboard (the default command): the menu, or a game at once")
    play.add_argument("game", nargs="?", type=_game_name, choices=registry.names(), help="start this game at once")
    play.add_argument(
        "--scenario",
        metavar="FILE",
        default=None,
        help="play a scenario file, such as a lesson from docs/lessons (or a lesson's name alone, as "
        "war-with-a-war): the game starts from its deal; you are "
        "Player 1 and the other seats are the computer; its moves are played up to your first move, and go on "
        "while you play the scripted card; after any other play the computer chooses for itself",
    )
    play.add_argument(
        "--variant", choices=_variant_names(), default=None, help=f"the {_titles(_with_variants())} preset"
    )
    play.add_argument("--players", type=int, default=None, metavar="N", help=f"how many players: {_player_ranges()}")
    play.add_argument("--humans", type=int, default=None, metavar="N", help="how many of them are people here")
    play.add_argument("--lang", choices=LANGUAGES, default=None, help=f"the language ({', '.join(LANGUAGES)})")
    play.add_argument(
        "--seed",
        type=_seed,
        default=None,
        metavar="S",
        help="the seed for the shuffle: a whole number of up to 39 digits",
    )
    play.add_argument("--set", action="append", default=[], type=_key_value, metavar="KEY=VALUE", help="a rule option")
    play.add_argument("--quiz", action="store_true", default=None, help="War: ask which card is higher first")
    play.add_argument(
        "--verbosity", choices=["brief", "normal", "full"], default=None, help="how much is said (default normal)"
    )
    play.add_argument("--pause", type=float, default=None, metavar="SECONDS", help="the computer's pause, 0 to 10")
    levelled = _with_levels()
    play.add_argument(
        "--level",
        choices=list(dict.fromkeys(level for game in levelled for level in game.offered_levels)),
        default=None,
        help=f"how strong the computer plays {_titles(levelled)} (default "
        + " or ".join(dict.fromkeys(str(game.default_level) for game in levelled))
        + ")",
    )
    play.add_argument(
        "--speech",
        choices=["auto", "self", "screen-reader", "off"],
        default=None,
        help="the game's own voice, your screen reader reading the lines, or no speech (default auto)",
    )
    play.add_argument(
        "--braille",
        choices=["off", "unicode", "brlapi"],
        default=None,
        help="braille: off, a Unicode braille line under each announcement, or a display through BRLTTY",
    )

    from .braille.cli import add_braille_parser, add_emboss_parser
    from .speech.cli import add_speak_parser

    add_braille_parser(commands)
    add_emboss_parser(commands)
    add_speak_parser(commands)
    from .net.cli import add_net_parsers

    add_net_parsers(commands)
    doctor = commands.add_parser(
        "doctor", help="list every speech and braille part as working or missing, with the fix"
    )
    doctor.add_argument(
        "--lang", choices=LANGUAGES, default=None, help="the language of the ways to get what is missing"
    )

    resume = commands.add_parser(
        "resume", help="go on with the saved game where it stopped (the newest unfinished one)"
    )
    resume.add_argument("--lang", choices=LANGUAGES, default=None, help=f"the language ({', '.join(LANGUAGES)})")
    resume.add_argument(
        "--verbosity", choices=["brief", "normal", "full"], default=None, help="how much is said (default normal)"
    )
    resume.add_argument("--pause", type=float, default=None, metavar="SECONDS", help="the computer's pause, 0 to 10")
    resume.add_argument("--speech", choices=["auto", "self", "screen-reader", "off"], default=None, help="as for play")
    resume.add_argument("--braille", choices=["off", "unicode", "brlapi"], default=None, help="as for play")
    resume.set_defaults(
        game=None, scenario=None, players=None, humans=None, variant=None, seed=None, set=[], quiz=None, resume=True
    )

    replay = commands.add_parser("replay", help="play a scenario file, or a saved game, and print its events")
    replay.add_argument("file", metavar="FILE", help="a scenario file or a saved game (JSON)")
    replay.add_argument("--json", action="store_true", help="print JSON Lines, one event per line")
    replay.add_argument(
        "--lang",
        choices=LANGUAGES,
        default=None,
        help="the lines in this language (default: a saved game's own, a scenario's English)",
    )

    simulate = commands.add_parser("simulate", help="play many seeded games and print their figures")
    simulate.add_argument("game", type=_game_name, choices=registry.names(), help="the game")
    simulate.add_argument(
        "--variant",
        choices=_variant_names(),
        default=None,
        help=" or ".join(f"the {game.name} preset (default {game.variant_names()[0]})" for game in _with_variants()),
    )
    simulate.add_argument(
        "--players", type=int, default=None, metavar="N", help=f"how many players: {_player_ranges()}"
    )
    simulate.add_argument("--games", type=int, default=1000, metavar="G", help="how many games (default 1000)")
    simulate.add_argument(
        "--seed", type=_seed, default=1, metavar="S", help="the seed, a whole number of up to 39 digits (default 1)"
    )
    simulate.add_argument(
        "--set", action="append", default=[], type=_key_value, metavar="KEY=VALUE", help="a rule option"
    )
    simulate.add_argument(
        "--ai",
        type=_levels,
        default=None,
        metavar="LEVEL,LEVEL",
        help=f"{' or '.join(game.name for game in levelled)}: a computer level per seat "
        f"({', '.join(_level_names(offered_first=True))}); adds win rates and decision times",
    )
    simulate.add_argument(
        "--swap", action="store_true", help="with --ai: the second half of the games moves every level one seat on"
    )
    simulate.add_argument("--json", action="store_true", help="print one JSON object")

    solvers = [game.name for game in registry.registered() if game.solve is not None]
    solve = commands.add_parser("solve", help="search seeded deals with the game's solver: winnable or not")
    solve.add_argument("game", type=_game_name, choices=solvers, help="a game with a solver")
    solve.add_argument("--variant", choices=_variant_names(), default=None, help="the game's preset")
    solve.add_argument("--set", action="append", default=[], type=_key_value, metavar="KEY=VALUE", help="a rule option")
    solve.add_argument("--seed", type=_seed, default=None, metavar="S", help="the first deal's seed (default 1)")
    solve.add_argument(
        "--scenario",
        metavar="FILE",
        default=None,
        help="solve the deal of a scenario file (its columns and stock, before its moves) instead of seeded deals",
    )
    solve.add_argument(
        "--deals", type=int, default=1, metavar="N", help="how many deals, seeds S, S+1, ... (default 1)"
    )
    solve.add_argument(
        "--budget", type=int, default=200_000, metavar="STATES", help="positions searched per deal (default 200000)"
    )
    solve.add_argument("--seconds", type=float, default=None, metavar="T", help="seconds per deal (default: no limit)")
    solve.add_argument("--line", action="store_true", help="print each winnable deal's line of play")
    solve.add_argument("--json", action="store_true", help="print one JSON object")
    return parser


def _seed(text: str) -> int:
    """``--seed``: a whole number from 0 to :data:`SEED_MAX` (else argparse's usage error, the value cut short)."""
    try:
        value = int(text) if len(text) <= 40 else -1
    except ValueError:
        value = -1
    if not 0 <= value <= SEED_MAX:
        raise argparse.ArgumentTypeError(f"a whole number from 0 to 2^{SEED_BITS} - 1 (39 digits), not {_cut(text)!r}")
    return value


def _cut(value: object, limit: int = 40) -> str:
    """A value given on the command line or in a file, as a refusal echoes it: printable and cut short."""
    text = "".join(character for character in str(value) if character.isprintable())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _game_name(word: str) -> str:
    """GAME as given: a game's name, or an alias standing for it (anything else is left for argparse to refuse)."""
    for game in registry.registered():
        if word.strip().lower() in (game.name, *game.aliases):
            return game.name
    return word


def _variant_names() -> list[str]:
    """Every game's presets."""
    return list(dict.fromkeys(name for game in registry.registered() for name in game.variant_names()))


def _with_variants() -> list[GameDescription]:
    return [game for game in registry.registered() if game.variants]


def _with_levels() -> list[GameDescription]:
    return [game for game in registry.registered() if game.levels]


def _player_ranges() -> str:
    """Each game's number of players, for the help ("War 2 to 4, Klondike 1 or 2")."""
    parts = []
    for game in registry.registered():
        low, high = game.min_players, game.max_players
        span = str(low) if low == high else f"{low} or {high}" if high == low + 1 else f"{low} to {high}"
        parts.append(f"{game.title} {span}")
    return ", ".join(parts)


def _titles(games: Sequence[GameDescription]) -> str:
    """The games' English titles, joined with "or"."""
    return " or ".join(game.title for game in games)


def _level_names(offered_first: bool = False) -> list[str]:
    """Every computer level of every game (the offered ones first, when asked)."""
    games = _with_levels()
    offered = [level for game in games for level in game.offered_levels] if offered_first else []
    return list(dict.fromkeys([*offered, *(level for game in games for level in game.levels)]))


def _levels(text: str) -> list[str]:
    """``--ai``: known level names separated by commas (else argparse's usage error)."""
    levels = [word.strip().lower() for word in text.split(",")]
    known = _level_names()
    for level in levels:
        if level not in known:
            raise argparse.ArgumentTypeError(f"{_cut(level)!r} is not a computer level ({', '.join(known)})")
    return levels


def _key_value(text: str) -> str:
    """A ``--set`` word as given, when it has the form KEY=VALUE (else argparse's usage error)."""
    name, sep, _value = text.partition("=")
    if not sep or not name.strip():
        raise argparse.ArgumentTypeError(f"{_cut(text)!r} is not KEY=VALUE")
    return text


def _output_guarded(run: Callable[[Sequence[str] | None], int]) -> Callable[..., int]:
    """``main`` that ends with one sentence and status 1, not a traceback, when its output finds the disk full."""

    @functools.wraps(run)
    def guarded(argv: Sequence[str] | None = None) -> int:
        try:
            status = run(argv)
            sys.stdout.flush()  # a full disk shows here, not as a warning at exit
            return status
        except OSError as error:
            if error.errno not in (errno.ENOSPC, errno.EDQUOT, errno.EFBIG):
                raise
            with contextlib.suppress(OSError, ValueError):
                devnull = os.open(os.devnull, os.O_WRONLY)
                os.dup2(devnull, sys.stdout.fileno())  # what is still buffered goes nowhere at exit
            from .i18n import Catalog

            lang = _argv_lang(sys.argv[1:] if argv is None else list(argv))
            sentence = Catalog(lang).text("The output could not be written: no space is left on the disk.")
            print(f"accessible-cards: {sentence}", file=sys.stderr)
            return 1

    return guarded


def _argv_lang(argv: list[str]) -> str:
    """The language a command line asks for (``--lang L``), else the settings' language."""
    for index, word in enumerate(argv):
        given = argv[index + 1] if word == "--lang" and index + 1 < len(argv) else word.partition("--lang=")[2]
        if given in LANGUAGES:
            return given
    try:
        from . import settings as settings_file

        return settings_file.load().settings.lang or "en"
    except Exception:  # the settings' own problems are said elsewhere
        return "en"


@_output_guarded
def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        args = _with_common(parser.parse_args(["play"]), args)
    elif args.command in ("play", "resume"):
        args = _with_common(args, args)
    try:
        if args.command == "replay":
            return _replay(args.file, args.json, args.lang)
        if args.command == "resume":
            return _play(parser, args)
        if args.command == "simulate":
            return _simulate(parser, args)
        if args.command == "solve":
            return _solve(parser, args)
        if args.command == "play":
            return _play(parser, args)
        if args.command in ("braille", "emboss"):
            from .braille.cli import run_braille, run_emboss

            _check_braille_args(parser, args)
            if args.command == "braille":
                return run_braille(args)
            if args.what == "scores":
                return run_emboss(args, sheet=_score_sheet(parser, args))
            markdown = (
                _keys_markdown(parser, args)
                if args.what == "keys"
                else _history_markdown(args)
                if args.what == "history"
                else None
            )
            return run_emboss(args, markdown=markdown)
        if args.command == "speak":
            from .speech.cli import run_speak

            return run_speak(args)
        if args.command == "serve":
            from .net.cli import run_serve

            return run_serve(args)
        if args.command == "join":
            from .net.cli import run_join

            return run_join(args, _outputs, _add_voice)
        if args.command == "doctor":
            from .doctor import run as run_doctor
            from .settings import load as load_settings

            return run_doctor(
                lang=args.lang or getattr(args, "common_lang", None) or load_settings().settings.lang or "en"
            )
        return _play(parser, args)
    except CardsError as error:
        print(f"accessible-cards: {_one_line(str(error), word=120)}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0


def _with_common(args: argparse.Namespace, given: argparse.Namespace) -> argparse.Namespace:
    """``args`` with the common options given before the command, where the command's own do not say otherwise."""
    for name in COMMON:
        if getattr(args, name, None) is None:
            setattr(args, name, getattr(given, f"common_{name}", None))
    return args


def _play(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """The interactive program: the main menu, or the game named on the command line."""
    from . import settings as settings_file
    from .ui.app import App
    from .ui.terminal import Terminal

    loaded = settings_file.load()
    overrides, game_overrides = _overrides(parser, args)
    settings = loaded.settings.changed(**overrides)  # for this run alone: the file keeps only what is changed in it
    for name, values in game_overrides.items():
        settings = settings.changed_game(name, **values)
    first = None
    if args.scenario is not None:
        first = _scenario_game(parser, args, settings.lang or "en")
        if first is None:
            return 1
    elif args.game:
        first = _game_request(parser, args, registry.get(args.game), settings)
    elif args.players is not None or args.humans is not None or args.variant or args.seed is not None or args.set:
        parser.error(
            "--players, --humans, --variant, --seed and --set go with a game: "
            + " or ".join(f"play {name}" for name in registry.names())
        )
    terminal = Terminal(settings.lang or "en", settings.input)
    app = App(
        terminal, loaded, outputs=_outputs(settings, terminal), overrides=overrides, game_overrides=game_overrides
    )
    _add_voice(app, terminal)
    return app.run(first, resume=getattr(args, "resume", False))


def _overrides(
    parser: argparse.ArgumentParser, args: argparse.Namespace
) -> tuple[dict[str, Any], dict[str, dict[str, Any]]]:
    """What the command line sets for this run alone: the settings, and each game's own settings."""
    overrides: dict[str, Any] = {}
    if args.lang:
        overrides["lang"] = args.lang
    if args.verbosity:
        overrides["verbosity"] = args.verbosity
    if args.braille:
        overrides["braille"] = args.braille
    speech = args.speech or os.environ.get("ACCESSIBLE_CARDS_SPEECH")
    if speech:
        if speech not in ("auto", "self", "screen-reader", "off"):
            parser.error(f"ACCESSIBLE_CARDS_SPEECH: auto, self, screen-reader or off, not {speech!r}")
        overrides["speech"] = speech
    if args.pause is not None:
        if not 0 <= args.pause <= 10:
            parser.error(f"--pause: the pause is from 0 to 10 seconds (both allowed), not {_cut(repr(args.pause))}")
        overrides["computer_pause"] = args.pause
    game_overrides: dict[str, dict[str, Any]] = {}
    for described in registry.registered():
        if args.quiz and any(setting.key == "quiz" for setting in described.settings):
            game_overrides.setdefault(described.name, {})["quiz"] = True
        if getattr(args, "level", None) is not None and described.level_setting is not None:
            game_overrides.setdefault(described.name, {})[described.level_setting] = args.level
    return overrides, game_overrides


def _game_request(
    parser: argparse.ArgumentParser, args: argparse.Namespace, game: GameDescription, settings: Any
) -> Any:
    """The game named on the command line, its players, preset, seed and options checked; a usage error else."""
    from .ui.app import GameRequest

    chosen = settings.game(game.name)
    players = args.players if args.players is not None else chosen["players"]
    if not game.min_players <= players <= game.max_players:
        parser.error(f"--players: {game.min_players} to {game.max_players} players, not {players}")
    humans = args.humans if args.humans is not None else min(chosen["humans"], players)
    if not 1 <= humans <= players:
        parser.error(f"--humans: 1 to {players} (the number of players), not {humans}")
    variant = args.variant
    if variant is not None and variant not in game.variant_names():
        parser.error(_not_a_variant(game, variant))
    if variant is None and game.variant_names():
        variant = game.default_variant(settings.lang or "en", chosen)
    fixed = game.variant_players.get(variant or "")
    if fixed:  # a preset that fixes its players, all people (a race of 2)
        if args.players not in (None, fixed) or args.humans not in (None, fixed):
            parser.error(f"--players and --humans: {variant} is for {fixed} people")
        players = humans = fixed
    request = GameRequest(game.name, players, humans, variant, args.seed, dict(parse_settings(args.set)))
    try:
        game.new_state(players, variant, request.options, 0)
    except CardsError as error:
        parser.error(f"--set: {_one_line(str(error), word=40)}")
    return request


def _scenario_game(parser: argparse.ArgumentParser, args: argparse.Namespace, lang: str) -> Any:
    """The game of ``--scenario FILE``; None (the reason said in one line) when the file cannot be played."""
    from .i18n import Catalog
    from .ui.scenario_play import scenario_reason, scenario_request

    if args.game or args.players is not None or args.humans is not None or args.variant or args.seed is not None:
        parser.error(
            "--scenario fixes the game, its players and its cards: give no game, --players, --humans, "
            "--variant or --seed beside it"
        )
    if args.set:
        parser.error("--scenario fixes the rule options: give no --set beside it")
    from . import saves
    from .package_data import scenario_path

    args.scenario = scenario_path(args.scenario)  # a lesson may be named alone: war-with-a-war
    try:
        data = saves.read_json(Path(args.scenario))
    except saves.SaveError:
        data = None  # the scenario reader says what is wrong with it
    if saves.is_save(data):
        said = Catalog(lang).text(
            "{path} is a saved game, not a scenario: accessible-cards resume goes on with it, "
            "and accessible-cards replay {path} tells its history.",
            path=_cut(args.scenario, 120),
        )
        print(f"accessible-cards: {said}", file=sys.stderr)
        return None
    try:
        return scenario_request(args.scenario)
    except CardsError as error:
        print(f"accessible-cards: {_one_line(scenario_reason(error, Catalog(lang).text))}", file=sys.stderr)
        return None


def _check_braille_args(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """Bad values given to ``braille`` and ``emboss`` are usage errors, like argparse's own."""
    from .braille.emboss import MIN_HEIGHT, MIN_WIDTH, rules_markdown
    from .cards import deck

    if args.command == "braille":
        if args.card:
            try:
                deck(args.deck).parse(args.card)
            except CardsError as error:
                parser.error(f"--card: {error}")
        elif not " ".join(args.text):
            parser.error("braille: give a TEXT or --card CODE")
        return
    if args.width < MIN_WIDTH:
        parser.error(f"--width: at least {MIN_WIDTH} cells, not {args.width}")
    if args.height < MIN_HEIGHT:
        parser.error(f"--height: at least {MIN_HEIGHT} lines, not {args.height}")
    if args.what == "rules":
        try:
            rules_markdown(args.name, args.lang)
        except ValueError as error:
            parser.error(f"emboss rules: {error}")


def _one_line(text: str, limit: int = 300, word: int | None = None) -> str:
    """A refusal as one line for the terminal: a file's control codes dropped, a file's long words cut short.

    With ``word``, every run of more than ``word`` characters without a space or a quote (an echoed
    value) is cut to ``word`` characters too.
    """
    text = "".join(character for character in text if character.isprintable())
    if word is not None:
        text = re.sub(rf"[^\s'\"]{{{word + 1},}}", lambda long: _cut(long.group(), word), text)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _not_a_variant(game: GameDescription, variant: str) -> str:
    """The refusal of a ``--variant`` that is not one of ``game``'s presets, with the presets it has."""
    presets = game.variant_names()
    if not presets:
        return f"--variant: {game.title} has no presets, so give no --variant (not {_cut(variant)!r})"
    return f"--variant: {game.title} has the presets {', '.join(presets)}, not {_cut(variant)!r}"


def _keys_markdown(parser: argparse.ArgumentParser, args: argparse.Namespace) -> str:
    """The keyboard reference of the game named for ``emboss keys`` (by its name, an alias or a preset)."""
    from .braille.cli import games_in_words
    from .ui.keyref import keyboard_reference

    found = registry.find(args.name)
    if found is None:
        parser.error(f"emboss keys: GAME is {games_in_words()}, not {args.name!r}")
    return keyboard_reference(found.name, args.lang)


def _add_voice(app: Any, terminal: Any) -> None:
    """Choose the speech mode, say it once, and open the game's own voice when it is to speak."""
    import os

    from .speech.mode import choose_mode, process_names
    from .speech.readers import screen_readers

    settings = app.settings
    readers = screen_readers() if settings.speech == "auto" else []
    choice = choose_mode(settings.speech, os.environ, process_names(), readers=readers)
    t = app.t
    if choice.mode == "self":
        from .ui.voice import Voice

        app.outputs.append(
            Voice(
                settings.lang or "en",
                settings.speech_rate,
                lambda notice: terminal.inject(("status", app.voice_notice(notice))),
            )
        )
    elif choice.mode == "screen-reader":
        terminal.prompt_mark = ""  # a reader would speak a prompt's mark after every answer
    if choice.mode == "screen-reader" and settings.speech == "auto" and choice.readers:
        app.startup_notes.append(
            t(
                "Speech: a screen reader is running ({readers}), so the game only writes lines for it.",
                readers=", ".join(choice.readers),
            )
        )
    elif choice.mode == "screen-reader" and settings.speech == "auto":
        app.startup_notes.append(t("Speech: a screen reader is running, so the game only writes lines for it."))
    elif choice.mode == "off" and settings.speech == "auto":
        app.startup_notes.append(t("Speech: no voice works here, so the game goes on in text alone."))


def _outputs(settings: Any, terminal: Any) -> list[Any]:
    """The outputs besides the terminal line: braille as the settings ask."""
    from .braille.display import BrailleDisplayOutput, UnicodeBrailleOutput
    from .keys import Typed
    from .utterance import Route

    lang = settings.lang or "en"
    if settings.braille == "unicode":
        return [UnicodeBrailleOutput(terminal.line, lang, settings.braille_grade)]
    if settings.braille == "brlapi":

        def command(name: str, value: int | str | Route | None) -> None:
            if name == "typed":
                terminal.inject(("typed", str(value)))
            elif isinstance(value, Route):  # a routing key over a span of a line: the command its line gave it
                terminal.inject(Typed(value.command, value.number, value.text))
            else:
                terminal.inject(Typed(name, value if isinstance(value, int) else None))

        return [
            BrailleDisplayOutput(
                on_command=command,
                on_status=terminal.inject,
                lang=lang,
                grade=settings.braille_grade,
                message_seconds=settings.braille_seconds,
            )
        ]
    return []


def _replay(path: str, as_json: bool, lang: str | None = None) -> int:
    """``replay FILE``: a saved game's events or history, or a scenario played to its end (or its last move)."""
    from . import saves

    try:
        data = saves.read_json(Path(path))
    except saves.SaveError:
        data = None  # the scenario reader says what is wrong with it
    if saves.is_save(data):
        return _replay_save(saves.parse(data), as_json, lang)
    for line in _replay_scenario(load(path), as_json, lang or "en"):
        print(line)
    return 0


def _replay_scenario(scenario: Scenario, as_json: bool, lang: str = "en") -> list[str]:
    """Play a scenario to its end (or its last move) and return the lines to print.

    Everything is played before anything is printed, so a bad move prints
    nothing but its one error line. Without moves the choices are random,
    drawn from the scenario's seed (a game with one legal action at a time
    simply plays it). The lines are JSON Lines with ``as_json``, else what
    the game's narrator says of each event in ``lang``, from the first seat,
    every seat a player ("Player 1").
    """
    from .game import Voice
    from .i18n import Catalog
    from .narration.base import people_first, seat_names
    from .table import SCRIPT, RandomChoice, Seat, Table

    state = scenario.state
    game = registry.get(state.game)
    lines: list[str] = []
    catalog = Catalog(lang)
    names = seat_names(catalog.text, people_first(state.players, state.players))
    narrator = None if as_json else game.narrator(state, Voice(lang, "normal", names, None))

    def tell(events: list[Event]) -> None:
        view = state.view(0)
        for event in events:
            if narrator is None:
                lines.append(dumps_event(event.to_dict()))
            else:
                said = narrator.event(event, view)
                if said is not None and said.speech:
                    lines.append(said.speech)

    moves = scenario.moves
    if moves is None:  # every seat a random chooser, drawing from the scenario's seed
        seats = [Seat.computer("", 0)] * state.players
        chooser = RandomChoice(random.Random(state.seed))
        table = Table(game, state, seats, players=dict.fromkeys(range(state.players), chooser), record=False)
    else:
        table = Table(game, state, [Seat(SCRIPT)] * state.players, moves, record=False)
    table.listeners.append(lambda events, move: tell(list(events)))
    table.start()
    if moves is None:
        table.play_out()
        return lines
    table.play_script()
    if state.result is None and not as_json:
        lines.append(
            catalog.text("The scenario's moves end here, after move {number}; the game is not over.", number=len(moves))
        )
    return lines


def _replay_save(saved: Any, as_json: bool, lang: str | None) -> int:
    """Print a saved game: its events as JSON Lines, or its history as the game said it, in ``lang``."""
    from . import saves

    lines: list[str] = []
    if as_json:
        saves.replay(saved, lambda events, _state: lines.extend(dumps_event(e.to_dict()) for e in events))
    else:
        lines = _save_history(saved, lang)
    for line in lines:
        print(line)
    return 0


def _save_history(saved: Any, lang: str | None) -> list[str]:
    """A saved game's history in ``lang`` (default: the game's own), and a last line when it is not finished."""
    from . import transcript
    from .i18n import Catalog

    lang = lang or (saved.info.lang if saved.info.lang in LANGUAGES else "en")
    lines = transcript.history(saved, lang)
    if not saved.finished:
        lines.append(Catalog(lang).text("The game goes on from here: accessible-cards resume continues it."))
    return lines


def _history_markdown(args: argparse.Namespace) -> str:
    """``emboss history SAVEFILE``: a saved game's history as Markdown, a heading and one paragraph an announcement."""
    from . import saves
    from .i18n import Catalog

    saved = saves.load(Path(args.name))
    info = saved.info
    catalog = Catalog(args.lang)
    title = catalog.plural(
        "{game} for {n} player, seed {seed}: the history of a saved game.",
        "{game} for {n} players, seed {seed}: the history of a saved game.",
        info.players,
        game=catalog.text(saved.game.variant_title(info.variant)),
        seed=info.seed if info.seed is not None and saved.finished else "-",  # an unfinished game keeps its deal
    )
    return "\n\n".join([f"# {title}", *_save_history(saved, args.lang)]) + "\n"


def _score_sheet(parser: argparse.ArgumentParser, args: argparse.Namespace) -> Any:
    """``emboss scores SAVEFILE``: the saved game's score sheet (a usage error for a game that keeps none)."""
    from . import saves
    from .i18n import Catalog

    saved = saves.load(Path(args.name))
    game = saved.game
    if game.score_sheet is None:
        keeping = " and ".join(known.name for known in registry.registered() if known.score_sheet is not None)
        parser.error(f"emboss scores: {game.name} keeps no score sheet (the games that do: {keeping or 'none'})")
    state = game.state_from_json(saved.current)
    return game.score_sheet(state, Catalog(args.lang).text, saved.info.names)


def _simulate(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """``simulate GAME``: the game's own simulation, its figures as JSON or as its lines."""
    from .simulate import Progress, Run, figures_lines, simulate

    game = registry.get(args.game)
    title, low, high = game.title, game.min_players, game.max_players
    if (args.ai is not None or args.swap) and not game.levels:
        levelled = " and ".join(other.title for other in _with_levels()) or "games with computer levels"
        parser.error(f"--ai and --swap are for {levelled}; {title} has no choices")
    if args.players is not None and not low <= args.players <= high:
        parser.error(f"--players: {title} is for {low} to {high} players, not {args.players}")
    if args.games < 1:
        parser.error(f"--games: at least 1, not {args.games}")
    if args.ai is not None:
        seats = args.players if args.players is not None else len(args.ai)
        if len(args.ai) != seats:
            parser.error(f"--ai: give one level per seat ({seats}), not {len(args.ai)}")
        if not low <= seats <= high:
            parser.error(f"--ai: {title} is for {low} to {high} players, not {seats}")
    elif args.swap:
        parser.error("--swap goes with --ai")
    if args.variant is not None and args.variant not in game.variant_names():
        parser.error(_not_a_variant(game, args.variant))
    try:
        figures = simulate(
            game,
            players=args.players,
            games=args.games,
            seed=args.seed,
            settings=parse_settings(args.set),
            variant=args.variant,
            ai=args.ai,
            swap=args.swap,
            run=Run(Progress(sys.stdout) if sys.stdout.isatty() else None),
        )
    except CardsError as error:  # the options, checked before the first game
        parser.error(f"--set: {_one_line(str(error), word=40)}")
    stopped = figures.get("stopped")
    if args.json:
        print(json.dumps(figures))
        return 130 if stopped else 0
    if stopped:
        print(f"Stopped with Ctrl-C: the figures of the {stopped['done']} of {stopped['asked']} games finished.")
    for line in figures_lines(game, figures):
        print(line)
    return 130 if stopped else 0


def _solve_scenario(game: GameDescription, args: argparse.Namespace) -> Any:
    """The state of ``solve --scenario FILE`` before its deal; None (the reason said in one line) when it is none."""
    from .i18n import Catalog
    from .ui.scenario_play import scenario_reason

    t = Catalog(args.common_lang or "en").text
    try:
        scenario = load(args.scenario)
    except CardsError as error:
        print(f"accessible-cards: {_one_line(scenario_reason(error, t))}", file=sys.stderr)
        return None
    if scenario.state.game != game.name:
        found = registry.find(scenario.state.game)
        title = t(found.title) if found is not None else scenario.state.game
        said = t("{path} is a scenario of {game}; its deal cannot be solved here.", path=_cut(args.scenario, 120),
                 game=title)  # fmt: skip
        print(f"accessible-cards: {said}", file=sys.stderr)
        return None
    return scenario.state


def _check_solve_args(
    parser: argparse.ArgumentParser, args: argparse.Namespace, game: GameDescription
) -> Callable[..., Any]:
    """``game``'s solver, once ``solve``'s numbers and preset are checked; a usage error names the first one wrong."""
    solve = game.solve
    if solve is None:
        parser.error(f"{game.name} has no solver")
    if args.deals < 1:
        parser.error(f"--deals: at least 1, not {args.deals}")
    if args.budget < 1:
        parser.error(f"--budget: at least 1 position, not {args.budget}")
    if args.seconds is not None and not args.seconds > 0:
        parser.error(f"--seconds: more than 0, not {args.seconds}")
    if args.variant is not None and args.variant not in game.variant_names():
        parser.error(_not_a_variant(game, args.variant))
    return solve


def _print_deal(deal: dict[str, Any], args: argparse.Namespace) -> None:
    """One solved deal as a line: its seed (or scenario), verdict, time and positions, maybe its winning line."""
    moves = f", a line of {len(deal['line'])} moves" if deal["verdict"] == "winnable" else ""
    which = f"seed {deal['seed']}" if deal["seed"] is not None else _cut(args.scenario, 120)
    print(f"{which}: {deal['verdict'].replace('_', ' ')} in {deal['seconds']:.3f} s, {deal['states']} positions{moves}")
    if args.line and deal["verdict"] == "winnable":
        print("  " + " ".join(str(step) for step in deal["line"]))


def _solve_summary(results: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """The figures of solved deals: counts and shares of each verdict, the winnable share's 95% interval, times."""
    from .stats import percentile, wilson

    n = len(results)
    shares = {
        verdict: sum(1 for deal in results if deal["verdict"] == verdict)
        for verdict in ("winnable", "not_winnable", "undecided")
    }
    times = sorted(float(deal["seconds"]) for deal in results)
    low, high = wilson(shares["winnable"], n)
    return {
        "deals": n,
        "counts": shares,
        "shares": {verdict: count / n for verdict, count in shares.items()},
        "winnable_interval_95": [low, high],
        "median_seconds": percentile(times, 0.5),
        "p95_seconds": percentile(times, 0.95),
    }


def _solve(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """``solve GAME``: the game's solver on seeded deals; per deal its verdict, time and positions, then the shares."""
    game = registry.get(args.game)
    solve = _check_solve_args(parser, args, game)
    start = None
    if args.scenario is not None:
        if args.seed is not None or args.deals != 1 or args.variant or args.set:
            parser.error(
                "--scenario fixes the deal and its rules: give no --seed, --deals, --variant or --set beside it"
            )
        start = _solve_scenario(game, args)
        if start is None:
            return 2
    results: list[dict[str, Any]] = []
    try:
        for deal in solve(
            variant=args.variant,
            settings=parse_settings(args.set),
            seed=1 if args.seed is None else args.seed,
            deals=args.deals,
            states=args.budget,
            seconds=args.seconds,
            start=start,
        ):
            results.append(deal)
            if not args.json:
                _print_deal(deal, args)
    except CardsError as error:
        parser.error(f"--set: {_one_line(str(error), word=40)}")
    except KeyboardInterrupt:
        print(f"Stopped with Ctrl-C after {len(results)} of {args.deals} deals.")
    n = len(results)
    if not n:
        return 130
    if start is not None and not args.json:
        return 0  # one deal: its line says it all
    summary = _solve_summary(results)
    shares = summary["counts"]
    low, high = summary["winnable_interval_95"]
    if args.json:
        print(json.dumps({"game": game.name, "variant": args.variant, "deals": results, "summary": summary}))
        return 0 if n == args.deals else 130
    print(
        f"{n} deals: winnable {shares['winnable']} ({100 * shares['winnable'] / n:.1f}%), "
        f"not winnable {shares['not_winnable']} ({100 * shares['not_winnable'] / n:.1f}%), "
        f"undecided {shares['undecided']} ({100 * shares['undecided'] / n:.1f}%); winnable between "
        f"{100 * low:.1f}% and {100 * high:.1f}% (95%); "
        f"median {summary['median_seconds']:.3f} s, p95 {summary['p95_seconds']:.3f} s per deal"
    )
    return 0 if n == args.deals else 130


if __name__ == "__main__":
    sys.exit(main())
