"""A tournament of the group forgets her too: its players, tables, standings, stream and pages."""

from __future__ import annotations

import json

from tests.forget.test_forget import LABEL, NAME, raw_database
from tests.tournaments.evening import TWELVE, Evening, play_out


def test_a_forgotten_member_leaves_the_groups_tournament(client, tables, database_url):
    evening = Evening(client, tables, players=[NAME if p == "Chloé" else p for p in TWELVE])
    evening.start()
    for table in evening.rounds[0]:
        play_out(table, [0, 1, 2, 3])
    before = evening.read()
    assert NAME in json.dumps(before, ensure_ascii=False)
    her = evening.group.member(NAME)
    assert client.delete(f"/api/v1/groups/{evening.group.id}/players/{her}",
                         headers=evening.group.headers).status_code == 204
    after = evening.read()
    assert after == json.loads(json.dumps(before, ensure_ascii=False).replace(NAME, LABEL))  # the same, but her label
    texts = [json.dumps(after, ensure_ascii=False)]
    for path in (f"/n/{evening.id}/screen", f"/n/{evening.id}/results"):  # the evening's screen and results
        answer = client.get(path)
        assert answer.status_code == 200, path
        texts.append(answer.get_data(as_text=True))
    assert LABEL in texts[1]
    for table in evening.rounds[0]:
        texts.append(client.get(f"/api/v1/tables/{table.id}/export").get_data(as_text=True))
    assert not any(NAME in text for text in texts)
    assert NAME.encode() not in raw_database(database_url)
