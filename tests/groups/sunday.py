"""A group of three tables, both games, one of them corrected: the figures a person can check by hand.

Continental "C" (results tracking; Ana, Ben, Chloé, Dan; deals by seats 0, 1, 2, 3):
  deal 1: Dan's exit is invalid, then Ana goes out (five runs, no wild: 11 from each, +33);
  deal 2: Ben goes out on his first turn (18 each, +54);
  deal 3: Chloé's one-suit exit, replaced (E-2) by Dan going out without drawing (21 each, +63);
  deal 4: null (C-14).  Balances: Ana -6, Ben 22, Chloé -50, Dan 34: Dan wins.
Continental "C2" (results; seats Dan, Chloé, Ben, "ana" — another order, the name typed in lower case):
  deals 1-3: Dan, Chloé, ana go out (+33 each time); deal 4 null. Balances 11, 11, -33, 11: three winners.
Rami "R" (full tracking, Ana and Ben, no clock): Ben opens with 93 (3H..QH and three sevens), lays KH
  off, discards his last card: he wins the round; Ana is left with 170: the game is over at the ceiling.
"""

from __future__ import annotations

FIVE = [["3C", "4C", "5C"], ["6S", "7S", "8S"], ["9H", "10H", "JH"], ["QD", "KD", "AD"], ["9C", "10C", "JC"]]
HEARTS = [["3H", "4H", "5H"], ["6H", "7H", "8H"], ["9H", "10H", "JH"], ["QH", "KH", "AH"], ["3H", "4H", "5H"]]
SET_EXIT = [["3C", "3D", "3H"], ["6S", "7S", "8S"], ["9H", "10H", "JH"], ["QD", "KD", "AD"], ["9C", "10C", "JC"]]
HEAVY_HAND = ["JK", "JK", "KS", "KS", "KD", "KD", "KC", "KC", "QS", "QS", "QD", "QD", "QC", "QC"]  # 170


class Group:
    """A group seen through the API, with its admin token (which does all a members' token does, and more); its
    members' token is `members_token`."""

    def __init__(self, client, name: str):
        answer = client.post("/api/v1/groups", json={"name": name})
        assert answer.status_code == 201, answer.get_data(as_text=True)
        self.client, self.id, self.token = client, answer.json["id"], answer.json["admin_token"]
        self.members_token = answer.json["token"]
        self.headers = {"X-Group-Token": self.token}

    def table(self, tables, game: str, players: list[str], **fields):
        answer = self.client.post("/api/v1/tables", json={"game": game, "players": players, "group": self.id,
                                                           **fields}, headers=self.headers)
        assert answer.status_code == 201, answer.get_data(as_text=True)
        return tables.attach(answer.json)

    def get(self, path: str = "", expect: int = 200, **params):
        answer = self.client.get(f"/api/v1/groups/{self.id}{path}", headers=self.headers, query_string=params)
        assert answer.status_code == expect, answer.get_data(as_text=True)
        return answer

    def read(self, **params) -> dict:
        return self.get(**params).json

    def member(self, name: str) -> str:
        return next(m["id"] for m in self.read()["members"] if m["name"] == name)

    def player(self, name: str, **params) -> dict:
        return self.get(f"/players/{self.member(name)}", **params).json


def seq(answer: dict) -> int:
    return answer["entry"]["seq"]


def build_sunday(client, tables) -> Group:
    """The group of three tables above; `group.seqs` names the entries the figures must count."""
    group = Group(client, "Sunday table")
    s = {}
    c = group.table(tables, "continental", ["Ana", "Ben", "Chloé", "Dan"], tracking="results")
    c.enter("deal", dealer=0)
    s["dan_invalid"] = seq(c.enter("exit", 3, runs=SET_EXIT))
    s["ana_exit"] = seq(c.enter("exit", 0, runs=FIVE))
    c.enter("deal", dealer=1)
    s["ben_first_turn"] = seq(c.enter("exit", 1, runs=FIVE, timing="first_turn"))
    c.enter("deal", dealer=2)
    s["chloe_one_suit"] = seq(c.enter("exit", 2, runs=HEARTS))
    c.enter("deal", dealer=3)
    c.enter("null_deal")
    # E-2: it was Dan who went out, without drawing; the replacement takes the place of Chloé's exit.
    c.enter("replace", target=s["chloe_one_suit"], entry={"type": "exit", "seat": 3, "runs": FIVE,
                                                          "timing": "without_drawing"})
    s["dan_without_drawing"] = s["chloe_one_suit"]
    c2 = group.table(tables, "continental", ["Dan", "Chloé", "Ben", "ana"], tracking="results")
    for dealer, winner in ((0, 0), (1, 1), (2, 3)):
        c2.enter("deal", dealer=dealer)
        s[f"c2_{winner}"] = seq(c2.enter("exit", winner, runs=FIVE))
    c2.enter("deal", dealer=3)
    c2.enter("null_deal")
    r = group.table(tables, "rami", ["Ana", "Ben"], options={"turn_seconds": None})
    r.enter("deal", dealer=0)
    opening = r.enter("meld", 1, as_seat=1, melds=[["3H", "4H", "5H", "6H", "7H", "8H", "9H", "10H", "JH", "QH"],
                                                   ["7C", "7D", "7S"]])
    s["ben_opening"], s["ben_opening_value"] = seq(opening), opening["verdict"]["value"]
    s["ben_lay_off"] = seq(r.enter("lay_off", 1, as_seat=1, meld=opening["verdict"]["melds"][0], cards=["KH"]))
    s["ben_out"] = seq(r.enter("discard", 1, as_seat=1, card="2C"))
    s["ana_hand"] = seq(r.enter("hand", 0, as_seat=0, cards=HEAVY_HAND))
    group.tables = {"C": c, "C2": c2, "R": r}
    group.seqs = s
    return group
