"""The start form: dealers by the names typed, a blank field is no seat, the phone's last group by default."""

from __future__ import annotations

import re


def test_a_dealer_chosen_after_a_blank_field_is_the_player_typed_there(host):
    host.post("/new", {"game": "continental", "player": ["Ana", "", "Ben", "Chloé", "Dan"], "tracking": "full",
                       "dealer": "2"})
    table = host.client.get("/").get_data(as_text=True)
    host.table = re.search(r"/t/([\w-]+)", table).group(1)
    assert 'value="1" selected' in host.page()  # Ben, the second name typed, deals


def test_a_dealer_chosen_on_a_blank_field_is_drawn_at_random_among_the_players(host):
    host.post("/new", {"game": "continental", "player": ["Ana", "Ben", "Chloé", "Dan", ""], "tracking": "full",
                       "dealer": "4"})
    host.table = re.search(r"/t/([\w-]+)", host.client.get("/").get_data(as_text=True)).group(1)
    assert re.search(r'value="[0-3]" selected', host.page())


def test_a_refused_form_lists_the_dealers_by_the_names_typed(host):
    response = host.post("/new", {"game": "rami", "player": ["Ana", "Ben", "Chloé", "Dan", "Eve"], "dealer": "1",
                                  "tracking": "full"}, status=None)
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    dealers = re.findall(r'<span data-name-of="p\d">([^<]*)</span>', page)
    assert dealers == ["Ana", "Ben", "Chloé", "Dan", "Eve"]
    assert re.search(r'name="dealer" value="1" checked', page)


def test_the_start_form_offers_the_phones_last_group_first(host, client):
    first = client.post("/api/v1/groups", json={"name": "Le mardi"}).json
    last = client.post("/api/v1/groups", json={"name": "Le dimanche"}).json
    for group in (first, last):
        host.get(group["page"], status=303)
    form = host.page("/new")
    assert re.search(rf'name="group" value="{last["id"]}" checked', form)
    assert not re.search(r'name="group" value="" checked', form)
    host.get(first["page"], status=303)
    assert re.search(rf'name="group" value="{first["id"]}" checked', host.page("/new"))


def test_without_a_group_the_start_form_starts_a_table_in_no_group(host):
    assert re.search(r'name="group" value="" checked', host.page("/new"))
