"""The exit check asks where a Continental wild stands when it fits more than one place in the run the player laid
(issue 29, item 15; K-5, C-9): each place a button, nothing written before the answer; when it fits one place,
or the runs hold no such wild, it does not ask."""

from __future__ import annotations

import html
import re

# Ben's four runs as laid; 2♣ ends the spades: below the 5♠ or above the 7♠ (the table cannot tell which).
TWO_ENDS = "JD QD KD AD\n5S 6S 7S 2C\n8C 9C 10C JC\n3H 4H 5H"
# 2♣ inside the spades: it can only be the 7♠.
ONE_PLACE = "JD QD KD AD\n5S 6S 2C 8S\n8C 9C 10C JC\n3H 4H 5H"


def exit_form(host, runs: str, **extra) -> dict:
    host.start(tracking="results")
    host.enter(type="deal", dealer="0")
    return {"version": host.version(), "type": "exit", "seat": "1", "runs": runs, "timing": "later", **extra}


def choices(page: str) -> list[str]:
    return [html.unescape(v) for v in re.findall(r'<button class="choice" name="runs" value="([^"]*)"', page)]


def test_a_two_at_either_end_of_a_run_is_asked_each_place_a_button_and_nothing_written(host, client):
    fields = exit_form(host, TWO_ENDS)
    page = host.post(f"/t/{host.table}/entry", fields, status=200).get_data(as_text=True)
    assert "Run 2: where does the wild go?" in page
    assert "The exit is valid, and 2♣ fits more than one place." in page
    assert "Each opponent would pay 2, wherever it goes." in page
    assert "Confirm: Ben goes out" not in page  # the place first: the referee does not choose it for him
    assert choices(page) == ["JD QD KD AD\n2C=4S 5S 6S 7S\n8C 9C 10C JC\n3H 4H 5H",
                             "JD QD KD AD\n5S 6S 7S 2C=8S\n8C 9C 10C JC\n3H 4H 5H"]
    assert client.get(f"/api/v1/tables/{host.table}").json["version"] == 2
    answered = host.post(f"/t/{host.table}/compose/exit", {**fields, "runs": choices(page)[1], "action": "check"},
                         status=200).get_data(as_text=True)
    assert "A valid exit, as declared" in answered and "Confirm: Ben goes out" in answered
    runs = html.unescape(re.search(r'name="runs" value="([^"]*)"', answered).group(1))
    host.post(f"/t/{host.table}/entry", {**fields, "runs": runs, "confirm": "valid"})
    entry = client.get(f"/api/v1/tables/{host.table}/entries").json["entries"][-1]
    assert entry["type"] == "exit" and entry["runs"][1] == ["5S", "6S", "7S", "2C=8S"]


def test_a_wild_with_one_place_is_placed_without_a_question(host):
    fields = exit_form(host, ONE_PLACE)
    page = host.post(f"/t/{host.table}/entry", fields, status=200).get_data(as_text=True)
    assert "where does the wild go" not in page and "Confirm: Ben goes out" in page
    assert 'name="runs" value="JD QD KD AD\n5S 6S 2C=7S 8S\n8C 9C 10C JC\n3H 4H 5H"' in page


def test_two_wilds_are_asked_by_the_places_they_fill(host):
    """2♣ and JK beside the 5♠ 6♠ 7♠: below, above, or one on each side; which wild is where does not matter."""
    fields = exit_form(host, "JD QD KD AD\n5S 6S 7S 2C JK\n8C 9C 10C\n3H 4H 5H")
    page = host.post(f"/t/{host.table}/entry", fields, status=200).get_data(as_text=True)
    assert "Run 2: where do the wilds go?" in page and "2♣ JK fit more than one place" in page
    assert [c.split("\n")[1] for c in choices(page)] == ["2C=3S JK=4S 5S 6S 7S", "2C=4S 5S 6S 7S JK=8S",
                                                         "5S 6S 7S 2C=8S JK=9S"]


def test_each_run_that_fits_several_ways_is_asked_in_turn(host):
    fields = exit_form(host, "JD QD KD 2D\n5S 6S 7S 2C\n8C 9C 10C JC\n3H 4H 5H")
    first = host.post(f"/t/{host.table}/entry", fields, status=200).get_data(as_text=True)
    assert "Run 1: where does the wild go?" in first
    answer = choices(first)[1]  # 2♦ as the A♦: the spades still as laid
    assert answer.startswith("JD QD KD 2D=AD\n5S 6S 7S 2C\n")
    second = host.post(f"/t/{host.table}/compose/exit", {**fields, "runs": answer, "action": "check"},
                       status=200).get_data(as_text=True)
    assert "Run 2: where does the wild go?" in second
    assert all(c.startswith("JD QD KD 2D=AD\n") for c in choices(second))


def test_in_french_the_question_names_the_run_and_the_wild(phone):
    ana = phone("fr")
    fields = exit_form(ana, TWO_ENDS)
    page = ana.post(f"/t/{ana.table}/entry", fields, status=200).get_data(as_text=True)
    assert "Suite 2\u00a0: où va le joker\u202f?" in page
    assert "La sortie est valide, et 2♣ a plus d’une place possible." in page
    assert "Chaque adversaire paierait 2, quelle que soit sa place." in page


def test_the_outbox_sends_such_an_exit_to_the_question(host, client):
    fields = exit_form(host, TWO_ENDS, key="k1-exit", confirm="valid")
    response = host.post(f"/t/{host.table}/outbox", fields, status=422)
    answer = response.json
    assert answer["problem"]["detail"] == "These cards make a valid exit: confirm it on the exit screen."
    assert "Run 2: where does the wild go?" in host.page(answer["redirect"])
    assert client.get(f"/api/v1/tables/{host.table}").json["version"] == 2
