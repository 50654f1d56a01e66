"""Each golden knock, judged by hand in tests/golden/gin_cases.json, is judged the same by brute force."""

import json
from pathlib import Path

import pytest
import reference

from referee.cards import parse_cards

GOLDEN = json.loads((Path(__file__).resolve().parents[1] / "golden" / "gin_cases.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("case", GOLDEN["cases"], ids=[case["name"] for case in GOLDEN["cases"]])
def test_the_exhaustive_reference_agrees_with_the_golden_knock(case):
    hand, other = (parse_cards(case["request"][side]) for side in ("hand", "other"))
    assert reference.judge(hand, other) == case["expect"]
