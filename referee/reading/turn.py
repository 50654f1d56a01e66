"""How the open turn went, for the table page to explain it: a timeout (R-17), a card taken from the discard
pile and whether it was laid since (R-5), the deal's first turn (R-3)."""

from __future__ import annotations

from referee.reading.pile import exit_cards

TURN_ENDS = ("deal", "discard", "round", "hand")  # what closes a turn: the next one begins after it


def open_turn(reading) -> dict:
    """The open turn as the corrected log tells it: `draw` (`seq`, `from`; from the pile also `card` and
    `laid`), `timeout`, `starter` (it is the deal's first turn) and `last` (the seq of the last entry standing).
    """
    kept = reading.kept
    start = len(kept)
    while start and kept[start - 1].type not in TURN_ENDS:
        start -= 1
    begun = kept[start - 1].type if start else None
    out: dict = {"last": kept[-1].seq if kept else None, "timeout": False, "draw": None, "starter": begun == "deal"}
    laid: list[str] = []
    for entry in kept[start:]:
        if entry.type == "timeout":
            out["timeout"] = True
        elif entry.type == "draw":
            out["draw"] = {"seq": entry.seq, "from": entry.data.get("from")}
        elif entry.type in ("meld", "lay_off"):
            laid += exit_cards({"runs": entry.data.get("melds") or [entry.data.get("cards") or []]})
    draw = out["draw"]
    if draw and draw["from"] == "discard":
        draw["card"] = reading.taken.get(draw["seq"])
        draw["laid"] = draw["card"] in laid
    return out
