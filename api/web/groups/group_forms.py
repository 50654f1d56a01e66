"""The start form's group choice: no group, one of this phone's groups, or a new one named on the form."""

from __future__ import annotations

from functools import partial

from api.application import context, entries_in, group_service, names_in
from api.application.commands import CreateGroup
from api.web import backend
from api.web.groups import group_access
from api.web.words.i18n import gettext as _


def create_table(form, body: dict):
    """Start the table, in the chosen group: `(created, None)` or `(None, problem)`."""
    choice = form.get("group", "")
    if not choice:
        return backend.create_table(body)
    if choice == "new":
        name = " ".join(form.get("group_name", "").split())
        if not name or len(name) > group_service.MAX_NAME:
            return None, backend.Problem(400, _("The group needs a name"),
                                         _("Name the new group (1 to 80 characters), or choose no group."))
        try:
            new_group = CreateGroup(names_in.name(name, "name", group_service.MAX_NAME))  # read before the table
            group_service.distinct(body.get("players"))
        except backend.ERRORS as exc:
            return None, backend.problem_of(exc)
        created, problem = backend.create_table(body)  # the table's own checks first
        if problem:
            return None, problem
        group = group_service.create_group(new_group)
        group_access.remember(group["id"], group["token"], group["name"])
        members = context.current().groups.add_group_table(group["id"], created["id"],
                                                           [s["name"] for s in created["seats"]])
        return {**created, "group": group["id"], "members": members}, None
    token = group_access.token(choice)
    if token is None:  # a group this phone never opened (a form our page did not write): as the group page says it
        said = _("This phone does not have this group's link. Ask a member to share it with you.")
        return None, backend.Problem(403, _("Not this phone's group"), said)
    try:
        made = entries_in.command(partial(backend.new_table, body),
                                  partial(group_service.admits_table, choice, token, body.get("players")))
        return group_service.create_table(choice, token, made), None
    except backend.ERRORS as exc:
        return None, backend.problem_of(exc)

