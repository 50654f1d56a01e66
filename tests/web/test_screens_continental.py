"""Continental entry screens at a real table (issue 8): an exit is checked before it is written, the first
phones see who deals, the history names the card taken and calls an invalid exit an attempt."""

import html
import re

from tests.web.conftest import joined

ONE_LINE = "5H 6H 7H 3C 4C 5C 8D 9D 10D JS QS KS 4S 5S 6S"
NO_EXIT = "5H 6H 8H 3C 4C 5C 8D 9D 10D JS QS KS 4S 5S 7S"


def to_exit(host):
    host.start()
    host.enter(type="deal", dealer="0", upcard="7H")
    host.enter(type="draw", seat="1", from_="discard")
    host.enter(type="discard", seat="1", card="9C")


def send(host, runs, **extra):
    return host.post(f"/t/{host.table}/entry", {"version": host.version(), "type": "exit", "seat": "1",
                                                "runs": runs, **extra}, status=200 if not extra else 303)


def test_fifteen_cards_on_one_line_are_arranged_to_confirm_and_nothing_is_written(host, client):
    to_exit(host)
    page = send(host, ONE_LINE).get_data(as_text=True)
    assert client.get(f"/api/v1/tables/{host.table}").json["version"] == 4  # nothing written
    assert "A valid exit, arranged by the referee" in page and "Confirm: Ben goes out" in page
    runs = re.search(r'name="runs" value="([^"]*)"', page).group(1)
    assert len(runs.split("\n")) == 5
    verdict = host.follow(send(host, runs, confirm="valid")).get_data(as_text=True)
    assert "Valid exit" in verdict and "+54" in verdict


def test_cards_that_make_no_exit_are_said_so_and_one_line_is_never_recorded(host, client):
    to_exit(host)
    page = send(host, NO_EXIT).get_data(as_text=True)
    assert "No valid exit with these cards" in page
    assert "These 15 cards make no valid exit, however they are arranged" in page
    assert "Record the runs as declared" not in page and "put each run on its own line" in page
    assert client.get(f"/api/v1/tables/{host.table}").json["version"] == 4


def test_declared_invalid_runs_are_recorded_only_after_a_confirmation_step(host, client):
    to_exit(host)
    declared = NO_EXIT.replace(" 3C", "\n3C").replace(" 8D", "\n8D").replace(" JS", "\nJS").replace(" 4S", "\n4S")
    page = send(host, declared).get_data(as_text=True)
    assert "No valid exit with these cards" in page
    assert "As declared, the runs are not valid:" in page and "/rules#C-7" in page
    assert 'value="record"' in page and 'value="declared"' not in page  # a step first, not the record itself
    step = host.post(f"/t/{host.table}/compose/exit", {"version": host.version(), "type": "exit", "seat": "1",
                                                       "runs": declared, "action": "record"}, status=200)
    step = step.get_data(as_text=True)
    assert "Record this attempt by Ben as not a valid exit?" in step and "Yes, record: not a valid exit" in step
    assert client.get(f"/api/v1/tables/{host.table}").json["version"] == 4
    verdict = host.follow(send(host, declared, confirm="declared")).get_data(as_text=True)
    assert "Not a valid exit" in verdict
    history = host.page(f"/t/{host.table}/history")
    assert "tried to go out (not valid) with" in history and "went out with" not in history


# Issue 18, item 1: the referee finds a valid exit, so recording the runs as declared is never offered.
DECLARED = "JD QD KD AD\n5S 6S 7S 8S\n8C 9C 10C JC\n3H JK 5H"


def test_the_declared_runs_of_a_valid_exit_are_not_recorded_as_invalid(host, client):
    host.start(tracking="results")
    host.enter(type="deal", dealer="0")
    fields = {"version": host.version(), "type": "exit", "seat": "1", "runs": DECLARED, "timing": "later"}
    page = host.post(f"/t/{host.table}/entry", fields, status=200).get_data(as_text=True)
    assert "A valid exit, arranged by the referee" in page and "Confirm: Ben goes out" in page
    assert "not a valid exit" not in page and 'value="declared"' not in page and 'value="record"' not in page
    assert "As declared" not in page
    # Ben's own runs, the joker where it alone fits (K-5), rather than the solver's order
    assert 'name="runs" value="JD QD KD AD\n5S 6S 7S 8S\n8C 9C 10C JC\n3H JK=4H 5H"' in page
    # The server holds the same line: a form that sends the declared runs as an invalid exit writes nothing.
    refused = host.post(f"/t/{host.table}/entry", {**fields, "confirm": "declared"}, status=422)
    assert "Confirm: Ben goes out" in refused.get_data(as_text=True)
    step = host.post(f"/t/{host.table}/compose/exit", {**fields, "action": "record"}, status=200)
    assert 'value="declared"' not in step.get_data(as_text=True)
    assert client.get(f"/api/v1/tables/{host.table}").json["version"] == 2


def test_in_french_an_all_hearts_exit_is_confirmed_not_refused_by_its_shape(phone, client):
    ana = phone("fr")
    ana.start(tracking="results")
    ana.enter(type="deal", dealer="0")
    hearts = "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH\nKH JK 2C"  # 12+3 as typed: 5+4+3+3 arranged
    fields = {"version": ana.version(), "type": "exit", "seat": "1", "runs": hearts, "timing": "later"}
    page = ana.post(f"/t/{ana.table}/entry", fields, status=200).get_data(as_text=True)
    assert "Confirmer\u00a0: Ben sort" in page and "figure permise" not in page
    assert 'value="declared"' not in page
    ana.post(f"/t/{ana.table}/entry", {**fields, "confirm": "declared"}, status=422)
    assert client.get(f"/api/v1/tables/{ana.table}").json["version"] == 2


def test_the_exit_screen_checks_rather_than_sends(host):
    to_exit(host)
    form = host.page(f"/t/{host.table}/compose/exit?seat=1")
    assert 'value="check"' in form and "Check the exit" in form and "0 of 15 cards" in form
    assert 'formaction="/t/' not in form


def test_results_tracking_checks_the_exit_too(host, client):
    host.start(tracking="results")
    host.enter(type="deal", dealer="0")
    page = host.post(f"/t/{host.table}/entry", {"version": host.version(), "type": "exit", "seat": "2",
                                                "runs": ONE_LINE, "timing": "first_turn"}, status=200)
    page = page.get_data(as_text=True)
    assert "Confirm: Chloé goes out" in page and 'name="timing" value="first_turn"' in page
    assert "Each opponent would pay 18." in page
    assert client.get(f"/api/v1/tables/{host.table}").json["version"] == 2


def test_a_non_dealer_phone_waits_for_the_dealer_without_an_empty_heading(host, phone):
    host.start()
    ben = joined(host, phone(), 1)
    page = ben.page()
    assert '<h1 id="headline">Ana deals the cards.</h1>' in page  # not "Deal the cards": Ben does not deal
    assert "Deal the cards" not in page
    french = phone("fr")
    french.client = ben.client
    assert '<h1 id="headline">Ana distribue les cartes.</h1>' in french.page(f"/t/{host.table}")
    assert '<h1 id="headline">Deal the cards and enter the deal.</h1>' in host.page()  # the host enters it
    assert 'id="act-h"' not in page


def test_the_history_names_the_card_taken_from_the_pile(host):
    to_exit(host)
    history = host.page(f"/t/{host.table}/history")
    taken = re.search(r"took the discard(?:(?!</li>).)*", history, re.S).group(0)
    assert "seven of hearts" in taken


def test_a_refusal_shows_cards_as_players_read_them(host):
    host.start()
    host.enter(type="deal", dealer="0", upcard="7H")
    host.enter(type="draw", seat="1", from_="discard")
    page = host.enter(type="discard", seat="1", card="7H")
    box = page.split('role="alert"')[1].split("</div>")[0]
    assert "7♥" in box and not re.search(r"\b7H\b", box)


def test_the_check_judges_as_the_table_does_a_card_taken_from_the_pile_must_be_shown(host, client):
    to_exit(host)  # Ben took 7♥ from the pile: it is known to be in his hand (C-11)
    page = send(host, "5C 6C 7C 3C 4C 5C 8D 9D 10D JS QS KS 4S 5S 6S").get_data(as_text=True)
    assert "Not a valid exit at this table" in page and "/rules#C-11" in page
    assert "Confirm: Ben goes out" not in page
    assert client.get(f"/api/v1/tables/{host.table}").json["version"] == 4
    assert "Record as an attempt: not a valid exit…" in page
    runs = re.search(r'name="runs" value="([^"]*)"', page).group(1)
    verdict = host.follow(send(host, runs, confirm="declared")).get_data(as_text=True)
    assert "Not a valid exit" in verdict and "/rules#C-11" in verdict


def test_a_set_is_refused_as_a_set_in_french_and_english(phone):
    """Issue 18, item 10: a Continental set is refused as what it is (C-6), not as a run of several suits."""
    for lang, said in (("en", "no sets in Continental: 7♣, 7♦, 7♥ is a set"),
                       ("fr", "pas de série au rami continental\u00a0: 7♣, 7♦, 7♥ est une série")):
        ana = phone(lang)
        ana.start(tracking="results")
        ana.enter(type="deal", dealer="0")
        runs = "7C 7D 7H\n3C 4C 5C\n8D 9D 10D\nJS QS KS\n4S 5S 6S"
        page = ana.post(f"/t/{ana.table}/entry", {"version": ana.version(), "type": "exit", "seat": "1", "runs": runs,
                                                  "timing": "later"}, status=200).get_data(as_text=True)
        assert said in html.unescape(page) and "/rules#C-6" in page and "/rules#C-7" not in page, lang
