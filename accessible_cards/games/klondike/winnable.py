"""``winnable_only``: the shipped list of winnable deals, and how a game's seed picks one of them.

``winnable.json`` (made by ``scripts/winnable_deals.py``) holds, for each rule set it was made for,
the seeds among ``0, 1, 2, ..., tried - 1`` whose deal the solver proved winnable, every card known,
within a budget of positions (so the list is the same on every machine). Consecutive seeds are a
uniform sample of all deals, so the seeds proven winnable are a uniform sample of the winnable deals,
less the few the budget left undecided (the file counts them).

The game's seed then picks, with ``random.Random(seed)``, one listed seed and one of the eight suit
renamings that keep colours (:data:`RENAMINGS`); the deal is that seed's deal with its suits renamed.
So the same game seed deals the same cards on every machine, and a save replays its deal.

Why a renamed deal is exactly as winnable as the listed one: a renaming ``p`` maps the four suits one to
one onto the four suits, and maps the two red suits together onto one colour's two suits (and so the two
black ones onto the other colour's two). So two cards have the same suit after it exactly when they had
before, and the same colour exactly when they had before; ranks do not change. Every rule of
Klondike (``rules.Rules``) looks at cards only through their ranks, whether two suits are equal (a
foundation is built by suit) and whether two colours differ (``build=alternate``). So a move is allowed in
a position exactly when the renamed move is allowed in the renamed position, and the renamed position
after it is the renamed result (the foundation of suit ``s`` becomes the foundation of ``p(s)``). A line
of play that wins the listed deal, renamed, wins the renamed deal, and the inverse renaming brings any
win back: the two deals are won or lost together, and their games are alike move for move.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cache
from importlib import resources
from typing import Any, Final

from .rules import CARDS, KlondikeOptions

FILE: Final = "winnable.json"

RENAMINGS: Final[tuple[tuple[int, int, int, int], ...]] = (
    (0, 1, 2, 3),  # as dealt
    (0, 2, 1, 3),  # hearts and diamonds swapped
    (3, 1, 2, 0),  # spades and clubs swapped
    (3, 2, 1, 0),  # both pairs swapped
    (1, 0, 3, 2),  # reds and blacks swapped: spades <-> hearts, diamonds <-> clubs
    (2, 3, 0, 1),  # spades <-> diamonds, hearts <-> clubs
    (1, 3, 0, 2),  # spades -> hearts -> clubs -> diamonds -> spades
    (2, 0, 3, 1),  # spades -> diamonds -> clubs -> hearts -> spades
)
"""The suit renamings that keep colours: ``renaming[s]`` is the suit that suit ``s`` becomes (suits in the
order spades, hearts, diamonds, clubs; hearts and diamonds are red)."""


def rule_key(options: KlondikeOptions) -> str:
    """The rules that decide whether a deal can be won, as the list names them (scoring and the rest do not)."""
    passes = "none" if options.passes is None else str(options.passes)
    back = "true" if options.from_foundation else "false"
    return (
        f"build={options.build} order={options.order} foundation={options.foundation} empty={options.empty} "
        f"draw={options.draw} passes={passes} from_foundation={back}"
    )


def rename(card: int, renaming: Sequence[int]) -> int:
    """``card`` with its suit renamed (its rank kept)."""
    return card - card % 4 + renaming[card % 4]


@dataclass(frozen=True, slots=True)
class Pick:
    """The deal a game's seed picks: the listed ``seed`` (a seed of ``KlondikeState``'s plain deal), renamed."""

    seed: int
    renaming: tuple[int, int, int, int]


@cache
def _load() -> Mapping[str, Any] | None:
    try:
        text = resources.files(__package__).joinpath(FILE).read_text(encoding="utf-8")
        data = json.loads(text)
        sets = data["rule_sets"]
        if not isinstance(sets, dict):
            return None
        return sets
    except (OSError, ValueError, KeyError, TypeError):
        return None


def listed_seeds(options: KlondikeOptions) -> tuple[int, ...] | None:
    """The seeds proven winnable under ``options``' rules; None when the list lacks them (or is unreadable).

    With ``from_foundation`` and no list of its own, the list of the same rules without it: every move those
    rules allow, these allow too (taking a card back from a foundation is only added), so a line that wins
    there wins here, and every listed deal is winnable. It lacks the deals won only with a card back: solved
    again with cards back, no deal proven lost without them was won, and of the deals left undecided without
    them 3 of 240 (draw 3) and 3 of 160 (draw 1) were won, each by a line that takes cards back
    (``benchmarks/klondike_cards_back.py``, ``docs/performance.md``).
    """
    seeds = _seeds(rule_key(options))
    if seeds is None and options.from_foundation:
        seeds = _seeds(rule_key(replace(options, from_foundation=False)))
    return seeds


def _seeds(key: str) -> tuple[int, ...] | None:
    sets = _load()
    if sets is None:
        return None
    entry = sets.get(key)
    if not isinstance(entry, dict):
        return None
    seeds = entry.get("winnable")
    if not isinstance(seeds, list) or not seeds or not all(isinstance(s, int) and s >= 0 for s in seeds):
        return None
    return tuple(seeds)


def pick(options: KlondikeOptions, seed: int | None) -> Pick | None:
    """The listed deal and renaming the game's ``seed`` picks, each uniformly; None without a list."""
    seeds = listed_seeds(options)
    if seeds is None:
        return None
    draws = random.Random(seed)
    listed = seeds[draws.randrange(len(seeds))]
    return Pick(listed, RENAMINGS[draws.randrange(len(RENAMINGS))])


def renamed(cards: Sequence[int], renaming: Sequence[int]) -> list[int]:
    """Every card of ``cards`` renamed."""
    assert all(0 <= card < CARDS for card in cards)
    return [rename(card, renaming) for card in cards]
