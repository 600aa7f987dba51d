"""Many seeded games of the Stealing Bundles family: the figures of ``accessible-cards simulate bundles``.

Without computer levels every seat plays random legal choices; with them
(``--ai``) the figures add win rates with their 95% intervals and decision times.
When the options ask for a match (Scopa points, or ``match_games`` above 1),
each of ``games`` is a whole match: the figures add the matches won per seat
(or per level), the mean games per match and the mean tallies per match.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from accessible_cards.errors import OptionError
from accessible_cards.game import Player, get
from accessible_cards.stats import game_seeds, percentile, wilson
from accessible_cards.table import RandomChoice, Seat, Table

from .ai import make_player
from .ai.basic import Player as BundlesPlayer
from .match import BundlesMatchState
from .rules import BundlesAction, BundlesOptions, BundlesView
from .state import BundlesState


class _Timed:
    """A computer player whose decisions are timed (the figures' decision times)."""

    def __init__(self, player: BundlesPlayer, times: list[float]) -> None:
        self.player = player
        self.times = times
        self.observe = player.observe  # type: ignore[attr-defined]  # every level of the game watches the table

    def choose(self, view: BundlesView, legal_actions: Sequence[BundlesAction]) -> BundlesAction:
        clock = time.perf_counter
        began = clock()
        action = self.player.choose(view, legal_actions)
        self.times.append(clock() - began)
        return action


def _table(state: BundlesState | BundlesMatchState, players: Mapping[int, Player]) -> Table:
    """A table of computer seats, nobody listening, no moves kept: ``players`` sit at it."""
    seats = [Seat.computer("", 0)] * state.players
    return Table(get("bundles"), state, seats, players=players, record=False)


def _ended(game: BundlesState) -> Callable[[], bool]:
    """True once ``game`` (of a match) is over: the table stops there, and the game is counted."""
    return lambda: game.result is not None


def _random(n: int, seed: int) -> dict[int, Player]:
    """Random play: one chooser at every seat, drawing from one seeded source."""
    return dict.fromkeys(range(n), RandomChoice(random.Random(seed ^ 0x5BD1E995)))


class _Tally:
    """The figures of many games, or of many matches and their games."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.wins = [0] * n
        self.totals = [0] * n
        self.draws = self.steals = self.captures = self.trails = self.games = 0
        self.matches = 0
        self.match_wins = [0] * n
        self.match_draws = 0
        self.match_points = [0] * n
        self.match_cards = [0] * n
        self.match_games_won = [0] * n

    def game(self, state: BundlesState, entry_of: dict[int, int]) -> None:
        """Count one finished game (``entry_of``: seat -> the entry its figures go to)."""
        result = state.result
        assert result is not None
        self.games += 1
        if len(result.winners) == 1:
            self.wins[entry_of[result.winners[0]]] += 1
        else:
            self.draws += 1
        for seat, score in enumerate(result.scores):
            self.totals[entry_of[seat]] += score
        self.steals += state.steals
        self.captures += state.captures
        self.trails += state.trails

    def match(self, state: BundlesMatchState, entry_of: dict[int, int]) -> None:
        """Count one finished match (its games are counted one by one with :meth:`game`)."""
        match = state.match
        self.matches += 1
        winners = match.winners or ()
        if len(winners) == 1:
            self.match_wins[entry_of[winners[0]]] += 1
        else:
            self.match_draws += 1
        for seat in range(self.n):
            entry = entry_of[seat]
            self.match_points[entry] += match.points[seat]
            self.match_cards[entry] += match.cards[seat]
            self.match_games_won[entry] += match.wins[seat]

    def figures(self, options: BundlesOptions) -> dict[str, Any]:
        per_game = max(self.games, 1)
        figures: dict[str, Any] = {
            "game": "bundles",
            "variant": options.variant,
            "players": self.n,
            "games": self.games,
            "options": options.to_dict(),
            "wins": self.wins,
            "draws": self.draws,
            "score": {"mean": [round(total / per_game, 3) for total in self.totals]},
            "steals_per_game": round(self.steals / per_game, 3),
            "captures_per_game": round(self.captures / per_game, 3),
            "trails_per_game": round(self.trails / per_game, 3),
        }
        if options.is_match:
            per_match = max(self.matches, 1)
            figures["match"] = {
                "kind": options.match_kind,
                "of": options.target if options.match_kind == "points" else options.match_games,
                "matches": self.matches,
                "wins": self.match_wins,
                "draws": self.match_draws,
                "games_per_match": round(self.games / per_match, 3),
                "games_won_per_match": [round(n / per_match, 3) for n in self.match_games_won],
                "cards_per_match": [round(n / per_match, 3) for n in self.match_cards],
                "points_per_match": [round(n / per_match, 3) for n in self.match_points],
            }
        return figures


def _random_match(options: BundlesOptions, match_seed: int, tally: _Tally) -> None:
    """One match with random legal choices, every game counted."""
    state = BundlesMatchState(options, match_seed)
    table = _table(state, _random(options.players, match_seed))
    same = {seat: seat for seat in range(options.players)}
    while state.result is None:
        game = state.current
        table.play_out(until=_ended(game))
        tally.game(game, same)
    tally.match(state, same)


def _ai_players(
    levels: Sequence[str], seed: int, shift: int, n: int
) -> tuple[dict[int, Player], dict[int, int], list[list[float]]]:
    """Entry ``i`` of ``levels`` at seat ``(i + shift) % n``, each timed: the players, seat -> entry, the times."""
    seat_of = [(entry + shift) % n for entry in range(n)]
    times: list[list[float]] = [[] for _ in levels]
    players: dict[int, Player] = {
        seat_of[entry]: _Timed(make_player(level, seed * 8 + entry), times[entry]) for entry, level in enumerate(levels)
    }
    entry_of = {seat: entry for entry, seat in enumerate(seat_of)}
    return players, entry_of, times


def play_ai_match(
    options: BundlesOptions, levels: Sequence[str], match_seed: int, shift: int = 0
) -> tuple[BundlesMatchState, list[BundlesState], list[list[float]]]:
    """A whole match between computer players (as :func:`play_ai_game`); also returns its finished games."""
    players, _, times = _ai_players(levels, match_seed, shift, options.players)
    state = BundlesMatchState(options, match_seed)
    table = _table(state, players)
    games: list[BundlesState] = []
    while state.result is None:
        game = state.current
        table.play_out(until=_ended(game))
        games.append(game)
    return state, games, times


def play_ai_game(
    options: BundlesOptions, levels: Sequence[str], game_seed: int, shift: int = 0
) -> tuple[BundlesState, list[list[float]]]:
    """One game between computer players: entry ``i`` of ``levels`` sits at seat ``(i + shift) % players``.

    Every player sees every play (the table shows each its own seat's view after each move).
    Returns the finished state and each entry's decision times in seconds.
    """
    players, _, times = _ai_players(levels, game_seed, shift, options.players)
    state = BundlesState(options, game_seed)
    _table(state, players).play_out()
    return state, times


def simulate_bundles(
    players: int | None,
    games: int,
    seed: int,
    settings: Mapping[str, Any],
    *,
    variant: str | None = None,
    ai: Sequence[str] | None = None,
    swap: bool = False,
) -> dict[str, Any]:
    """Play ``games`` games of the preset ``variant`` (default standard) and summarise them for ``--json``.

    Without ``ai`` every seat plays random legal choices. With ``ai`` (one
    level per seat) computer players play, and the figures add win rates
    among decided games with their 95% intervals and decision times. With
    ``swap`` the second half of the games moves every level one seat on, so
    no level keeps the seat that plays first; every per-seat figure is then
    per entry of ``ai``.
    """
    given = dict(settings)
    if players is not None:
        given["players"] = players
    elif ai:
        given["players"] = len(ai)
    options = BundlesOptions.preset(variant or "standard", given)
    n = options.players
    if ai is not None:
        return _simulate_ai(options, list(ai), games, seed, swap)
    if swap:
        raise OptionError("error-simulate-swap", "swapping seats goes with computer levels (--ai)")
    if options.is_match:
        tally = _Tally(n)
        for match_seed in game_seeds(seed, games):
            _random_match(options, match_seed, tally)
        return tally.figures(options)
    wins = [0] * n
    totals = [0] * n
    draws = steals = captures = trails = 0
    played = 0  # the games finished: fewer than asked when the run was stopped
    for game_seed in game_seeds(seed, games):
        played += 1
        state = BundlesState(options, game_seed)
        _table(state, _random(n, game_seed)).play_out()
        result = state.result
        assert result is not None
        if len(result.winners) == 1:
            wins[result.winners[0]] += 1
        else:
            draws += 1
        for seat, score in enumerate(result.scores):
            totals[seat] += score
        steals += state.steals
        captures += state.captures
        trails += state.trails
    games = played
    per_game = max(games, 1)
    return {
        "game": "bundles",
        "variant": options.variant,
        "players": n,
        "games": games,
        "options": options.to_dict(),
        "wins": wins,
        "draws": draws,
        "score": {"mean": [round(total / per_game, 3) for total in totals]},
        "steals_per_game": round(steals / per_game, 3),
        "captures_per_game": round(captures / per_game, 3),
        "trails_per_game": round(trails / per_game, 3),
    }


def _simulate_ai(options: BundlesOptions, levels: list[str], games: int, seed: int, swap: bool) -> dict[str, Any]:
    n = options.players
    if len(levels) != n:
        raise OptionError(
            "error-ai-seats",
            f"--ai names {len(levels)} levels for {n} players; give one level per seat",
            levels=len(levels),
            players=n,
        )
    for level in levels:
        make_player(level, 0)  # an unknown level is refused before the first game
    if options.is_match:
        return _simulate_ai_matches(options, levels, games, seed, swap)
    wins = [0] * n
    totals = [0] * n
    draws = steals = captures = trails = 0
    times: list[list[float]] = [[] for _ in range(n)]
    played = 0  # the games finished: fewer than asked when the run was stopped
    for index, game_seed in enumerate(game_seeds(seed, games)):
        played += 1
        shift = 1 if swap and index >= games // 2 else 0
        state, spent = play_ai_game(options, levels, game_seed, shift)
        result = state.result
        assert result is not None
        entry_of = {(entry + shift) % n: entry for entry in range(n)}
        if len(result.winners) == 1:
            wins[entry_of[result.winners[0]]] += 1
        else:
            draws += 1
        for seat, score in enumerate(result.scores):
            totals[entry_of[seat]] += score
        for entry in range(n):
            times[entry].extend(spent[entry])
        steals += state.steals
        captures += state.captures
        trails += state.trails
    games = played
    decided = games - draws
    per_game = max(games, 1)
    return {
        "game": "bundles",
        "variant": options.variant,
        "players": n,
        "games": games,
        "options": options.to_dict(),
        "ai": levels,
        "swap": swap,
        "wins": wins,
        "draws": draws,
        "score": {"mean": [round(total / per_game, 3) for total in totals]},
        "steals_per_game": round(steals / per_game, 3),
        "captures_per_game": round(captures / per_game, 3),
        "trails_per_game": round(trails / per_game, 3),
        "win_rate": [round(w / decided, 4) if decided else 0.0 for w in wins],
        "win_rate_ci95": [[round(x, 4) for x in wilson(w, decided)] for w in wins],
        "decision_ms": {
            "mean": [round(1000 * sum(t) / len(t), 3) if t else 0.0 for t in times],
            "p95": [round(1000 * percentile(t, 0.95), 3) for t in times],
            "max": [round(1000 * max(t), 3) if t else 0.0 for t in times],
        },
    }


def _simulate_ai_matches(
    options: BundlesOptions, levels: list[str], matches: int, seed: int, swap: bool
) -> dict[str, Any]:
    """``matches`` whole matches between computer levels: per level, matches won (with 95% intervals)."""
    n = options.players
    tally = _Tally(n)
    times: list[list[float]] = [[] for _ in range(n)]
    for index, match_seed in enumerate(game_seeds(seed, matches)):
        shift = 1 if swap and index >= matches // 2 else 0
        state, finished, spent = play_ai_match(options, levels, match_seed, shift)
        entry_of = {(entry + shift) % n: entry for entry in range(n)}
        for game in finished:
            tally.game(game, entry_of)
        tally.match(state, entry_of)
        for entry in range(n):
            times[entry].extend(spent[entry])
    figures = tally.figures(options)
    decided = tally.matches - tally.match_draws
    figures["ai"] = levels
    figures["swap"] = swap
    figures["match"]["win_rate"] = [round(w / decided, 4) if decided else 0.0 for w in tally.match_wins]
    figures["match"]["win_rate_ci95"] = [[round(x, 4) for x in wilson(w, decided)] for w in tally.match_wins]
    game_decided = tally.games - tally.draws
    figures["win_rate"] = [round(w / game_decided, 4) if game_decided else 0.0 for w in tally.wins]
    figures["win_rate_ci95"] = [[round(x, 4) for x in wilson(w, game_decided)] for w in tally.wins]
    figures["decision_ms"] = {
        "mean": [round(1000 * sum(t) / len(t), 3) if t else 0.0 for t in times],
        "p95": [round(1000 * percentile(t, 0.95), 3) for t in times],
        "max": [round(1000 * max(t), 3) if t else 0.0 for t in times],
    }
    return figures


def figures_lines(figures: Mapping[str, Any]) -> list[str]:
    """The figures of :func:`simulate_bundles` as the lines ``simulate`` prints without ``--json``."""
    options = ", ".join(f"{k}={v}" for k, v in figures["options"].items() if k not in ("variant", "players"))
    played = f"{figures['games']} games"
    if figures.get("match") is not None:
        played = f"{figures['match']['matches']} matches of {figures['games']} games in all"
    lines = [f"Stealing Bundles, {figures['variant']}, {figures['players']} players, {played}; options: {options}"]
    levels = figures.get("ai")
    names = [f"player {seat + 1}" for seat in range(figures["players"])]
    if levels is not None:
        names = [f"{name} ({level})" for name, level in zip(names, levels)]
        if figures["swap"]:
            lines.append("Seats swapped halfway: each figure follows its level.")
    match = figures.get("match")
    if match is not None:
        kind = {
            "games": f"best of {match['of']} games",
            "cards": f"most cards over {match['of']} games",
            "points": f"first to {match['of']} Scopa points",
        }[match["kind"]]
        won = ", ".join(f"{name}: {n}" for name, n in zip(names, match["wins"]))
        lines.append(f"Matches ({kind}): {match['matches']}. Won: {won}. Drawn: {match['draws']}.")
        lines.append(f"Games per match: {match['games_per_match']} on average.")
        tallies = {"games": "games_won_per_match", "cards": "cards_per_match", "points": "points_per_match"}
        words = {"games": "games won", "cards": "cards", "points": "Scopa points"}
        per = ", ".join(f"{name}: {m}" for name, m in zip(names, match[tallies[match["kind"]]]))
        lines.append(f"Mean {words[match['kind']]} per match: {per}.")
        if "win_rate" in match:
            for index, name in enumerate(names):
                low, high = match["win_rate_ci95"][index]
                lines.append(
                    f"{name}: wins {100 * match['win_rate'][index]:.1f}% of decided matches "
                    f"(95% interval {100 * low:.1f}-{100 * high:.1f}%)."
                )
    wins = ", ".join(f"{name}: {n}" for name, n in zip(names, figures["wins"]))
    means = ", ".join(f"{name}: {m}" for name, m in zip(names, figures["score"]["mean"]))
    lines.append(
        f"Game wins: {wins}. Draws: {figures['draws']}." if match else f"Wins: {wins}. Draws: {figures['draws']}."
    )
    lines.append(f"Mean cards: {means}.")
    lines.append(
        f"Per game: {figures['steals_per_game']} steals, {figures['captures_per_game']} captures, "
        f"{figures['trails_per_game']} trails."
    )
    if levels is not None:
        for index, name in enumerate(names):
            low, high = figures["win_rate_ci95"][index]
            ms = figures["decision_ms"]
            lines.append(
                f"{name}: wins {100 * figures['win_rate'][index]:.1f}% of decided games "
                f"(95% interval {100 * low:.1f}-{100 * high:.1f}%); decisions mean {ms['mean'][index]} ms, "
                f"95th percentile {ms['p95'][index]} ms, longest {ms['max'][index]} ms."
            )
    return lines
