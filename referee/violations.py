"""Verdict vocabulary: a violation names its rule; a refusal carries violations."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Violation:
    """One broken rule: `rule` is an id of RULES.md (`C-8`), `message` is short and human."""

    rule: str
    message: str
    run: int | None = None  # 1-based index of the run in an exit
    meld: int | None = None  # meld index in an entry, or table meld id
    card: str | None = None  # canonical card text
    entry: int | None = None  # seq of the log entry concerned

    def to_dict(self) -> dict:
        out = {"rule": self.rule, "message": self.message}
        for key in ("run", "meld", "card", "entry"):
            value = getattr(self, key)
            if value is not None:
                out[key] = value
        return out


class Refusal(Exception):
    """An action the referee refuses (HTTP 422): the violations say why."""

    status = 422

    def __init__(self, violations: list[Violation] | Violation, title: str | None = None):
        if isinstance(violations, Violation):
            violations = [violations]
        self.violations = list(violations)
        self.title = title or "Refused by the rules"
        super().__init__("; ".join(f"{v.rule}: {v.message}" for v in self.violations))

    @property
    def rules(self) -> list[str]:
        seen: list[str] = []
        for v in self.violations:
            if v.rule not in seen:
                seen.append(v.rule)
        return seen


class Malformed(Refusal):
    """An entry that is not readable as such (HTTP 400): a missing or unknown field."""

    status = 400

    def __init__(self, message: str, rule: str | None = None):
        super().__init__([Violation(rule or "", message)] if rule else [], title="Malformed request")
        self.message = message

    def __str__(self) -> str:
        return self.message


def refuse(rule: str, message: str, **where) -> Refusal:
    """Build a one-violation refusal: `raise refuse("C-3", "...")`."""
    return Refusal([Violation(rule, message, **where)])
