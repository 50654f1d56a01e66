"""A club night's words in French and English (issue 29, items 13 and 15), each seen at a real evening: counts in
their own form (« 1 table », never "1 tables"), a dispute « contestée », « Annuler : la décision », a space before
the French semicolon, a sheet that says which deal she won, one word for « non valide », no « Manche 0 », Rami's
« manches », members in alphabetical order, the rating chart saying it shows only the top 5, rule ids held whole,
« à l'instant », name refusals in French."""

from __future__ import annotations

import html
import re

import pytest

from tests.groups.sunday import Group
from tests.tournaments.evening import TWELVE, Evening, play_out
from tests.web.conftest import Phone
from tests.web.english import shown_text
from tests.web.test_i18n_catalogue import french

NBSP = "\u00a0"


def said(page: str) -> str:
    """What a person reads on the page, its spaces gathered (its no-break spaces kept)."""
    return re.sub(r"[ \t\r\n]+", " ", shown_text(page, " "))


def page_text(phone: Phone, path: str) -> str:
    return said(phone.page(path))


def director_of(app, evening: Evening, lang: str = "en") -> Phone:
    phone = Phone(app, lang)
    phone.get(f"/n/{evening.id}/k/{evening.director}", status=303)
    return phone


def test_the_evening_form_counts_one_table_in_the_singular(app, client):
    group = Group(client, "Friday club")
    for lang, one, two in (("en", "5 players: 1 table (5)", "{players} players: {tables} tables ({sizes})"),
                           ("fr", f"5 joueurs{NBSP}: 1 table (5)", f"{{players}} joueurs{NBSP}: {{tables}} tables")):
        phone = Phone(app, lang)
        phone.get(f"/g/{group.id}/k/{group.token}", status=303)
        form = html.unescape(phone.page(f"/g/{group.id}/evening"))
        assert one.replace("5", "{players}", 1).replace("1 table (5)", "{tables} table ({sizes})") in form
        assert two in form
        refused = phone.post(f"/g/{group.id}/evening", {"name": "x", "game": "continental", "rounds": "0",
                                                         "new": "Ana\nBen\nChloé\nDan\nEve", "table_size": "5"},
                             status=None)
        assert refused.status_code in (400, 422)
        assert one in html.unescape(refused.get_data(as_text=True))


def test_the_evening_form_lists_the_members_in_alphabetical_order(app, client, tables):
    group = Group(client, "Friday club")
    group.table(tables, "continental", ["Zoé", "Chloé", "ana", "Cedric"], tracking="results")
    director = Phone(app, "fr")
    director.get(f"/g/{group.id}/k/{group.token}", status=303)
    form = director.page(f"/g/{group.id}/evening")
    ticked = re.findall(r'name="member" value="([^"]+)"', form)
    assert ticked == ["ana", "Cedric", "Chloé", "Zoé"]  # Chloé after Cedric, ana first whatever its case


@pytest.mark.parametrize("lang, words", [("en", ("Round 1 of 2: not seated yet", "Forgotten player {number}")),
                                         ("fr", (f"Manche 1 sur 2{NBSP}: pas encore placée",
                                                 "Personne oubliée {number}"))])
def test_before_the_first_round_the_screen_says_no_round_0(app, client, tables, lang, words):
    evening = Evening(client, tables, players=TWELVE[:8], rounds=2)
    for path in (f"/n/{evening.id}/screen", f"/n/{evening.id}/results"):
        shown = page_text(Phone(app, lang), path)
        assert words[0] in shown and "Round 0" not in shown and "Manche 0" not in shown
    screen = html.unescape(Phone(app, lang).page(f"/n/{evening.id}/screen"))
    assert f'data-text-forgotten="{words[1]}"' in screen  # a forgotten player's label, as live updates bring it


def test_the_console_says_just_now_and_counts_one_round_in_the_singular(app, client, tables):
    evening = Evening(client, tables, players=TWELVE[:8], rounds=2)
    evening.start()
    console = page_text(director_of(app, evening, "fr"), f"/n/{evening.id}/d")
    assert "à l’instant" in console and "il y a 0 min" not in console
    english = page_text(director_of(app, evening), f"/n/{evening.id}/d")
    assert "Last entry: table created, just now" in english and "0 min ago" not in english
    single = Evening(client, tables, players=TWELVE[:8], rounds=1)
    assert "No round seated yet (1 round)." in page_text(director_of(app, single), f"/n/{single.id}/d")
    assert "(1 manche)" in page_text(director_of(app, single, "fr"), f"/n/{single.id}/d")


def test_a_continental_sheet_says_which_deals_she_won(app, client, tables):
    evening = Evening(client, tables, players=TWELVE[:4], rounds=1)
    evening.start()
    table = evening.rounds[0][0]
    play_out(table, [0, 0, 0, 1])
    key = evening.created["page"].rstrip("/").rsplit("/", 1)[1]
    players = [s["name"] for s in table.created["seats"]]
    first = TWELVE[:4].index(players[0])
    second = TWELVE[:4].index(players[1])
    fr = page_text(Phone(app, "fr"), f"/n/{evening.id}/p/{key}/{first}/sheet")
    assert "a gagné les donnes 1, 2 et 3 (sur 4)" in fr and "donne gagnée" not in fr
    assert "a gagné la donne 4 (sur 4)" in page_text(Phone(app, "fr"), f"/n/{evening.id}/p/{key}/{second}/sheet")
    en = page_text(Phone(app), f"/n/{evening.id}/p/{key}/{first}/sheet")
    assert "won deals 1, 2 and 3 (of 4)" in en


def test_a_rami_evening_says_rounds_on_the_console_and_the_sheet(app, client, tables):
    evening = Evening(client, tables, players=TWELVE[:4], rounds=1, game="rami", table_size=4)
    evening.start()
    table = evening.rounds[0][0]
    table.enter("deal", dealer=0)
    table.enter("round", winner=1, points={"0": 20, "2": 30, "3": 15})
    console = page_text(director_of(app, evening, "fr"), f"/n/{evening.id}/d")
    assert "manche 1" in console and "donne 1" not in console
    assert "round 1" in page_text(director_of(app, evening), f"/n/{evening.id}/d")
    key = evening.created["page"].rstrip("/").rsplit("/", 1)[1]
    winner = TWELVE[:4].index(table.created["seats"][1]["name"])
    sheet = page_text(Phone(app, "fr"), f"/n/{evening.id}/p/{key}/{winner}/sheet")
    assert "a gagné la manche 1 (sur 1)" in sheet and "donne" not in sheet
    other = TWELVE[:4].index(table.created["seats"][0]["name"])
    assert "aucune manche gagnée (sur 1)" in page_text(Phone(app, "fr"), f"/n/{evening.id}/p/{key}/{other}/sheet")
    assert "won round 1 (of 1)" in page_text(Phone(app), f"/n/{evening.id}/p/{key}/{winner}/sheet")


def test_a_disputed_result_is_contestee_on_the_table_page(app, client, tables):
    evening = Evening(client, tables, players=TWELVE[:4], rounds=1)
    evening.start()
    table = evening.rounds[0][0]
    table.enter("deal", dealer=0)
    seq = table.enter("exit", 1, counts={"twos": 0, "jokers": 0}, as_seat=1)["entry"]["seq"]
    table.enter("dispute", 2, target=seq, as_seat=2)
    disputer = table.created["seats"][2]["name"]
    console = page_text(director_of(app, evening, "fr"), f"/n/{evening.id}/d")
    assert f"contestée par {disputer}" in console and "contesté par" not in console


def test_undo_names_a_ruling_with_its_article_and_tells_two_lay_downs_apart(app):
    from api.web.table.undo import short

    host = Phone(app, "fr")
    host.start("continental", tracking="results")
    host.enter(type="adjust", points2="10", reason="retard")
    assert f"Annuler{NBSP}: la décision" in said(host.page())
    host.headers = {"Accept-Language": "en"}
    assert "Undo: the ruling" in said(host.page())
    table = {"players": [{"name": "Eve"}, {"name": "Ana"}]}
    first = {"type": "meld", "seat": 0, "melds": [["3H", "4H", "5H"]]}
    second = {"type": "meld", "seat": 0, "melds": [["7C", "7D", "7S"], ["JK=8H", "9H", "10H"]]}
    with app.test_request_context(headers={"Accept-Language": "en"}):
        assert short(table, first) == "Eve laid down 3♥ 4♥ 5♥"
        assert short(table, second) == "Eve laid down 7♣ 7♦ 7♠ · JK=8♥ 9♥ 10♥"
    with app.test_request_context(headers={"Accept-Language": "fr"}):
        assert short(table, first) == "Eve a posé 3♥ 4♥ 5♥"


def test_rule_ids_are_held_whole_in_the_pages_messages(app):
    from api.web.words.messages import violation_text

    exit_early = {"rule": "C-13", "key": "%(player)s has already tried to go out after their first turn in this "
                                         "deal (C-13): a first-turn exit is no longer possible",
                  "params": {"player": 0}}
    with app.test_request_context(headers={"Accept-Language": "fr"}):
        shown = violation_text(exit_early, ["Ana"])
        assert shown.startswith("Ana a déjà tenté") and "(C\u201113)" in shown and "C-13" not in shown


def test_french_says_non_valide_only():
    strings = [text for message in french().values()
               for text in (message.string if isinstance(message.string, tuple) else (message.string,))]
    assert not [text for text in strings if "valable" in text]
    assert any("non valide" in text for text in strings)


def test_name_refusals_are_said_in_french(app, client):
    group = Group(client, "Friday club")
    director = Phone(app, "fr")
    director.get(f"/g/{group.id}/k/{group.token}", status=303)
    refused = director.post(f"/g/{group.id}/evening", {"name": "x" * 81, "game": "continental", "rounds": "1",
                                                        "new": "Ana\nBen\nChloé\nDan", "table_size": "4"},
                            status=400)
    said = html.unescape(refused.get_data(as_text=True))
    assert "le nom de la soirée est un texte de 1 à 80 caractères" in said
    new_group = Phone(app, "fr").post("/new", {"game": "continental", "player": ["Ana", "Ben", "Chloé", "Dan"],
                                               "tracking": "results", "dealer": "0", "group": "new",
                                               "group_name": "Club\u0007"}, status=400)
    assert "un caractère de contrôle" in html.unescape(new_group.get_data(as_text=True))


def test_the_rating_chart_says_it_shows_only_the_top_five(client, tables):
    group = Group(client, "Friday")
    names = ["Ana", "Ben", "Chloé", "Dan", "Eve", "Fred"]
    for first in range(0, 6, 2):
        table = group.table(tables, "rami", names[first:first + 2], tracking="results")
        for dealer in range(4):
            table.enter("deal", dealer=dealer % 2)
            table.enter("round", winner=0, points={"1": 40})
            if table.state()["status"] == "finished":
                break
    client.get(f"/g/{group.id}/k/{group.token}")
    page = said(client.get(f"/g/{group.id}", headers={"Accept-Language": "fr"}).get_data(as_text=True))
    assert "Le graphique ne montre que les 5 premiers des 6 joueurs" in page
    english = said(client.get(f"/g/{group.id}", headers={"Accept-Language": "en"}).get_data(as_text=True))
    assert "The chart shows only the top 5 of the 6 players" in english


def test_the_evidence_lists_where_a_card_was_seen_with_the_french_semicolon(app):
    """« défaussée par Ana (entrée 3) ; prise dans la défausse par Ben (entrée 4) »: a no-break space before the
    semicolon, as before every French colon, so that « ; » never starts a line."""
    from flask import render_template_string

    table = {"id": "t1", "players": [{"seat": 0, "name": "Ana"}, {"seat": 1, "name": "Ben"}]}
    seen = {"7H": [{"how": "discarded", "seat": 0, "seq": 3}, {"how": "taken", "seat": 1, "seq": 4}]}
    with app.test_request_context(headers={"Accept-Language": "fr"}):
        shown = said(render_template_string('{% include "entry/evidence.html" %}', table=table, before=None,
                                            seen=seen))
    assert f"){NBSP}; prise dans la défausse par Ben" in shown, shown
