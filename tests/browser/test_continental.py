"""Two phones play a Continental deal to a valid exit; a refusal shows its rule; the history has its chart."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.browser.checks import check_page, seat_card

EXIT = "5H 6H 7H 3C 4C 5C 8D 9D 10D JS QS KS 4S 5S 6S"  # 7H is the card Ben takes from the pile


def start_table(page, names=("Ana", "Ben", "Chloé", "Dan"), shot=None):
    page.goto("/")
    check_page(page, shot and "home")
    page.get_by_role("link", name="Start a table").click()
    for i, name in enumerate(names):
        page.fill(f"#p{i}", name)
    page.get_by_role("radio", name=names[0], exact=True).check()
    check_page(page, shot and "new-table")
    page.get_by_role("button", name="Start the table").click()
    expect(page.get_by_role("heading", name="The table is ready")).to_be_visible()
    return page.url.split("/")[-2]


def test_two_phones_play_a_continental_deal_to_a_valid_exit(phones):
    host, ben = phones(), phones()
    table = start_table(host)
    check_page(host)
    code = seat_card(host, "Ben").locator(".code").inner_text()

    ben.goto("/join")
    check_page(ben)
    ben.fill("#code", code.lower())
    ben.get_by_role("button", name="Take my seat").click()
    expect(ben.locator(".role")).to_contain_text("Ben's seat")

    host.get_by_role("link", name="Play: this phone enters for everyone").click()
    check_page(host)
    polled = []  # the update must come through the stream, not a poll of the entries
    ben.on("request", lambda r: polled.append(r.url) if "/entries?after" in r.url else None)
    host.get_by_role("button", name="seven of hearts").click()
    expect(ben.locator("#headline")).to_have_text("Ben's turn: take a card.")
    assert polled == [] and ben.evaluate("() => ArbitreLive.state()") == "live"
    check_page(ben)

    ben.get_by_role("button", name=re.compile("Took the discard")).click()
    expect(ben.locator("#headline")).to_have_text("Ben's turn: discard a card.")
    ben.get_by_role("button", name="seven of hearts").click()  # the card just taken: refused (C-3)
    problem = ben.get_by_role("alert")
    expect(problem).to_contain_text("C-3")
    check_page(ben)
    problem.get_by_role("link", name="C-3").click()
    expect(ben.locator("#C-3")).to_be_visible()
    assert ben.url.endswith("/rules#C-3")
    check_page(ben)
    ben.go_back()

    ben.goto(f"/t/{table}")
    ben.get_by_role("button", name="nine of clubs").click()
    ben.get_by_role("link", name="Ben goes out", exact=True).click()
    ben.get_by_role("button", name="five of hearts").click()  # the picker types into the field
    ben.get_by_role("button", name="six of hearts").click()
    expect(ben.locator("#runs")).to_have_value("5♥ 6♥")
    ben.fill("#runs", EXIT)
    ben.get_by_role("button", name="Check the exit").click()
    expect(ben.get_by_role("heading", name="A valid exit, arranged by the referee")).to_be_visible()
    check_page(ben)
    ben.get_by_role("button", name="Confirm: Ben goes out").click()
    expect(ben.get_by_role("heading", name=re.compile("^Valid exit"))).to_be_visible()
    expect(ben.locator(".verdict")).to_contain_text("Winner gains")
    check_page(ben)

    expect(host.locator(".scores tbody tr", has_text="Ben")).to_contain_text("+54")
    expect(host.locator(".scores tbody tr", has_text="Ana")).to_contain_text("−18")
    check_page(host, "balances")

    host.get_by_role("link", name="History").click()
    expect(host.get_by_role("img", name=re.compile("Scores after each deal"))).to_be_visible()
    expect(host.locator(".timeline")).to_contain_text("went out with")
    check_page(host)
    host.locator(".timeline li", has_text="went out with").get_by_role("link").first.click()
    expect(host.get_by_role("heading", name=re.compile("Evidence"))).to_be_visible()
    check_page(host)


def test_a_mistaken_discard_is_corrected_with_a_preview(phones):
    host = phones()
    table = start_table(host)
    host.goto(f"/t/{table}")
    host.get_by_role("button", name="king of diamonds").click()
    host.get_by_role("button", name="Took from the stock").click()
    host.get_by_role("button", name="nine of clubs").click()
    expect(host.locator("#headline")).to_have_text("Chloé's turn: take a card.")

    host.get_by_role("link", name="History").click()
    host.locator(".timeline li", has_text="discarded").get_by_role("link").first.click()
    host.get_by_role("link", name="Correct this entry").click()
    host.get_by_role("button", name="nine of spades").click()  # the preview shows at once, in view
    expect(host.locator("#card")).to_have_value("9♠")
    expect(host.get_by_role("heading", name="What changes")).to_be_visible()
    expect(host.get_by_role("button", name="Confirm the correction")).to_be_in_viewport()
    check_page(host)
    host.get_by_role("button", name="Confirm the correction").click()
    expect(host.locator(".notice[role=status]")).to_contain_text("Done: entry 4 replaced.")  # on the table
    host.get_by_role("navigation", name="This table").get_by_role("link", name="History").click()
    expect(host.locator(".timeline")).to_contain_text("replaced by")
    check_page(host)
    host.goto(f"/t/{table}?at=3")
    expect(host.locator(".notice")).to_contain_text("as of entry 3")
    check_page(host)
