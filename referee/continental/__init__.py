"""Rami continental (RULES.md C-1..C-15)."""
