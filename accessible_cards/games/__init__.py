"""The games: each package holds one game and registers it (see accessible_cards.game)."""
