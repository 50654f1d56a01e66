"""Installable and offline: the service worker at /sw.js (its scope covers /t/...) and the web app manifest."""

from __future__ import annotations

from flask import Blueprint, current_app, send_from_directory

bp = Blueprint("offline", __name__)


@bp.get("/sw.js")
def service_worker():
    """Serve the service worker from the root, so that it may control every page."""
    response = send_from_directory(current_app.static_folder, "sw.js", mimetype="text/javascript", max_age=0)
    response.headers["Cache-Control"] = "no-cache"
    return response


@bp.get("/manifest.webmanifest")
def manifest():
    """Serve the web app manifest (name, icons, theme colour, start page)."""
    return send_from_directory(current_app.static_folder, "manifest.webmanifest",
                               mimetype="application/manifest+json", max_age=3600)
