"""What a page asks for in the background (its refresh, `X-Live`; its files; the stream) never takes what a
form's answer keeps for the next page: the entry a phone sends reaches the stream of the page it is leaving
before the browser follows the redirect, and that page's refresh used to take the verdict, then its files' late
cookies did (two CI runs saw the exit's "Valid exit" go missing)."""

import re
from datetime import timedelta

from freezegun import freeze_time

from tests.web.test_screens_continental import to_exit

EXIT = "7H 8H 9H\n3C 4C 5C\n8D 9D 10D\nJS QS KS\n4S 5S 6S"


def _sent_exit(host):
    """Ben goes out, sent from the host's phone: the answer is a redirect to the table page and its verdict."""
    to_exit(host)
    return _send_exit(host)


def _send_exit(host):
    """Ben's exit, the table at his turn to go out (`to_exit`)."""
    return host.post(f"/t/{host.table}/entry", {"version": host.version(), "type": "exit", "seat": "1",
                                                "runs": EXIT, "confirm": "valid"})


def _answered_late(host, cookie: str, path: str, headers: dict):
    """A request that left the phone with its cookie as it was then (`cookie`) and is answered now; the phone
    keeps any cookie it sends, as a browser keeps the last one it receives."""
    behind = host.client.application.test_client(use_cookies=False)
    response = behind.get(path, headers={**host.headers, **headers, "Cookie": f"session={cookie}"})
    landed = re.match(r"session=([^;]*)", response.headers.get("Set-Cookie", ""))
    if landed:
        host.client.set_cookie("session", landed.group(1))
    return response


def test_the_exit_screen_refreshing_behind_the_redirect_leaves_the_verdict_to_the_table_page(host):
    answer = _sent_exit(host)
    behind = host.client.get(f"/t/{host.table}/compose/exit?seat=1", headers={**host.headers, "X-Live": "1"})
    assert behind.status_code == 200 and "Valid exit" not in behind.get_data(as_text=True)
    page = host.follow(answer).get_data(as_text=True)
    assert "Valid exit · Each opponent pays" in page


def test_a_background_refresh_sends_no_cookie_that_could_land_after_the_forms(host):
    """Its cookie would be the session as it was when it left: landing after the exit's answer, it would undo the
    verdict kept there (and, after a join, the seat just taken)."""
    host.start()
    behind = host.client.get(f"/t/{host.table}", headers={**host.headers, "X-Live": "1"})
    assert behind.status_code == 200 and "Set-Cookie" not in behind.headers


def test_what_a_page_loads_behind_a_form_never_takes_its_verdict_away(host):
    """The page's files (the service worker refreshes them behind the page), the service worker, the manifest and
    the History the service worker keeps for offline, all asked for before the exit was sent, answer after it: a
    browser keeps any cookie they send, the session as it was before the exit (a CI run: no "Valid exit")."""
    to_exit(host)
    before = host.client.get_cookie("session").value
    answer = _send_exit(host)
    late = [("/static/app.css", {}), ("/static/live.js", {}), ("/sw.js", {}), ("/manifest.webmanifest", {}),
            ("/static/missing.js", {}), (f"/t/{host.table}/history", {"Sec-Fetch-Dest": "empty"})]
    for path, headers in late:
        assert "Set-Cookie" not in _answered_late(host, before, path, headers).headers, path
    assert "Valid exit · Each opponent pays" in host.follow(answer).get_data(as_text=True)


def test_a_visit_keeps_the_session_a_month_on_sending_it_again_once_a_day(host):
    """An unchanged session is sent again on a page visited, to keep it 30 days after the last visit, but not
    on every visit: each one is a cookie that could land after a form's answer."""
    with freeze_time("2026-12-04 20:00:00", tick=True) as clock:
        host.start()
        sealed = host.client.get_cookie("session")
        clock.tick(timedelta(hours=3))
        assert "Set-Cookie" not in host.get(f"/t/{host.table}").headers  # the same evening
        clock.tick(timedelta(days=1))
        assert "Set-Cookie" in host.get(f"/t/{host.table}").headers  # the next day's visit: a month from now
        assert host.client.get_cookie("session").expires - sealed.expires >= timedelta(days=1)
        assert "Set-Cookie" not in host.get("/static/app.css").headers  # a file is no visit
        clock.tick(timedelta(days=29))
        assert "Ana" in host.page()  # a month after the first visit, within a month of the last: still the host
        assert host.client.get_cookie("session") is not None


def test_a_page_opened_by_the_phone_still_shows_the_verdict_once(host):
    answer = _sent_exit(host)
    assert "Valid exit · Each opponent pays" in host.follow(answer).get_data(as_text=True)
    assert "Valid exit · Each opponent pays" not in host.page()


def test_the_tables_stream_and_json_send_no_cookie_to_the_phone_that_reads_them(host):
    """The stream sends its headers, and so a cookie, only with its first event: the very entry a form's answer
    has just written. Its cookie, the session as it was when the stream opened, then landed after the form's
    and took the verdict away (a CI run: Ben's exit confirmed, no "Valid exit" on the table page)."""
    answer = _sent_exit(host)
    seq = host.client.get(f"/api/v1/tables/{host.table}", headers=host.headers)
    assert seq.status_code == 200 and "Set-Cookie" not in seq.headers
    stream = host.client.get(f"/api/v1/tables/{host.table}/events?after={seq.json['version'] - 1}",
                             headers=host.headers, buffered=False)
    try:
        assert stream.status_code == 200 and "Set-Cookie" not in stream.headers
    finally:
        stream.close()
    assert "Valid exit · Each opponent pays" in host.follow(answer).get_data(as_text=True)


def test_a_background_refresh_of_an_older_table_never_loses_the_table_started_since(host):
    """A phone's older table, its page open, refreshes itself while the phone starts the next one ("Play again",
    or a new table): that refresh used to put the older table first in the phone's list, and so send the
    session as it was when it left, without the new table: landing last, it took the host's token away."""
    older = host.start()
    host.start()  # another table since: the older one is no longer first in the phone's list
    before = host.client.get_cookie("session").value
    newer = host.start()
    assert _answered_late(host, before, f"/t/{older}", {"X-Live": "1"}).status_code == 200
    assert "This phone is the host" in host.page(f"/t/{newer}")
