"""The pages' two CSV downloads of a group or a table: the plain file (the JSON API's, for scripts) and the
"CSV for Excel" in the reader's language (a byte-order mark; in French `;` between cells, since French Excel
keeps `,` for decimals, French headers and game names).

The file names differ, and follow the reader's language: `arbitre-group-<id>.csv` and
`arbitre-group-<id>-excel.csv`, `arbitre-groupe-<id>.csv` and `arbitre-groupe-<id>-excel.csv` in French.
"""

from __future__ import annotations

from collections.abc import Callable

from flask import Blueprint, Response, request

from api.application import group_csv
from api.application.group_csv import PLAIN, Layout
from api.web.words.i18n import FORGOTTEN, N_, current_lang
from api.web.words.i18n import gettext as _
from referee import games

HEADER = (N_("Table"), N_("Game"), N_("Date"), N_("Deal or round"), N_("Name"), N_("Points"))
KIND = {"group": N_("group"), "table": N_("table"), "tournament": N_("tournament")}  # the file name's word, in the reader's language
DELIMITER = {"fr": ";"}  # the languages whose spreadsheets split on another character than ","


def excel() -> bool:
    """The "CSV for Excel" link says `?excel=1` (`?bom=1`, the former link, still does)."""
    return request.args.get("excel") == "1" or request.args.get("bom") == "1"


def delimiter() -> str:
    """The separator a spreadsheet splits on in the reader's language (every "CSV for Excel" asks here)."""
    return DELIMITER.get(current_lang(), ",")


def layout() -> Layout:
    """Excel's layout in the reader's language."""
    return Layout(delimiter=delimiter(), header=tuple(_(h) for h in HEADER),
                  game_names=tuple((g.name, _(g.title)) for g in games.ALL))


def download(kind: str, ident: str, write: Callable[[bool, Layout], str]) -> Response:
    """`write(bom, layout)` gives the CSV's text; the answer names the file for this language and layout."""
    as_excel = excel()
    text = write(as_excel, layout() if as_excel else PLAIN)
    if as_excel and current_lang() != "en":  # a forgotten player's label in the reader's language, as the pages say it
        text = FORGOTTEN.sub(lambda m: _("Forgotten player %(number)s", number=m.group(1)), text)
    name = f"arbitre-{_(KIND[kind])}-{ident}{'-excel' if as_excel else ''}.csv"
    return Response(text, mimetype="text/csv", headers={"Content-Disposition": f'attachment; filename="{name}"'})


bp = Blueprint("csv_download", __name__)


@bp.get("/t/<table_id>/export.csv")
def table(table_id):
    """Download one table's deals (its id is its read capability, as for the JSON API's CSV)."""
    return download("table", table_id, lambda bom, lay: group_csv.table_csv(table_id, bom, lay))
