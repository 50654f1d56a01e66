"""Rami (RULES.md R-1..R-17)."""
