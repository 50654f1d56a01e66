"""Crash: kill -9 of gunicorn's master and workers during load, restart, and check nothing answered 201 is lost.

Each round plays many tables at once through the HTTP API (bench_load's phones), kills the whole gunicorn
process group with SIGKILL in the middle, and starts a new gunicorn on the same database. At the end, for
every table: every entry that was answered 201 is in the log with the hash it was answered with, the
export's hash chain verifies (E-4), and the table replays (GET answers 200). On SQLite and PostgreSQL.
`python -m bench.bench_crash [rounds] [seconds] [tables]` (default 6 rounds of 3 s, 20 tables).
"""

from __future__ import annotations

import sys
import threading
import time

from bench import figures
from bench.bench_load import open_table, play
from bench.served import Gunicorn, call, database, postgresql_available


def crash(kind: str, rounds: int, seconds: float, count: int) -> dict:
    """Play, kill -9, restart, `rounds` times; then check every table. Give the counts."""
    acked: dict[str, list] = {}
    out = {"append": [], "view": [], "errors": 0, "5xx": 0, "refused": 0}
    with database(kind) as url:
        server = Gunicorn(url).start()
        tables = [open_table(server.port) for _ in range(count)]
        try:
            for _ in range(rounds):
                stop = time.monotonic() + seconds * 2  # the kill comes first, half way
                threads = [threading.Thread(target=play, args=(server.port, t, stop, out, acked.setdefault(t["id"], [])))
                           for t in tables]
                for thread in threads:
                    thread.start()
                time.sleep(seconds)
                server.kill()
                for thread in threads:
                    thread.join()
                server = Gunicorn(url).start()
                for table in tables:  # a phone reloads: the version it knew may have moved (a write it never heard of)
                    status, view = call(server.port, "GET", f"/api/v1/tables/{table['id']}")
                    assert status == 200, view
                    if view["version"] != table["version"]:
                        table["version"] = view["version"]
                        table["turn"] = view["version"] - 2
            return check(server.port, tables, acked) | {"kind": kind, "rounds": rounds, "tables": count,
                                                         "5xx": out["5xx"]}
        finally:
            server.stop()


def check(port: int, tables: list[dict], acked: dict[str, list]) -> dict:
    """Count acknowledged entries missing or changed, broken chains and tables that do not replay."""
    lost = broken = unreplayable = total = 0
    for table in tables:
        status, listed = call(port, "GET", f"/api/v1/tables/{table['id']}/entries")
        stored = {e["seq"]: e["hash"] for e in listed["entries"]} if status == 200 else {}
        total += len(acked[table["id"]])
        lost += sum(1 for seq, hash_ in acked[table["id"]] if stored.get(seq) != hash_)
        if call(port, "GET", f"/api/v1/tables/{table['id']}")[0] != 200:
            unreplayable += 1
        if not chain_holds(port, table["id"]):
            broken += 1
    return {"acknowledged": total, "lost": lost, "broken": broken, "unreplayable": unreplayable}


def chain_holds(port: int, table_id: str) -> bool:
    """The export verifies: numbering and hash chain (events.chain.read_export)."""
    import http.client

    from events.chain import ChainError, read_export

    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    conn.request("GET", f"/api/v1/tables/{table_id}/export")
    text = conn.getresponse().read().decode()
    conn.close()
    try:
        read_export(text)
    except ChainError:
        return False
    return True


def report(r: dict) -> None:
    print(f"  {r['kind']:<10} {r['rounds']} kill -9 rounds, {r['tables']} tables: {r['acknowledged']} entries "
          f"answered 201, lost {r['lost']}, chains broken {r['broken']}, tables not replaying {r['unreplayable']}, "
          f"5xx {r['5xx']}")
    figures.record(f"crash {r['kind']}: entries answered 201 ({r['rounds']} kill -9)", r["acknowledged"])
    figures.record(f"crash {r['kind']}: entries lost / chains broken / not replaying",
                   f"{r['lost']} / {r['broken']} / {r['unreplayable']}", "", "0 / 0 / 0",
                   r["lost"] == r["broken"] == r["unreplayable"] == 0)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    rounds = int(argv[0]) if argv else 6
    seconds = float(argv[1]) if len(argv) > 1 else 3.0
    count = int(argv[2]) if len(argv) > 2 else 20
    print(f"bench_crash: {rounds} rounds of {seconds:.0f} s, {count} tables, kill -9 of gunicorn master and workers")
    status = 0
    for kind in ("sqlite", "postgresql"):
        if kind == "postgresql" and not postgresql_available():
            print("  postgresql: not running on 127.0.0.1:5432, skipped")
            continue
        result = crash(kind, rounds, seconds, count)
        report(result)
        status = max(status, int(bool(result["lost"] or result["broken"] or result["unreplayable"])))
    return status


if __name__ == "__main__":
    sys.exit(main())
