"""Stiche-Raten (Oh Hell): bid the tricks you will take, then take exactly that many."""
