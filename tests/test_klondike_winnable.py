"""Klondike's "winnable deals only" (issue 27): the game's seed picks a deal of the shipped list of deals proven
winnable, with a suit renaming that keeps colours; rules the list lacks fall back to a short search, and the
player is told so."""

from __future__ import annotations

import itertools
import json
from pathlib import Path
from typing import Any

import pytest

from accessible_cards.games.klondike import winnable
from accessible_cards.games.klondike.narrator import KlondikeNarrator
from accessible_cards.games.klondike.rules import CARDS, options_for, rank, red, suit
from accessible_cards.games.klondike.solver import NOT_WINNABLE, WINNABLE, solve
from accessible_cards.games.klondike.state import KlondikeState
from accessible_cards.games.klondike.winnable import RENAMINGS, listed_seeds, pick, rename, rule_key
from accessible_cards.games.klondike.winnable import renamed as renamed_cards

ROOT = Path(__file__).resolve().parents[1]
LIST = ROOT / "accessible_cards" / "games" / "klondike" / "winnable.json"


def _replays_to_a_win(state: KlondikeState, line: list[Any]) -> bool:
    probe = state.clone()
    for action in line:
        if probe.result is not None:
            return False
        probe.apply(action)
    return probe.result is not None and probe.result.reason == "won"


def _plain(variant: str, settings: dict[str, Any], seed: int) -> KlondikeState:
    state = KlondikeState(variant, options_for(variant, settings), seed)
    state.start()
    return state


def _renamed_state(state: KlondikeState, renaming: tuple[int, ...]) -> KlondikeState:
    """``state``'s deal (started, no move made) with its suits renamed, as a given deal."""
    columns = [renamed_cards(column, renaming) for column in state.columns]
    stock = renamed_cards(list(reversed(state.stock)), renaming)  # a given stock is top first
    other = KlondikeState(state.variant, state.options, None, columns, stock)
    other.start()
    return other


def test_the_renamings_are_the_eight_that_keep_colours() -> None:
    def same_colour(s: int, t: int) -> bool:
        return (s in (1, 2)) == (t in (1, 2))

    keeping = {
        p
        for p in itertools.permutations(range(4))
        if all(same_colour(s, t) == same_colour(p[s], p[t]) for s in range(4) for t in range(4))
    }
    assert len(RENAMINGS) == 8 == len(set(RENAMINGS)) == len(keeping)
    assert set(RENAMINGS) == keeping
    for renaming in RENAMINGS:
        for a in range(CARDS):
            b = rename(a, renaming)
            assert rank(b) == rank(a)
            for c in range(CARDS):
                d = rename(c, renaming)
                assert (suit(a) == suit(c)) == (suit(b) == suit(d))
                assert (red(a) == red(c)) == (red(b) == red(d))


@pytest.mark.parametrize("seed", [1, 2, 10, 13])
def test_a_renamed_deal_gets_the_same_verdict(seed: int) -> None:
    """Classic seeds 1 and 2 are won, 10 and 13 proven lost (within a few tens of thousands of positions)."""
    state = _plain("classic", {}, seed)
    first = solve(state, 200_000, first_pruned=True)
    assert first.verdict in (WINNABLE, NOT_WINNABLE)
    for renaming in RENAMINGS[1:]:
        other = _renamed_state(state, renaming)
        assert sorted(other.all_cards()) == list(range(CARDS))
        verdict = solve(other, 200_000, first_pruned=True)
        assert verdict.verdict == first.verdict, renaming
        if verdict.verdict == WINNABLE:
            assert _replays_to_a_win(other, verdict.line)


def test_the_list_holds_the_presets_rules_and_says_how_it_was_made() -> None:
    data = json.loads(LIST.read_text(encoding="utf-8"))
    for key, entry in data["rule_sets"].items():
        assert key == rule_key(options_for(entry["preset"], entry["settings"]))
        listed = set(entry["winnable"]) | set(entry["undecided"])
        assert len(listed) == len(entry["winnable"]) + len(entry["undecided"])
        assert listed <= set(range(entry["tried"]))
        assert len(entry["winnable"]) + len(entry["undecided"]) + entry["not_winnable"] == entry["tried"]
    for variant in ("braillespiel", "classic"):
        for draw in (1, 3):
            assert listed_seeds(options_for(variant, {"draw": draw, "winnable_only": True})) is not None


def test_the_list_is_package_data() -> None:
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert '"games/klondike/winnable.json"' in text


@pytest.mark.parametrize("variant", ["classic", "braillespiel"])
def test_winnable_only_deals_a_listed_deal_renamed_the_same_twice(variant: str) -> None:
    options = options_for(variant, {"winnable_only": True})
    seeds = listed_seeds(options)
    assert seeds is not None
    deals = set()
    for game_seed in range(1, 9):
        state = KlondikeState(variant, options, game_seed)
        dealt = state.start()[0]
        assert not dealt.searched and not dealt.skipped  # type: ignore[attr-defined]
        chosen = pick(options, game_seed)
        assert chosen is not None and chosen.seed in seeds
        plain = _plain(variant, {}, chosen.seed)
        assert state.columns == [renamed_cards(column, chosen.renaming) for column in plain.columns]
        assert state.stock == renamed_cards(plain.stock, chosen.renaming)
        again = KlondikeState(variant, options, game_seed)
        again.start()
        assert again.snapshot() == state.snapshot()
        deals.add(again.snapshot())
    assert len(deals) == 8


@pytest.mark.parametrize("game_seed", [1, 2, 3])
def test_a_classic_winnable_only_deal_is_won_by_the_solver(game_seed: int) -> None:
    """Listed deals are proven winnable within 300,000 positions; the renamed deal is as winnable."""
    state = KlondikeState("classic", options_for("classic", {"winnable_only": True}), game_seed)
    state.start()
    verdict = solve(state, 400_000, first_pruned=True)
    assert verdict.verdict == WINNABLE and _replays_to_a_win(state, verdict.line)


@pytest.mark.parametrize("draw", [3, 1])
def test_a_single_pass_deals_from_its_list_and_the_deal_plays_to_a_win(draw: int) -> None:
    """With one pass few deals can be won (turning three about one in fifty): a search for one kept the player
    waiting seconds, so these rules have lists too. The deal is dealt from the list, with nothing skipped, and the
    line that wins the listed deal (the search that listed it, again) wins the renamed deal move for move."""
    settings: dict[str, Any] = {"passes": 1, "draw": draw}
    options = options_for("classic", {**settings, "winnable_only": True})
    assert listed_seeds(options) is not None
    state = KlondikeState("classic", options, 2)
    dealt = state.start()[0]
    assert not dealt.searched and not dealt.skipped  # type: ignore[attr-defined]
    chosen = pick(options, 2)
    assert chosen is not None and chosen.renaming != RENAMINGS[0]
    listed = solve(_plain("classic", settings, chosen.seed), 300_000, first_pruned=True)
    assert listed.verdict == WINNABLE
    assert _replays_to_a_win(state, listed.line)  # a renaming changes no move: the same line wins


def test_cards_back_from_the_foundations_deal_from_the_list_without_them() -> None:
    """``from_foundation`` only adds moves, so the list of the same rules without it serves: the deal is a listed
    one, nothing is searched, and the line that wins it without cards coming back wins it with them too."""
    options = options_for("classic", {"winnable_only": True, "from_foundation": True})
    without = options_for("classic", {"winnable_only": True})
    assert listed_seeds(options) == listed_seeds(without) is not None
    assert listed_seeds(options_for("classic", {"winnable_only": True, "from_foundation": True, "passes": 2})) is None
    for game_seed in (1, 2):
        state = KlondikeState("classic", options, game_seed)
        dealt = state.start()[0]
        assert not dealt.searched and not dealt.skipped  # type: ignore[attr-defined]
        chosen = pick(options, game_seed)
        assert chosen is not None and chosen == pick(without, game_seed)
        given = [list(column) for column in state.columns], list(reversed(state.stock))
        strict = KlondikeState("classic", options_for("classic", {}), None, *given)
        strict.start()
        verdict = solve(strict, 400_000, first_pruned=True)
        assert verdict.verdict == WINNABLE and _replays_to_a_win(state, verdict.line)


def test_rules_the_list_lacks_fall_back_to_the_search_and_the_player_is_told() -> None:
    options = options_for("classic", {"winnable_only": True, "passes": 2})
    assert listed_seeds(options) is None
    state = KlondikeState("classic", options, 4)
    dealt = state.start()[0]
    assert dealt.searched  # type: ignore[attr-defined]
    for lang, words in (("en", "no list of winnable deals"), ("de", "keine Liste lösbarer Spiele")):
        said = KlondikeNarrator(lang).event(dealt, state.view(0))
        assert said is not None and words in said.speech
    listed = KlondikeState("classic", options_for("classic", {"winnable_only": True}), 4)
    said = KlondikeNarrator("en").event(listed.start()[0], listed.view(0))
    assert said is not None and "no list" not in said.speech


def test_an_unreadable_list_falls_back_to_the_search(monkeypatch: pytest.MonkeyPatch) -> None:
    options = options_for("classic", {"winnable_only": True})
    monkeypatch.setattr(winnable, "FILE", "no-such-list.json")
    winnable._load.cache_clear()
    try:
        assert pick(options, 1) is None
        state = KlondikeState("classic", options, 1)
        assert state.start()[0].searched  # type: ignore[attr-defined]
        again = KlondikeState("classic", options, 1)
        again.start()
        assert again.snapshot() == state.snapshot()
    finally:
        monkeypatch.undo()
        winnable._load.cache_clear()
    assert pick(options, 1) is not None


def test_a_save_keeps_its_listed_deal_and_a_save_of_before_the_list_searches(monkeypatch: pytest.MonkeyPatch) -> None:
    options = options_for("classic", {"winnable_only": True})
    fresh = KlondikeState("classic", options, 7)
    start = fresh.to_json()  # a save's start: before the deal
    chosen = pick(options, 7)
    assert chosen is not None
    assert start["winnable_deal"] == {"seed": chosen.seed, "renaming": RENAMINGS.index(chosen.renaming)}
    fresh.start()
    assert KlondikeState.from_json(fresh.to_json()).to_json() == fresh.to_json()
    monkeypatch.setattr(winnable, "_load", lambda: {})  # the shipped list changed (here: emptied)
    loaded = KlondikeState.from_json(start)
    loaded.start()
    assert loaded.snapshot() == fresh.snapshot()  # the save replays the deal it was dealt
    before = {key: value for key, value in start.items() if key != "winnable_deal"}
    old = KlondikeState.from_json(before)  # a save made when winnable_only searched
    dealt = old.start()[0]
    assert not dealt.searched and "winnable_deal" not in old.to_json()  # type: ignore[attr-defined]
    searched = KlondikeState("classic", options_for("classic", {}), 7)
    searched.start()
    searched._search_winnable()
    assert old.snapshot() == searched.snapshot()
