"""The interactive program: screens, commands and the terminal."""
