"""Statistics: a pure fold of refereed logs (no I/O). `table.summarise` folds one log; `group` adds them up."""
