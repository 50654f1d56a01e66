"""The browser tests' live server app, for tests that drive its clock (`CLOCK`) or read its texts.

Its own module: the conftest may be imported under two names, this one is imported once.
"""

LIVE: dict = {}
