"""Accessible Cards: card games played by ear and by finger in a terminal."""

from __future__ import annotations

__version__ = "0.1.0"

__all__ = ["__version__"]
