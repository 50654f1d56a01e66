"""The pages render, errors are HTML pages (the API keeps problem+json), the rules have an anchor per id."""

from api.web.words.rulesdoc import rules_html


def test_home_and_new_table_form_render(host):
    assert "Start a table" in host.page("/")
    page = host.page("/new")
    assert 'name="player"' in page and 'value="rami"' in page


def test_starting_a_table_leads_to_the_share_page_with_a_code_and_qr_per_seat(host):
    host.start()
    page = host.page(f"/t/{host.table}/share")
    assert len(host.codes()) == 4
    assert page.count('<svg class="qr"') == 5  # four seats and the spectators' link


def test_an_unknown_page_is_an_html_error_page(host):
    response = host.get("/t/nope", status=404)
    assert response.content_type.startswith("text/html")
    assert "<h1>" in response.get_data(as_text=True)


def test_the_api_still_answers_problem_json(client):
    response = client.get("/api/v1/tables/nope")
    assert response.status_code == 404
    assert response.content_type == "application/problem+json"


def test_the_rules_page_has_an_anchor_per_rule_id(host):
    page = host.page("/rules")
    _, ids = rules_html()
    assert {"K-1", "C-8", "C-11", "R-9", "E-2"} <= set(ids)
    for rule in ids:
        assert f'id="{rule}"' in page


def test_a_bad_join_code_says_so(host):
    response = host.post("/join", {"code": "ZZZZZZ"}, status=404)
    assert "No seat has this code" in response.get_data(as_text=True)


def test_the_table_list_of_a_phone_is_most_recent_first(host):
    first = host.start(players=("Ana", "Ben", "Chloé", "Dan"))
    second = host.start(game="rami", players=("Eve", "Fox"))
    page = host.page("/")
    assert page.index(f"/t/{second}") < page.index(f"/t/{first}")


def test_import_of_an_export_opens_a_new_table(host, client):
    host.start()
    exported = client.get(f"/api/v1/tables/{host.table}/export").get_data(as_text=True)
    response = host.post("/import", {"log": exported})
    new_id = response.headers["Location"].split("/")[2]
    assert new_id != host.table
    assert "Chloé" in host.page(f"/t/{new_id}")


def test_the_qr_code_svg_draws_exactly_the_code_matrix():
    import re

    import qrcode

    from api.web.qr import qr_svg

    svg = str(qr_svg("http://127.0.0.1/j/ABCDEF", "Ana"))
    qr = qrcode.QRCode(border=2, error_correction=qrcode.constants.ERROR_CORRECT_M)
    qr.add_data("http://127.0.0.1/j/ABCDEF")
    qr.make(fit=True)
    expected = qr.get_matrix()
    drawn = [[False] * len(expected) for _ in expected]
    for x, y, n in re.findall(r"M(\d+) (\d+)h(\d+)", svg):
        for dx in range(int(n)):
            drawn[int(y)][int(x) + dx] = True
    assert drawn == expected
