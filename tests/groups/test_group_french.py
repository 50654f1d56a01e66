"""The group's pages in French show no English (the word detector of tests/web/english.py)."""

from __future__ import annotations

from tests.web.english import leaks

NAMES = ("Ana", "Ben", "Chloé", "Dan", "Sunday table")


def test_the_group_pages_in_french_show_no_english(app, sunday):
    phone = app.test_client()
    french = {"Accept-Language": "fr"}
    phone.get(f"/g/{sunday.id}/k/{sunday.token}", headers=french)
    g = f"/g/{sunday.id}"
    dan, ben = sunday.member("Dan"), sunday.member("Ben")
    pages = ["/", "/new", f"/new?group={sunday.id}", g, f"{g}?period=month", f"{g}/p/{dan}", f"{g}/p/{ben}",
             f"{g}/p/{dan}/continental/invalid_exits", f"{g}/p/{dan}/continental/invalid_exits?rule=C-7",
             f"{g}/p/{dan}/continental/without_drawing", f"{g}/p/{ben}/rami/openings", f"{g}/p/{ben}/rami/rounds_won"]
    found = {}
    for path in pages:
        answer = phone.get(path, headers=french)
        assert answer.status_code == 200, path
        words = leaks(answer.get_data(as_text=True), NAMES)
        if words:
            found[path] = words
    assert not found, found
    refused = phone.get(f"{g}/p/nobody", headers=french)
    assert refused.status_code == 404 and not leaks(refused.get_data(as_text=True), NAMES)
    other = app.test_client()
    assert not leaks(other.get(g, headers=french).get_data(as_text=True), NAMES)  # 403: ask for the link
