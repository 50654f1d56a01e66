"""The group's pages through the test client: the start form's group choice, the link, the pages behind it."""

from __future__ import annotations

import re

from tests.groups.sunday import FIVE


def csrf(client) -> str:
    page = client.get("/new").get_data(as_text=True)
    return re.search(r'name="csrf" value="([^"]+)"', page).group(1)


def start(client, players, **form):
    data = {"csrf": csrf(client), "game": "continental", "tracking": "results", "player": players, **form}
    return client.post("/new", data=data)


def test_a_table_started_with_a_new_group_puts_the_group_on_this_phone(client):
    answer = start(client, ["Ana", "Ben", "Chloé", "Dan"], group="new", group_name="Sunday table")
    assert answer.status_code == 303
    home = client.get("/").get_data(as_text=True)
    assert "My groups" in home and "Sunday table" in home
    group_id = re.search(r'href="/g/([^"/]+)"', home).group(1)
    page = client.get(f"/g/{group_id}").get_data(as_text=True)
    assert "Sunday table" in page and "Chloé" in page
    again = start(client, ["Dan", "Chloé", "Ben", "Ana"], group=group_id)  # another seat order, same players
    assert again.status_code == 303
    listed = client.get(f"/g/{group_id}")
    assert listed.get_data(as_text=True).count('class="btn wide" href="/t/') == 2


def test_a_new_group_needs_a_name_and_distinct_players(client):
    assert start(client, ["Ana", "Ben", "Chloé", "Dan"], group="new", group_name=" ").status_code == 400
    refused = start(client, ["Ana", "ANA", "Chloé", "Dan"], group="new", group_name="Club")
    assert refused.status_code == 400 and "same player" in refused.get_data(as_text=True)


def test_the_group_link_opens_the_group_on_another_phone_and_nothing_else_does(app, sunday):
    other = app.test_client()
    assert other.get(f"/g/{sunday.id}").status_code == 403
    assert other.get(f"/g/{sunday.id}/k/wrong-token").status_code == 404
    assert other.get(f"/g/{sunday.id}/k/{sunday.token}").status_code == 303
    page = other.get(f"/g/{sunday.id}")
    assert page.status_code == 200 and "Standings" in page.get_data(as_text=True)
    assert other.get(f"/g/{sunday.id}/export.csv").get_data(as_text=True).startswith("table,game,date")


def test_a_figure_on_a_players_page_opens_the_entries_it_counts(app, sunday):
    phone = app.test_client()
    phone.get(f"/g/{sunday.id}/k/{sunday.token}")
    dan = sunday.member("Dan")
    page = phone.get(f"/g/{sunday.id}/p/{dan}").get_data(as_text=True)
    link = re.search(rf'href="(/g/{sunday.id}/p/{dan}/continental/invalid_exits[^"]*)"', page).group(1)
    listed = phone.get(link.replace("&amp;", "&")).get_data(as_text=True)
    assert "Entries counted: 1." in listed
    assert f'/t/{sunday.tables["C"].id}/e/{sunday.seqs["dan_invalid"]}' in listed
    replaced = phone.get(f"/g/{sunday.id}/p/{dan}/continental/without_drawing").get_data(as_text=True)
    assert "as corrected by entry" in replaced
    assert phone.get(f"/g/{sunday.id}/p/{dan}/continental/nothing").status_code == 404
    assert phone.get(f"/g/{sunday.id}/p/nobody").status_code == 404


def test_renaming_on_the_players_page_keeps_her_figures(app, sunday):
    phone = app.test_client()
    phone.get(f"/g/{sunday.id}/k/{sunday.token}")
    ana = sunday.member("Ana")
    token = re.search(r'name="csrf" value="([^"]+)"', phone.get(f"/g/{sunday.id}/p/{ana}").get_data(as_text=True))
    answer = phone.post(f"/g/{sunday.id}/p/{ana}/name", data={"csrf": token.group(1), "name": "Anaïs"})
    assert answer.status_code == 303
    assert sunday.player("Anaïs")["continental"]["exits"]["count"] == 2
    taken = phone.post(f"/g/{sunday.id}/p/{ana}/name", data={"csrf": token.group(1), "name": "Ben"})
    assert taken.status_code == 409


def test_the_group_page_in_french(app, sunday):
    phone = app.test_client()
    phone.get(f"/g/{sunday.id}/k/{sunday.token}", headers={"Accept-Language": "fr"})
    page = phone.get(f"/g/{sunday.id}", headers={"Accept-Language": "fr"}).get_data(as_text=True)
    assert "Classement" in page and "Tables" in page
    sunday.tables["C"].enter("void", target=sunday.seqs["dan_invalid"])
    assert FIVE  # the group still reads after a correction
    assert phone.get(f"/g/{sunday.id}").status_code == 200


def test_a_players_averages_keep_their_decimal_as_her_language_writes_it_and_none_is_a_dash(app, sunday):
    """Ana paid 61 points over 4 deals: 15.2 in English, 15,2 in French (not 15); a figure with no deal, a dash."""
    phone = app.test_client()
    phone.get(f"/g/{sunday.id}/k/{sunday.token}")
    ana = sunday.member("Ana")
    for lang, average in (("en", "15.2"), ("fr", "15,2")):
        page = phone.get(f"/g/{sunday.id}/p/{ana}", headers={"Accept-Language": lang}).get_data(as_text=True)
        paid = re.search(rf'/p/{ana}/continental/paid[^>]*>4</a></td>\s*<td>([^<]*)</td>', page)
        assert paid and paid.group(1) == average, lang
        assert re.search(r"<td>0</td>\s*<td>—</td>", page), lang
        assert ("\u00a0; ★" if lang == "fr" else "); ★") in page  # the chart's key: « … ; ★ gagné »


def test_playing_again_keeps_the_next_table_in_the_group_whichever_phone_taps(app, sunday):
    from api.application import successor
    from api.application.commands import CreateTable

    previous = sunday.tables["C2"].id
    with app.test_request_context("/"):  # a phone that never opened the group's link
        again, opened = successor.open_next(previous, CreateTable("continental", ("Dan", "Chloé", "Ben", "ana")))
    assert opened
    listed = sunday.read()["tables"]
    assert listed[0]["id"] == again and listed[0]["players"] == ["Dan", "Chloé", "Ben", "Ana"]


def test_the_standings_chart_reads_a_negative_balance_with_a_minus_sign(app, sunday):
    phone = app.test_client()
    phone.get(f"/g/{sunday.id}/k/{sunday.token}")
    page = phone.get(f"/g/{sunday.id}").get_data(as_text=True)
    titles = re.findall(r'<title id="[^"]+">([^<]*)</title>', page)
    spoken = " ".join(titles)
    assert "\u2212" in spoken  # someone lost at the Sunday tables: read aloud as "Ben −11", not "Ben -11"
    assert not re.search(r"\s-\d", spoken)
