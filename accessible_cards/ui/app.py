"""The interactive program: the main menu, settings, game set-up, and the loop that reads keys.

A stack of screens; the top one reads the next command. Repeat and help work
everywhere. Every line the program writes goes through ``say`` (a remark) or
``announce`` (a game announcement, kept in the history).
"""

from __future__ import annotations

import contextlib
import functools
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from .. import game as registry
from .. import settings as settings_file
from ..cards import DeckKind
from ..errors import CardsError
from ..i18n import LANGUAGES, Catalog
from ..keys import Typed
from ..outputs import READERS_RATE, Notice, Output
from ..settings import Settings
from ..utterance import VERBOSITIES, Utterance
from .commands import GAME_PHASES, for_phase, keys_label
from .game_screen import GameScreen
from .messages import notice_text, refusal, shown
from .request import GameRequest as GameRequest  # the name the callers know it by
from .saving import resume_saved, saved_language
from .scenario_play import scenario_screen
from .screens import Item, ListScreen, Screen, rules_screen
from .terminal import Terminal
from .tutorial import tutorial_offer
from .tutorial import tutorial_screen as make_tutorial


class App:
    """The program: settings, terminal, catalog and the screen stack."""

    def __init__(
        self,
        terminal: Terminal,
        loaded: settings_file.Loaded,
        *,
        save_settings: bool = True,
        outputs: Sequence[Output] = (),
        overrides: Mapping[str, Any] | None = None,
        game_overrides: Mapping[str, Mapping[str, Any]] | None = None,
    ) -> None:
        """``overrides`` (common settings) and ``game_overrides`` (a game's section) hold for this run alone.

        They are what the command line and the environment chose: they change ``settings`` but never the
        file, which keeps ``stored`` (what was read, and what the player changes in the program).
        """
        self.terminal = terminal
        self.outputs: list[Output] = list(outputs)
        self.loaded = loaded
        self.stored: Settings = loaded.settings
        self.overrides: dict[str, Any] = dict(overrides or {})
        self.game_overrides: dict[str, dict[str, Any]] = {
            name: dict(values) for name, values in (game_overrides or {}).items()
        }
        self.settings: Settings = self._effective()
        self.save_settings = save_settings and (loaded.writable or loaded.editable)
        self._kept: Settings = loaded.settings
        """The settings as the file has them now: a change writes only what differs (the file is edited in place)."""
        self.catalog = Catalog(self.settings.lang or "en")
        self.stack: list[Screen] = []
        self.last_said: Utterance | None = None
        self.running = True
        self.muted = False  # while a saved game is replayed, nothing is said
        self.startup_notes: list[str] = []
        self.background: dict[str, Callable[[], None]] = {}
        """Commands that come from elsewhere, not from a key (a network client's news), and what each does."""
        terminal.unknown = self._unknown
        terminal.status = self._status

    # -- words ------------------------------------------------------------

    @property
    def lang(self) -> str:
        return self.settings.lang or "en"

    def t(self, msgid: str, context: str | None = None, **params: Any) -> str:
        """A message in the player's language."""
        return self.catalog.text(msgid, context, **params)

    def tn(self, msgid: str, plural: str, n: int, **params: Any) -> str:
        """A message with a count, in the player's language."""
        return self.catalog.plural(msgid, plural, n, **params)

    def say(self, text: str | Utterance) -> None:
        """Present a remark or an announcement: a terminal line, and every output; R repeats it."""
        if self.muted:
            return
        utterance = text if isinstance(text, Utterance) else Utterance(text, text)
        self.last_said = utterance
        self._present(utterance)

    def _present(self, utterance: Utterance) -> None:
        self.terminal.line(utterance.speech)
        for output in self.outputs:
            output.say(utterance)

    def announce(self, utterance: Utterance) -> None:
        """Present a game announcement."""
        self.say(utterance)

    def forget(self) -> None:
        """Hand-over in hot-seat play: the screen, the braille display's earlier lines and R forget what was said."""
        self.last_said = None
        self.terminal.clear()
        for output in self.outputs:
            output.forget()

    def refuse(self, reason: str | Utterance) -> None:
        """One short reason, said once: nothing changes, and R still repeats what was said before it.

        An :class:`Utterance` carries a braille line of its own (a game's reason in card codes).
        """
        if not self.muted:
            self._present(reason if isinstance(reason, Utterance) else Utterance(reason, reason))

    def _status(self, news: Notice | str) -> None:
        """A device's news, said in the player's language.

        A :class:`Notice` from an output (a braille display lost or found) is worded from its message
        id (:func:`~.messages.notice_text`); a sentence (the voice's news, which :meth:`voice_notice`
        has already put in the player's language) is said as it is. A notice goes to the line and to
        speech but not onto the display it is about (its kind, ``status.braille``, tells the display to
        keep the newest announcement, to show when it is back).
        """
        if isinstance(news, str):
            self.say(news)
            return
        said = notice_text(news, self.t)
        self.say(Utterance(said, said, kind="status.braille"))

    def _unknown(self, text: str) -> None:
        text = "".join(character for character in text if character.isprintable()).strip() or "?key"  # no control codes
        reason = self.stack[-1].waiting_for() if self.stack else None
        if reason:
            self.refuse(reason)
        elif text == "?key":
            self.refuse(self.t("That key does nothing here. Press ? for the keys."))
        elif len(text) == 1:
            named = text.upper() if len(text.upper()) == 1 else text  # "ﬁ" and "ß" are named as typed, not FI, SS
            self.refuse(self.t("The {key} key does nothing here. Press ? for the keys.", key=named))
        else:
            self.refuse(self.t("I do not know the command {text}. Press ? for the keys.", text=text[:40]))

    # -- settings -----------------------------------------------------------

    def problem(self, problem: settings_file.Problem) -> str:
        """A problem of the settings file in the player's language; what the file says is shown short and plain."""
        t, params = self.t, problem.params
        path = str(params.get("path", self.loaded.path))
        key, value = shown(params.get("key", "")), shown(params.get("value", ""))
        kind = problem.msg_id
        if kind == "settings-unreadable":
            return t("{path} cannot be read", path=path)
        if kind == "settings-not-file":
            return t("{path} is a folder or a device, not a file", path=path)
        if kind == "settings-too-large":
            return t("{path} is too large to be a settings file", path=path)
        if kind == "settings-encoding":
            return t("{path} is not UTF-8 text", path=path)
        if kind == "settings-empty":
            return t("{path} is empty", path=path)
        if kind == "settings-syntax":
            where = re.search(r"line (\d+), column (\d+)", str(params.get("reason", "")))
            if where is None:
                return t("{path} is not valid TOML", path=path)
            return t(
                "{path} is not valid TOML at line {line}, column {column}", path=path, line=where[1], column=where[2]
            )
        if kind == "settings-unknown-key":
            return t("{path} has a setting this version does not know: {key}", path=path, key=key)
        if kind == "settings-bad-value":
            allowed = str(params.get("allowed", ""))
            with contextlib.suppress(CardsError):  # a value list not in the catalog is said as settings.py has it
                allowed = t(allowed)
            return t(
                "{path}: {key} cannot be {value}; it takes {allowed}", path=path, key=key, value=value, allowed=allowed
            )
        if kind == "settings-not-table":
            return t("{path}: {key} must be a section, written [{key}]", path=path, key=key)
        return shown(problem.text, 200)

    def _effective(self) -> Settings:
        """The settings in use: the stored ones, with this run's overrides on top."""
        settings = self.stored.changed(**self.overrides)
        for name, values in self.game_overrides.items():
            settings = settings.changed_game(name, **values)
        return settings

    def change_settings(self, **values: Any) -> None:
        """Change settings and keep them (unless the settings file is broken, which is left as it is).

        Only ``values`` are kept: a value this run took from the command line stays out of the file, and a
        setting the player changes here is no longer overridden.
        """
        self.stored = self.stored.changed(**values)
        for name in values:
            self.overrides.pop(name, None)
        self.settings = self._effective()
        if "lang" in values or "braille_en" in values or "braille_de" in values:
            self.catalog = Catalog(self.lang)
            self.terminal.lang = self.lang
            self.follow(lang=self.lang, grade=self.settings.braille_grade)
        if "braille_seconds" in values:
            for output in self.outputs:
                output.set_message_seconds(self.settings.braille_seconds)
        if "input" in values:
            self.terminal.input_mode = self.settings.input
            self.terminal.forget_bindings()
        self._keep_settings()

    def use_language_for_run(self, lang: str | None) -> None:
        """Speak ``lang`` in this run alone (nothing is written); None changes nothing."""
        if lang is None or lang not in LANGUAGES:
            return
        self.overrides["lang"] = lang
        self.settings = self._effective()
        self.catalog = Catalog(self.lang)
        self.terminal.lang = self.lang
        self.follow(lang=self.lang, grade=self.settings.braille_grade)

    def change_game_settings(self, game: str, **values: Any) -> None:
        """Change settings of one game's section and keep them (only ``values``, as :meth:`change_settings`)."""
        self.stored = self.stored.changed_game(game, **values)
        for key in values:
            self.game_overrides.get(game, {}).pop(key, None)
        self.settings = self._effective()
        self._keep_settings()

    def _keep_settings(self) -> None:
        if self.save_settings:
            try:
                settings_file.save(self.stored, self.loaded.path, before=self._kept)
                self._kept = self.stored
            except OSError:
                self.save_settings = False
                self.say(self.t("The settings cannot be saved here; they hold until you quit."))

    def follow(self, *, lang: str | None = None, grade: str | None = None, deck: DeckKind | str | None = None) -> None:
        """Tell the outputs the language, braille table (``grade``) or deck now in use: those given."""
        for output in self.outputs:
            if lang is not None:
                output.set_language(lang)
            if grade is not None:
                output.set_braille_table(grade)
            if deck is not None:
                output.set_deck(deck)

    def voice_notice(self, notice: Any) -> str:
        """A notice about the game's own voice, in the player's language."""
        t = self.t
        if notice.kind == "engine":
            return t("Speech: the game speaks with {engine}.", engine=notice.engine)
        if notice.kind == "no-voice":
            return t("Speech: no voice works here, so the game goes on in text alone. Try: accessible-cards doctor.")
        if notice.kind == "engine-back":
            return t("Speech is back: the game speaks with {engine} again.", engine=notice.engine)
        if notice.engine and notice.engine == notice.failed:
            return t("Speech: {failed} stopped and has started again.", failed=notice.failed)
        if notice.engine and notice.retrying:
            return t(
                "Speech: {failed} stopped working; the game speaks with {engine} until {failed} works again.",
                failed=notice.failed,
                engine=notice.engine,
            )
        if notice.retrying:
            return t(
                "Speech: {failed} stopped working; the game goes on in text alone and tries it again.",
                failed=notice.failed,
            )
        if notice.engine:
            return t(
                "Speech: {failed} stopped working; the game speaks with {engine} now.",
                failed=notice.failed,
                engine=notice.engine,
            )
        return t("Speech: {failed} stopped working; the game goes on in text alone.", failed=notice.failed)

    # -- the stack ------------------------------------------------------------

    def push(self, screen: Screen) -> None:
        self.stack.append(screen)
        screen.enter()

    def pop(self) -> None:
        if self.stack:
            self.stack.pop().leave()
        if self.stack:
            self.stack[-1].resume()
        else:
            self.running = False

    def replace(self, screen: Screen) -> None:
        if self.stack:
            self.stack.pop().leave()
        self.push(screen)

    def back_to_menu(self) -> None:
        """Close every screen above the main menu and say the menu again."""
        del self.stack[1:]
        self.stack[0].resume()

    def game_screen(self, request: GameRequest) -> Screen:
        """The screen that plays ``request``."""
        if request.scenario is not None:
            return scenario_screen(self, request)
        return GameScreen(self, request)

    def replace_game(self, screen: Screen) -> None:
        """Close every screen above the main menu and open ``screen``."""
        del self.stack[1:]
        self.push(screen)

    def quit(self) -> None:
        self.running = False
        self.say(self.t("Goodbye."))

    # -- running ------------------------------------------------------------

    def run(self, first: GameRequest | None = None, *, resume: bool = False) -> int:
        """Start (first-start language question, problems with the settings file), then read keys until quit.

        ``resume`` opens the newest unfinished saved game (or says there is none, over the main menu).
        """
        for problem in self.loaded.problems:
            self.say(
                self.t("Settings file problem: {problem}. Using the defaults for it.", problem=self.problem(problem))
            )
        for note in self.startup_notes:
            self.say(note)
        menu = MainMenu(self)
        if resume:  # straight into the saved game, in its language on a new profile, with no question first
            if self.settings.lang is None:
                self.use_language_for_run(saved_language())
            self.stack.append(menu)  # under the game, said when the game ends (or now, with no game to resume)
            resume_saved(self)
        elif self.settings.lang is None:
            self.stack.append(menu)  # said once the language is chosen
            self.push(language_screen(self, first_start=True, then=first))
        elif first is not None:
            self.stack.append(menu)  # under the game, said when the game ends
            self.push(self.game_screen(first))
        elif self.stored.lang is None:  # a first start with --lang: that was the language answer
            self.stack.append(menu)  # said after the offer
            self.push(tutorial_offer(self))
        else:
            self.push(menu)
        return self.loop()

    def loop(self) -> int:
        """Read commands for the top screen until quit; a background command (news) is taken without a key."""
        while self.running and self.stack:
            screen = self.stack[-1]
            screen.before_input()
            if not self.running or screen is not self.stack[-1]:
                continue
            typed = self.terminal.read(screen.phase)
            if typed is None:
                break
            background = self.background.get(typed.name)
            if background is not None:
                background()  # news from elsewhere (the network): no key was pressed, so nothing is cut off
                continue
            for output in self.outputs:
                output.interrupt()
            try:
                self.dispatch(typed)
            except CardsError as error:
                if isinstance(screen, GameScreen):  # its game refused what its keys asked
                    error.of_game(screen.game.name)
                self.refuse(refusal(error, self.t))
        for screen in reversed(self.stack):  # the program ends: a game keeps its clock's reading
            screen.leave()
        for output in self.outputs:
            output.close()
        return 0

    def dispatch(self, typed: Typed) -> None:
        """Commands that work everywhere, then the top screen's own."""
        screen = self.stack[-1]
        if screen.intercept(typed):
            return
        if typed.name == "repeat":
            if self.last_said:
                self.say(self.last_said)
            return
        if typed.name == "help":
            self.say(self.help_text(screen.phase))
            return
        if typed.name in ("faster", "slower", "silence"):
            self.voice_key(typed.name)
            return
        if typed.name == "quit":
            self.confirm_quit()
            return
        screen.handle(typed)

    def voice_key(self, name: str) -> None:
        """+ and - change the rate of the game's own voice (kept in the settings); . silences it."""
        voices = [output for output in self.outputs if output.has_voice]
        if not voices:
            self.refuse(self.t("The game's own voice is off."))
            return
        if name == "silence":
            return  # the key press itself has silenced every output
        rate = voices[0].faster() if name == "faster" else voices[0].slower()
        if rate is None:
            self.refuse(self.t("The voice is not ready yet."))
            return
        if rate == READERS_RATE:
            self.refuse(self.t("Your screen reader speaks for the game: change the rate in your screen reader."))
            return
        self.change_settings(speech_rate=rate)
        self.say(self.t("Speech rate: {rate} words a minute.", rate=rate))

    def help_text(self, phase: str) -> str:
        """The keys of this phase, made from the key map: a heading line, then one line a command."""
        parts = [f"{keys_label(c, self.lang)}: {self.t(c.help)}" for c in for_phase(phase)]
        unique: list[str] = []
        for part in parts:
            if part not in unique:
                unique.append(part)
        return "\n".join([self.t("Keys for this moment, one a line:"), *unique])

    def confirm_quit(self) -> None:
        in_game = any(screen.phase in GAME_PHASES for screen in self.stack)
        saved = any(getattr(screen, "saved", False) for screen in self.stack)
        if saved:
            title = self.t("Quit the game? It is saved: Resume game goes on with it.")
        elif in_game:
            title = self.t("Quit the game? It is not saved.")
        else:
            title = self.t("Quit Accessible Cards?")
        self.push(
            ListScreen(
                self,
                title,
                [Item(self.t("No, go on"), self.pop), Item(self.t("Yes, quit"), self.quit)],
                hint=False,
                answers=(1, 0),
            )
        )

    # -- rules ----------------------------------------------------------------

    def show_settings(self) -> None:
        """The settings (from the main menu or a game's menu)."""
        self.push(settings_screen(self))

    def show_rules(self, game: str) -> None:
        sections = read_rules(game, self.lang)
        if sections is None:
            self.refuse(self.t("The rules file is not installed with this copy."))
            return
        title = self.t("Rules. Up and Down move from heading to heading, Enter reads the section, Escape goes back.")
        self.push(rules_screen(self, title, sections))


class MainMenu(ListScreen):
    """Play War, play Stealing Bundles, settings, rules, quit."""

    def __init__(self, app: App) -> None:
        super().__init__(app, "", [], on_back=lambda: None)
        self._build()

    def _build(self) -> None:
        app, t = self.app, self.app.t
        self.title = t("Accessible Cards. Main menu.")
        self.items = [
            *(Item(t(game.menu_item), functools.partial(open_setup, app, game)) for game in registry.registered()),
            *([Item(t("Resume game"), lambda: resume_game(app))] if has_saved_game() else []),
            Item(t("Settings"), lambda: app.push(settings_screen(app))),
            Item(t("Rules"), lambda: app.push(rules_menu(app))),
            *(
                Item(t("Tutorial: learn the keys with one short hand"), functools.partial(open_tutorial, app, game))
                for game in registry.registered()
                if game.tutorial is not None
            ),
            Item(t("Quit"), app.quit),
        ]

    def resume(self) -> None:
        self._build()
        super().resume()

    def handle(self, typed: Typed) -> None:
        if typed.name == "back":
            self.app.say(self.app.t("This is the main menu. Choose Quit to leave."))
            return
        if typed.name == "rules":
            self.app.push(rules_menu(self.app))
            return
        super().handle(typed)


def has_saved_game() -> bool:
    """True when an unfinished saved game is there to resume."""
    from .. import saves

    return saves.latest_unfinished() is not None


def resume_game(app: App) -> None:
    """The newest unfinished saved game, where it stopped (or why it cannot be, over the main menu)."""
    resume_saved(app)


def open_tutorial(app: App, game: registry.GameDescription) -> None:
    """A game's spoken tutorial."""
    app.push(tutorial_screen(app, game))


def tutorial_screen(app: App, game: registry.GameDescription | None = None) -> Screen:
    """The spoken tutorial of ``game`` (default: the first game that has one)."""
    return make_tutorial(app, game)


def language_screen(app: App, first_start: bool = False, then: GameRequest | None = None) -> ListScreen:
    """Choose the language (asked in both languages at the first start); ``then`` opens next."""

    def choose(lang: str) -> Callable[[], None]:
        def act() -> None:
            app.change_settings(lang=lang)
            if then is not None:
                app.replace(app.game_screen(then))
            elif first_start:
                app.replace(tutorial_offer(app))
            else:
                app.pop()

        return act

    title = "Language? Sprache?" if first_start else app.t("Language")
    hint: bool | str = True
    if first_start:  # no language is chosen yet: the hint is said in every language, as the title is
        hint = " ".join(
            Catalog(lang).text("Up and Down to move, Enter to choose, Escape to go back.") for lang in LANGUAGES
        )
    return ListScreen(
        app,
        title,
        [Item(LANGUAGE_NAMES.get(lang, lang), choose(lang)) for lang in LANGUAGES],
        index=0 if app.lang == "en" else 1,
        on_back=choose(app.lang) if first_start else None,
        hint=hint,
    )


def _question(
    app: App,
    title: str,
    values: list[int],
    default: int,
    then: Callable[[int], None],
    label: Callable[[int], str],
    *,
    counts: bool = False,
) -> ListScreen:
    """A list of ``values``; with ``counts`` each value (a count, 1 to 9) is also its item's number."""
    items = [Item(label(v), functools.partial(then, v)) for v in values]
    numbers = values if counts and all(1 <= v <= 9 for v in values) else None
    return ListScreen(app, title, items, index=values.index(default) if default in values else 0, numbers=numbers)


def players_label(app: App, n: int) -> str:
    """An answer to "How many players?", its count in words ("two players"; digits past nine)."""
    t = app.t
    words = {
        1: t("one player"),
        2: t("two players"),
        3: t("three players"),
        4: t("four players"),
        5: t("five players"),
        6: t("six players"),
        7: t("seven players"),
        8: t("eight players"),
        9: t("nine players"),
    }
    return words.get(n) or app.tn("{n} player", "{n} players", n)


def people_label(app: App, n: int) -> str:
    """An answer to "How many of them are people?", its count in words ("one person"; digits past nine)."""
    t = app.t
    words = {
        1: t("one person"),
        2: t("two people"),
        3: t("three people"),
        4: t("four people"),
        5: t("five people"),
        6: t("six people"),
        7: t("seven people"),
        8: t("eight people"),
        9: t("nine people"),
    }
    return words.get(n) or app.tn("{n} person", "{n} people", n)


def open_setup(app: App, game: registry.GameDescription) -> None:
    app.push(game_setup(app, game))


def game_setup(app: App, game: registry.GameDescription) -> ListScreen:
    """A new game asks: the preset (when it has several), how many players, how many of them people here."""
    chosen = app.settings.game(game.name)

    def players_question(variant: str | None) -> ListScreen:
        def players_chosen(players: int) -> None:
            def humans_chosen(people: int) -> None:
                values: dict[str, Any] = {"players": players, "humans": people}
                if game.variant_setting is not None and variant is not None:
                    values[game.variant_setting] = variant
                app.change_game_settings(game.name, **values)
                app.replace(app.game_screen(GameRequest(game.name, players, people, variant)))

            app.replace(
                _question(
                    app,
                    app.t("How many of them are people at this keyboard? The others are the computer."),
                    list(range(1, players + 1)),
                    min(chosen["humans"], players),
                    humans_chosen,
                    functools.partial(people_label, app),
                    counts=True,
                )
            )

        title = app.t("How many players?")
        if not game.variants:
            title = app.t("{game}. How many players?", game=app.t(game.title))
        return _question(
            app,
            title,
            list(range(game.min_players, game.max_players + 1)),
            chosen["players"],
            players_chosen,
            functools.partial(players_label, app),
            counts=True,
        )

    def variant_chosen(variant: str) -> None:
        fixed = game.variant_players.get(variant, 1 if game.min_players == game.max_players == 1 else 0)
        if fixed:  # one player, or a preset that fixes its people (a race of 2): nothing more to ask
            values: dict[str, Any] = {"players": fixed, "humans": fixed}
            if game.variant_setting is not None:
                values[game.variant_setting] = variant
            app.change_game_settings(game.name, **values)
            app.replace(app.game_screen(GameRequest(game.name, fixed, fixed, variant)))
            return
        app.replace(players_question(variant))

    variants = game.variant_names()
    if not variants:
        return players_question(None)
    current = game.default_variant(app.settings.lang or "en", chosen)
    return _question(
        app,
        app.t("Which game?"),
        list(range(len(variants))),
        variants.index(current) if current in variants else 0,
        lambda index: variant_chosen(variants[index]),
        lambda index: app.t(game.variants[index].title),
    )


def settings_screen(app: App) -> ListScreen:
    """Language, verbosity, computer pause, card names, typing, War quiz, computer level: Enter cycles a value.

    After a change only the changed item is said again, in the (maybe new) language.
    """
    screen = ListScreen(app, "", [])

    def cycle(name: str, values: list[Any]) -> Callable[[], None]:
        def act() -> None:
            game, dot, key = name.partition(".")
            current = app.settings.game(game).get(key) if dot else getattr(app.settings, name)
            following = values[(values.index(current) + 1) % len(values)] if current in values else values[0]
            if dot:
                app.change_game_settings(game, **{key: following})
            else:
                app.change_settings(**{name: following})
            screen.title, screen.items = _settings_items(app, cycle)
            screen.say_current()

        return act

    screen.title, screen.items = _settings_items(app, cycle)
    return screen


def _settings_items(app: App, cycle: Callable[[str, list[Any]], Callable[[], None]]) -> tuple[str, list[Item]]:
    t = app.t
    s = app.settings
    verbosity = {"brief": t("brief"), "normal": t("normal"), "full": t("full")}
    yes_no = {True: t("on"), False: t("off")}
    braille = {
        "off": t("off"),
        "unicode": t("Unicode braille under each line"),
        "brlapi": t("braille display through BRLTTY"),
    }
    grades = {code: t(name) for code, name in {**ENGLISH_BRAILLE_TABLES, **GERMAN_BRAILLE_TABLES}.items()}
    items = [
        Item(t("Language: {value}", value=LANGUAGE_NAMES.get(app.lang, app.lang)), cycle("lang", list(LANGUAGES))),
        Item(t("Verbosity: {value}", value=verbosity[s.verbosity]), cycle("verbosity", list(VERBOSITIES))),
        Item(
            t("Computer pause in seconds: {value}", value=f"{s.computer_pause:g}"),
            cycle("computer_pause", [0.0, 0.5, 1.0, 2.0, 3.0]),
        ),
        Item(
            t("Card names: {value}", value=t("full") if s.card_names == "full" else t("short")),
            cycle("card_names", ["full", "short"]),
        ),
        Item(
            t("Input: {value}", value=t("single keys") if s.input == "keys" else t("typed words")),
            cycle("input", ["keys", "words"]),
        ),
        *(
            Item(
                t(label, value=_menu_value(t, yes_no, value)),
                cycle(f"{game.name}.{key}", list(values)),
            )
            for game in registry.registered()
            for key, label, values in game.settings_menu
            for value in [s.game(game.name).get(key)]
        ),
        Item(
            t("Braille output: {value}", value=braille[s.braille]),
            cycle("braille", ["off", "unicode", "brlapi"]),
        ),
        Item(
            t("Braille table: {value}", value=grades.get(s.braille_grade, s.braille_grade)),
            cycle("braille_de", list(GERMAN_BRAILLE_TABLES))
            if app.lang == "de"
            else cycle("braille_en", list(ENGLISH_BRAILLE_TABLES)),
        ),
        Item(
            t("Braille message time in seconds: {value}", value=f"{s.braille_seconds:g}"),
            cycle("braille_seconds", [1.0, 2.0, 3.0, 5.0, 10.0, 0.0]),
        ),
    ]
    return t("Settings. Enter changes the setting."), items


def _menu_value(t: Callable[..., str], yes_no: Mapping[bool, str], value: Any) -> str:
    """A game setting's value in the Settings menu: yes or no, a number as it is, a word in the catalog's words."""
    if isinstance(value, bool):
        return yes_no[value]
    if isinstance(value, int):
        return str(value)
    return t(str(value))


def rules_menu(app: App) -> ListScreen:
    """Which game's rules."""
    return ListScreen(
        app,
        app.t("Rules of which game?"),
        [Item(app.t(game.rules_item), functools.partial(app.show_rules, game.name)) for game in registry.registered()],
    )


LANGUAGE_NAMES = {"en": "English", "de": "Deutsch"}
"""Each language's name in itself, as the language question says it."""

ENGLISH_BRAILLE_TABLES = {
    "en-ueb-g1": "Unified English Braille, uncontracted",
    "en-ueb-g2": "Unified English Braille, contracted",
    "en-us-g2": "American English Braille, contracted",
}
GERMAN_BRAILLE_TABLES = {
    "de-g1": "German Vollschrift",
    "de-g0": "German Basisschrift",
    "de-g2": "German Kurzschrift",
}

_MARKUP = re.compile(r"\*\*|__|`|\[([^\]]*)\]\([^)]*\)")


def read_rules(game: str, lang: str) -> list[tuple[str, str]] | None:
    """The rules of ``game`` as (heading, text) pairs, from the game package's own rules pages."""
    from ..rules import rules_text

    text = rules_text(game, lang)
    return None if text is None else markdown_sections(text)


def markdown_sections(text: str) -> list[tuple[str, str]]:
    """Split Markdown at its headings, to be read aloud: markup dropped, sentences and short lists.

    A paragraph's lines are joined; a list item ends as a sentence; a table becomes one sentence per
    row, its first cell first and the others after their column's heading ("deck: values french52,
    numbers; default french52."), so that no "|" is ever read out.
    """
    sections: list[tuple[str, str]] = []
    heading: str | None = None
    body: list[str] = []
    header: list[str] | None = None

    def plain(words: str) -> str:
        return _MARKUP.sub(lambda m: m.group(1) or "", words).strip()

    def sentence(words: str) -> str:
        words = plain(words)
        return words if not words or words[-1] in ".:;!?" else words + "."

    item: list[str] = []  # the lines of the list item being read (an item may go on over several lines)

    def end_item() -> None:
        if item:
            body.append(sentence(" ".join(item)))
            item.clear()

    def flush() -> None:
        end_item()
        if heading is not None:
            sections.append((heading, " ".join(part for part in body if part)))

    in_code = False
    for line in text.splitlines():
        stripped = line.strip()
        if line.startswith("```"):
            in_code = not in_code
            continue
        if in_code:
            body.append(plain(stripped))
            continue
        if not stripped.startswith("|"):
            header = None
        if item and stripped and line.startswith((" ", "\t")) and not stripped.startswith(("- ", "* ")):
            item.append(plain(stripped))  # the list item goes on
            continue
        end_item()
        if line.startswith("#"):
            flush()
            heading = plain(line.lstrip("#"))
            body = []
        elif stripped.startswith("|"):
            cells = [plain(cell) for cell in stripped.strip("|").split("|")]
            if set(stripped) <= set("|-: "):
                continue  # the line under a table's heading row
            if header is None:
                header = cells
                continue
            rest = [f"{name} {cell}".strip() for name, cell in zip(header[1:], cells[1:]) if cell]
            body.append(sentence(f"{cells[0]}: {'; '.join(rest)}" if rest else cells[0]))
        elif stripped.startswith(("- ", "* ")):
            item.append(plain(stripped[2:]))
        elif stripped:
            body.append(plain(stripped.lstrip(">").strip()))
    flush()
    return sections
