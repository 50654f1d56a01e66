"""The group's pages: its tables and standings, a player's statistics with charts, the entries behind a figure."""

from __future__ import annotations

import functools
import json
from datetime import UTC

from flask import Blueprint, Response, abort, redirect, render_template, request, url_for

from api.application import access_copy as access_copy_
from api.application import audit_view, entries_in, forgetting, group_csv, group_service, names_in
from api.application.commands import CreateGroup, RenameGroup, RenameMember
from api.application.errors import ApplicationError
from api.application.printable import BIDI_IN
from api.web import backend, csv_download, security
from api.web.address import external_url
from api.web.groups import audit_words, copy_view, group_access, group_charts, rating_chart
from api.web.groups.group_labels import figure_label, figure_rows
from api.web.qr import qr_svg
from api.web.table import facts
from api.web.tournaments import pages as tournament_pages
from api.web.words import messages
from api.web.words.i18n import gettext as _
from referee import games
from referee.stats import group as stats
from referee.stats import rating
from referee.violations import Malformed

bp = Blueprint("groups_web", __name__)
bp.before_request(security.check_csrf)


def _period() -> str:
    period = request.args.get("period", "all")
    return period if period in group_service.PERIODS else "all"


@bp.get("/groups/new")
def new_group():
    """The form that starts a group (a club, a family): its name, then its page."""
    return render_template("group_new.html", name="", problem=None)


@bp.post("/groups/new")
def create_group():
    """Open the group, keep its link on this phone and show its page (where a table or a club night starts)."""
    name = " ".join(request.form.get("name", "").split())
    if not name or len(name) > group_service.MAX_NAME:
        problem = _("Name the group (1 to 80 characters).")
        return render_template("group_new.html", name=request.form.get("name", ""), problem=problem), 400
    made = group_service.create_group(CreateGroup(names_in.name(name, "name", group_service.MAX_NAME)))
    group_access.remember(made["id"], made["admin_token"], name)  # the phone that made the group is its admin
    return redirect(url_for("groups_web.group", group_id=made["id"]), 303)


@bp.get("/g/<group_id>/k/<token>")
def enter(group_id, token):
    """Keep the group's link on this phone (the secret is in the link) and show the group."""
    try:
        record = group_service.group(group_id, token)
    except ApplicationError:
        abort(404, description=_("This group link is not valid. Ask a member to share it again."))
    held = group_access.token(group_id)
    if not (held and group_service.is_admin(record, held)):  # the admin's phone opening the members' link stays it
        group_access.remember(record.id, token, record.name)
    return redirect(url_for("groups_web.group", group_id=group_id), 303)


@bp.get("/g/<group_id>")
def group(group_id):
    """Show every table of the group, newest first, and the standings over the chosen period."""
    record = group_access.opened(group_id)
    token = group_access.token(group_id)
    group_access.remember(record.id, token, record.name)
    period = _period()
    read, played = group_service.overview(group_id, token, period)
    names = {m["id"]: m["name"] for m in read["members"]}
    charts = {game: group_charts.standings(stats.over_time(played, game, names), game,
                                           [r["member"] for r in read["standings"][game]])
              for game in games.NAMES}
    admin = read["role"] == "admin"
    shared = read["members_token"] if admin else token
    link = external_url("groups_web.enter", group_id=group_id, token=shared)  # the members' link, to share
    return render_template("group.html", group=read, period=period, charts=charts, link=link, admin=admin,
                           admin_link=external_url("groups_web.enter", group_id=group_id, token=token) if admin else None,
                           rating=read["rating"], rating_chart=rating_chart.lines(read["rating"]),
                           qr=_qr(link, _("QR code of the group's link")),
                           evenings=tournament_pages.group_tournaments(group_id))


@functools.lru_cache(maxsize=256)
def _qr(link: str, label: str):
    """The link's QR code: the same on every view of the page, and costly to draw (docs/BENCHMARKS.md)."""
    return qr_svg(link, label)


@bp.get("/g/<group_id>/p/<member>")
def player(group_id, member):
    """Show a player's figures per game, each a link to the entries it counts, and her form."""
    record = group_access.opened(group_id)
    period = _period()
    try:
        stats_ = group_service.player(group_id, group_access.token(group_id), member, period)
    except ApplicationError:
        abort(404, description=_("This group has no such player."))
    forms = {game: group_charts.form(stats_[game]["form"]) for game in games.NAMES}
    rows = {game: figure_rows(game, stats_[game]) for game in games.NAMES}
    mine = stats_["rating"]
    chart = rating_chart.lines({"start": round(rating.START), "tables": [h["table"] for h in mine["history"]],
                                "rows": [mine]}) if mine else None
    return render_template("group_player.html", group=record, player=stats_, period=period, forms=forms, rows=rows,
                           rating_chart=chart, admin=group_service.is_admin(record, group_access.token(group_id)),
                           forgotten=group_service.is_forgotten(group_id, member))


@bp.get("/g/<group_id>/p/<member>/<game>/<figure>")
def entries(group_id, member, game, figure):
    """List the entries a figure counts, each linked to its page at its table."""
    record = group_access.opened(group_id)
    period = _period()
    try:
        stats_ = group_service.player(group_id, group_access.token(group_id), member, period)
        counted = stats_[game][figure]
    except (ApplicationError, KeyError, TypeError):
        abort(404, description=_("This group has no such player or figure."))
    rule = request.args.get("rule")
    refs = counted["entries"]
    if rule:
        refs = next((r["entries"] for r in counted.get("rules", []) if r["rule"] == rule), [])
    items = _items(refs)
    return render_template("group_entries.html", group=record, player=stats_, game=game, figure=figure, rule=rule,
                           label=figure_label(figure), items=items, period=period)


def _items(refs: list[dict]) -> list[dict]:
    """Each counted entry as the table's log shows it (a replaced one as its replacement reads)."""
    out, logs, views = [], {}, {}
    for ref in refs:
        table_id = ref["table"]
        if table_id not in logs:
            views[table_id] = facts.told(backend.read(table_id))
            listed = backend.entries(table_id)
            by_seq = {i["seq"]: i for i in listed}
            for item in listed:
                if item["type"] == "replace" and item.get("target") in by_seq:
                    old = by_seq[item["target"]]
                    by_seq[item["target"]] = {"seq": old["seq"], "at": old["at"], **item["entry"],
                                              "replaced_by": item["seq"]}
            logs[table_id] = by_seq
        out.append({"table": views[table_id], "item": logs[table_id][ref["seq"]]})
    return out


@bp.post("/g/<group_id>/p/<member>/name")
def rename(group_id, member):
    """Call a player by a new name; her history stays hers."""
    group_access.admin(group_id)
    try:
        token = group_access.token(group_id)
        made = entries_in.command(functools.partial(_rename, group_id, token, member, request.form.get("name", "")),
                                  functools.partial(group_service.admin, group_id, token))
        group_service.rename(made)
    except ApplicationError as error:
        message = (_("A forgotten player is not renamed: her name was erased, and stays so.")
                   if error.key == group_service.FORGOTTEN_NOT_RENAMED
                   else _("Another player of this group already has this name.") if error.status == 409
                   else error.detail)
        abort(error.status, description=message)
    except Malformed as refused:
        if refused.key == BIDI_IN:  # a character refused: say which (a length is the usual mistake)
            abort(400, description=messages.problem_detail(backend.problem_of(refused)))
        abort(400, description=_("A player's name has 1 to 40 characters."))
    return redirect(url_for("groups_web.player", group_id=group_id, member=member), 303)


def _rename(group_id: str, token: str | None, member: str, name: str) -> RenameMember:
    return RenameMember(group_id, token, member, names_in.name(name, "name", group_service.MAX_MEMBER_NAME))


@bp.get("/g/<group_id>/p/<member>/copy.json")
def access_copy(group_id, member):
    """Download a player's copy of every figure and entry the group holds about her."""
    group_access.admin(group_id)
    try:
        data = access_copy_.copy(group_id, group_access.token(group_id), member)
    except ApplicationError:
        abort(404, description=_("This group has no such player."))
    body = json.dumps(data, ensure_ascii=False, indent=1)
    return Response(body, mimetype="application/json",
                    headers={"Content-Disposition": f'attachment; filename="arbitre-{member}.json"'})


@bp.get("/g/<group_id>/p/<member>/copy")
def copy_page(group_id, member):
    """Her copy as a person reads it: her figures, tables and the rulings about her, with the JSON to download."""
    record = group_access.admin(group_id)
    try:
        data = access_copy_.copy(group_id, group_access.token(group_id), member)
    except ApplicationError:
        abort(404, description=_("This group has no such player."))
    return render_template("group_copy.html", group=record, member=member, copy=copy_view.view(data))


@bp.get("/g/<group_id>/p/<member>/forget")
def forget_page(group_id, member):
    """Say what forgetting this player does, and ask to confirm."""
    record = group_access.admin(group_id)
    try:
        stats_ = group_service.player(group_id, group_access.token(group_id), member, "all")
    except ApplicationError:
        abort(404, description=_("This group has no such player."))
    return render_template("group_forget.html", group=record, player=stats_)


@bp.post("/g/<group_id>/p/<member>/forget")
def forget(group_id, member):
    """Forget a player: her name leaves the group, its tables and tournaments; her figures stay under a label."""
    group_access.admin(group_id)
    try:
        forgetting.forget_member(group_id, group_access.token(group_id), member)
    except ApplicationError:
        abort(404, description=_("This group has no such player."))
    return redirect(url_for("groups_web.player", group_id=group_id, member=member, forgotten=1), 303)


@bp.post("/g/<group_id>/name")
def rename_group(group_id):
    """Call the group by a new name (the admin's phone)."""
    group_access.admin(group_id)
    name = " ".join(request.form.get("name", "").split())
    try:
        group_service.rename_group(RenameGroup(group_id, group_access.token(group_id),
                                               names_in.name(name, "name", group_service.MAX_NAME)))
    except Malformed as refused:
        if refused.key == BIDI_IN:
            abort(400, description=messages.problem_detail(backend.problem_of(refused)))
        abort(400, description=_("Name the group (1 to 80 characters)."))
    return redirect(url_for("groups_web.audit", group_id=group_id), 303)


@bp.get("/g/<group_id>/audit")
def audit(group_id):
    """The admin's page: who did what to the group, newest first, and the links to share or keep."""
    record = group_access.admin(group_id)
    token = group_access.token(group_id)
    listed = audit_view.actions(group_id, token)["actions"]
    return render_template("group_audit.html", group=record, actions=audit_words.rows(listed, audit_view.places(group_id)),
                           link=external_url("groups_web.enter", group_id=group_id,
                                             token=group_service.sharing(record, token or "")["members_token"]))


@bp.get("/g/<group_id>/export.csv")
def export(group_id):
    """Download the group's deals as CSV, or as the reader's Excel reads it (api/web/csv_download.py)."""
    group_access.opened(group_id)
    token = group_access.token(group_id)
    return csv_download.download("group", group_id, lambda bom, lay: group_csv.group_csv(group_id, token, bom, lay))


def day(value) -> str:
    """A date as the reader's language writes it: `1 Dec 2026`, `1 déc. 2026` (UTC)."""
    from datetime import datetime

    from flask_babel import format_date

    at = value if isinstance(value, datetime) else datetime.fromisoformat(str(value).replace("Z", "+00:00"))
    return format_date(at.astimezone(UTC).date(), "medium")


def init_app(app) -> None:
    app.register_blueprint(bp)
    app.jinja_env.filters["day"] = day
    app.jinja_env.globals["my_groups"] = group_access.my_groups
