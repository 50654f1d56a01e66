"""Scorekeeping tables (results tracking): exits, null deals and rounds entered by the host."""

EXIT = "5H 6H 7H\n3C 4C 5C\n8D 9D 10D\nJS QS KS\n4S 5S 6S"


def test_a_continental_results_table_takes_an_exit_with_its_timing(host, client):
    host.start(tracking="results")
    page = host.enter(type="deal", dealer="0")
    assert "Enter the exit" in page and "Null deal</button>" in page
    form = host.page(f"/t/{host.table}/compose/exit")
    assert 'name="timing"' in form
    response = host.post(f"/t/{host.table}/entry", {"version": host.version(), "type": "exit", "seat": "2",
                                                    "runs": EXIT, "timing": "first_turn"})
    assert "Valid exit" in host.follow(response).get_data(as_text=True)
    assert client.get(f"/api/v1/tables/{host.table}").json["players"][2]["score"] == 54


def test_a_null_deal_passes_the_deal_on(host, client):
    host.start(tracking="results")
    host.enter(type="deal", dealer="0")
    host.enter(type="null_deal")
    assert client.get(f"/api/v1/tables/{host.table}").json["results"]


def test_a_rami_results_table_takes_a_round(host, client):
    host.start(game="rami", players=("Eve", "Fox"), tracking="results", clock="off")
    page = host.enter(type="deal", dealer="0")
    assert "Enter the round" in page
    form = host.page(f"/t/{host.table}/compose/round")
    assert 'name="hand1"' in form and 'name="winner"' in form
    response = host.post(f"/t/{host.table}/entry", {"version": host.version(), "type": "round", "winner": "0",
                                                    "hand1": "KH QH 5C"})
    page = host.follow(response).get_data(as_text=True)
    assert client.get(f"/api/v1/tables/{host.table}").json["players"][1]["score"] == 25, page[:3000]


def test_the_hand_form_renders(host):
    host.start(game="rami", players=("Eve", "Fox"), clock="off")
    assert 'name="cards"' in host.page(f"/t/{host.table}/compose/hand?seat=1")
