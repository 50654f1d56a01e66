"""What a correction changed: the entry before it and after it, field by field (before → after)."""

from __future__ import annotations

from api.web.table.evidence import META

CARD_FIELDS = ("card", "upcard", "cards", "runs", "melds")


def _body(item: dict) -> dict:
    return {k: v for k, v in item.items() if k not in META}


def corrections(items: list[dict]) -> dict[int, dict]:
    """For each `void` and `replace` (by its seq) and each corrected entry (by the target's seq, the latest):
    `{"target", "by", "kind", "before", "after"}`; `before` is the entry as it stood until then."""
    current = {i["seq"]: i for i in items}
    out: dict[int, dict] = {}
    for item in items:
        if item["type"] not in ("void", "replace") or item.get("target") not in current:
            continue
        target = item["target"]
        before = current[target]
        after = None
        if item["type"] == "replace" and isinstance(item.get("entry"), dict):
            body = dict(item["entry"])
            after = {"seq": target, "type": body.pop("type", before["type"]), "seat": body.pop("seat", None), **body}
            current[target] = after
        change = {"target": target, "by": item["seq"], "kind": item["type"], "before": before, "after": after,
                  **diff(before, after)}
        out[item["seq"]] = out[target] = change
    return out


def diff(before: dict, after: dict | None) -> dict:
    """Say how `after` differs: `{"whole": bool, "fields": [(name, before, after)], "cards_only": bool}`."""
    if after is None:
        return {"whole": False, "fields": [], "cards_only": False}
    if before["type"] != after["type"]:
        return {"whole": True, "fields": [], "cards_only": False}
    old, new = _body(before), _body(after)
    fields = [(k, old.get(k), new.get(k)) for k in sorted(set(old) | set(new)) if old.get(k) != new.get(k)]
    if before.get("seat") != after.get("seat"):
        fields.insert(0, ("seat", before.get("seat"), after.get("seat")))
    cards_only = bool(fields) and all(name in CARD_FIELDS for name, _, _ in fields)
    return {"whole": not cards_only and not _only_hands(fields), "fields": fields, "cards_only": cards_only}


def _only_hands(fields: list) -> bool:
    return bool(fields) and all(name == "hands" for name, _, _ in fields)


def changed_hands(before: dict | None, after: dict | None) -> list[tuple[str, list, list]]:
    """The hands of a `round` that differ: `(seat, cards before, cards after)`."""
    before, after = before or {}, after or {}
    return [(s, before.get(s, []), after.get(s, [])) for s in sorted(set(before) | set(after), key=str)
            if before.get(s) != after.get(s)]
