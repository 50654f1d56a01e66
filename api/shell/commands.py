"""`flask arbitre ...`: the commands a release or a cron runs. `purge` deletes the tables of no group untouched
for RETENTION_MONTHS months (12 unless configured; docs/PRIVACY.md)."""

from __future__ import annotations

import os

import click
from flask import Flask, current_app
from flask.cli import AppGroup

from api.application import retention

arbitre_cli = AppGroup("arbitre", help="Arbitre's upkeep.")


@arbitre_cli.command("purge")
@click.option("--months", type=click.IntRange(0, 1200), default=None,
              help="delete the tables of no group untouched for this many months (default RETENTION_MONTHS, 12)")
def purge_command(months: int | None):
    """Delete whole the tables that belong to no group and that nobody touched for a while."""
    if months is None:
        months = int(current_app.config.get("RETENTION_MONTHS") or os.environ.get("RETENTION_MONTHS")
                     or retention.DEFAULT_MONTHS)
    deleted = retention.purge(months)
    tables = "table" if deleted == 1 else "tables"
    click.echo(f"{deleted} {tables} untouched for {months} months deleted")


def init_app(app: Flask) -> None:
    app.cli.add_command(arbitre_cli)
