"""Fuzz the JSON API from its own OpenAPI description with schemathesis (its own venv: .venv-fuzz).

Serves the app with gunicorn on a free loopback port and a database of its own, opens a real table
(dealt, so entries reach the rules) and runs `schemathesis run` with that table's id and host token, so
requests reach past 404 and 401. Every check: no 5xx, answers as the schema says, status codes documented.
`python -m bench.fuzz [max_examples]` (default 200: the long run, by hand); tests/server runs a short one.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

from bench.served import ROOT, Gunicorn, call, database

SCHEMATHESIS = Path(os.environ.get("SCHEMATHESIS", ROOT / ".venv-fuzz" / "bin" / "schemathesis"))
# ignored_auth: reads need no token (API.md: a table's id is its read capability).
# positive_data_acceptance: a body the schema admits may still break the rules (422: a game of 1 player, 15
# copies of one card); JSON Schema cannot state the rules, RULES.md does. Every other check runs: no 5xx,
# statuses, content types, response schemas and headers as documented, schema-invalid bodies refused.
EXCLUDED_CHECKS = ("ignored_auth", "positive_data_acceptance")
# The event stream is held open for minutes by design (api/shell/stream.py): a request/response fuzzer can only time
# out on it; its events are described (api/rest/openapi.py SSE_EVENT) and tested in tests/ of the live streams.
EXCLUDED_PATHS = r"/events$"


def fuzz(kind: str, max_examples: int, seconds: int | None = None) -> tuple[int, str]:
    """Run schemathesis against a served app on `kind`; give its exit status and its output."""
    with database(kind) as url, Gunicorn(url) as server, tempfile.TemporaryDirectory() as tmp:
        status, table = call(server.port, "POST", "/api/v1/tables",
                             {"game": "continental", "players": ["Ana", "Ben", "Chloé", "Dan"]})
        assert status == 201, table
        call(server.port, "POST", f"/api/v1/tables/{table['id']}/entries",
             {"expected_version": 1, "entry": {"type": "deal", "dealer": 0, "upcard": "7H"}}, table["host_token"])
        Path(tmp, "schemathesis.toml").write_text(f'[parameters]\ntable_id = "{table["id"]}"\n')
        command = [str(SCHEMATHESIS), "run", f"http://127.0.0.1:{server.port}/api/openapi.json", "--checks", "all",
                   "--exclude-checks", ",".join(EXCLUDED_CHECKS), "--max-examples", str(max_examples),
                   "--header", f"Authorization: Bearer {table['host_token']}", "--seed", "10",
                   "--generation-allow-x00", "true", "--request-timeout", "30", "--workers", "1",
                   "--exclude-path-regex", EXCLUDED_PATHS]
        if seconds:
            command += ["--max-time", str(seconds)]
        done = subprocess.run(command, cwd=tmp, capture_output=True, text=True, timeout=1800,
                              env={**os.environ, "NO_COLOR": "1", "SCHEMATHESIS_TELEMETRY": "false"})
        return done.returncode, done.stdout + done.stderr


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    examples = int(argv[0]) if argv else 200
    status = 0
    for kind in ("sqlite", "postgresql"):
        code, output = fuzz(kind, examples)
        print(f"== schemathesis on {kind}, {examples} examples an operation: exit {code}")
        print(output[-6000:])
        status = max(status, code)
    return status


if __name__ == "__main__":
    sys.exit(main())
