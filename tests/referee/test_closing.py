"""E-7 in the rule book, the same for both games: after the server's `close`, no seat writes (409); the host
still rules (E-5), confirms (E-6) and corrects what came before (E-2), never the close itself."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from referee import games, log
from referee.closing import Closed
from referee.log import Entry

AT = datetime(2026, 12, 4, 20, 0, tzinfo=UTC)
CREATE = {"continental": {"game": "continental", "players": ["Ana", "Ben", "Chloé", "Dan"], "tracking": "results",
                          "confirmation": True},
          "rami": {"game": "rami", "players": ["Ana", "Ben"], "tracking": "results", "confirmation": True}}


def closed(game: str) -> tuple[list[Entry], log.Replay]:
    entries = [Entry(1, "create", None, AT, CREATE[game]), Entry(2, "deal", None, AT, {"dealer": 0})]
    entries.append(Entry(3, "close", None, AT, {"round": 2}))
    return entries, log.replay(entries)


@pytest.mark.parametrize("game", ["continental", "rami"])
def test_a_closed_table_says_closed_and_refuses_a_seats_entry_with_409_e7(game):
    entries, replay = closed(game)
    assert replay.state.closed == 3 and games.get(game).rules.view(replay.state)["status"] == "closed"
    for entry in (Entry(4, "deal", None, AT, {"dealer": 1}), Entry(4, "confirm", 1, AT, {"target": 2}),
                  Entry(4, "void", None, AT, {"target": 2, "by": 0})):
        with pytest.raises(Closed) as refused:
            log.append(entries, replay, entry)
        assert (refused.value.status, refused.value.rules) == (409, ["E-7"])


@pytest.mark.parametrize("game", ["continental", "rami"])
def test_the_host_still_rules_and_corrects_before_the_close_but_never_the_close(game):
    entries, replay = closed(game)
    ruled = log.append(entries, replay, Entry(4, "adjust", None, AT, {"scores": {"1": 5}, "reason": "late"}))
    assert ruled.state.scores[1] == 5 and ruled.state.closed == 3
    voided = log.append(entries, replay, Entry(4, "void", None, AT, {"target": 2, "by": "host"}))
    assert voided.state.closed == 3
    with pytest.raises(Closed):
        log.append(entries, replay, Entry(4, "void", None, AT, {"target": 3, "by": "host"}))
