"""What a value of a JSON body is, as the API reads it: the one reading of a boolean that the new table's fields
(`tables_in`) and an exit's quick score (`quick_scores`) both take."""

from __future__ import annotations


def is_boolean(value: object) -> bool:
    """True or false as JSON says them (1 and 0 are Python's equals of these, and read as them)."""
    try:
        return value in {True} or value in {False}
    except TypeError:  # a list or an object
        return False
