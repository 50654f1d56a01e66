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


def test_a_post_whose_client_disconnected_before_it_ran_is_answered_from_its_key_on_retry(tables, client):
    """The server's socket of a phone that gave up reads as closed: its write is not written (a 400 nobody reads),
    and the phone's retry with the same Idempotency-Key is written once, a 201; a retry of a write that did run
    gets that write's first answer."""
    import socket

    table = dealt(tables)
    server_side, phone = socket.socketpair()
    phone.close()  # the phone gave up before the write ran
    body = {"expected_version": 2, "entry": {"type": "draw", "seat": 1, "from": "stock"}}
    headers = {"Authorization": f"Bearer {table.host}", "Idempotency-Key": "k-gone"}
    try:
        dropped = client.post(f"/api/v1/tables/{table.id}/entries", json=body, headers=headers,
                              environ_base={"gunicorn.socket": server_side})
    finally:
        server_side.close()
    assert dropped.status_code == 400 and len(table.entries()) == 2
    first = client.post(f"/api/v1/tables/{table.id}/entries", json=body, headers=headers)
    again = client.post(f"/api/v1/tables/{table.id}/entries", json=body, headers=headers)
    assert first.status_code == again.status_code == 201 and again.json == first.json
    assert len(table.entries()) == 3


def test_a_write_whose_client_is_still_there_is_written(tables, client):
    import socket

    table = dealt(tables)
    server_side, phone = socket.socketpair()
    try:
        answer = client.post(f"/api/v1/tables/{table.id}/entries", headers={"Authorization": f"Bearer {table.host}"},
                             json={"expected_version": 2, "entry": {"type": "draw", "seat": 1, "from": "stock"}},
                             environ_base={"gunicorn.socket": server_side})
    finally:
        server_side.close()
        phone.close()
    assert answer.status_code == 201 and len(table.entries()) == 3
