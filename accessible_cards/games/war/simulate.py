"""Many seeded War games without a listener: the figures of ``accessible-cards simulate war``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from accessible_cards.engine import Event
from accessible_cards.errors import OptionError
from accessible_cards.game import get
from accessible_cards.stats import game_seeds, summary
from accessible_cards.table import Move, Seat, Table

from .state import WarOptions, WarStarted, WarState


def simulate_war(
    players: int | None,
    games: int,
    seed: int,
    settings: Mapping[str, Any],
    *,
    variant: str | None = None,
    ai: Sequence[str] | None = None,
    swap: bool = False,
) -> dict[str, Any]:
    """Play ``games`` War games and summarise them as the ``--json`` output names them.

    ``players`` defaults to 2. War has no presets, so ``variant`` is not asked
    of it (as ``play war`` ignores it too); it has no choices, so computer
    levels (``ai``, ``swap``) are refused.
    """
    if ai is not None or swap:
        raise OptionError("error-simulate-levels", "War has no choices: no computer levels play it")
    players = 2 if players is None else players
    options = WarOptions.from_mapping(settings)
    counts: dict[str, list[int]] = {"rounds": [], "battles": [], "plays": [], "wars": []}
    wins = [0] * players
    draws = cycles = first_wars = 0
    played = 0  # the games finished: fewer than asked when the run was stopped
    game = get("war")
    seats = [Seat.computer("", 0)] * players  # no choices: each seat's player makes the only move
    only = {seat: game.make_player("", 0) for seat in range(players)}  # made once, for every game
    first: list[Event] = []

    def first_battle(events: Sequence[Event], move: Move | None) -> None:
        first.extend(events)

    for game_seed in game_seeds(seed, games):
        played += 1
        state = WarState(players, options, game_seed)
        table = Table(game, state, seats, players=only, record=False)
        table.start()
        if state.result is None:  # the first battle is listened to (was it a war?); the rest is played quietly
            first.clear()
            table.listeners.append(first_battle)
            table.step()
            table.listeners.clear()
            if any(isinstance(e, WarStarted) for e in first):
                first_wars += 1
        result = table.play_out()
        assert result is not None
        for name, value in state.counts().items():
            counts[name].append(value)
        if len(result.winners) == 1:
            wins[result.winners[0]] += 1
        else:
            draws += 1
        if result.reason == "cycle":
            cycles += 1
    games = played
    return {
        "game": "war",
        "players": players,
        "games": games,
        "seed": seed,
        "options": options.to_dict(),
        **{name: summary(values) for name, values in counts.items()},
        "wins": wins,
        "draws": draws,
        "cycles": cycles,
        "first_battle_war_rate": round(first_wars / games, 6) if games else 0.0,
    }


def figures_lines(figures: Mapping[str, Any]) -> list[str]:
    """The figures of :func:`simulate_war` as the lines ``simulate`` prints without ``--json``."""
    options = ", ".join(f"{k}={v}" for k, v in figures["options"].items())
    lines = [f"War, {figures['players']} players, {figures['games']} games, seed {figures['seed']}; options: {options}"]
    for name in ("rounds", "battles", "plays", "wars"):
        s = figures[name]
        lines.append(
            f"{name.capitalize()} per game: mean {s['mean']}, median {s['median']}, 95th percentile {s['p95']}"
        )
    wins = ", ".join(f"player {seat + 1}: {n}" for seat, n in enumerate(figures["wins"]))
    lines.append(f"Wins: {wins}. Draws: {figures['draws']} (of them cycles: {figures['cycles']}).")
    lines.append(f"First battle a war: {figures['first_battle_war_rate']:.4f} of games.")
    return lines
