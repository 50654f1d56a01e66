"""Read server-sent events with a deadline: from a Flask test response, or from a socket."""

from __future__ import annotations

import json
import time


def parse(text: str) -> tuple[list[dict], list[str]]:
    """Split an event-stream text into events `{"id", "data"}` and comment lines."""
    events, comments = [], []
    for block in text.split("\n\n"):
        fields: dict = {}
        for line in block.split("\n"):
            if line.startswith(":"):
                comments.append(line[1:].strip())
            elif line:
                name, _, value = line.partition(":")
                fields[name] = value.removeprefix(" ")
        if "data" in fields:
            events.append({"id": int(fields["id"]), "data": json.loads(fields["data"])})
    return events, comments


class TestStream:
    """A streamed Flask test response, read chunk by chunk (the app ends it after LIVE_LIFETIME)."""

    __test__ = False

    def __init__(self, response):
        assert response.status_code == 200, response.get_data(as_text=True)
        self.response = response
        self.chunks = iter(response.response)
        self.text = ""

    def until(self, done, seconds: float = 5.0) -> tuple[list[dict], list[str]]:
        """Read until `done(events, comments)` holds (or the stream ends, or `seconds` pass)."""
        end = time.monotonic() + seconds
        while not done(*parse(self.text)) and time.monotonic() < end:
            chunk = next(self.chunks, None)
            if chunk is None:
                break
            self.text += chunk.decode() if isinstance(chunk, bytes) else chunk
        return parse(self.text)

    def close(self):
        self.response.close()
