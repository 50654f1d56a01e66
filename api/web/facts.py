"""What the pages say about the log beyond the table view: the card a draw took from the pile, meld numbers
1, 2, 3 per deal, an exit that was only an attempt, and how the open turn went (a timeout, an unlaid pickup).

Read once per request (kept on `flask.g`), from the entries as corrected (`referee.log.effective`).
"""

from __future__ import annotations

from flask import g

from api.web import backend, evidence
from referee.log import effective

RECENT = 40  # the open turn lies within the last entries: a turn is a handful of them


def _memo(table_id: str, name: str, build):
    store = g.setdefault("_facts", {})
    key = (table_id, name)
    if key not in store:
        store[key] = build()
    return store[key]


def items_of(table_id: str) -> list[dict]:
    return _memo(table_id, "items", lambda: backend.entries(table_id))


def of_log(table_id: str) -> dict:
    """`taken` {seq: card} for draws from the pile, `numbers` {meld id: 1, 2, ...} per deal."""
    def build():
        kept, _, _ = effective(evidence.to_entry(i) for i in items_of(table_id))
        return {"taken": taken_cards(kept), "numbers": meld_numbers(kept)}
    return _memo(table_id, "log", build)


def attempts(table_id: str) -> set[int]:
    """The exits the referee found not valid (C-13): attempts, not a way out."""
    def build():
        verdicts = evidence.replay(items_of(table_id)).verdicts
        return {s for s, v in verdicts.items() if v.get("valid") is False}
    return _memo(table_id, "attempts", build)


def taken_cards(kept) -> dict[int, str]:
    """The card each draw from the discard pile took: the pile's top card at that moment."""
    pile: list[str] = []
    taken: dict[int, str] = {}
    for e in kept:
        if e.type == "deal":
            pile = [e.data["upcard"]] if e.data.get("upcard") else []
        elif e.type == "discard":
            pile.append(e.data.get("card"))
        elif e.type == "draw" and e.data.get("from") == "discard" and pile:
            taken[e.seq] = pile.pop()
    return taken


def meld_numbers(kept) -> dict[int, int]:
    """Number the melds 1, 2, 3... in the order they were laid, again from 1 at each deal (ids: seq × 10 + k)."""
    numbers: dict[int, int] = {}
    count = 0
    for e in kept:
        if e.type == "deal":
            count = 0
        elif e.type == "meld" and isinstance(e.data.get("melds"), list):
            for k in range(1, len(e.data["melds"]) + 1):
                count += 1
                numbers[e.seq * 10 + k] = count
    return numbers


def open_turn(table_id: str, table: dict) -> dict:
    """How the open turn went: `draw` (seq, from, card, laid), `timeout`, `starter` (the deal's first turn),
    `last` (the last entry's seq)."""
    def build():
        version = table.get("version") or 0
        items = backend.entries(table_id, after=max(0, version - RECENT))
        voided = {i.get("target") for i in items if i["type"] == "void"}
        items = [i for i in items if i["seq"] not in voided and i["type"] not in ("void", "replace")]
        turn: list[dict] = []
        begun = None
        for item in items:
            if item["type"] in ("deal", "discard", "round", "hand"):
                turn, begun = [], item["type"]
            else:
                turn.append(item)
        out: dict = {"last": items[-1]["seq"] if items else None, "timeout": False, "draw": None,
                     "starter": begun == "deal"}
        laid: list[str] = []
        for item in turn:
            if item["type"] == "timeout":
                out["timeout"] = True
            elif item["type"] == "draw":
                out["draw"] = {"seq": item["seq"], "from": item.get("from")}
            elif item["type"] in ("meld", "lay_off"):
                laid += evidence.exit_cards({"runs": item.get("melds") or [item.get("cards") or []]})
        draw = out["draw"]
        if draw and draw["from"] == "discard":
            draw["card"] = of_log(table_id)["taken"].get(draw["seq"])
            draw["laid"] = draw["card"] in laid
        return out
    return _memo(table_id, "turn", build)
