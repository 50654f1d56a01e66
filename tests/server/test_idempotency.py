"""An Idempotency-Key is answered only after the token's seat is checked, and only for the same request (§3)."""


def dealt(tables):
    table = tables.create("continental", ["Ana", "Ben", "Chloé", "Dan"])
    table.enter("deal", dealer=0, upcard="7H")
    return table


def test_another_seat_reusing_a_key_is_a_403_not_the_first_answer(tables):
    table = dealt(tables)
    first = table.enter("draw", 1, from_="stock", as_seat=1, key="k-1")
    problem = table.enter("draw", 1, from_="stock", as_seat=2, key="k-1", version=2, expect=403)
    assert problem["status"] == 403 and "entry" not in problem
    assert first["version"] == 3 and len(table.entries()) == 3


def test_the_same_request_again_gets_the_first_answer(tables):
    table = dealt(tables)
    first = table.enter("draw", 1, from_="stock", as_seat=1, key="k-1")
    again = table.enter("draw", 1, from_="stock", as_seat=1, key="k-1", version=2)
    assert again == first and len(table.entries()) == 3


def test_a_key_reused_with_another_body_is_a_422_that_says_so(tables):
    table = dealt(tables)
    table.enter("draw", 1, from_="stock", as_seat=1, key="k-1")
    problem = table.enter("draw", 1, from_="discard", as_seat=1, key="k-1", version=2, expect=422)
    assert "Idempotency-Key" in problem["title"] + problem["detail"]
    problem = table.enter("discard", 1, card="3C", as_seat=1, key="k-1", expect=422)
    assert len(table.entries()) == 3


def test_a_first_deal_with_a_drawn_dealer_is_the_same_request_again(tables):
    table = tables.create("continental", ["Ana", "Ben", "Chloé", "Dan"])
    first = table.enter("deal", upcard="7H", key="deal-1")
    assert "dealer" in first["entry"]
    again = table.enter("deal", upcard="7H", key="deal-1", version=1)
    assert again == first



def test_a_retry_after_the_table_moved_on_gets_its_first_answer(tables):
    table = dealt(tables)
    first = table.enter("draw", 1, from_="stock", as_seat=1, key="k-draw")
    table.enter("discard", 1, card="3C", as_seat=1)
    table.enter("draw", 2, from_="stock", as_seat=2)
    again = table.enter("draw", 1, from_="stock", as_seat=1, key="k-draw", version=2)
    assert again == first
    table.enter("draw", 1, from_="stock", as_seat=2, key="k-draw", version=2, expect=403)
