"""A minimal War of ints and deques, the yardstick for the engine's speed.

Same rules as the engine's defaults for two players: 3 cards face down, the
table shuffled back under the winner's pile, a player who cannot finish a war
loses, both running out together is a draw. Written only for comparison.
"""

from __future__ import annotations

import random
from collections import deque


def play(seed: int) -> int:
    """Play one game; return the number of plays."""
    rng = random.Random(seed)
    cards = [14 if r == 1 else r for r in range(1, 14) for _ in range(4)]
    rng.shuffle(cards)
    a, b = deque(cards[0::2]), deque(cards[1::2])
    plays = 0
    while a and b:
        table = [a.popleft(), b.popleft()]
        plays += 1
        x, y = table
        while x == y:
            for _ in range(3):
                if not a or not b:
                    return plays
                table.append(a.popleft())
                table.append(b.popleft())
                plays += 1
            if not a or not b:
                return plays
            x, y = a.popleft(), b.popleft()
            table.append(x)
            table.append(y)
            plays += 1
        rng.shuffle(table)
        (a if x > y else b).extend(table)
    return plays
