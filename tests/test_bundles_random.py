"""Random play over thousands of seeded games: every preset x 2, 3, 4 players x each option.

After every action every card is in exactly one place and no view shows another seat's hand
(bundles_support.check); at the end the scores add up to the deck less the leftovers nobody got.
"""

from __future__ import annotations

import zlib

import pytest
from bundles_support import of_type, random_game

from accessible_cards.games.bundles.rules import PRESETS, VARIANTS, BundlesOptions
from accessible_cards.games.bundles.state import BundlesState

OPTION_SETS = ("none", "stealing", "last_capture_bonus", "double_bundles", "wild_jacks", "sweep_bonus")
GAMES = 30


def _options(variant: str, players: int, option: str) -> BundlesOptions:
    given: dict[str, object] = {"players": players}
    if option in ("stealing", "last_capture_bonus"):
        base = BundlesOptions.preset(variant)
        given[option] = not getattr(base, option)
    elif option != "none":
        given[option] = True
    return BundlesOptions.preset(variant, given)


@pytest.mark.parametrize("option", OPTION_SETS)
@pytest.mark.parametrize("players", (2, 3, 4))
@pytest.mark.parametrize("variant", VARIANTS)
def test_random_play_keeps_every_card_in_one_place(variant: str, players: int, option: str) -> None:
    """Issue 3 "What tests must show": invariants after every event; scores add up."""
    options = _options(variant, players, option)
    size = 52 if PRESETS[variant].get("deck", "french52") == "french52" else 40
    for game in range(GAMES):
        seed = zlib.crc32(f"{variant}/{players}/{option}/{game}".encode())
        state = BundlesState(options, seed)
        events = random_game(state, seed)
        over = events[-1]
        assert over["type"] == "game_over"
        assert [e["type"] for e in events].count("game_over") == 1
        result = state.result
        assert result is not None and list(result.scores) == over["scores"]
        leftovers = state.main_leftovers if state.main_scores is not None else len(state.leftovers)
        assert sum(result.scores) + leftovers == size
        if options.last_capture_bonus:
            assert all(e["to"] is not None for e in of_type(events, "leftovers")) or state.captures + state.steals == 0
        else:
            assert all(e["to"] is None for e in of_type(events, "leftovers"))
        if not options.stealing and not options.wild_jacks:
            assert state.steals == 0
        for deal in of_type(events, "deal") + of_type(events, "redeal"):
            assert set(deal) <= {"type", "dealer", "first", "counts", "table", "stock"}
        best = max(result.scores)
        if state.main_scores is None:
            assert list(result.winners) == [s for s in range(players) if result.scores[s] == best]
        else:
            assert options.tiebreak and len([s for s in result.scores if s == best]) > 1


def test_random_play_hits_every_kind_of_event() -> None:
    """The random games above reach steals, sweeps, tiebreaks and uneven re-deals, so the checks bite."""
    seen: set[str] = set()
    uneven = False
    for variant, seed in [("standard", s) for s in range(150)] + [("rubamazzo", s) for s in range(150)]:
        options = BundlesOptions.preset(variant, {"players": 3, "sweep_bonus": True})
        events = random_game(BundlesState(options, seed), seed, every=False)
        seen |= {e["type"] for e in events}
        seen |= {f"bonus{e['bonus']}" for e in of_type(events, "sweep")}
        uneven = uneven or any(e["table"] for e in of_type(events, "redeal"))
    assert {"steal", "capture", "trail", "sweep", "bonus1", "tiebreak", "redeal", "leftovers"} <= seen
    assert uneven
