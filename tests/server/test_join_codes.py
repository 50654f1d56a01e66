"""Join codes resist guessing (§3): 8 characters, wrong guesses limited per address and uses per code, expiry."""

from datetime import UTC, datetime, timedelta

from freezegun import freeze_time

from api.web.table import codes
from tests.web.conftest import Phone


def started(app) -> tuple[Phone, list[str]]:
    host = Phone(app)
    host.start()
    return host, host.codes()


def test_a_code_has_eight_characters_from_31(limited):
    _, seat_codes = started(limited)
    assert all(len(code) == 8 and set(code) <= set(codes.ALPHABET) for code in seat_codes)
    assert len(codes.ALPHABET) ** codes.LENGTH > 8 * 10**11


def test_wrong_guesses_from_one_address_are_limited_and_then_even_a_right_code_waits(limited):
    _, seat_codes = started(limited)
    guesser = Phone(limited)
    statuses = [guesser.post("/join", {"code": f"ZZZZZZ{a}{b}"}, status=404).status_code
                for a, b in zip("ABCDEFGHJK", "ABCDEFGHJK", strict=True)]
    assert statuses == [404] * 10
    response = guesser.post("/join", {"code": seat_codes[0]}, status=429)
    assert "Retry-After" in response.headers
    assert "Too many tries" in response.get_data(as_text=True)


def test_right_codes_do_not_count_against_an_address(limited):
    """Five phones behind one Wi-Fi join, one of them mistypes a few times: nobody waits."""
    host, seat_codes = started(limited)
    for mistake in ("AAAA2222", "BBBB3333", "CCCC4444"):
        Phone(limited).post("/join", {"code": mistake}, status=404)
    for code in seat_codes * 3:  # each phone joins again, twice, after closing its browser
        Phone(limited).post("/join", {"code": code})


def test_one_code_is_used_a_limited_number_of_times_whoever_tries_it(limited):
    _, seat_codes = started(limited)
    for i in range(30):
        Phone(limited).client.get(f"/j/{seat_codes[1]}", environ_base={"REMOTE_ADDR": f"10.0.{i}.1"})
    response = Phone(limited).client.get(f"/j/{seat_codes[1]}", environ_base={"REMOTE_ADDR": "10.9.9.9"})
    assert response.status_code == 429


def test_a_code_expires_after_twelve_hours_and_the_host_gets_a_new_one(app):
    made = datetime(2026, 12, 1, 19, 0, tzinfo=UTC)
    with freeze_time(made) as clock:
        host, seat_codes = started(app)
        clock.tick(codes.LIFETIME - timedelta(minutes=1))
        Phone(app).post("/join", {"code": seat_codes[0]})
        clock.tick(timedelta(minutes=2))
        late = Phone(app).post("/join", {"code": seat_codes[1]}, status=404)
        assert "12 hours" in late.get_data(as_text=True)
        renewed = host.codes()
        assert renewed[1] != seat_codes[1]
        ben = Phone(app)
        ben.post("/join", {"code": renewed[1]})
        assert f"/t/{host.table}" in ben.get("/").get_data(as_text=True)


def test_a_code_lives_by_the_servers_clock(app):
    """The clock tests drive (`CLOCK`) is the one codes are made and expire by, as entries and timeouts are."""
    now = [datetime(2031, 3, 1, 19, 0, tzinfo=UTC)]
    app.config["CLOCK"] = lambda: now[0]
    host, seat_codes = started(app)
    now[0] += codes.LIFETIME - timedelta(minutes=1)
    Phone(app).post("/join", {"code": seat_codes[0]})
    now[0] += timedelta(minutes=2)
    late = Phone(app).post("/join", {"code": seat_codes[1]}, status=404)
    assert "12 hours" in late.get_data(as_text=True)
    assert host.codes()[1] != seat_codes[1]
