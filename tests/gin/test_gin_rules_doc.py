"""G-1..G-12 stand in docs/RULES.md and its French version alike, and every rule the Gin code cites is there."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RULE = re.compile(r"^- \*\*(G-\d+) ", re.M)
READING = {"RULES.md": "*Reading", "RULES.fr.md": "*Lecture"}


def _rules(name: str) -> dict[str, str]:
    text = (ROOT / "docs" / name).read_text(encoding="utf-8")
    parts = re.split(r"^- \*\*(?=[A-Z]-\d+ )", text, flags=re.M)[1:]
    return {part.split(" ", 1)[0]: part for part in parts}


def test_g1_to_g12_are_in_both_languages_in_order_with_the_same_readings():
    english, french = _rules("RULES.md"), _rules("RULES.fr.md")
    gin = [rule for rule in english if rule.startswith("G-")]
    assert gin == [f"G-{n}" for n in range(1, 13)] == [rule for rule in french if rule.startswith("G-")]
    assert [english[r].count(READING["RULES.md"]) for r in gin] == [french[r].count(READING["RULES.fr.md"])
                                                                    for r in gin]


def test_every_rule_the_gin_code_cites_is_in_the_rules():
    cited = set()
    for path in (ROOT / "referee" / "gin").glob("*.py"):
        cited |= set(re.findall(r"\b([GK]-\d+)\b", path.read_text(encoding="utf-8")))
    assert cited and cited <= set(_rules("RULES.md"))
