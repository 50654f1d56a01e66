"""The application layer: what a table, an entry, a replay, an import or a group does, shared by the JSON API
and the pages. It calls the referee and the event store; the shell in front of it speaks HTTP."""
