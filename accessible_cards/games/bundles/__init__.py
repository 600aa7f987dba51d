"""The Stealing Bundles family: the rules and presets, the narrator, the keys, the computer players."""
