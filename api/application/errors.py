"""The application's errors that are not about the rules: the shell answers each as a problem (api/shell/errors.py)."""

from __future__ import annotations


class ApiError(Exception):
    """An HTTP error that is not about the rules (401, 403, 404, 409, 400)."""

    def __init__(self, status: int, title: str, detail: str, **extra):
        super().__init__(detail)
        self.status, self.title, self.detail, self.extra = status, title, detail, extra
