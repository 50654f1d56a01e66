"""A forgotten member is not renamed (issue 30, item 4): renaming her "Léa" put a name back over all her forgotten
history. The API answers 409 and changes nothing; her page offers no rename, and its form, posted anyway, is refused
in the reader's language."""

from __future__ import annotations

import json

from tests.forget.test_forget import LABEL, NAME, build
from tests.forget.test_pages_and_copy import FORM, opened


def test_renaming_a_forgotten_member_is_409_and_her_page_offers_no_rename(client, tables):
    group, listed = build(client, tables)
    her = group.member(NAME)
    opened(client, group)
    page = client.get(f"/g/{group.id}/p/{her}").get_data(as_text=True)
    assert f"/g/{group.id}/p/{her}/name" in page  # a member is renamed from her page
    assert client.delete(f"/api/v1/groups/{group.id}/players/{her}", headers=group.headers).status_code == 204
    answer = client.patch(f"/api/v1/groups/{group.id}/players/{her}", json={"name": "Léa"}, headers=group.headers)
    assert answer.status_code == 409, answer.get_data(as_text=True)
    assert "forgotten" in answer.json["detail"]
    before = json.dumps(group.read(), ensure_ascii=False)
    assert "Léa" not in before and LABEL in before
    for lang, said in (("en", "A forgotten player is not renamed"), ("fr", "Une personne oubliée ne se renomme pas")):
        page = client.get(f"/g/{group.id}/p/{her}", headers={"Accept-Language": lang}).get_data(as_text=True)
        assert f"/g/{group.id}/p/{her}/name" not in page  # no rename offered
        posted = client.post(f"/g/{group.id}/p/{her}/name", data={"name": "Léa", "csrf": FORM.search(page).group(1)},
                             headers={"Accept-Language": lang})
        assert posted.status_code == 409 and said in posted.get_data(as_text=True)
    assert json.dumps(group.read(), ensure_ascii=False) == before
    assert "Léa" not in client.get(f"/api/v1/tables/{listed[0].id}").get_data(as_text=True)
    other = group.member("Ben")  # another member is renamed as before
    assert client.patch(f"/api/v1/groups/{group.id}/players/{other}", json={"name": "Benoît"},
                        headers=group.headers).status_code == 200
