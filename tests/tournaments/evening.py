"""A tournament seen through the API: its group, its director, its rounds' tables as TableClients."""

from __future__ import annotations

import copy

from tests.groups.sunday import Group

TWELVE = ["Ana", "Ben", "Chloé", "Dan", "Eve", "Fred", "Gus", "Hana", "Ivo", "Jun", "Kim", "Léa"]


class Evening:
    def __init__(self, client, tables, players=TWELVE, **fields):
        self.client, self.tables = client, tables
        self.group = Group(client, "Friday club")
        body = {"name": "Friday club", "game": "continental", "tracking": "results", "players": list(players),
                "rounds": 3, "table_size": 4, "seating": "random", **fields}
        answer = client.post(f"/api/v1/groups/{self.group.id}/tournaments", json=body, headers=self.group.headers)
        assert answer.status_code == 201, answer.get_data(as_text=True)
        self.created = answer.json
        self.id, self.director = answer.json["id"], answer.json["director_token"]
        self.rounds: list[list] = []

    def start(self, expect: int = 201, token: str | None = None, **body) -> dict:
        answer = self.client.post(f"/api/v1/tournaments/{self.id}/rounds", json=body,
                                  headers={"Authorization": f"Bearer {token or self.director}"})
        assert answer.status_code == expect, answer.get_data(as_text=True)
        if expect == 201:
            self.rounds.append([self.tables.attach({**t, "host_token": self.director, "version": 1})
                                for t in answer.json["tables"]])
        return answer.json

    def through(self, client) -> Evening:
        """The same evening acted on through another client (another worker's app, as it were)."""
        other = copy.copy(self)
        other.client, other.tables, other.rounds = client, self.tables.__class__(client), []
        return other

    def read(self) -> dict:
        answer = self.client.get(f"/api/v1/tournaments/{self.id}")
        assert answer.status_code == 200, answer.get_data(as_text=True)
        return answer.json


def names(table) -> list[str]:
    return [s["name"] for s in table.created["seats"]]


def play_out(table, winners: list[int]) -> list[int]:
    """Play a continental table to its end by quick scores: deal d is won by `winners[d]` (no wilds); give each
    seat's balance by hand: the winner takes `per_opponent` from each other seat."""
    players = len(table.created["seats"])
    balances = [0] * players
    for dealer, winner in enumerate(winners):
        table.enter("deal", dealer=dealer)
        verdict = table.enter("exit", winner, counts={"twos": 0, "jokers": 0}, as_seat=winner)["verdict"]
        per = verdict["settlement"]["per_opponent"]
        for seat in range(players):
            balances[seat] += per * (players - 1) if seat == winner else -per
    return balances
