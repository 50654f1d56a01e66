"""The group's pages by its two links (issue 30, item 1): the admin's phone forgets, renames, copies and reads what
was done, and shares the members' link; a phone holding the members' link is offered none of it, and is refused
(403, saying why) where it asks all the same."""

from __future__ import annotations

import re

from tests.groups.sunday import Group

CONTROLS = ("/forget", "/copy.json", "/name\"")


def phone_with(app, group: Group, token: str):
    phone = app.test_client()
    assert phone.get(f"/g/{group.id}/k/{token}").status_code == 303
    return phone


def csrf(page: str) -> str:
    return re.search(r'name="csrf" value="([^"]+)"', page).group(1)


def test_the_members_link_offers_no_admin_control_and_the_admins_does(app, client, tables):
    group = Group(client, "Sunday")
    group.table(tables, "rami", ["Ana", "Ben"], options={"turn_seconds": None})
    ana = group.member("Ana")
    admin, member = phone_with(app, group, group.token), phone_with(app, group, group.members_token)

    mine = admin.get(f"/g/{group.id}/p/{ana}").get_data(as_text=True)
    assert all(control in mine for control in CONTROLS)
    theirs = member.get(f"/g/{group.id}/p/{ana}").get_data(as_text=True)
    assert not any(control in theirs for control in CONTROLS)
    assert "admin downloads her data or forgets her" in theirs

    home = admin.get(f"/g/{group.id}").get_data(as_text=True)
    assert f"/g/{group.id}/k/{group.members_token}" in home and f"/g/{group.id}/audit" in home
    assert "Share the members" in home
    shared = member.get(f"/g/{group.id}").get_data(as_text=True)
    assert f"/g/{group.id}/k/{group.members_token}" in shared  # the link it holds, to pass on
    assert group.token not in shared and f"/g/{group.id}/audit" not in shared


def test_a_members_phone_is_refused_what_only_the_admin_does(app, client, tables):
    group = Group(client, "Sunday")
    group.table(tables, "rami", ["Ana", "Ben"], options={"turn_seconds": None})
    ana = group.member("Ana")
    member = phone_with(app, group, group.members_token)
    token = csrf(member.get(f"/g/{group.id}").get_data(as_text=True))
    for method, path, form in (("GET", f"/p/{ana}/copy.json", None), ("GET", f"/p/{ana}/forget", None),
                               ("POST", f"/p/{ana}/forget", {}), ("POST", f"/p/{ana}/name", {"name": "Zoé"}),
                               ("POST", "/name", {"name": "Renamed"}), ("GET", "/audit", None)):
        answer = member.open(f"/g/{group.id}{path}", method=method,
                             data=None if form is None else {**form, "csrf": token})
        assert answer.status_code == 403, path
        assert "Only the group&#39;s admin link may do this" in answer.get_data(as_text=True), path
    assert [m["name"] for m in group.read()["members"]] == ["Ana", "Ben"] and group.read()["name"] == "Sunday"


def test_the_admins_phone_renames_the_group_and_reads_what_was_done(app, client, tables):
    group = Group(client, "Sunday")
    admin = phone_with(app, group, group.token)
    page = admin.get(f"/g/{group.id}/audit").get_data(as_text=True)
    assert "Nothing yet." in page
    answer = admin.post(f"/g/{group.id}/name", data={"name": "Le club", "csrf": csrf(page)})
    assert answer.status_code == 303
    assert group.read()["name"] == "Le club"
    page = admin.get(f"/g/{group.id}/audit", headers={"Accept-Language": "fr"}).get_data(as_text=True)
    assert "Groupe renommé" in page and "par l’admin du groupe" in page


def test_the_admins_phone_stays_the_admins_when_it_opens_the_members_link(app, client):
    group = Group(client, "Sunday")
    admin = phone_with(app, group, group.token)
    admin.get(f"/g/{group.id}/k/{group.members_token}")
    assert admin.get(f"/g/{group.id}/audit").status_code == 200


def test_the_phone_that_makes_a_group_on_its_page_holds_its_admin_link(app):
    phone = app.test_client()
    page = phone.get("/groups/new").get_data(as_text=True)
    made = phone.post("/groups/new", data={"name": "Le mardi", "csrf": csrf(page)})
    assert made.status_code == 303
    group_id = made.headers["Location"].rstrip("/").split("/")[-1]
    assert phone.get(f"/g/{group_id}/audit").status_code == 200
