"""R-1, R-2: who plays and the options fixed at the table's creation."""

from datetime import UTC, datetime

import pytest

from referee.log import Entry
from referee.rami import table as rami
from referee.violations import Malformed, Refusal


def test_options_default_to_51_to_open_a_ceiling_of_100_and_a_60_second_turn():
    assert rami.normalise_options(None) == {"opening": 51, "ceiling": 100, "turn_seconds": 60}
    assert rami.normalise_options({}) == {"opening": 51, "ceiling": 100, "turn_seconds": 60}


@pytest.mark.parametrize("options", [
    {"opening": 71}, {"opening": "free"}, {"ceiling": 200}, {"ceiling": 300}, {"turn_seconds": None},
    {"opening": 51, "ceiling": 300, "turn_seconds": 60},
])
def test_every_allowed_value_is_kept(options):
    assert rami.normalise_options(options).items() >= options.items()


def test_normalised_options_normalise_to_themselves():
    once = rami.normalise_options({"opening": "free", "turn_seconds": None})
    assert rami.normalise_options(once) == once


@pytest.mark.parametrize("options, named", [
    ({"opening": 50}, "opening"), ({"opening": "51"}, "opening"), ({"opening": True}, "opening"),
    ({"ceiling": 150}, "ceiling"), ({"ceiling": 100.0}, "ceiling"),
    ({"turn_seconds": 30}, "turn_seconds"), ({"turn_seconds": 0}, "turn_seconds"),
    ({"jokers": 2}, "jokers"),
])
def test_any_other_option_or_value_is_malformed_and_named(options, named):
    with pytest.raises(Malformed) as info:
        rami.normalise_options(options)
    assert named in str(info.value) and info.value.rules == ["R-2"] and info.value.status == 400


def create(players, **data):
    at = datetime(2026, 11, 29, tzinfo=UTC)
    return Entry(1, "create", None, at, {"game": "rami", "players": players, **data})


@pytest.mark.parametrize("players", [["Ana"], ["Ana", "Ben", "Chloé", "Dan", "Eve"]])
def test_rami_is_played_by_two_to_four(players):
    with pytest.raises(Refusal) as info:
        rami.start(create(players))
    assert info.value.rules == ["R-1"]


def test_a_new_table_waits_for_its_first_deal_with_everyone_at_zero():
    view = rami.view(rami.start(create(["Ana", "Ben", "Chloé"], tracking="results")))
    assert view["deal"] is None and view["status"] == "playing" and view["winners"] is None
    assert view["tracking"] == "results" and view["options"]["opening"] == 51
    assert [p["score"] for p in view["players"]] == [0, 0, 0]
