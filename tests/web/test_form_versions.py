"""Every form that writes says which version of the table it was filled in on (E-3: no blind writes)."""

import re

FORM = re.compile(r'<form[^>]*action="([^"]*)"[^>]*>(.*?)</form>', re.S)
VERSION = re.compile(r'<input type="hidden" name="version" value="([^"]*)">')


def writing_forms(page: str) -> list[tuple[str, list[str]]]:
    """The forms of a page that write an entry (play, compose, corrections), with their version fields."""
    out = []
    for action, body in FORM.findall(page):
        if re.search(r"/entry$|/compose/|/(void|replace)(#preview)?$", action):  # a correction opens on its preview
            out.append((action, VERSION.findall(body)))
    return out


def test_the_play_and_compose_forms_carry_the_version_they_show(host):
    host.start()
    forms = writing_forms(host.page())
    assert forms and all(versions == ["1"] for _, versions in forms), forms
    host.enter(type="deal", dealer="0", upcard="7H")
    host.enter(type="draw", seat="1", from_="stock")
    forms = writing_forms(host.page())
    assert forms and all(versions == ["3"] for _, versions in forms), forms
    compose = writing_forms(host.page(f"/t/{host.table}/compose/exit?seat=1"))
    assert compose and all(versions == ["3"] for _, versions in compose), compose


def test_the_correction_forms_carry_the_version_they_show(host):
    host.start()
    host.enter(type="deal", dealer="0", upcard="7H")
    for path in (f"/t/{host.table}/e/2/void", f"/t/{host.table}/e/2/replace"):
        forms = writing_forms(host.page(path))
        assert forms and all(versions == ["2"] for _, versions in forms), (path, forms)


def test_a_form_without_its_version_writes_nothing_and_asks_again(host, client):
    host.start()
    host.enter(type="deal", dealer="0", upcard="7H")
    for version in (None, "", "seven"):
        form = {"type": "draw", "seat": "1", "from": "stock"} | ({} if version is None else {"version": version})
        page = host.follow(host.post(f"/t/{host.table}/entry", form)).get_data(as_text=True)
        assert "This form is out of date" in page
        assert "expected_version" not in page  # the page speaks to players, not in the API's words
    assert client.get(f"/api/v1/tables/{host.table}").json["version"] == 2


def test_a_correction_without_its_version_writes_nothing(host, client):
    host.start()
    host.enter(type="deal", dealer="0", upcard="7H")
    response = host.post(f"/t/{host.table}/e/2/void", {"action": "confirm"}, status=400)
    assert "This form is out of date" in response.get_data(as_text=True)
    assert client.get(f"/api/v1/tables/{host.table}").json["version"] == 2
