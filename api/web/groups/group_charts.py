"""The group's SVG charts, laid out on the server: standings over time (lines) and a player's form (bars)."""

from __future__ import annotations

from datetime import datetime

from api.web.table import chart

MAX_LINES = 5  # the chart's palette; more lines would not read at 360 px (the table above lists everyone)
WIDTH, HEIGHT, PAD_L, PAD_R, PAD_T, PAD_B = 340, 200, 36, 10, 18, 30
LABEL = 14  # room under the lowest bar for its value, above the dates


def standings(over: dict, game: str, leaders: list[str]) -> dict | None:
    """Each leader's standing after each finished table (`referee.stats.group.over_time`)."""
    rows = {p["member"]: p for p in over["players"]}
    shown = [m for m in leaders if m in rows][:MAX_LINES]
    if not over["tables"] or not shown:
        return None
    table = {"options": {}, "players": [{"name": rows[m]["player"]} for m in shown], "results": []}  # no ceiling
    for i in range(len(over["tables"])):
        table["results"].append({"scores": {seat: rows[m]["values"][i + 1] - rows[m]["values"][i]
                                            for seat, m in enumerate(shown)}})
    out = chart.chart(table)
    out["game"] = game
    return out


def form(sessions: list[dict]) -> dict | None:
    """A bar per finished session, oldest first: its balance or final total; a won one is marked."""
    if not sessions:
        return None
    values = [s["score"] for s in sessions]
    low, high = min(values + [0]), max(values + [1])
    step = (WIDTH - PAD_L - PAD_R) / len(sessions)

    def y(v: float) -> float:
        return round(PAD_T + (HEIGHT - PAD_T - PAD_B - LABEL) * (high - v) / (high - low), 1)

    bars = []
    for i, s in enumerate(sessions):
        top, base = sorted((y(s["score"]), y(0)))
        bars.append({"x": round(PAD_L + i * step + step * 0.15, 1), "width": round(step * 0.7, 1), "y": top,
                     "height": max(round(base - top, 1), 1), "score": s["score"], "won": s["won"],
                     "label_y": round(top - 4 if s["score"] >= 0 else base + 12, 1),
                     "mid": round(PAD_L + i * step + step / 2, 1), "date": _day_month(s["created_at"])})
    return {"width": WIDTH, "height": HEIGHT, "bars": bars, "zero": y(0), "left": PAD_L, "right": WIDTH - PAD_R,
            "bottom": HEIGHT - PAD_B, "low": {"y": y(low), "label": low}, "high": {"y": y(high), "label": high}}


def _day_month(at) -> str:
    """`1 Dec`, `1 déc.`: short enough for ten bars at 360 px, and never read as a month first."""
    from flask_babel import format_date

    if isinstance(at, str):
        at = datetime.fromisoformat(at.replace("Z", "+00:00"))
    return format_date(at.date(), "d MMM")
