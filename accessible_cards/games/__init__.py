"""The games: each module holds one game's rules, events and views."""

from __future__ import annotations

GAMES = ("war", "bundles")
