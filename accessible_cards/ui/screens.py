"""Screens: what the keys act on at one moment. A list screen serves menus, questions, history and rules.

The app keeps a stack of screens; the top one reads the next command. Every
screen says what it is when it opens, and every refused command gets one
short reason while nothing changes.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..keys import CHOICE, HISTORY, MENU, QUESTION, RULES, Typed
from ..utterance import Utterance

if TYPE_CHECKING:
    from .app import App


class Screen:
    """The base of every screen: a phase for the key map, and handlers."""

    phase: str = MENU

    def __init__(self, app: App) -> None:
        self.app = app

    def enter(self) -> None:
        """Called when the screen opens (or is shown again)."""

    def resume(self) -> None:
        """Called when the screen above it closes."""

    def leave(self) -> None:
        """Called when the screen closes, or the program ends with it open."""

    def before_input(self) -> None:
        """Called before each key is read: automatic steps (a computer's turn) happen here."""

    def intercept(self, typed: Typed) -> bool:
        """See a command before the commands that work everywhere; True when the screen has dealt with it."""
        return False

    def handle(self, typed: Typed) -> None:
        """Act on one command of this screen's phase."""
        self.app.refuse(self.waiting_for() or self.app.t("That key does nothing here. Press ? for the keys."))

    def waiting_for(self) -> str | None:
        """What the screen waits for, said instead of a plain refusal (None: nothing in particular)."""
        return None


@dataclass(frozen=True, slots=True)
class Item:
    """One entry of a list: what is said, and what choosing it does (None: nothing to choose)."""

    label: str
    action: Callable[[], None] | None = None
    detail: str = ""
    braille: str = ""
    """A terse braille form of the label (empty: the label itself)."""


class ListScreen(Screen):
    """A list walked with Up and Down, chosen with Enter or its number; Escape goes back."""

    def __init__(
        self,
        app: App,
        title: str,
        items: Sequence[Item],
        *,
        phase: str = MENU,
        index: int = 0,
        on_back: Callable[[], None] | None = None,
        hint: bool | str = True,
        answers: tuple[int, int] | None = None,
        numbers: Sequence[int] | None = None,
        braille_title: str | None = None,
    ) -> None:
        """``answers`` makes the list a yes/no question: the index of its yes item, then of its no item.

        ``numbers`` are the items' own numbers, said and pressed (a count of players is its number); by
        default the items are numbered from 1.
        """
        super().__init__(app)
        self.numbers = list(numbers) if numbers is not None else None
        self.phase = QUESTION if answers is not None else phase
        self.answers = answers
        self.title = title
        self.braille_title = braille_title
        self.items = list(items)
        self.index = max(0, min(index, len(self.items) - 1))
        self.on_back = on_back
        self.hint = hint
        self.detail_apart = False  # True: an item's detail is said on a line of its own

    def enter(self) -> None:
        t = self.app.t
        if self.phase in (MENU, CHOICE, QUESTION):
            numbered = list(zip(self._numbers(), self.items, strict=True))
            listing = " ".join(f"{n}: {item.label}." for n, item in numbered)
            text = t("{title} {items}", title=self.title, items=listing)
            if isinstance(self.hint, str):  # a hint of its own (in both languages, at the first start)
                text += " " + self.hint
            elif self.hint:
                text += " " + t("Up and Down to move, Enter to choose, Escape to go back.")
            # braille: the title, then one choice per line, its key first (a display shows each in turn)
            lines = [self.braille_title or self.title] + [f"{n} {item.braille or item.label}" for n, item in numbered]
            self.app.say(Utterance(text, "\n".join(line.replace("\n", " ") for line in lines), kind="choices"))
            if self.index:
                self.say_current()
        else:
            self.app.say(self.title)
            self.say_current()

    def resume(self) -> None:
        self.enter()

    def _numbers(self) -> list[int]:
        return self.numbers if self.numbers is not None else list(range(1, len(self.items) + 1))

    def say_current(self) -> None:
        """Say the item the list is on: its number, the count, its label."""
        if not self.items:
            self.app.say(self.app.t("Nothing here yet."))
            return
        item = self.items[self.index]
        if self.numbers is not None:  # the number is the item's own, not its place
            text = self.app.t("{number}: {label}", number=self.numbers[self.index], label=item.label)
        else:
            text = self.app.t("{n} of {total}: {label}", n=self.index + 1, total=len(self.items), label=item.label)
        if item.detail:
            text += ("\n" if self.detail_apart else " ") + item.detail
        self.app.say(text)

    def handle(self, typed: Typed) -> None:
        name = typed.name
        count = len(self.items)
        if name in ("up", "down", "first", "last_item"):
            if not count:
                self.say_current()
                return
            target = {
                "up": self.index - 1,
                "down": self.index + 1,
                "first": 0,
                "last_item": count - 1,
            }[name]
            if not 0 <= target < count:
                edge = self.app.t("Top of the list.") if target < 0 else self.app.t("End of the list.")
                self.app.refuse(edge)
                return
            self.index = target
            self.say_current()
        elif name == "choose":
            self._choose(self.index)
        elif name == "read":  # all of an entry, as new lines: after an arrow key a screen reader speaks one row
            self.say_current()
        elif name in ("yes", "no") and self.answers is not None:
            self.index = self.answers[0] if name == "yes" else self.answers[1]
            self._choose(self.index)
        elif name == "number":
            numbers = self._numbers()
            if typed.number is None or typed.number not in numbers:
                if self.numbers is None:
                    self.app.refuse(
                        self.app.t("There is no item {n}. Choose 1 to {total}.", n=typed.number or 0, total=count)
                    )
                else:
                    self.app.refuse(
                        self.app.t(
                            "There is no item {n}. Choose {first} to {last}.",
                            n=typed.number or 0,
                            first=min(numbers),
                            last=max(numbers),
                        )
                    )
                return
            self.index = numbers.index(typed.number)
            self._choose(self.index)
        elif name == "back":
            if self.on_back is not None:
                self.on_back()
            else:
                self.app.pop()
        else:
            super().handle(typed)

    def _choose(self, index: int) -> None:
        if not self.items:
            return
        action = self.items[index].action
        if action is None:
            self.say_current()
            return
        action()


def history_screen(app: App, title: str, lines: Sequence[str]) -> ListScreen:
    """The game's history, one announcement per line, newest last; opens at the newest."""
    items = [Item(line) for line in lines]
    return ListScreen(app, title, items, phase=HISTORY, index=len(items) - 1)


def rules_screen(app: App, title: str, sections: Sequence[tuple[str, str]]) -> ListScreen:
    """Rules walked heading by heading: each item says its heading, then its text."""
    items = [Item(heading, detail=text) for heading, text in sections]
    screen = ListScreen(app, title, items, phase=RULES)
    screen.detail_apart = True  # a heading is a line of its own, the text follows on the next
    return screen
