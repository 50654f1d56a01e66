"""Gin rami (RULES.md G-1..G-12): two players, one 52-card deck, a knock judged by its deadwood."""
