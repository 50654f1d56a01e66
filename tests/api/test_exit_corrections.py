"""E-2 *Reading* through HTTP: an exit, valid or invalid, is voided or replaced by the host only."""

from __future__ import annotations

GAPPED = [["3C", "4C", "5C"], ["6D", "7D", "8D"], ["9H", "10H", "JH"], ["QS", "KS", "AS"], ["4H", "5H", "7H"]]


def test_a_seat_cannot_void_nor_replace_its_own_invalid_exit_but_the_host_can(tables):
    table = tables.create("continental")
    table.enter("deal", dealer=0, upcard="7H")
    table.enter("draw", 1, from_="stock", as_seat=1)
    table.enter("discard", 1, card="KD", as_seat=1)
    answer = table.enter("exit", 1, runs=GAPPED, as_seat=1)  # entry 5, not valid (C-7)
    assert answer["verdict"]["valid"] is False
    known = sorted(table.state()["deal"]["known"]["1"])
    refused = table.enter("void", target=5, as_seat=1, expect=403)
    assert refused["status"] == 403 and refused["rules"] == ["E-2"]
    assert "host" in refused["detail"] and "Ben" in refused["detail"] and "seat 1" not in refused["detail"]
    replacement = {"type": "exit", "seat": 1, "runs": GAPPED}
    assert table.enter("replace", target=5, entry=replacement, as_seat=1, expect=403)["rules"] == ["E-2"]
    assert sorted(table.state()["deal"]["known"]["1"]) == known  # C-11: the shown cards stay known
    table.enter("void", target=5)  # the host, when the table agrees
    assert table.state()["deal"]["known"]["1"] == []


def test_a_seat_cannot_void_its_own_valid_exit(tables):
    table = tables.create("continental")
    table.enter("deal", dealer=0, upcard="7H")
    table.enter("draw", 1, from_="stock", as_seat=1)
    table.enter("discard", 1, card="KD", as_seat=1)
    exit_ = [["3C", "4C", "5C"], ["6D", "7D", "8D"], ["9H", "10H", "JH"], ["QS", "KS", "AS"], ["4H", "5H", "6H"]]
    assert table.enter("exit", 1, runs=exit_, as_seat=1)["verdict"]["valid"] is True
    assert table.enter("void", target=5, as_seat=1, expect=403)["rules"] == ["E-2"]
    table.enter("void", target=4, as_seat=1, expect=422)  # its discard is its own, but the exit after it stands


PLAIN = [["3C", "4C", "5C"], ["6D", "7D", "8D"], ["9H", "10H", "JH"], ["QS", "KS", "AS"], ["4H", "5H", "6H"]]


def test_a_seat_that_voids_its_own_draw_cannot_go_out_without_drawing_for_the_plus_10(tables, client):
    """Issue 18 §20: Ben drew, voided the draw from his phone, then went out without drawing (+10 each)."""
    table = tables.create("continental")
    table.enter("deal", dealer=0, upcard="7H")
    table.enter("draw", 1, from_="stock", as_seat=1)
    void = table.enter("void", target=3, as_seat=1)["entry"]
    assert void["by"] == 1 and void["seat"] is None  # the server writes who wrote it
    assert table.state()["deal"]["exit_window"] == []
    refused = table.enter("exit", 1, runs=PLAIN, as_seat=1, expect=422)
    assert "C-5" in refused["rules"] and "Ben took back their own draw" in refused["detail"]
    exported = client.get(f"/api/v1/tables/{table.id}/export").get_data(as_text=True)
    imported = client.post("/api/v1/tables/import", data=exported.encode(), content_type="application/x-ndjson")
    assert imported.status_code == 201
    assert client.get(f"/api/v1/tables/{imported.json['id']}").json["deal"]["exit_window"] == []


def test_the_hosts_void_of_a_draw_reopens_it_and_no_client_writes_by(tables):
    table = tables.create("continental")
    table.enter("deal", dealer=0, upcard="7H")
    table.enter("draw", 1, from_="stock", as_seat=1)
    assert table.enter("void", target=3, by=1, expect=400)["detail"].startswith("`by`: written by the server")
    assert table.enter("void", target=3)["entry"]["by"] == "host"
    assert table.enter("exit", 1, runs=PLAIN, as_seat=1)["verdict"]["settlement"]["per_opponent"] == 21
