"""The levels offered to players (easy, medium, hard) and the yardstick ``taker``.

Every level, in every preset and option set with 2 to 4 players, chooses
only legal actions; a choice depends only on the seat's view and the seed;
taker makes the largest take; medium never prefers a capture to a steal and
ends on a safe top; hard solves the last deal exactly (checked against an
exhaustive search) and counts only what its seat has seen. Strength is
measured in benchmarks/ai_strength.py, not here, except one seeded check
that medium clearly beats easy.
"""

from __future__ import annotations

import json
import random
import zlib
from collections.abc import Sequence
from typing import Any

import pytest

from accessible_cards import cli
from accessible_cards.cards import deck
from accessible_cards.engine import Result
from accessible_cards.games.bundles.ai import HardPlayer, MediumPlayer, Player, make_player, show_everyone
from accessible_cards.games.bundles.ai.search import _after, _final, _ordered
from accessible_cards.games.bundles.rules import VARIANTS, BundlesAction, BundlesOptions, BundlesView
from accessible_cards.games.bundles.state import BundlesState

NEW_LEVELS = ("easy", "medium", "hard", "taker")

OPTION_SETS: tuple[dict[str, Any], ...] = (
    {},
    {"double_bundles": True, "wild_jacks": True},
    {"sum15": True, "sweep_bonus": True, "last_capture_bonus": True},
)


def _take(view: BundlesView, action: BundlesAction) -> int:
    """Cards an action takes from the others (a bundle, or table cards); 0 for a trail."""
    if action.steal is not None:
        return view.bundles[action.steal][action.source][0]
    return len(action.capture)


def _check(level: str, view: BundlesView, legal: Sequence[BundlesAction], chosen: BundlesAction) -> None:
    assert chosen in legal, f"{level} chose an action that is not legal"
    steals = [a for a in legal if a.steal is not None]
    takes = [a for a in legal if a.steal is not None or a.capture]
    if level == "taker" and takes:
        assert _take(view, chosen) == max(_take(view, a) for a in takes), "taker skipped a bigger take"
    if level == "medium" and steals:
        assert not chosen.capture, "medium preferred a table capture to a steal"


def play(
    options: BundlesOptions, seed: int, levels: Sequence[str], players: dict[int, Player] | None = None
) -> tuple[Result, list[BundlesAction]]:
    """A whole game with every play shown to every player; each choice checked."""
    state = BundlesState(options, seed)
    if players is None:
        players = {seat: make_player(level, seed * 7 + seat) for seat, level in enumerate(levels)}
    state.start()
    show_everyone(players, state)
    actions: list[BundlesAction] = []
    while state.result is None:
        seat = state.turn
        legal = state.actions()
        view = state.view(seat)
        chosen = players[seat].choose(view, state.legal_actions())
        _check(levels[seat], view, legal, chosen)
        state.apply(chosen)
        show_everyone(players, state)
        actions.append(chosen)
    return state.result, actions


@pytest.mark.parametrize("given", OPTION_SETS, ids=lambda g: "+".join(g) or "preset")
@pytest.mark.parametrize("players", (2, 3, 4))
@pytest.mark.parametrize("variant", VARIANTS)
def test_levels_choose_only_legal_actions(variant: str, players: int, given: dict[str, Any]) -> None:
    """Every new level in every seat of every preset and option set: always a legal action."""
    options = BundlesOptions.preset(variant, {"players": players, **given})
    seed = zlib.crc32(f"levels/{variant}/{players}/{sorted(given)}".encode())
    shift = seed % len(NEW_LEVELS)
    levels = [NEW_LEVELS[(seat + shift) % len(NEW_LEVELS)] for seat in range(players)]
    result, actions = play(options, seed, levels)
    assert result.winners and actions


def _hidden_shuffled(state: BundlesState, seat: int, rng: random.Random) -> BundlesState:
    """A copy in which the cards ``seat`` cannot see (other hands, the stock) are dealt differently."""
    other = state.clone()
    hidden = [c for s, hand in enumerate(other.hands) if s != seat for c in hand] + list(other.stock)
    rng.shuffle(hidden)
    for s, hand in enumerate(other.hands):
        if s != seat:
            size = len(hand)
            other.hands[s], hidden = hidden[:size], hidden[size:]
    other.stock = hidden
    other._legal = None
    return other


@pytest.mark.parametrize("level", NEW_LEVELS)
def test_same_view_and_seed_give_the_same_choice(level: str) -> None:
    """Mid-game states that differ only in hidden cards give seat 0 the same view, and so the same choice."""
    options = BundlesOptions.preset("standard", {"players": 3})
    compared = 0
    for trial in range(12):
        state = BundlesState(options, 300 + trial)
        state.start()
        mover = random.Random(trial)
        for _ in range(mover.randrange(0, 30)):
            if state.result is not None:
                break
            state.apply(mover.choice(state.actions()))
        while state.result is None and state.turn != 0:
            state.apply(mover.choice(state.actions()))
        if state.result is not None:
            continue
        twin = _hidden_shuffled(state, 0, random.Random(trial))
        assert twin.view(0) == state.view(0)
        if [twin.hands[1], twin.stock] == [state.hands[1], state.stock]:
            continue
        choices = [make_player(level, trial).choose(s.view(0), s.legal_actions()) for s in (state, twin)]
        assert choices[0] == choices[1]
        compared += 1
    assert compared >= 8


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_a_seed_replays_a_whole_game(level: str) -> None:
    """Same seeds, same views in the same order: the same game."""
    options = BundlesOptions.preset("standard", {"players": 2})
    assert play(options, 4242, [level, "taker"]) == play(options, 4242, [level, "taker"])


def test_medium_counts_what_it_saw() -> None:
    """A rank is safe once every other copy has been seen face up, and a risk while one is unseen."""
    d = deck("french52")
    mine = d.parse_many(["9C", "2H", "5D", "JS"])
    table = d.parse_many(["9H", "9D", "9S", "4C"])
    stock = [c for c in range(len(d)) if c not in set(mine) | set(table)]
    state = BundlesState(BundlesOptions(), None, dealer=1, hands=[mine, stock[:4]], table=table, stock=stock[4:])
    state.start()
    player = MediumPlayer(1)
    view = state.view(0)
    player.observe(view)
    assert player.memory.threat(view, 9) == 0.0
    assert player.memory.lasting_threat(view, 9) == 0.0
    assert 0.0 < player.memory.threat(view, 4) < player.memory.lasting_threat(view, 4) < 1.0


def _exhaustive(state: BundlesState, seat: int) -> float:
    """Plain minimax over every legal action (no pruning, no grouping): the reference for the solver."""
    if state.result is not None:
        return _final(state, seat)
    values = [_exhaustive(_after(state, action), seat) for action in state.actions()]
    return max(values) if state.turn == seat else min(values)


def _unseen(hard: HardPlayer) -> list[int]:
    return [card for card in range(len(hard.memory.ranks)) if card not in hard.memory.seen]


def test_hard_solves_the_last_deal_exactly() -> None:
    """Once nothing is hidden, hard's choice is worth as much as the best play found by exhaustive search."""
    options = BundlesOptions.preset("standard", {"players": 2})
    solved = 0
    for game in range(30):
        state = BundlesState(options, 7000 + game)
        state.start()
        hard = HardPlayer(game)
        other = make_player("medium", game)
        players: dict[int, Player] = {0: hard, 1: other}
        show_everyone(players, state)
        while state.result is None:
            seat = state.turn
            view = state.view(seat)
            known = seat == 0 and not view.stock and len(state.actions()) > 1
            chosen = players[seat].choose(view, state.legal_actions())
            if known and hard._known(hard._template(view), view, _unseen(hard)) is not None:
                best = max(_exhaustive(_after(state, action), 0) for action in state.actions())
                assert _exhaustive(_after(state, chosen), 0) == best
                solved += 1
            state.apply(chosen)
            show_everyone(players, state)
    assert solved >= 10


def test_grouped_plays_cover_every_outcome() -> None:
    """The solver's grouping keeps one play per rank and choice: the values of the groups are all the values."""
    options = BundlesOptions.preset("standard", {"players": 2})
    state = BundlesState(options, 99)
    state.start()
    mover = random.Random(5)
    while state.stock:
        state.apply(mover.choice(state.actions()))
    grouped = {_exhaustive(_after(state, a), state.turn) for a in _ordered(state)}
    every = {_exhaustive(_after(state, a), state.turn) for a in state.actions()}
    assert grouped == every


def test_hard_sees_only_its_seat() -> None:
    """The hard player's memory never holds a card it was not shown face up."""
    options = BundlesOptions.preset("standard", {"players": 3})
    state = BundlesState(options, 12)
    state.start()
    hard = HardPlayer(3)
    shown: set[int] = set()
    ids = {card: i for i, card in enumerate(state.deck.cards)}
    while state.result is None:
        view = state.view(0)
        shown |= {ids[c] for c in view.hand} | {ids[c] for c in view.table}
        shown |= {ids[top] for seat in view.bundles for _, top in seat if top is not None}
        if state.turn == 0:
            action = hard.choose(view, state.legal_actions())
        else:
            hard.observe(view)
            action = random.Random(len(shown)).choice(state.actions())
        assert hard.memory.seen <= shown
        state.apply(action)


def test_medium_beats_easy_clearly() -> None:
    """300 seeded two-player games, seats swapped halfway: medium wins at least 60% of the decided ones."""
    options = BundlesOptions.preset("standard", {"players": 2})
    wins = decided = 0
    for game in range(300):
        levels = ["medium", "easy"] if game % 2 == 0 else ["easy", "medium"]
        result, _ = play(options, 50_000 + game, levels)
        if len(result.winners) == 1:
            decided += 1
            wins += levels[result.winners[0]] == "medium"
    assert wins / decided >= 0.60


def test_simulate_with_levels_reports_rates_and_times(capsys: pytest.CaptureFixture[str]) -> None:
    """``simulate bundles --ai hard,medium --swap --json`` adds win rates, intervals and decision times."""
    code = cli.main(["simulate", "bundles", "--ai", "hard,medium", "--games", "6", "--swap", "--json"])
    assert code == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures["ai"] == ["hard", "medium"] and figures["swap"] is True
    decided = figures["games"] - figures["draws"]
    assert sum(figures["wins"]) == decided
    for rate, (low, high), wins in zip(figures["win_rate"], figures["win_rate_ci95"], figures["wins"]):
        assert rate == round(wins / decided, 4)
        assert 0.0 <= low <= rate <= high <= 1.0
    times = figures["decision_ms"]
    for key in ("mean", "p95", "max"):
        assert len(times[key]) == 2
    for mean, p95, longest in zip(times["mean"], times["p95"], times["max"]):
        assert 0.0 < mean <= longest and p95 <= longest


@pytest.mark.parametrize(
    "argv",
    [
        ["simulate", "bundles", "--ai", "hard,grandmaster"],
        ["simulate", "bundles", "--ai", "hard"],
        ["simulate", "bundles", "--ai", "hard,medium", "--players", "3"],
        ["simulate", "bundles", "--swap"],
        ["simulate", "war", "--ai", "hard,medium"],
    ],
)
def test_simulate_refuses_bad_levels(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    """A bad --ai gets argparse's usage error, exit 2, one line of reason."""
    with pytest.raises(SystemExit) as info:
        cli.main(argv)
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert "error:" in err and "Traceback" not in err
