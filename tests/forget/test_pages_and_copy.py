"""The member page forgets her after a confirmation that says what happens; her copy of her data; the privacy page."""

from __future__ import annotations

import json
import re

from tests.forget.test_forget import NAME, build

FORM = re.compile(r'name="csrf" value="([^"]+)"')


def opened(client, group):
    assert client.get(f"/g/{group.id}/k/{group.token}").status_code in (200, 302, 303)


def test_the_member_page_forgets_her_after_a_confirmation_in_french(client, tables):
    group, listed = build(client, tables)
    her = group.member(NAME)
    client.post("/lang", data={"lang": "fr"})
    opened(client, group)
    page = client.get(f"/g/{group.id}/p/{her}", headers={"Accept-Language": "fr"}).get_data(as_text=True)
    assert f"/g/{group.id}/p/{her}/forget" in page and "Télécharger ses données" in page
    confirm = client.get(f"/g/{group.id}/p/{her}/forget", headers={"Accept-Language": "fr"}).get_data(as_text=True)
    assert f"Oublier {NAME}\u00a0?" in confirm and "C’est sans retour." in confirm  # says what will happen
    assert NAME in json.dumps(group.read(), ensure_ascii=False)  # nothing happened on the way
    answer = client.post(f"/g/{group.id}/p/{her}/forget", data={"csrf": FORM.search(confirm).group(1)},
                         headers={"Accept-Language": "fr"})
    assert answer.status_code == 303
    page = client.get(answer.headers["Location"], headers={"Accept-Language": "fr"}).get_data(as_text=True)
    assert NAME not in page and "Personne oubliée 1" in page  # her label, said in French
    table = client.get(f"/t/{listed[0].id}", headers={"Accept-Language": "fr"}).get_data(as_text=True)
    assert NAME not in table and "Personne oubliée 1" in table  # her seat's phones no longer show her name
    assert group.read()["members"][1]["name"] == "Forgotten player 1"  # the API speaks English


def test_a_forget_without_the_form_token_forgets_nobody(client, tables):
    group, _ = build(client, tables)
    her = group.member(NAME)
    opened(client, group)
    assert client.post(f"/g/{group.id}/p/{her}/forget", data={}).status_code in (400, 403)
    assert NAME in json.dumps(group.read(), ensure_ascii=False)


def test_her_copy_holds_her_figures_and_every_entry_of_her_tables_and_no_one_elses_name(client, tables):
    group, listed = build(client, tables)
    her = group.member(NAME)
    copy = group.get(f"/players/{her}/copy").json
    assert copy["player"] == {"id": her, "name": NAME}
    assert copy["figures"] == group.get(f"/players/{her}", period="all", last=100).json
    assert [(t["id"], t["seat"], t["name"]) for t in copy["tables"]] == [(listed[0].id, 1, NAME), (listed[1].id, 0, NAME)]
    assert [e["seq"] for e in copy["tables"][0]["entries"]] == [e["seq"] for e in listed[0].entries()]
    text = json.dumps(copy, ensure_ascii=False)
    assert not any(other in text for other in ("Ana", "Dan"))  # the others' names are theirs
    opened(client, group)
    download = client.get(f"/g/{group.id}/p/{her}/copy.json")
    assert download.status_code == 200 and "attachment" in download.headers["Content-Disposition"]
    assert json.loads(download.get_data(as_text=True))["player"]["name"] == NAME
    assert group.get(f"/players/{her}/copy", expect=200) and client.get(
        f"/api/v1/groups/{group.id}/players/{her}/copy").status_code == 401


def test_the_privacy_page_says_what_is_kept_how_long_and_how_to_be_forgotten(client):
    english = client.get("/privacy", headers={"Accept-Language": "en"}).get_data(as_text=True)
    assert "12 months" in english and "Forget this player" in english and "Backups" in english
    french = client.get("/privacy", headers={"Accept-Language": "fr"}).get_data(as_text=True)
    assert "12 mois" in french and "Oublier cette personne" in french and "sauvegardes" in french


def test_the_french_csv_for_excel_says_her_label_in_french(client, tables):
    group, listed = build(client, tables)
    her = group.member(NAME)
    assert client.delete(f"/api/v1/groups/{group.id}/players/{her}", headers=group.headers).status_code == 204
    opened(client, group)
    french = client.get(f"/g/{group.id}/export.csv?excel=1", headers={"Accept-Language": "fr"}).get_data(as_text=True)
    assert "Personne oubliée 1" in french and NAME not in french
    plain = client.get(f"/t/{listed[0].id}/export.csv", headers={"Accept-Language": "fr"}).get_data(as_text=True)
    assert "Forgotten player 1" in plain  # the plain file is the JSON API's, for scripts
