"""A Gin evening's screen, console, results and sheet in English and French: each says how the standings count (each
game's result, the winner's total less the loser's, higher is better), names the player with a bye, shows a
loser's result below 0 and a game's total beside what it counts; the French pages with no English word left and
a no-break space before each colon; a Continental evening says its own way of counting."""

from __future__ import annotations

import re

from tests.gin.gin_evening import FIVE, by_director, by_phones, gin_evening
from tests.groups.sunday import Group
from tests.tournaments.evening import Evening, names
from tests.web.conftest import Phone
from tests.web.english import bare_colons, leaks, shown_text

NBSP = "\u00a0"
SAID = {"en": "Gin rami: each game counts its result, the winner's total less the loser's, bonuses included; higher "
              "is better.",
        "fr": f"Gin rami{NBSP}: chaque partie compte pour son résultat, le total du gagnant moins celui du perdant, "
              f"primes comprises{NBSP}; le plus haut l’emporte."}
BYE = {"en": "Bye this round: {name}", "fr": f"Au repos cette manche{NBSP}: {{name}}"}
COUNTED = {"en": "{name} 290 (counted +255)", "fr": "{name} 290 (compté +255)"}
SHEET = {"en": ("Rank 4, −255 points over 1 table", "35 (counted −255)"),
         "fr": ("Rang 4, −255 points sur 1 table", "35 (compté −255)")}


def said(page: str) -> str:
    return re.sub(r"[ \t\r\n]+", " ", shown_text(page, " "))


def played_round(client, tables) -> tuple[Evening, str, list[str]]:
    """Round 1 played: the phones' table 290 to 35 (+255, −255), the director's 520 to 0; who had the bye."""
    evening = gin_evening(client, tables)
    rested = evening.start()["byes"][0]
    phones, director = evening.rounds[0]
    by_phones(phones, [(1, 2, 12), (0, 0, 60), (0, 0, 30)])
    by_director(director, [(0, 0, 30), (0, 0, 30)])
    return evening, rested, names(phones)


def test_a_gin_evening_s_screen_console_and_results_say_how_it_counts(app, client, tables):
    evening, rested, pair = played_round(client, tables)
    for lang in ("en", "fr"):
        director = Phone(app, lang)
        director.get(f"/n/{evening.id}/k/{evening.director}", status=303)
        pages = {"screen": Phone(app, lang).page(f"/n/{evening.id}/screen"),
                 "console": director.page(f"/n/{evening.id}/d"),
                 "results": Phone(app, lang).page(f"/n/{evening.id}/results")}
        for where, page in pages.items():
            text = said(page)
            assert SAID[lang] in text, (lang, where)
            if lang == "fr":  # the scripts' templates' `{number}` is no word a person reads
                words = re.sub(r"\{\w+\}", "", page)
                assert not leaks(words, FIVE), (where, leaks(words, FIVE))
                assert not bare_colons(page), (where, bare_colons(page))
        assert BYE[lang].format(name=rested) in said(pages["screen"])
        assert BYE[lang].format(name=rested) in said(pages["console"])
        assert f"{pair[1]} −255" in said(pages["screen"])  # the loser's result, below 0, with a minus sign
        assert COUNTED[lang].format(name=pair[0]) in said(pages["results"])
        sheet = said(Phone(app, lang).page(f"{evening.created['page']}/{FIVE.index(pair[1])}/sheet"))
        assert all(words in sheet for words in SHEET[lang]), sheet  # the loser's sheet: her 35, counted −255


def test_a_continental_evening_says_its_own_way_of_counting(app, client, tables):
    evening = Evening(client, tables)
    for lang, words in (("en", "Rami continental: each table counts its balance; higher is better."),
                        ("fr", f"Rami continental{NBSP}: chaque table compte pour son solde{NBSP}; le plus haut "
                               "l’emporte.")):
        text = said(Phone(app, lang).page(f"/n/{evening.id}/screen"))
        assert words in text and "loser" not in text and "perdant" not in text


def test_the_evening_form_seats_a_gin_evening_in_pairs_whatever_size_it_held(app, client):
    group = Group(client, "Café")
    director = Phone(app, "fr")
    director.get(f"/g/{group.id}/k/{group.token}", status=303)
    form = director.page(f"/g/{group.id}/evening")
    assert '"gin": [2, 2]' in form.replace("&#34;", '"')  # the script's limits: pairs only
    made = director.post(f"/g/{group.id}/evening", {"name": "Gin au café", "game": "gin", "tracking": "results",
                                                     "new": "\n".join(FIVE), "rounds": "2", "table_size": "4",
                                                     "seating": "random"}, status=303)
    console = made.headers["Location"]
    tournament = re.search(r"/n/([^/]+)/d", console).group(1)
    text = said(director.page(console))
    assert SAID["fr"] in text
    seated = director.post(f"/n/{tournament}/d/round", {"round": "1"}, status=303)
    assert seated.status_code == 303
    view = client.get(f"/api/v1/tournaments/{tournament}").json
    assert view["game"] == "gin" and [len(t["players"]) for t in view["tables"]] == [2, 2]
    assert [len(b) for b in view["byes"]] == [1]
    text = said(director.page(console))
    assert BYE["fr"].format(name=view["byes"][0][0]) in text


def test_a_gin_hand_waiting_is_named_as_a_hand_on_the_console_and_the_knocker_s_phone(app, client, tables):
    """A hand's end (the other's `show`) entered by her phone waits for the knocker's: the console and the knocker's
    phone call it her hand, never "the round won by" the player who showed it (who lost this hand)."""
    evening = gin_evening(client, tables)
    evening.start()
    table = evening.rounds[0][0]
    knocker, other = names(table)
    table.enter("deal", dealer=0, as_seat=1)
    table.enter("knock", 0, deadwood=4, as_seat=1)
    table.enter("show", 1, deadwood=20, as_seat=1)  # the knocker scores 16; the other entered it
    french = f"la main {'d’' if other[0] in 'AEIOUÉ' else 'de '}{other}"  # « d’Eve », « de Ben »
    for lang, hand in (("en", f"{other}'s hand"), ("fr", french)):
        director = Phone(app, lang)
        director.get(f"/n/{evening.id}/k/{evening.director}", status=303)
        text = said(director.page(f"/n/{evening.id}/d"))
        assert hand in text, (lang, text)
        assert "round won by" not in text and "manche gagnée" not in text
    phone = Phone(app, "fr")
    phone.post("/join", {"code": table.created["seats"][0]["code"]})
    text = said(phone.page(f"/t/{table.id}"))
    assert french in text and "manche gagnée" not in text
    assert f"Confirmer{NBSP}: c’est bien ce qui a été montré" in text


def test_the_console_says_a_knock_not_valid_where_a_table_s_last_knock_was_one(app, client, tables):
    evening = gin_evening(client, tables)
    evening.start()
    table = evening.rounds[0][0]
    table.enter("deal", dealer=0, as_seat=1)
    assert table.enter("knock", 1, deadwood=14, as_seat=1)["verdict"]["valid"] is False  # G-12
    for lang, words, not_said in (("en", "a knock not valid", "invalid exit"),
                                  ("fr", "une frappe non valide", "sortie non valide")):
        director = Phone(app, lang)
        director.get(f"/n/{evening.id}/k/{evening.director}", status=303)
        text = said(director.page(f"/n/{evening.id}/d"))
        assert words in text and not_said not in text
