"""CSRF on every form, hostile names escaped everywhere, a seat's phone acts only for its seat."""

import pytest

from tests.web.conftest import joined

HOSTILE = '<script>alert("x")</script>'


def test_a_post_without_the_csrf_token_is_refused(host, client):
    response = host.post("/new", {"game": "continental", "player": ["A", "B", "C", "D"]}, status=400, csrf=False)
    assert "CSRF" in response.get_data(as_text=True)


def test_a_post_with_a_wrong_csrf_token_writes_nothing(host, client):
    host.start()
    version = host.version()
    data = {"csrf": "forged", "version": version, "type": "deal", "dealer": "0", "upcard": "7H"}
    response = host.client.post(f"/t/{host.table}/entry", data=data)
    assert response.status_code == 400
    assert client.get(f"/api/v1/tables/{host.table}").json["version"] == int(version)


def test_a_hostile_name_is_escaped_on_every_page(host):
    host.start(players=(HOSTILE, "Ben", "Chloé", "Dan"))
    for path in ("/", f"/t/{host.table}", f"/t/{host.table}/share", f"/t/{host.table}/history",
                 f"/t/{host.table}/e/1", f"/t/{host.table}/compose/exit?seat=0"):
        page = host.page(path)
        assert HOSTILE not in page, path
        assert "&lt;script&gt;" in page, path


def test_a_seat_phone_cannot_enter_for_another_seat(host, phone, client):
    host.start()
    host.enter(type="deal", dealer="0", upcard="7H")
    ben = joined(host, phone(), 1)
    chloe = joined(host, phone(), 2)
    assert "Ben" in ben.page() and "seat" in ben.page()
    before = client.get(f"/api/v1/tables/{host.table}").json["version"]
    chloe.enter(status=403, type="draw", seat="1", from_="stock")
    assert client.get(f"/api/v1/tables/{host.table}").json["version"] == before
    ben.enter(type="draw", seat="1", from_="stock")
    assert client.get(f"/api/v1/tables/{host.table}").json["version"] == before + 1


def test_a_spectator_cannot_enter_anything(host, phone, client):
    host.start()
    watcher = phone()
    watcher.table = host.table
    assert "cannot enter anything" in watcher.page()
    page = watcher.enter(type="deal", dealer="0", upcard="7H")
    assert "join with a code" in page
    assert client.get(f"/api/v1/tables/{host.table}").json["version"] == 1


def test_a_seat_page_offers_no_turn_controls_when_it_is_not_its_turn(host, phone):
    host.start()
    host.enter(type="deal", dealer="0", upcard="7H")
    dan = joined(host, phone(), 3)
    page = dan.page()
    assert "Waiting for Ben" in page
    assert 'value="stock"' not in page


def test_the_language_switch_never_redirects_off_site(host):
    for target in ("//evil.example/", "/\\evil.example/", "https://evil.example/"):
        response = host.post("/lang", {"lang": "fr", "next": target})
        assert response.headers["Location"] == "/"


def test_the_session_cookie_is_lax_httponly_and_lasts(host):
    host.start()
    cookie = host.client.get_cookie("session")
    assert cookie.http_only and cookie.same_site == "Lax" and cookie.expires is not None


def test_addresses_that_are_capabilities_tell_search_engines_not_to_index_them(host, client):
    host.start()
    code = host.codes()[0]
    group = client.post("/api/v1/groups", json={"name": "Le dimanche"}).json
    for path in (f"/t/{host.table}", f"/t/{host.table}/share", f"/t/{host.table}/history", f"/t/{host.table}/e/1",
                 f"/t/{host.table}/summary", f"/j/{code}", group["page"], f"/api/v1/tables/{host.table}"):
        response = host.client.get(path)
        assert response.status_code < 400, path
        assert "noindex" in response.headers.get("X-Robots-Tag", ""), path
    for path in ("/", "/rules"):
        assert "X-Robots-Tag" not in host.get(path).headers, path


@pytest.mark.parametrize("lang, words", [("en", "referees rummy played with real cards"),
                                         ("fr", "arbitre le rami joué avec de vraies cartes")])
def test_the_home_page_describes_the_service_for_search_results(app, lang, words):
    from tests.web.conftest import Phone

    page = Phone(app, lang).page("/")
    assert '<meta name="description" content="' in page and words in page


@pytest.mark.parametrize("lang, offer, back", [("en", "Play: this phone enters for everyone", "Back to the table"),
                                               ("fr", "ce téléphone saisit pour tous", "Retour à la table")])
def test_only_the_host_is_offered_to_enter_for_everyone_on_the_share_page(host, phone, lang, offer, back):
    host.headers = {"Accept-Language": lang}
    host.start()
    assert offer in host.page(f"/t/{host.table}/share")
    ben = joined(host, phone(lang), 1)
    spectator = phone(lang)
    for other in (ben, spectator):
        page = other.page(f"/t/{host.table}/share")
        assert offer not in page and back in page
