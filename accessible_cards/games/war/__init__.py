"""War (Krieg): the rules, the narrator, the keys and the scenario files of one game."""
