"""Every public case of tests/golden/referee_cases.json, through the HTTP endpoints."""

import json
from pathlib import Path

import pytest

from api import create_app

CASES_FILE = Path(__file__).resolve().parent / "golden" / "referee_cases.json"
CASES = json.loads(CASES_FILE.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def referee_client():
    # The stateless referee needs no database rows: one app serves every case.
    return create_app({"TESTING": True, "DATABASE_URL": "sqlite://"}).test_client()


def test_the_golden_file_holds_cases_for_every_endpoint():
    assert {case["endpoint"].rsplit("/", 2)[-1] for case in CASES} >= {"exit", "arrange", "meld", "hand-value"}


@pytest.mark.parametrize("case", CASES, ids=[case["id"] for case in CASES])
def test_golden_case(referee_client, case):
    response = referee_client.post(case["endpoint"], json=case["request"])
    assert response.status_code == 200, response.get_data(as_text=True)
    body, expect = response.json, case["expect"]
    for key in ("valid", "settlement", "kind", "value"):
        if key in expect:
            assert body[key] == expect[key], key
    if "rules_any" in expect:
        assert set(expect["rules_any"]) & {v["rule"] for v in body["violations"]}, body["violations"]
    if expect.get("valid") is False:
        assert body["violations"] and all(v["message"] for v in body["violations"])
    if "exists" in expect:
        assert (body["runs"] is not None) == expect["exists"]
        if expect["exists"]:
            assert body["settlement"]["per_opponent"] == expect["per_opponent"]
            judged = referee_client.post("/api/v1/referee/continental/exit", json={
                "runs": body["runs"], "players": case["request"].get("players", 4),
                "timing": case["request"].get("timing", "later")}).json
            assert judged["valid"] and judged["settlement"] == body["settlement"]
        else:
            assert body["settlement"] is None
