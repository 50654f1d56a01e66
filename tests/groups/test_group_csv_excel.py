"""The pages' two CSV downloads: the plain file, and "CSV for Excel" in the reader's language (issue 18 item 11).

A French Excel splits a line on `;` (its `,` is the decimal comma), so the French Excel download uses `;`,
French headers and a French file name; the two downloads of a group, or of a table, never share a name.
"""

from __future__ import annotations

import csv
import io
import re

FRENCH = {"Accept-Language": "fr"}


def _phone(app, sunday, headers=None):
    phone = app.test_client()
    phone.get(f"/g/{sunday.id}/k/{sunday.token}", headers=headers or {})
    return phone


def _file(answer) -> tuple[str, list[list[str]], str]:
    assert answer.status_code == 200, answer.get_data(as_text=True)
    name = re.search(r'filename="([^"]+)"', answer.headers["Content-Disposition"]).group(1)
    text = answer.get_data().decode("utf-8-sig")
    delimiter = ";" if text.splitlines()[0].count(";") == 5 else ","
    return name, list(csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)), delimiter


def test_the_french_csv_for_excel_splits_on_semicolons_with_french_headers_and_name(app, sunday):
    phone = _phone(app, sunday, FRENCH)
    page = phone.get(f"/g/{sunday.id}", headers=FRENCH).get_data(as_text=True)
    links = re.findall(r'href="(/g/[^"]+export\.csv[^"]*)"', page)
    assert len(links) == 2, links
    plain_name, plain, plain_sep = _file(phone.get(links[0].replace("&amp;", "&"), headers=FRENCH))
    excel_answer = phone.get(links[1].replace("&amp;", "&"), headers=FRENCH)
    excel_name, excel, excel_sep = _file(excel_answer)
    assert excel_answer.get_data().startswith(b"\xef\xbb\xbf")  # Excel reads "Chloé" as UTF-8
    assert excel_sep == ";" and excel[0] == ["Table", "Jeu", "Date", "Donne ou manche", "Nom", "Points"]
    assert excel_name == f"arbitre-groupe-{sunday.id}-excel.csv" and plain_name == f"arbitre-groupe-{sunday.id}.csv"
    assert plain_sep == "," and plain[0] == ["table", "game", "date", "deal", "player", "points"]  # for scripts
    assert len(excel) == len(plain) and {r[1] for r in excel[1:]} == {"Rami continental", "Rami"}
    assert [r[4:] for r in excel[1:]] == [r[4:] for r in plain[1:]]  # the same names and points


def test_the_english_downloads_have_two_names_and_excel_keeps_commas(app, sunday):
    phone = _phone(app, sunday)
    plain_name, plain, _ = _file(phone.get(f"/g/{sunday.id}/export.csv"))
    excel_name, excel, sep = _file(phone.get(f"/g/{sunday.id}/export.csv?excel=1"))
    assert plain_name != excel_name and excel_name == f"arbitre-group-{sunday.id}-excel.csv"
    assert sep == "," and excel[0] == ["Table", "Game", "Date", "Deal or round", "Name", "Points"]


def test_the_history_page_offers_the_tables_two_csv_downloads_in_french(app, sunday):
    c2 = sunday.tables["C2"]
    phone = app.test_client()
    page = phone.get(f"/t/{c2.id}/history", headers=FRENCH).get_data(as_text=True)
    links = [link.replace("&amp;", "&") for link in re.findall(r'href="([^"]+export\.csv[^"]*)"', page)]
    assert len(links) == 2 and "CSV pour Excel" in page, links
    (plain_name, plain, _), (excel_name, excel, sep) = (_file(phone.get(link, headers=FRENCH)) for link in links)
    assert plain_name == f"arbitre-table-{c2.id}.csv" and excel_name == f"arbitre-table-{c2.id}-excel.csv"
    assert sep == ";" and excel[0][4] == "Nom" and [r[4] for r in excel[1:5]] == ["Dan", "Chloé", "Ben", "ana"]
    assert plain[1][5] == "33" and excel[1][5] == "33"
    assert phone.get("/t/nope/export.csv").status_code == 404
