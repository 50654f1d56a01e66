"""Running the evening from the console's pages: a late arrival in one tap on her name, a player who leaves, byes
said on the console, the players' page and her phone, a swap of two ticked players, one table's card reprinted."""

from __future__ import annotations

import re

from tests.tournaments.test_tournament_pages import PLAYERS, director, open_evening  # noqa: F401  (a fixture)
from tests.web.conftest import Phone


def players_link(phone, evening: str) -> str:
    console = phone.page(f"/n/{evening}/d")
    return re.search(r'href="http[^"]*?(/n/[^"]+/p/[^"]+)"', console).group(1)


def tap_name(phone, link: str, name: str):
    page = phone.page(link)
    number = re.search(rf'href="[^"]*/p/[^/"]+/(\d+)"[^>]*>{re.escape(name)}</a>', page).group(1)
    return phone.get(f"{link}/{number}", status=303)


def seated(phone, evening: str) -> dict[str, int]:
    cards = phone.page(f"/n/{evening}/cards")
    out = {}
    for number, body in re.findall(r'<h2 id="tc-(\d+)">(.*?)</section>', cards, re.S):
        for name in re.findall(r"<strong>([^<]+)</strong>", body):
            out[name] = int(number)
    return out


def test_a_late_arrival_is_one_tap_on_her_name_and_a_leaver_one_tap_on_hers(director):  # noqa: F811
    evening = open_evening(director)  # Ana..Gus and Ivo: eight at two tables of four; Hana is a member not there
    console = director.page(f"/n/{evening}/d")
    assert "A player arrives late" in console and 'name="name" value="Hana"' in console
    director.post(f"/n/{evening}/d/round", {"round": "1"})
    director.post(f"/n/{evening}/d/players", {"name": "Hana"})
    director.post(f"/n/{evening}/d/players", {"name": "Zoé"})  # a new name: a new member
    director.post(f"/n/{evening}/d/players/leave", {"name": "Ivo"})
    console = director.page(f"/n/{evening}/d")
    arrive = re.search(r'id="arrive".*?</details>', console, re.S).group(0)
    leave = re.search(r'id="leave".*?</details>', console, re.S).group(0)
    assert "Left the evening: Ivo" in console and 'value="Hana"' not in arrive and 'value="Ivo"' in arrive
    assert 'value="Hana"' in leave and 'value="Ivo"' not in leave
    refused = director.post(f"/n/{evening}/d/players", {"name": "Ana"}, status=409)
    assert "Ana is already in the evening" in refused.get_data(as_text=True)
    director.post(f"/n/{evening}/d/close", {})
    director.post(f"/n/{evening}/d/round", {"round": "2"})
    now = seated(director, evening)
    assert {"Hana", "Zoé"} <= set(now) and "Ivo" not in now and len(now) == 9


def test_byes_are_said_on_the_console_the_players_page_and_her_phone(director, app):  # noqa: F811
    evening = open_evening(director, member=PLAYERS[:6])  # six and Ivo: seven at Continental, one table of five
    director.post(f"/n/{evening}/d/round", {"round": "1"})
    console = director.page(f"/n/{evening}/d")
    out = re.search(r"Bye this round: ([^<]+)</p>", console).group(1).split(", ")
    assert len(out) == 2 and len(seated(director, evening)) == 5
    link = players_link(director, evening)
    phone = Phone(app, "fr")
    tap_name(phone, link, out[0])
    page = phone.page(link)
    assert "Manche 1\u00a0: vous êtes au repos." in page and "Au repos cette manche\u00a0:" in page
    screen = director.page(f"/n/{evening}/screen")
    assert f"Bye this round: {', '.join(out)}" in screen
    # A player of round 1 sits round 2 out: the table page she is on says so.
    player = Phone(app)
    here = sorted(seated(director, evening))
    landed = tap_name(player, link, here[0])
    table = landed.headers["Location"].split("/")[2]
    director.post(f"/n/{evening}/d/close", {})
    director.post(f"/n/{evening}/d/round", {"round": "2"})
    second = re.search(r"Bye this round: ([^<]+)</p>", director.page(f"/n/{evening}/d")).group(1).split(", ")
    assert not set(second) & set(out)  # nobody twice before everyone once
    page = player.page(f"/t/{table}")
    if here[0] in second:
        assert "Round 2: bye this round. You sit out; it neither helps nor hurts your standing." in page
        assert re.search(r'<p class="t-bye" role="status">\s*Round 2', page)
    else:
        assert 'class="t-bye" role="status" hidden' in page


def test_two_ticked_players_swap_seats_and_one_tables_card_is_reprinted(director, app):  # noqa: F811
    evening = open_evening(director)
    director.post(f"/n/{evening}/d/round", {"round": "1"})
    before = seated(director, evening)
    one = next(n for n, t in before.items() if t == 1)
    two = next(n for n, t in before.items() if t == 2)
    link = players_link(director, evening)
    phone = Phone(app)
    landed = tap_name(phone, link, one)
    old_table = landed.headers["Location"].split("/")[2]
    console = director.page(f"/n/{evening}/d")
    assert "Swap two players" in console and f'name="player" value="{one}"' in console
    director.post(f"/n/{evening}/d/swap", {"player": [one, two], "round": "1"})
    after = seated(director, evening)
    assert (after[one], after[two]) == (2, 1)
    # Her phone, on her old table's page, is sent to her new seat; her seat page takes her there.
    page = phone.page(f"/t/{old_table}")
    assert "The director moved you: your seat is at table 2, tap to go" in page
    assert f"This phone is {two}&#39;s seat." not in phone.page(f"/t/{old_table}")  # it no longer holds that seat
    assert tap_name(phone, link, one).headers["Location"] != landed.headers["Location"]
    new_table = phone.get(f"{link}/{PLAYERS.index(one) if one in PLAYERS else 7}", status=303)
    assert f"This phone is {one}&#39;s seat." in phone.follow(new_table).get_data(as_text=True)
    card = director.page(f"/n/{evening}/cards?table=2")
    assert card.count('class="tcard"') == 1 and f"<strong>{one}</strong>" in card
    assert "Reprint the card of table 2" in console
