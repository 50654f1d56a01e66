"""Her copy a person can read (issue 30, item 7): the admin's phone reads a member's tables, figures and the rulings
that concern her, in English or French, with the JSON to download; nobody else is named (a reason typed with another
member's name reads "another player"); the members' link is refused (403), as on the other admin pages."""

from __future__ import annotations

import pytest

from tests.groups.sunday import FIVE, Group
from tests.groups.test_group_admin_pages import phone_with

WORDS = {"en": {"another": "another player", "tables": "Her tables", "download": "Download her data (JSON file)",
                "game": "Rami continental", "read": "Read her data"},
         "fr": {"another": "une autre personne", "tables": "Ses tables",
                "download": "Télécharger ses données (fichier JSON)", "game": "Rami continental",
                "read": "Lire ses données"}}


def club(client, tables):
    group = Group(client, "Jeudi")
    c = group.table(tables, "continental", ["Anatole", "Zoé", "Bérénice", "Dagobert"], tracking="results")
    c.enter("deal", dealer=0)
    c.enter("exit", 0, runs=FIVE)
    c.enter("adjust", scores={"1": -10}, reason="Zoé a montré une carte à Bérénice")
    c.enter("adjust", scores={"2": -5}, reason="Bérénice en retard")  # not about her: not on her page
    return group, group.member("Zoé")


@pytest.mark.parametrize("lang", WORDS)
def test_the_admin_reads_her_copy_in_her_language_naming_nobody_else(app, client, tables, lang):
    group, zoe = club(client, tables)
    words = WORDS[lang]
    admin = phone_with(app, group, group.token)
    headers = {"Accept-Language": lang}
    player = admin.get(f"/g/{group.id}/p/{zoe}", headers=headers).get_data(as_text=True)
    assert f'href="/g/{group.id}/p/{zoe}/copy"' in player and words["read"] in player
    answer = admin.get(f"/g/{group.id}/p/{zoe}/copy", headers=headers)
    assert answer.status_code == 200
    page = answer.get_data(as_text=True)
    assert words["tables"] in page and words["game"] in page and "Zoé" in page and "Jeudi" in page
    assert f"Zoé a montré une carte à {words['another']}" in page and "<strong>-10</strong>" in page
    assert "en retard" not in page  # a ruling about someone else
    for other in ("Anatole", "Bérénice", "Dagobert"):
        assert other not in page, other
    assert f'href="/g/{group.id}/p/{zoe}/copy.json" download' in page and words["download"] in page
    assert " AM" not in page and " PM" not in page
    if lang == "fr":
        assert "Groupe\u00a0:" in page and "«\u00a0Zoé a montré" in page
    download = admin.get(f"/g/{group.id}/p/{zoe}/copy.json")
    assert download.status_code == 200 and "attachment" in download.headers["Content-Disposition"]


def test_the_members_link_may_not_read_her_copy(app, client, tables):
    group, zoe = club(client, tables)
    member = phone_with(app, group, group.members_token)
    answer = member.get(f"/g/{group.id}/p/{zoe}/copy")
    assert answer.status_code == 403
    assert "Only the group&#39;s admin link may do this" in answer.get_data(as_text=True)
    assert "Zoé a montré" not in answer.get_data(as_text=True)
