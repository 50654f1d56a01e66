"""Gin rami's stateless judge (API.md, "Stateless referee"): a knock judged from the two hands shown.

The JSON API reaches it through the game (`referee.game.Game.judges`), at `/api/v1/referee/gin/knock`.
"""

from __future__ import annotations

from referee.game import Judge
from referee.gin.knock import judge_knock

JUDGES = {
    "knock": Judge(judge_knock, "Judge a Gin knock from the two hands shown: arrange, lay off, score (G-6..G-9, G-12)",
                   "KnockRequest", "KnockVerdict", refuses=True),  # K-2: a card in both hands, a joker
}
