"""QR codes as inline SVG paths drawn from the code's matrix (no text of ours inside)."""

from __future__ import annotations

import qrcode
from markupsafe import Markup


def qr_svg(data: str, label: str) -> Markup:
    """Draw `data` as an SVG QR code; `label` names it for screen readers."""
    qr = qrcode.QRCode(border=2, error_correction=qrcode.constants.ERROR_CORRECT_M)
    qr.add_data(data)
    qr.make(fit=True)
    matrix = qr.get_matrix()
    size = len(matrix)
    path = "".join(f"M{x} {y}h{n}v1h-{n}z" for y, row in enumerate(matrix) for x, n in _runs(row))
    return Markup(
        '<svg class="qr" role="img" viewBox="0 0 {0} {0}" xmlns="http://www.w3.org/2000/svg" '
        'shape-rendering="crispEdges"><title>{1}</title><rect width="{0}" height="{0}" fill="#fff"/>'
        '<path d="{2}" fill="#000"/></svg>'
    ).format(size, label, Markup(path))


def _runs(row: list[bool]):
    """Yield (start, length) of each run of dark modules in a row, so the path stays short."""
    start = None
    for x, on in enumerate([*row, False]):
        if on and start is None:
            start = x
        elif not on and start is not None:
            yield start, x - start
            start = None
