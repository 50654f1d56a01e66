"""The group's ratings over its tables as an SVG line chart, laid out on the server (no script): one line per
member among the best rated, a point after each rated table, the starting rating as the base line."""

from __future__ import annotations

from api.web.table.chart import COLOURS, DASHES

MAX_LINES = 5  # the palette; the table beside the chart lists everyone
WIDTH, HEIGHT, PAD_L, PAD_R, PAD_T, PAD_B = 340, 200, 40, 10, 12, 26


def lines(board: dict) -> dict | None:
    """Lay out `referee.stats.rating.board`: each shown member's rating after every rated table (kept flat
    across the tables she did not play), from the start."""
    tables = board["tables"]
    shown = board["rows"][:MAX_LINES]
    if not tables or not shown:
        return None
    start = board["start"]
    series = []
    for row in shown:
        after = {tables.index(h["table"]): h["rating"] for h in row["history"]}
        values, last = [start], start
        for i in range(len(tables)):
            last = after.get(i, last)
            values.append(last)
        series.append(values)
    every = [v for values in series for v in values]
    low, high = min(every), max(every)
    if high == low:
        low, high = low - 1, high + 1
    count = len(tables)

    def x(i: int) -> float:
        return round(PAD_L + (WIDTH - PAD_L - PAD_R) * i / count, 1)

    def y(v: float) -> float:
        return round(PAD_T + (HEIGHT - PAD_T - PAD_B) * (high - v) / (high - low), 1)

    out_lines = []
    for n, (row, values) in enumerate(zip(shown, series, strict=True)):
        out_lines.append({"name": row["player"], "last": row["rating"], "colour": COLOURS[n], "dash": DASHES[n],
                          "points": " ".join(f"{x(i)},{y(v)}" for i, v in enumerate(values)),
                          "dots": [(x(0), y(start))] + [(x(tables.index(h["table"]) + 1), y(h["rating"]))
                                                        for h in row["history"]]})
    step = max(1, count // 8)
    return {"width": WIDTH, "height": HEIGHT, "lines": out_lines, "left": PAD_L, "right": WIDTH - PAD_R,
            "bottom": HEIGHT - PAD_B, "base": {"y": y(start), "label": start},
            "low": {"y": y(low), "label": low}, "high": {"y": y(high), "label": high},
            "ticks": [{"x": x(i), "label": i} for i in range(0, count + 1, step)]}
