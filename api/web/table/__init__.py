"""A table's pages: the play screen and its forms, the outbox, history and corrections, undo, the summary."""
