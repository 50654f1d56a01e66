"""The scores deal by deal as an SVG line chart: balances, or totals against the ceiling (penalty) or toward the
target (points for), as the `Game` scores (`signed`, `higher_wins`)."""

from __future__ import annotations

from referee import games

# Colour-blind-safe palette (Okabe-Ito), each with its own dash pattern too.
COLOURS = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#8a6d00")
DASHES = ("", "6 3", "2 3", "8 3 2 3", "1 2")
WIDTH, HEIGHT, PAD_L, PAD_R, PAD_T, PAD_B = 340, 220, 36, 10, 12, 26


def series(table: dict) -> list[list[int]]:
    """Each player's score after each deal, starting from 0 (cumulative sums of the results)."""
    players = len(table["players"])
    rows = [[0] for _ in range(players)]
    for result in table.get("results", []):
        scores = result.get("scores") or {}
        for seat in range(players):
            delta = scores.get(str(seat), scores.get(seat, 0)) or 0
            rows[seat].append(rows[seat][-1] + int(delta))
    return rows


def chart(table: dict) -> dict:
    """Lay out the chart: lines with their points, the zero or ceiling line, ticks."""
    rows = series(table)
    signed = "game" not in table or games.get(table["game"]).signed  # a balance: the zero line, no ceiling
    # A total's line: Rami's ceiling, or the target the table plays to (Gin's 100, G-11).
    ceiling = None if signed else (table.get("options") or {}).get("ceiling") or table.get("target")
    values = [v for row in rows for v in row] + ([ceiling] if ceiling else [])
    low, high = min(values + [0]), max(values + [1])
    if high == low:
        high = low + 1
    deals = max(len(rows[0]) - 1, 1)

    def x(i: int) -> float:
        return round(PAD_L + (WIDTH - PAD_L - PAD_R) * i / deals, 1)

    def y(v: float) -> float:
        return round(PAD_T + (HEIGHT - PAD_T - PAD_B) * (high - v) / (high - low), 1)

    lines = []
    for seat, row in enumerate(rows):
        points = " ".join(f"{x(i)},{y(v)}" for i, v in enumerate(row))
        lines.append({"name": table["players"][seat]["name"], "points": points, "colour": COLOURS[seat % 5],
                      "dash": DASHES[seat % 5], "last": row[-1], "dots": [(x(i), y(v)) for i, v in enumerate(row)]})
    step = max(1, deals // 8)
    return {
        "width": WIDTH, "height": HEIGHT, "lines": lines, "left": PAD_L, "right": WIDTH - PAD_R,
        "base": {"y": y(ceiling if ceiling else 0), "label": ceiling if ceiling else 0, "ceiling": bool(ceiling),
                 "target": bool(ceiling) and not (table.get("options") or {}).get("ceiling")},
        "ticks": [{"x": x(i), "label": i} for i in range(0, deals + 1, step)],
        "bottom": HEIGHT - PAD_B, "low": {"y": y(low), "label": low}, "high": {"y": y(high), "label": high},
        "deals": len(rows[0]) - 1,
    }
