"""The referee's refusals and verdicts on the pages: in the reader's language, naming the players."""

from __future__ import annotations

import html

from api.web.words import messages
from referee.violations import Violation, refuse

BAD_EXIT = "5H 6H 8H\n3C 4C 5C\n8D 9D 10D\nJS QS KS\n4S 5S 6S"


def text_of(page: str) -> str:
    return html.unescape(page).replace("\xa0", " ").replace("\u202f", " ")


def test_a_refusal_names_the_players_in_english_and_in_french(host, phone):
    host.start()
    host.enter(type="deal", dealer="0", upcard="7H")
    english = text_of(host.enter(type="discard", seat="1", card="9C"))
    assert "Ben takes a card (stock or discard pile) before discarding" in english
    assert "Refused by the rules" in english and "seat 1" not in english
    host.headers = {"Accept-Language": "fr"}  # the same phone, its browser now in French
    page = text_of(host.enter(type="discard", seat="1", card="9C"))
    assert "Refusé par les règles" in page and "Ben prend une carte (pioche ou défausse) avant de défausser" in page
    assert "Refused by the rules" not in page and "before discarding" not in page


def test_an_invalid_exit_is_explained_in_french_with_cards_as_players_read_them(host, phone):
    host.start()
    host.enter(type="deal", dealer="0", upcard="7H")
    host.enter(type="draw", seat="1", from_="stock")
    host.enter(type="discard", seat="1", card="9C")
    host.post(f"/t/{host.table}/entry", {"version": host.version(), "type": "exit", "seat": "1", "runs": BAD_EXIT,
                                      "confirm": "declared"})  # an invalid exit, recorded as declared
    page = text_of(phone("fr").page(f"/t/{host.table}/e/5"))
    assert "ces cartes ne se suivent pas : 5♥, 6♥, 8♥" in page
    assert "Not a valid exit" not in page and "not consecutive" not in page


def test_the_rami_opening_refusal_is_french(host, phone):
    host.start(game="rami", players=("Eve", "Fox"), opening="51", ceiling="100", clock="off")
    host.enter(type="deal", dealer="0")
    host.headers = {"Accept-Language": "fr"}
    page = text_of(host.enter(type="meld", seat="1", melds="3C 4C 5C"))
    assert "une ouverture doit atteindre 51 en une seule pose : ces combinaisons font 12" in page


def test_the_filter_speaks_the_readers_language_and_names_seats(app):
    opened = refuse("R-10", "%(player)s has not opened yet: no %(what)s before the opening", player=0,
                    what="lay-off").violations[0]
    with app.test_request_context(headers={"Accept-Language": "fr"}):
        assert text_of(messages.violation_text(opened, ["Ana", "Ben"])) == \
            "Ana n’a pas encore ouvert : un ajout n’est possible qu’après l’ouverture"
        twice = Violation("C-3", "%(card)s was just taken from the discard pile: it cannot be discarded this turn, "
                                 "not even its twin", {"card": "QH"}, card="QH")
        assert messages.violation_text(twice, ["Ana"]).startswith("D♥ vient d’être pris à la défausse")
        assert messages.entry_type("discard") == "défausse"
    with app.test_request_context(headers={"Accept-Language": "en"}):
        assert messages.violation_text(opened, ["Ana", "Ben"]) == \
            "Ana has not opened yet: no lay-off before the opening"
        assert messages.violation_text(opened.to_dict(), None) == "player 1 has not opened yet: no lay-off before the opening"


def test_a_nested_cause_is_rendered_in_the_readers_language(app):
    inner = {"key": "%(player)s holds %(held)s cards, not %(n)s", "params": {"player": 1, "held": 14, "n": 13}}
    v = Violation("R-14", "entry %(entry)s (%(type)s) no longer replays: %(cause)s",
                  {"entry": 9, "type": "hand", "cause": inner}, entry=9)
    with app.test_request_context(headers={"Accept-Language": "fr"}):
        assert text_of(messages.violation_text(v, ["Ana", "Ben"])) == \
            "l’entrée 9 (main) ne se rejoue plus : Ben a 14 cartes en main, pas 13"
    with app.test_request_context(headers={"Accept-Language": "en"}):
        assert messages.violation_text(v, ["Ana", "Ben"]) == "entry 9 (hand) no longer replays: Ben holds 14 cards, not 13"


def test_a_queued_entry_refused_is_explained_to_the_script_in_the_readers_language(host, phone):
    """The outbox (static/outbox.js) shows the problem's title and messages as the server words them."""
    from tests.web.conftest import joined

    host.start()
    host.enter(type="deal", dealer="0", upcard="7H")
    ben = joined(host, phone("fr"), 1)
    response = ben.post(f"/t/{host.table}/outbox", {"version": ben.version(), "key": "k-fr", "type": "discard",
                                                    "seat": "1", "card": "9C"}, status=422)
    problem = response.json["problem"]
    assert problem["title"] == "Refusé par les règles"
    assert text_of(problem["violations"][0]["message"]) == "Ben prend une carte (pioche ou défausse) avant de défausser"
    assert problem["violations"][0]["rule"] == "C-3" and problem["violations"][0]["params"] == {"player": 1}


def test_a_seat_phone_is_not_offered_to_correct_its_own_exit(host, phone):
    """E-2 *Reading*: the host corrects an exit; the seat's phone would only be refused (403)."""
    from tests.web.conftest import joined

    host.start()
    host.enter(type="deal", dealer="0", upcard="7H")
    host.enter(type="draw", seat="1", from_="stock")
    host.enter(type="discard", seat="1", card="9C")
    host.post(f"/t/{host.table}/entry", {"version": host.version(), "type": "exit", "seat": "1", "runs": BAD_EXIT,
                                      "confirm": "declared"})  # an invalid exit, recorded as declared
    ben = joined(host, phone("fr"), 1)
    assert "/e/5/void" not in ben.page(f"/t/{host.table}/e/5") and "/e/4/void" in ben.page(f"/t/{host.table}/e/4")
    assert "/e/5/void" in host.page(f"/t/{host.table}/e/5")
    refused = text_of(ben.post(f"/t/{host.table}/e/5/void", {"version": ben.version(), "action": "confirm"}, status=403)
                      .get_data(as_text=True))
    assert "n’est annulée ou remplacée que par l’hôte" in refused and "Ben" in refused


def test_a_forged_play_form_is_refused_in_french_with_no_english_left(host):
    """A form no page writes (a version of 0, a seat of -1, no type: sent by hand or by a broken page) is refused
    in the reader's language, like any refusal; it used to show marshmallow's English as a Python dict."""
    from tests.web.english import leaks

    host.start()
    host.enter(type="deal", dealer="0", upcard="7H")
    host.headers = {"Accept-Language": "fr"}
    forged = {"version": ("0", "draw", "1"), "seat": (None, "draw", "-1"), "type": (None, "", "1")}
    said = {"version": "`expected_version` est la version du journal sur laquelle l’entrée a été saisie, un nombre "
                       "entier à partir de 1, pas 0",
            "seat": "la place est un numéro de 0 à 9, pas -1",
            "type": "l’entrée demande son `type`, comme une prise, une défausse ou une sortie"}
    for field, (version, type_, seat) in forged.items():
        data = {"version": version or host.version(), "type": type_, "seat": seat, "from": "stock"}
        page = host.follow(host.post(f"/t/{host.table}/entry", data)).get_data(as_text=True)
        assert said[field] in text_of(page), field
        assert "Requête mal formée" in text_of(page) and leaks(page, ("Ana", "Ben", "Chloé", "Dan")) == [], field


def test_a_forged_start_form_is_refused_in_french(phone):
    """The start form's fields the page bounds (a 40-character name, the seats it offers, its games, the groups of
    this phone) sent past those bounds: refused in French, not as marshmallow's English dict or the API's words
    about X-Group-Token."""
    from tests.web.english import leaks

    fr = phone("fr")
    cases = [({"player": ["A" * 41, "Ben"]}, "le nom d’un joueur a de 1 à 40 caractères"),
             ({"player": [f"P{i}" for i in range(11)]}, "une table a ici de 1 à 10 joueurs, pas 11"),
             ({"game": "go"}, "`game` vaut continental, rami ou gin, pas 'go'"),
             ({"group": "not-one-of-mine"}, "Ce téléphone n’a pas le lien de ce groupe.")]
    for fields, said in cases:
        data = {"game": "rami", "player": ["Eve", "Fox"], "tracking": "full", "dealer": "0", **fields}
        page = fr.post("/new", data, status=None).get_data(as_text=True)
        assert said in text_of(page), fields
        assert leaks(page, ("A" * 39,)) == [], fields


def test_a_game_the_start_form_does_not_know_is_refused_listing_the_registrys_games_in_french(phone, monkeypatch):
    from referee import games

    monkeypatch.setattr(games, "NAMES", (*games.NAMES, "belote"))
    data = {"game": "go", "player": ["Eve", "Fox"], "tracking": "full", "dealer": "0"}
    page = phone("fr").post("/new", data, status=None).get_data(as_text=True)
    assert "`game` vaut continental, rami, gin ou belote, pas 'go'" in text_of(page)
