"""A name as a client gives it (a group's, a member's new one: the API's body or a page's form), read for the
command that carries it: tidied (spaces gathered, zero-width characters dropped), 1 to `most` characters, for
reading (no control or bidi character). Each refusal is a 400 whose message is a key naming the field.
"""

from __future__ import annotations

from api.application.printable import BIDI_IN, bidi_control, control_character, readable_name
from referee.violations import N_, Malformed


def name(given: object, field: str, most: int) -> str:
    """`given`, tidied, as the name `field` holds; `Malformed` (400) when it is not one."""
    if not isinstance(given, str) or not given.strip():
        raise Malformed(N_("the body is a JSON object with `%(field)s`, a name of 1 to %(most)s characters"),
                        field=field, most=most)
    tidied = readable_name(given)  # zero-width characters dropped: "Ana\u200b" is Ana
    if control_character(tidied):
        raise Malformed(N_("`%(field)s` holds %(char)s, a control character: a name is for reading"), field=field,
                        char=control_character(tidied))
    if bidi_control(tidied):
        raise Malformed(BIDI_IN, field=field, char=bidi_control(tidied))
    if len(tidied) > most:
        raise Malformed(N_("`%(field)s` has at most %(most)s characters, not %(length)s"), field=field, most=most,
                        length=len(tidied))
    return tidied
