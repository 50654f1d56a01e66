"""A club starts with a group (issue 29 item 4): the home page offers it, a form names it, its page opens, and
the phone keeps its link; a name left blank or too long is a 400 that says so, in French too."""

from __future__ import annotations

import re

from tests.web.english import leaks

FRENCH = {"Accept-Language": "fr"}


def _csrf(page: str) -> str:
    return re.search(r'name="csrf" value="([^"]+)"', page).group(1)


def test_the_home_page_starts_a_group_that_opens_on_its_page(app):
    phone = app.test_client()
    home = phone.get("/", headers=FRENCH).get_data(as_text=True)
    link = re.search(r'href="([^"]+)"[^>]*>Créer un groupe', home)
    assert link, "the home page offers to start a group"
    form = phone.get(link.group(1), headers=FRENCH)
    assert form.status_code == 200 and "Nom du groupe" in form.get_data(as_text=True)
    assert not leaks(form.get_data(as_text=True), ())
    made = phone.post(link.group(1), data={"name": "  Club  du jeudi ", "csrf": _csrf(form.get_data(as_text=True))},
                      headers=FRENCH)
    assert made.status_code == 303
    page = phone.get(made.headers["Location"], headers=FRENCH).get_data(as_text=True)
    assert "<h1>Club du jeudi</h1>" in page and "Créer la soirée" not in page  # its page, not yet an evening
    assert "Soirées de club" in page  # where a club night starts
    home = phone.get("/", headers=FRENCH).get_data(as_text=True)
    assert "Club du jeudi" in home  # the phone keeps the group


def test_a_group_needs_a_name_of_1_to_80_characters(app):
    phone = app.test_client()
    form = phone.get("/groups/new", headers=FRENCH).get_data(as_text=True)
    for name in ("   ", "x" * 81):
        refused = phone.post("/groups/new", data={"name": name, "csrf": _csrf(form)}, headers=FRENCH)
        assert refused.status_code == 400
        assert "Nommez le groupe (1 à 80 caractères)." in refused.get_data(as_text=True)
    english = phone.post("/groups/new", data={"name": "", "csrf": _csrf(form)})
    assert english.status_code == 400 and "Name the group (1 to 80 characters)." in english.get_data(as_text=True)
