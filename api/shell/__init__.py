"""The HTTP shell: what every request goes through (guard, limits, sessions, turns, errors, health) and the
event stream endpoint. It reads the request and Flask's globals, so the application layer need not."""
