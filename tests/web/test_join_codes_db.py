"""Join codes live in the database: any worker or host knows them, no file is written, the log holds no token."""

import os

import pytest

from api import create_app
from api.application import context, join_tokens
from events.db import dispose
from tests.web.conftest import Phone


@pytest.fixture
def other_host(database_url):
    """The same site served by another process on another machine: only the database is shared."""
    app = create_app({"TESTING": True, "DATABASE_URL": database_url})
    yield app
    dispose(app)


def test_a_code_made_on_one_host_seats_a_phone_on_another(app, host, other_host, client):
    host.start()
    codes = host.codes()
    assert len(codes) == 4
    host.enter(type="deal", dealer="0", upcard="7H")
    ben = Phone(other_host)
    ben.post("/join", {"code": codes[1].lower()})
    ben.table = host.table
    ben.enter(type="draw", seat="1", from_="stock")  # Ben's seat token, found on the other host
    assert client.get(f"/api/v1/tables/{host.table}").json["version"] == 3
    with app.app_context():
        found = context.current().codes.join_code(codes[1])
    assert (found.table_id, found.seat) == (host.table, 1)


def test_the_share_page_reads_codes_and_dealer_from_the_database(host, other_host):
    host.start(dealer="2")
    codes = host.codes()
    other = Phone(other_host)
    with other.client.session_transaction() as session:  # the host's phone, talking to another host
        with host.client.session_transaction() as mine:
            session.update(dict(mine))
    page = other.get(f"/t/{host.table}/share").get_data(as_text=True)
    assert all(code in page for code in codes)
    assert 'value="2" selected' in other.get(f"/t/{host.table}").get_data(as_text=True)


def test_no_code_is_kept_in_a_file(app, host, tmp_path):
    host.start()
    host.codes()
    folders = [app.config.get("JOIN_CODES_DIR"), os.path.join(app.instance_path, "join-codes")]
    written = [os.path.join(d, f) for d in folders if d and os.path.isdir(d) for f in os.listdir(d)]
    assert not [path for path in written if host.table in open(path, encoding="utf-8", errors="replace").read()]
    assert not (app.config.get("JOIN_CODES_DIR") and os.path.exists(app.config["JOIN_CODES_DIR"]))


def test_the_log_never_holds_a_token(app, host, client):
    host.start()
    host.codes()
    with app.app_context():
        tokens = [join_tokens.token_of(context.current().codes.join_code(code)) for code in host.codes()]
    exported = client.get(f"/api/v1/tables/{host.table}/export").get_data(as_text=True)
    assert tokens and not any(token in exported for token in tokens)
