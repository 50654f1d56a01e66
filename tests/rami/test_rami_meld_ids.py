"""Table meld ids (R-11, R-12, E-2): a meld's id comes from the entry that laid it, so corrections never renumber."""

from rami_log import Game

from referee.rami.table_melds import meld_id


def two_runs_and_a_lay_off() -> Game:
    """Seat 1 lays 2C-3C-4C (entry 3) then 5D-6D-7D (entry 4); seat 0 lays 9D-10D-JD (entry 7)
    and lays 8D off on 5D-6D-7D (entry 8) — 8D would fit 9D-10D-JD as well."""
    game = Game(opening="free", turn_seconds=None)
    game.deal(0)
    game.meld(1, ["2C", "3C", "4C"])
    [diamonds] = game.meld(1, ["5D", "6D", "7D"])["melds"]
    game.discard(1, "KS")
    game.draw(0)
    game.meld(0, ["9D", "10D", "JD"])
    game.lay_off(0, diamonds, "8D")  # the id the table showed
    game.discard(0, "QS")
    return game


def melds(game: Game) -> dict[int, list[str]]:
    return {m["id"]: m["cards"] for m in game.deal_view["melds"]}


def test_a_melds_id_is_the_seq_of_the_entry_that_laid_it_times_ten_plus_its_place_in_that_entry():
    game = Game(turn_seconds=None)
    game.deal(0)
    verdict = game.meld(1, ["10H", "JK=JH", "QH"], ["7C", "7D", "7S"])  # entry 3
    assert verdict["melds"] == [31, 32] == [meld_id(3, 1), meld_id(3, 2)]
    assert [m["id"] for m in game.deal_view["melds"]] == [31, 32]


def test_voiding_an_earlier_meld_entry_renumbers_no_other_meld_so_a_lay_off_stays_on_the_meld_it_named():
    game = two_runs_and_a_lay_off()
    assert melds(game) == {31: ["2C", "3C", "4C"], 41: ["5D", "6D", "7D", "8D"], 71: ["9D", "10D", "JD"]}
    game.add("void", target=3)
    assert melds(game) == {41: ["5D", "6D", "7D", "8D"], 71: ["9D", "10D", "JD"]}


def test_replacing_a_meld_entry_keeps_the_ids_of_the_melds_it_lays():
    game = two_runs_and_a_lay_off()
    game.add("replace", target=4, entry={"type": "meld", "seat": 1, "melds": [["4D", "5D", "6D", "7D"]]})
    assert melds(game)[41] == ["4D", "5D", "6D", "7D", "8D"]


def test_a_correction_that_takes_away_the_meld_a_later_lay_off_names_is_refused_naming_that_lay_off():
    game = two_runs_and_a_lay_off()
    before = game.view
    error = game.refused("void", None, target=4)
    [failing] = error.violations
    assert (failing.rule, failing.entry, failing.meld) == ("R-11", 8, 41)
    assert failing.message.startswith("entry 8 (lay_off) no longer replays: there is no meld 41 on the table")
    assert game.view == before


def test_a_retrieval_after_a_correction_still_names_the_same_meld():
    game = Game(opening="free", turn_seconds=None)
    game.deal(0)
    game.meld(1, ["2C", "3C", "4C"])  # entry 3, voided below
    game.meld(1, ["10H", "JK=JH", "QH"])  # entry 4: meld 41
    game.discard(1, "KS")
    game.draw(0)
    game.meld(0, ["5S", "6S", "7S"])
    game.retrieve(0, 41, "JH")
    game.lay_off(0, 71, "JK=8S")
    game.discard(0, "QD")
    game.add("void", target=3)
    assert melds(game) == {41: ["10H", "JH", "QH"], 71: ["5S", "6S", "7S", "JK=8S"]}
