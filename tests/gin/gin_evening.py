"""A Gin club night seen through the API: five players at tables of two, and how its tables' hands are entered."""

from __future__ import annotations

from tests.tournaments.evening import Evening

FIVE = ["Ana", "Ben", "Chloé", "Dan", "Eve"]


def by_phones(table, hands) -> None:
    """Each hand (knocker, her deadwood, the other's after lay-offs) entered by the other player's phone, the
    knocker's phone confirming the hand's end: the results a table of two phones enters by itself."""
    dealer = 0
    for knocker, deadwood, other in hands:
        phone = 1 - knocker
        table.enter("deal", dealer=dealer, as_seat=phone)
        table.enter("knock", knocker, deadwood=deadwood, gin=deadwood == 0, as_seat=phone)
        shown = table.enter("show", phone, deadwood=other, as_seat=phone)
        assert table.enter("confirm", knocker, target=shown["entry"]["seq"], as_seat=knocker)["entry"]
        dealer = shown["verdict"]["winner"]


def by_director(table, hands) -> None:
    """The same, entered and confirmed by the director (the host of every table of the evening)."""
    dealer = 0
    for knocker, deadwood, other in hands:
        table.enter("deal", dealer=dealer)
        table.enter("knock", knocker, deadwood=deadwood, gin=deadwood == 0)
        shown = table.enter("show", 1 - knocker, deadwood=other)
        table.enter("confirm", target=shown["entry"]["seq"])
        dealer = shown["verdict"]["winner"]


def totals(table) -> dict[str, int]:
    return {p["name"]: p["score"] for p in table.state()["players"]}


def result(table) -> dict[str, int]:
    """Each player's game result as G-11 reads it: her total less the other's."""
    (a, x), (b, y) = totals(table).items()
    return {a: x - y, b: y - x}


def gin_evening(client, tables, **fields) -> Evening:
    """The Gin evening of the tests: Ana, Ben, Chloé, Dan and Eve, tables of two, two rounds, results tracking."""
    return Evening(client, tables, players=FIVE, game="gin", tracking="results", table_size=2, rounds=2, **fields)
