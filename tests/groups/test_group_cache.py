"""Summaries are a cache: kept per table version in the process and in the database, never the truth."""

from __future__ import annotations

import pytest

from api import create_app
from api.application import group_summaries


@pytest.fixture
def counted(monkeypatch):
    folded = []
    real = group_summaries.summarise
    monkeypatch.setattr(group_summaries, "summarise", lambda entries: folded.append(entries[0].data) or real(entries))
    return folded


def fresh(database_url):
    """Another worker: an app with nothing cached in its process, on the same database."""
    return create_app({"TESTING": True, "DATABASE_URL": database_url})


def test_a_fresh_worker_reads_the_kept_summaries_instead_of_folding_the_logs(sunday, database_url, counted):
    before = sunday.read()
    assert len(counted) == 3  # this worker folded the three logs once
    counted.clear()
    other = fresh(database_url)
    answer = other.test_client().get(f"/api/v1/groups/{sunday.id}", headers=sunday.headers)
    assert answer.json == before and counted == []


def test_a_kept_summary_with_a_broken_seal_or_other_code_is_folded_again(sunday, database_url, counted, app):
    before = sunday.read()
    counted.clear()
    from api.application import context

    with app.app_context():
        summaries = context.current().summaries
        kept = summaries.summaries([sunday.tables["C"].id, sunday.tables["R"].id])
        c, r = kept[sunday.tables["C"].id], kept[sunday.tables["R"].id]
        summaries.save_summaries([(sunday.tables["C"].id, c[0], c[1], c[2], b"x" * 32 + c[3][32:]),
                                  (sunday.tables["R"].id, r[0], r[1], "other-code", r[3])])
    other = fresh(database_url)
    answer = other.test_client().get(f"/api/v1/groups/{sunday.id}", headers=sunday.headers)
    assert answer.json == before
    assert sorted(d["game"] for d in counted) == ["continental", "rami"]  # those two only, folded from the log


def test_a_corrected_table_is_folded_again_even_in_another_worker(sunday, database_url, counted):
    sunday.read()
    sunday.tables["C"].enter("void", target=sunday.seqs["dan_invalid"])
    counted.clear()
    other = fresh(database_url)
    dan = sunday.member("Dan")
    answer = other.test_client().get(f"/api/v1/groups/{sunday.id}/players/{dan}", headers=sunday.headers)
    assert answer.json["continental"]["invalid_exits"]["count"] == 0
    assert len(counted) == 1
