"""The figures every benchmark records, printed by `python -m bench` as one table with each goal beside it."""

from __future__ import annotations

FIGURES: list[tuple[str, object, str, str, bool | None]] = []


def record(name: str, value, unit: str = "", goal: str = "", met: bool | None = None) -> None:
    """Keep one figure: its name, value and unit, the goal it has (if any) and whether it is met."""
    FIGURES.append((name, value, unit, goal, met))


def table() -> str:
    """Every figure recorded so far, one a line, the goal beside it."""
    rows = [("figure", "value", "goal", "")]
    for name, value, unit, goal, met in FIGURES:
        shown = f"{value:,.0f}" if isinstance(value, float) and value >= 100 else str(value)
        rows.append((name, f"{shown} {unit}".strip(), goal or "-", {True: "met", False: "NOT MET", None: ""}[met]))
    widths = [max(len(row[i]) for row in rows) for i in range(4)]
    return "\n".join("  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)).rstrip() for row in rows)
