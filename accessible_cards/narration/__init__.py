"""Narration: engine events and a seat's view turned into words."""

from __future__ import annotations
