"""Writing entries: tokens, body and cards, idempotency key, version, rules — in that order (API.md, E-3)."""

import pytest


@pytest.fixture
def dealt(tables):
    """A continental table, full tracking, dealt by seat 0 with 7H turned up: seat 1 takes first."""
    table = tables.create("continental")
    table.enter("deal", dealer=0, upcard="7H")
    return table


def count(table):
    return len(table.entries())


def test_an_entry_is_written_with_its_number_time_and_hash(dealt):
    answer = dealt.enter("draw", 1, from_="stock")
    assert answer["version"] == 3 and answer["verdict"] is None
    entry = answer["entry"]
    assert (entry["seq"], entry["type"], entry["seat"], entry["from"]) == (3, "draw", 1, "stock")
    assert entry["at"].endswith("Z") and len(entry["hash"]) == 64
    assert dealt.entries(after=2) == [entry]


def test_cards_are_written_as_their_canonical_text(dealt):
    dealt.enter("draw", 1, from_="stock")
    assert dealt.enter("discard", 1, card="t♠")["entry"]["card"] == "10S"
    assert dealt.state()["deal"]["discard_top"] == "10S"


def test_an_unknown_card_is_a_400_naming_it_and_writes_nothing(dealt):
    dealt.enter("draw", 1, from_="stock")
    problem = dealt.enter("discard", 1, card="11H", expect=400)
    assert "11H" in problem["detail"] and problem["rules"] == ["K-1"]
    assert count(dealt) == 3


def test_the_host_may_write_for_any_seat_and_a_seat_for_itself(dealt):
    dealt.enter("draw", 1, from_="stock", as_seat=1)
    dealt.enter("discard", 1, card="3C")
    assert dealt.version == 4


@pytest.mark.parametrize("token", [None, "", "not-a-token"])
def test_no_token_or_an_unknown_token_is_a_401(dealt, client, token):
    headers = {} if token is None else {"Authorization": f"Bearer {token}"}
    response = client.post(f"/api/v1/tables/{dealt.id}/entries", headers=headers,
                           json={"expected_version": 2, "entry": {"type": "draw", "seat": 1, "from": "stock"}})
    assert response.status_code == 401 and response.mimetype == "application/problem+json"


def test_a_token_of_another_table_is_a_401(dealt, tables):
    other = tables.create()
    dealt.enter("draw", 1, from_="stock", token=other.host, expect=401)


def test_a_seat_token_acting_for_another_seat_is_a_403_and_writes_nothing(dealt):
    dealt.enter("draw", 1, from_="stock", as_seat=2, expect=403)
    assert count(dealt) == 2


def test_a_seat_token_may_not_write_the_hosts_entries(dealt):
    dealt.enter("void", target=2, as_seat=1, expect=403)


def test_the_token_is_checked_before_the_body(dealt, client):
    response = client.post(f"/api/v1/tables/{dealt.id}/entries", data="not json", content_type="application/json")
    assert response.status_code == 401


@pytest.mark.parametrize("body", [
    "not json", [], {"entry": {"type": "draw"}}, {"expected_version": "2", "entry": {"type": "draw"}},
    {"expected_version": 2}, {"expected_version": 2, "entry": {"seat": 1}}, {"expected_version": 2, "entry": []},
    {"expected_version": 2, "entry": {"type": "draw", "seat": 1, "from": "stock"}, "extra": 1},
    {"expected_version": 2, "entry": {"type": "draw", "seat": "1", "from": "stock"}},
    {"expected_version": 2, "entry": {"type": "draw", "seat": 1, "from": "stock", "seq": 3}},
    {"expected_version": 2, "entry": {"type": "timeout", "for_seat": 1}},
])
def test_an_unreadable_body_is_a_400_and_writes_nothing(dealt, body):
    if isinstance(body, str):
        response = dealt.client.post(f"/api/v1/tables/{dealt.id}/entries", data=body,
                                     content_type="application/json",
                                     headers={"Authorization": f"Bearer {dealt.host}"})
        assert response.status_code == 400
    else:
        dealt.post(body, expect=400)
    assert count(dealt) == 2


def test_a_stale_version_is_a_409_and_writes_nothing(dealt):
    problem = dealt.enter("draw", 1, from_="stock", version=1, expect=409)
    assert problem["version"] == 2 and count(dealt) == 2


def test_a_bad_card_is_a_400_even_when_the_version_is_stale(dealt):
    dealt.enter("draw", 1, from_="stock")
    dealt.enter("discard", 1, card="ZZ", version=2, expect=400)


def test_a_stale_version_is_a_409_even_when_the_entry_breaks_the_rules(dealt):
    dealt.enter("draw", 3, from_="stock", version=1, expect=409)


def test_an_entry_against_the_rules_is_a_422_naming_the_rule_and_writes_nothing(dealt):
    problem = dealt.enter("draw", 3, from_="stock", expect=422)
    assert problem["rules"] == ["C-3"] and problem["violations"][0]["rule"] == "C-3"
    assert count(dealt) == 2


def test_the_same_key_sent_twice_is_written_once_and_answered_the_same(dealt):
    first = dealt.enter("draw", 1, from_="stock", key="phone-1")
    again = dealt.enter("draw", 1, from_="stock", key="phone-1", version=2)
    assert again == first and count(dealt) == 3


def test_a_retry_is_answered_as_the_first_time_after_the_log_moved_on(dealt):
    first = dealt.enter("draw", 1, from_="stock", key="k1", as_seat=1)
    dealt.enter("discard", 1, card="3C")
    dealt.enter("draw", 2, from_="discard")
    assert dealt.enter("draw", 1, from_="stock", key="k1", version=2, as_seat=1) == first
    assert count(dealt) == 5


def test_a_refused_entry_leaves_its_key_free(dealt):
    dealt.enter("draw", 3, from_="stock", key="k2", expect=422)
    dealt.enter("draw", 1, from_="stock", key="k2")
    assert count(dealt) == 3


def test_a_wrong_seat_with_a_new_key_is_still_a_403(dealt):
    dealt.enter("draw", 1, from_="stock", as_seat=2, key="fresh", expect=403)
    assert count(dealt) == 2


def test_the_first_deal_may_leave_the_dealer_to_the_app(tables):
    table = tables.create("continental", tracking="results")
    entry = table.enter("deal")["entry"]
    assert entry["dealer"] in range(4)
    assert table.state()["deal"]["dealer"] == entry["dealer"]


def test_a_later_deal_must_name_its_dealer(tables):
    table = tables.create("continental", tracking="results")
    table.enter("deal", dealer=2)
    table.enter("null_deal")
    table.enter("deal", expect=400)


def test_the_table_reads_as_of_any_entry(dealt):
    dealt.enter("draw", 1, from_="stock")
    dealt.enter("discard", 1, card="3C")
    assert dealt.state(at=2)["deal"]["discard_top"] == "7H" and dealt.state(at=2)["version"] == 2
    assert dealt.state(at=4)["deal"]["discard_top"] == "3C"
    assert dealt.state()["version"] == 4


def test_entries_after_a_number_list_only_the_newer_ones(dealt):
    dealt.enter("draw", 1, from_="stock")
    response = dealt.client.get(f"/api/v1/tables/{dealt.id}/entries?after=2").json
    assert [e["seq"] for e in response["entries"]] == [3] and response["version"] == 3
    assert dealt.client.get(f"/api/v1/tables/{dealt.id}/entries?after=9").json == {"entries": [], "version": 3}


def test_a_void_is_the_new_truth(dealt):
    dealt.enter("draw", 1, from_="stock")
    dealt.enter("discard", 1, card="3C")
    dealt.enter("void", target=4)
    deal = dealt.state()["deal"]
    assert deal["turn"] == 1 and deal["phase"] == "discard" and deal["discard_top"] == "7H"
