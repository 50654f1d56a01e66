"""CSV of a group or of one table: a header row, then one row per player per deal (Continental) or round (Rami).

UTF-8 (with a byte-order mark on request, for spreadsheets that need one to read "Chloé"), comma-separated,
`table,game,date,deal,player,points`: `date` is the UTC day of the entry that ended the deal, `points` what
that deal moved for the player (the balance's change, or the hand's value added to the total); a game of points
for (Gin) gives its bonuses (G-11) rows of their own after its last hand, `deal` "G-11".
A `Layout` changes the separator, the header and the game's name (the pages' "CSV for Excel" in the reader's
language: a French Excel splits on `;`); the rows stay the same.
"""

from __future__ import annotations

import csv
import io
from typing import NamedTuple

from api.application import context, group_service, group_summaries
from api.application.service import table_record
from referee.stats.table import Summary

HEADER = ("table", "game", "date", "deal", "player", "points")


class Layout(NamedTuple):
    """How a CSV is written: its separator, its header, and each game's name (by the game's key)."""

    delimiter: str = ","
    header: tuple[str, ...] = HEADER
    game_names: tuple[tuple[str, str], ...] = ()


PLAIN = Layout()
RULING = "E-5: %s"  # the `deal` cell of a ruling's rows
BONUSES = "G-11"  # the `deal` cell of a game's bonuses, after its last hand (points for: Gin)
FORMULA = ("=", "+", "-", "@", "\t", "\r")  # a cell starting so is a formula to a spreadsheet: never run a name


def spreadsheet_text(value: str) -> str:
    """A name as a CSV cell: a leading `'` when it starts as a formula would, so a spreadsheet shows it, never runs
    it (`=HYPERLINK(…)` typed as a name). Every CSV of the service writes its names through this one guard."""
    return "'" + value if value.startswith(FORMULA) else value


def _rows(table_id: str, summary: Summary, names: list[str]):
    """The deals' rows, and each E-5 ruling's in its place in the log: `deal` says "E-5: " and its reason, and
    `points` what it added to each seat it names; a game's bonuses (G-11) after its last hand, `deal` "G-11" (so a
    player's points add up to her score, and a hand's row holds the hand's points alone)."""
    lines = [(deal.seq, [(deal.at, deal.number, seat, points) for seat, points in enumerate(deal.points)]
              + [(deal.at, BONUSES, seat, bonus) for seat, bonus in enumerate(deal.bonuses)])
             for deal in summary.deals]
    lines += [(a.seq, [(a.at, RULING % a.reason, seat, points) for seat, points in sorted(a.points.items())])
              for a in getattr(summary, "adjustments", ())]
    for _, rows in sorted(lines, key=lambda line: line[0]):
        for at, deal, seat, points in rows:
            yield (table_id, summary.game, at.date().isoformat(), deal, spreadsheet_text(names[seat]), points)


def _write(rows, bom: bool, layout: Layout) -> str:
    out = io.StringIO()
    writer = csv.writer(out, delimiter=layout.delimiter, lineterminator="\r\n")
    writer.writerow(layout.header)
    games = dict(layout.game_names)
    writer.writerows((t, games.get(g, g), *rest) for t, g, *rest in rows)
    return ("\ufeff" if bom else "") + out.getvalue()


def group_csv(group_id: str, token: str | None, bom: bool = False, layout: Layout = PLAIN) -> str:
    """Every deal of every table of the group, oldest table first; players by their name in the group."""
    group_service.group(group_id, token)
    names = context.current().groups.members(group_id)
    played = sorted(group_service.played(group_id), key=lambda p: (p.created_at, p.table_id))
    rows = (row for p in played
            for row in _rows(p.table_id, p.summary, [names.get(m, p.summary.players[i]) for i, m in enumerate(p.seats)]))
    return _write(rows, bom, layout)


def table_csv(table_id: str, bom: bool = False, layout: Layout = PLAIN) -> str:
    """Every deal of one table (a table's id is its read capability); players as the table names them."""
    store = context.current().store
    table_record(store, table_id)  # 404 for an unknown table
    summary = group_summaries.of_table(store, table_id)
    return _write(_rows(table_id, summary, summary.players), bom, layout)
