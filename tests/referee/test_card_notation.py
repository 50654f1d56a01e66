"""K-1..K-3: card notation, decks and positions."""

import pytest

from referee.cards import JOKER, Card, CardError, deck_size, excess, full_deck, parse_card, parse_cards
from referee.melds import Placed, parse_meld, parse_placed


@pytest.mark.parametrize("token, rank, suit", [
    ("10H", 10, "H"), ("QS", 12, "S"), ("AD", 1, "D"), ("2C", 2, "C"), ("KH", 13, "H"),
    ("10h", 10, "H"), ("qs", 12, "S"), ("ad", 1, "D"), ("jc", 11, "C"),
    ("TH", 10, "H"), ("td", 10, "D"),
    ("10♥", 10, "H"), ("q♠", 12, "S"), ("A♦", 1, "D"), ("7♣", 7, "C"), ("7♡", 7, "H"), ("3♤", 3, "S"),
    (" 9S ", 9, "S"),
])
def test_every_accepted_spelling_reads_as_the_same_card(token, rank, suit):
    assert parse_card(token) == Card(rank, suit)


@pytest.mark.parametrize("token", ["JK", "jk", "Jk"])
def test_a_joker_reads_in_any_case(token):
    assert parse_card(token) is JOKER


@pytest.mark.parametrize("token, text, symbol", [
    ("th", "10H", "10♥"), ("q♠", "QS", "Q♠"), ("a♦", "AD", "A♦"), ("jk", "JK", "JK"),
])
def test_cards_print_in_canonical_text_and_with_symbols(token, text, symbol):
    card = parse_card(token)
    assert card.text == text == str(card)
    assert card.symbol == symbol


def test_hearts_and_diamonds_are_red():
    assert parse_card("10♥").red and parse_card("AD").red
    assert not parse_card("QS").red and not parse_card("3C").red


@pytest.mark.parametrize("token", ["1H", "11H", "ZZ", "10X", "H10", "", "J", "JKR", "10HH", "0S", "JOKER"])
def test_anything_else_is_refused_naming_the_token(token):
    with pytest.raises(CardError) as caught:
        parse_card(token)
    assert caught.value.token == token
    assert repr(token) in str(caught.value) and "K-1" in str(caught.value)


@pytest.mark.parametrize("token", [7, None, ["7H"], {"card": "7H"}])
def test_a_token_that_is_not_text_is_refused(token):
    with pytest.raises(CardError):
        parse_card(token)


def test_a_list_names_its_first_bad_token():
    with pytest.raises(CardError) as caught:
        parse_cards(["7H", "8H", "XX", "YY"])
    assert caught.value.token == "XX"


@pytest.mark.parametrize("token, card, announced", [
    ("JK=7H", JOKER, Card(7, "H")), ("2s=7h", Card(2, "S"), Card(7, "H")), ("jk=t♥", JOKER, Card(10, "H")),
    ("7H", Card(7, "H"), None),
])
def test_a_placed_card_reads_its_announcement(token, card, announced):
    placed = parse_placed(token)
    assert placed == Placed(card, announced)


@pytest.mark.parametrize("token", ["JK=", "JK=ZZ", "2H=JK", "ZZ=7H"])
def test_a_bad_announcement_is_refused_naming_the_whole_token(token):
    with pytest.raises(CardError) as caught:
        parse_placed(token)
    assert caught.value.token in (token, token.split("=")[0])


def test_a_placed_card_prints_canonically():
    assert [p.text for p in parse_meld(["jk=t♥", "j♥", "q♥"])] == ["JK=10H", "JH", "QH"]


def test_decks_hold_106_and_108_cards():
    assert deck_size(jokers=2) == len(full_deck(jokers=2)) == 106
    assert deck_size(jokers=4) == len(full_deck(jokers=4)) == 108


def test_a_third_copy_or_a_third_joker_is_too_many_for_continental():
    assert excess(parse_cards(["7H", "7H", "JK", "JK"]), jokers=2) == {}
    assert excess(parse_cards(["7H", "7H", "7H"]), jokers=2) == {Card(7, "H"): 3}
    assert excess(parse_cards(["JK"] * 3), jokers=2) == {JOKER: 3}
    assert excess(parse_cards(["JK"] * 4), jokers=4) == {}
