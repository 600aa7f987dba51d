"""Braille: liblouis translation with our card tables, a BrlAPI display, Unicode lines, BRF for embossers.

Nothing here loads liblouis or BrlAPI at import time; see :mod:`.louis` and :mod:`.display`.
"""

from __future__ import annotations
