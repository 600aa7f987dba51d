"""The ``accessible-cards`` command: play, replay and simulate."""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from accessible_cards.games.bundles import text as bundles_text
from accessible_cards.games.bundles.rules import VARIANTS
from accessible_cards.games.bundles.state import BundlesState
from accessible_cards.games.war import text as war_text
from accessible_cards.games.war.state import TURN, WarState

from . import __version__
from .engine import Event, parse_settings
from .errors import CardsError, ScenarioError
from .scenario import dumps_event, load
from .simulate import simulate_bundles, simulate_war


def build_parser() -> argparse.ArgumentParser:
    """The argument parser, with one sub-command per task."""
    parser = argparse.ArgumentParser(
        prog="accessible-cards",
        description="Card games for blind and visually impaired players, by speech and braille.",
    )
    parser.add_argument("--version", action="version", version=f"accessible-cards {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", title="commands")

    play = commands.add_parser("play", help="play at the keyboard (the default command): the menu, or a game at once")
    play.add_argument("game", nargs="?", choices=["war", "bundles"], help="start this game at once")
    play.add_argument(
        "--scenario",
        metavar="FILE",
        default=None,
        help="play a scenario file, such as a lesson from docs/lessons: the game starts from its deal; you are "
        "Player 1 and the other seats are the computer; its moves are played up to your first move, and go on "
        "while you play the scripted card; after any other play the computer chooses for itself",
    )
    play.add_argument("--variant", choices=VARIANTS, default=None, help="the Stealing Bundles preset")
    play.add_argument("--players", type=int, default=None, metavar="N", help="2 to 4 players")
    play.add_argument("--humans", type=int, default=None, metavar="N", help="how many of them are people here")
    play.add_argument("--lang", choices=["en", "de"], default=None, help="the language (en, de)")
    play.add_argument("--seed", type=int, default=None, metavar="S", help="the seed for the shuffle")
    play.add_argument("--set", action="append", default=[], type=_key_value, metavar="KEY=VALUE", help="a rule option")
    play.add_argument("--quiz", action="store_true", default=None, help="War: ask which card is higher first")
    play.add_argument(
        "--verbosity", choices=["brief", "normal", "full"], default=None, help="how much is said (default normal)"
    )
    play.add_argument("--pause", type=float, default=None, metavar="SECONDS", help="the computer's pause, 0 to 10")
    play.add_argument(
        "--level",
        choices=["easy", "medium", "hard"],
        default=None,
        help="how strong the computer plays Stealing Bundles (default medium)",
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
    commands.add_parser("doctor", help="list every speech and braille part as working or missing, with the fix")

    resume = commands.add_parser(
        "resume", help="go on with the saved game where it stopped (the newest unfinished one)"
    )
    resume.add_argument("--lang", choices=["en", "de"], default=None, help="the language (en, de)")
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
        "--lang", choices=["en", "de"], default=None, help="a saved game's history in this language (default: its own)"
    )

    simulate = commands.add_parser("simulate", help="play many seeded games and print their figures")
    simulate.add_argument("game", choices=["war", "bundles"], help="the game")
    simulate.add_argument(
        "--variant", choices=VARIANTS, default="standard", help="the bundles preset (default standard)"
    )
    simulate.add_argument("--players", type=int, default=None, metavar="N", help="2 to 4 players (default 2)")
    simulate.add_argument("--games", type=int, default=1000, metavar="G", help="how many games (default 1000)")
    simulate.add_argument("--seed", type=int, default=1, metavar="S", help="the seed (default 1)")
    simulate.add_argument(
        "--set", action="append", default=[], type=_key_value, metavar="KEY=VALUE", help="a rule option"
    )
    simulate.add_argument(
        "--ai",
        type=_levels,
        default=None,
        metavar="LEVEL,LEVEL",
        help="bundles: a computer level per seat (easy, medium, hard, taker, simple, random); "
        "adds win rates and decision times",
    )
    simulate.add_argument(
        "--swap", action="store_true", help="with --ai: the second half of the games moves every level one seat on"
    )
    simulate.add_argument("--json", action="store_true", help="print one JSON object")
    return parser


def _levels(text: str) -> list[str]:
    """``--ai``: known level names separated by commas (else argparse's usage error)."""
    from accessible_cards.games.bundles.ai import available_levels

    levels = [word.strip().lower() for word in text.split(",")]
    known = available_levels()
    for level in levels:
        if level not in known:
            raise argparse.ArgumentTypeError(f"{level!r} is not a computer level ({', '.join(known)})")
    return levels


def _key_value(text: str) -> str:
    """A ``--set`` word as given, when it has the form KEY=VALUE (else argparse's usage error)."""
    name, sep, _value = text.partition("=")
    if not sep or not name.strip():
        raise argparse.ArgumentTypeError(f"{text!r} is not KEY=VALUE")
    return text


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        if args.command == "replay":
            return _replay(args.file, args.json, args.lang)
        if args.command == "resume":
            return _play(parser, args)
        if args.command == "simulate":
            return _simulate(parser, args)
        if args.command == "play":
            return _play(parser, args)
        if args.command in ("braille", "emboss"):
            from .braille.cli import run_braille, run_emboss

            _check_braille_args(parser, args)
            if args.command == "braille":
                return run_braille(args)
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
        if args.command == "doctor":
            from .doctor import run as run_doctor

            return run_doctor()
        return _play(parser, parser.parse_args(["play"]))
    except CardsError as error:
        print(f"accessible-cards: {_one_line(str(error))}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0


def _play(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """The interactive program: the main menu, or the game named on the command line."""
    from . import settings as settings_file
    from .ui.app import App, GameRequest
    from .ui.terminal import Terminal

    loaded = settings_file.load()
    overrides: dict[str, Any] = {}
    if args.lang:
        overrides["lang"] = args.lang
    if args.verbosity:
        overrides["verbosity"] = args.verbosity
    from . import game as registry

    game_overrides: dict[str, dict[str, Any]] = {}
    if args.quiz:
        for described in registry.registered():
            if any(setting.key == "quiz" for setting in described.settings):
                game_overrides.setdefault(described.name, {})["quiz"] = True
    if args.braille:
        overrides["braille"] = args.braille
    import os

    speech = args.speech or os.environ.get("ACCESSIBLE_CARDS_SPEECH")
    if speech:
        if speech not in ("auto", "self", "screen-reader", "off"):
            parser.error(f"ACCESSIBLE_CARDS_SPEECH: auto, self, screen-reader or off, not {speech!r}")
        overrides["speech"] = speech
    if args.pause is not None:
        if not 0 <= args.pause <= 10:
            parser.error(f"--pause: from 0 to 10 seconds, not {args.pause:g}")
        overrides["computer_pause"] = args.pause
    if getattr(args, "level", None) is not None:
        for described in registry.registered():
            if described.level_setting is not None:
                game_overrides.setdefault(described.name, {})[described.level_setting] = args.level
    settings = loaded.settings.changed(**overrides)
    for name, values in game_overrides.items():
        settings = settings.changed_game(name, **values)
    loaded = settings_file.Loaded(settings, loaded.problems, loaded.writable, loaded.path)
    first = None
    if args.scenario is not None:
        first = _scenario_game(parser, args, settings.lang or "en")
        if first is None:
            return 1
    elif args.game:
        game = registry.get(args.game)
        chosen = settings.game(game.name)
        players = args.players if args.players is not None else chosen["players"]
        if not game.min_players <= players <= game.max_players:
            parser.error(f"--players: {game.min_players} to {game.max_players} players, not {players}")
        humans = args.humans if args.humans is not None else min(chosen["humans"], players)
        if not 1 <= humans <= players:
            parser.error(f"--humans: 1 to {players} (the number of players), not {humans}")
        variant = args.variant
        if variant is None and game.variant_names():
            variant = str(chosen.get(game.variant_setting or "", game.variant_names()[0]))
        request = GameRequest(game.name, players, humans, variant, args.seed, dict(parse_settings(args.set)))
        try:
            game.new_state(players, variant, request.options, 0)
        except CardsError as error:
            parser.error(f"--set: {error}")
        first = request
    elif args.players is not None or args.humans is not None or args.variant or args.seed is not None or args.set:
        parser.error("--players, --humans, --variant, --seed and --set go with a game: play war or play bundles")
    terminal = Terminal(settings.lang or "en", settings.input)
    app = App(terminal, loaded, outputs=_outputs(settings, terminal))
    _add_voice(app, terminal)
    return app.run(first, resume=getattr(args, "resume", False))


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
    try:
        return scenario_request(args.scenario)
    except CardsError as error:
        print(f"accessible-cards: {_one_line(scenario_reason(error, Catalog(lang).text))}", file=sys.stderr)
        return None


def _check_braille_args(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """Bad values given to ``braille`` and ``emboss`` are usage errors, like argparse's own."""
    from .braille.emboss import MIN_HEIGHT, MIN_WIDTH, rules_file
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
            rules_file(args.name, args.lang)
        except ValueError as error:
            parser.error(f"emboss rules: {error}")


def _one_line(text: str, limit: int = 300) -> str:
    """A refusal as one line for the terminal: a file's control codes dropped, a file's long words cut short."""
    text = "".join(character for character in text if character.isprintable())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _keys_markdown(parser: argparse.ArgumentParser, args: argparse.Namespace) -> str:
    """The keyboard reference of the game named for ``emboss keys``."""
    from .ui.keyref import keyboard_reference

    if args.name not in ("war", "bundles", *VARIANTS):
        parser.error(f"emboss keys: GAME is war, bundles or a bundles preset, not {args.name!r}")
    return keyboard_reference("war" if args.name == "war" else "bundles", args.lang)


def _add_voice(app: Any, terminal: Any) -> None:
    """Choose the speech mode, say it once, and open the game's own voice when it is to speak."""
    import os

    from .speech.mode import choose_mode, process_names

    settings = app.settings
    choice = choose_mode(settings.speech, os.environ, process_names())
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
    elif choice.mode == "screen-reader" and settings.speech == "auto":
        app.startup_notes.append(t("Speech: a screen reader is running, so the game only writes lines for it."))
    elif choice.mode == "off" and settings.speech == "auto":
        app.startup_notes.append(t("Speech: no voice works here, so the game goes on in text alone."))


def _outputs(settings: Any, terminal: Any) -> list[Any]:
    """The outputs besides the terminal line: braille as the settings ask."""
    from .braille.display import BrailleDisplayOutput, UnicodeBrailleOutput
    from .keys import Typed

    lang = settings.lang or "en"
    if settings.braille == "unicode":
        return [UnicodeBrailleOutput(terminal.line, lang, settings.braille_grade)]
    if settings.braille == "brlapi":

        def command(name: str, value: int | str | None) -> None:
            if name == "typed":
                terminal.inject(("typed", str(value)))
            else:
                terminal.inject(Typed(name, value if isinstance(value, int) else None))

        return [
            BrailleDisplayOutput(
                on_command=command,
                on_status=terminal.inject,
                lang=lang,
                grade=settings.braille_grade,
            )
        ]
    return []


def _tell(state: WarState, events: list[Event]) -> None:
    view = state.view(0)
    for event in events:
        line = war_text.describe(event, view)
        if line:
            print(line)


def _replay(path: str, as_json: bool, lang: str | None = None) -> int:
    from . import saves

    try:
        data = saves.read_json(Path(path))
    except saves.SaveError:
        data = None  # the scenario reader says what is wrong with it
    if saves.is_save(data):
        return _replay_save(saves.parse(data), as_json, lang)
    scenario = load(path)
    state = scenario.state
    if isinstance(state, BundlesState):
        lines = _replay_bundles(state, list(scenario.moves) if scenario.moves is not None else None, as_json)
        for line in lines:
            print(line)
        return 0
    if not isinstance(state, WarState):
        raise AssertionError("only War and bundles scenarios exist so far")
    events = state.start()
    while True:
        for event in events:
            if as_json:
                print(dumps_event(event.to_dict()))
        if not as_json:
            _tell(state, events)
        if state.result is not None:
            return 0
        events = state.apply(TURN)


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
    from . import saves
    from .i18n import Catalog

    lang = lang or (saved.info.lang if saved.info.lang in ("en", "de") else "en")
    lines = saves.history(saved, lang)
    if not saved.finished:
        lines.append(Catalog(lang).text("The game goes on from here: accessible-cards resume continues it."))
    return lines


def _history_markdown(args: argparse.Namespace) -> str:
    """``emboss history SAVEFILE``: a saved game's history as Markdown, a heading and one paragraph an announcement."""
    from . import game as registry
    from . import saves
    from .i18n import Catalog

    saved = saves.load(Path(args.name))
    info = saved.info
    catalog = Catalog(args.lang)
    game = catalog.text(registry.get(info.game).variant_title(info.variant))
    title = catalog.plural(
        "{game} for {n} player, seed {seed}: the history of a saved game.",
        "{game} for {n} players, seed {seed}: the history of a saved game.",
        info.players,
        game=game,
        seed=info.seed if info.seed is not None else "-",
    )
    return "\n\n".join([f"# {title}", *_save_history(saved, args.lang)]) + "\n"


def _replay_bundles(state: BundlesState, moves: Sequence[Any] | None, as_json: bool) -> list[str]:
    """Play a bundles scenario to its end (or its last move) and return the lines to print.

    Everything is played before anything is printed, so a bad move prints
    nothing but its one error line. Without ``moves`` the choices are random,
    drawn from the scenario's seed.
    """
    lines: list[str] = []

    def tell(events: list[Event]) -> None:
        view = state.view(0)
        for event in events:
            if as_json:
                lines.append(dumps_event(event.to_dict()))
            else:
                line = bundles_text.describe(event, view)
                if line:
                    lines.append(line)

    tell(state.start())
    if moves is None:
        chooser = random.Random(state.seed)
        while state.result is None:
            tell(state.apply(chooser.choice(state.actions())))
        return lines
    for move in moves:
        if state.result is not None:
            raise ScenarioError(
                "error-scenario-move", f"move {move.number}: the game is over", move=move.number, reason="game over"
            )
        tell(state.apply(move.action(state)))
    if state.result is None and not as_json:
        lines.append(f"The scenario's moves end here, after move {len(moves)}; the game is not over.")
    return lines


def _simulate(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    if args.game == "bundles":
        if args.players is not None and not 2 <= args.players <= 4:
            parser.error(f"--players: Stealing Bundles is for 2 to 4 players, not {args.players}")
        if args.games < 1:
            parser.error(f"--games: at least 1, not {args.games}")
        if args.ai is not None:
            seats = args.players if args.players is not None else len(args.ai)
            if len(args.ai) != seats:
                parser.error(f"--ai: give one level per seat ({seats}), not {len(args.ai)}")
            if not 2 <= seats <= 4:
                parser.error(f"--ai: Stealing Bundles is for 2 to 4 players, not {seats}")
        elif args.swap:
            parser.error("--swap goes with --ai")
        try:
            figures = simulate_bundles(
                args.variant, args.players, args.games, args.seed, parse_settings(args.set), args.ai, args.swap
            )
        except CardsError as error:  # the options, checked before the first game
            parser.error(f"--set: {error}")
        if args.json:
            print(json.dumps(figures))
        else:
            _print_bundles_figures(figures)
        return 0
    if args.ai is not None or args.swap:
        parser.error("--ai and --swap are for Stealing Bundles; War has no choices")
    if args.players is None:
        args.players = 2
    if not 2 <= args.players <= 4:
        parser.error(f"--players: War is for 2 to 4 players, not {args.players}")
    if args.games < 1:
        parser.error(f"--games: at least 1, not {args.games}")
    try:
        figures = simulate_war(args.players, args.games, args.seed, parse_settings(args.set))
    except CardsError as error:  # the options, checked before the first game
        parser.error(f"--set: {error}")
    if args.json:
        print(json.dumps(figures))
    else:
        _print_figures(figures)
    return 0


def _print_bundles_figures(figures: dict[str, Any]) -> None:
    options = ", ".join(f"{k}={v}" for k, v in figures["options"].items() if k not in ("variant", "players"))
    print(
        f"Stealing Bundles, {figures['variant']}, {figures['players']} players, {figures['games']} games; "
        f"options: {options}"
    )
    levels = figures.get("ai")
    names = [f"player {seat + 1}" for seat in range(figures["players"])]
    if levels is not None:
        names = [f"{name} ({level})" for name, level in zip(names, levels)]
        if figures["swap"]:
            print("Seats swapped halfway: each figure follows its level.")
    wins = ", ".join(f"{name}: {n}" for name, n in zip(names, figures["wins"]))
    means = ", ".join(f"{name}: {m}" for name, m in zip(names, figures["score"]["mean"]))
    print(f"Wins: {wins}. Draws: {figures['draws']}.")
    print(f"Mean cards: {means}.")
    print(
        f"Per game: {figures['steals_per_game']} steals, {figures['captures_per_game']} captures, "
        f"{figures['trails_per_game']} trails."
    )
    if levels is not None:
        for index, name in enumerate(names):
            low, high = figures["win_rate_ci95"][index]
            ms = figures["decision_ms"]
            print(
                f"{name}: wins {100 * figures['win_rate'][index]:.1f}% of decided games "
                f"(95% interval {100 * low:.1f}-{100 * high:.1f}%); decisions mean {ms['mean'][index]} ms, "
                f"95th percentile {ms['p95'][index]} ms, longest {ms['max'][index]} ms."
            )


def _print_figures(figures: dict[str, Any]) -> None:
    options = ", ".join(f"{k}={v}" for k, v in figures["options"].items())
    print(f"War, {figures['players']} players, {figures['games']} games, seed {figures['seed']}; options: {options}")
    for name in ("rounds", "battles", "plays", "wars"):
        s = figures[name]
        print(f"{name.capitalize()} per game: mean {s['mean']}, median {s['median']}, 95th percentile {s['p95']}")
    wins = ", ".join(f"player {seat + 1}: {n}" for seat, n in enumerate(figures["wins"]))
    print(f"Wins: {wins}. Draws: {figures['draws']} (of them cycles: {figures['cycles']}).")
    print(f"First battle a war: {figures['first_battle_war_rate']:.4f} of games.")


if __name__ == "__main__":
    sys.exit(main())
