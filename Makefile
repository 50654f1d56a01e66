# Two commands a new user needs: `make run` and `make test`. Each sets itself up. A developer's every-minute
# check is `make test-fast`.
PYTHON ?= python3.11
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: run serve test test-fast lint bench fuzz migrate clean screenshots babel-extract babel-update babel-compile

$(PY):
	@command -v $(PYTHON) >/dev/null 2>&1 || { echo "Python 3.11 is needed (set PYTHON=...)"; exit 1; }
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

$(STAMP): pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -e '.[test]'
	touch $(STAMP)

migrate: $(STAMP)
	$(VENV)/bin/flask --app api db upgrade

PORT ?= 8000
# The Procfile's server (gunicorn, its worker class and settings), so that a family's laptop serves as production
# does. `make run` listens on all interfaces, so that the other phones on the Wi-Fi reach it, and prints the
# address they open; `make serve` listens on this machine only. No control socket (gunicornc): its default path
# is one per user, so two servers on one machine removed each other's, and nothing here uses it.
GUNICORN := $(VENV)/bin/gunicorn --workers $${WEB_CONCURRENCY:-2} --worker-class api.shell.worker.Worker --worker-connections 8000 --backlog 4096 --keep-alive 5 --no-control-socket
run: migrate
	@$(PY) -m api.web.address $(PORT)
	$(GUNICORN) --bind 0.0.0.0:$(PORT) 'api:create_app()'

serve: migrate
	$(GUNICORN) --bind 127.0.0.1:$${PORT:-8000} 'api:create_app()'

# Schemathesis lives in a venv of its own (its pins are its own): the fuzz test of make test, make fuzz by hand.
FUZZ := .venv-fuzz/.installed
$(FUZZ):
	$(PYTHON) -m venv .venv-fuzz
	.venv-fuzz/bin/pip install --quiet schemathesis
	touch $(FUZZ)

# axe-core for the browser tests, pinned by package-lock.json: installed when npm is there; without npm (or
# Chromium) the browser tests are skipped and say how to enable them.
AXE := node_modules/axe-core/axe.min.js
$(AXE): package-lock.json
	@if command -v npm >/dev/null 2>&1; then npm ci --no-audit --no-fund --silent && touch $(AXE); \
	else echo "npm not found: the browser tests will be skipped (README, Tests)"; fi

# The whole suite, one pytest-xdist worker a core (TEST_WORKERS=0: in one process). Each worker has its own
# databases, live server and browser (tests/conftest.py); `--dist loadfile` keeps a file's tests on one worker,
# in their order, so that a module's fixture (a gunicorn, a group walked through) is made once.
TEST_WORKERS ?= auto
test: $(STAMP) $(FUZZ) $(AXE)
	$(PY) -m pytest -n $(TEST_WORKERS) --dist loadfile $(PYTEST_ARGS)

# The pure referee and the in-process app, in about a minute: no browser, no server process (the tests marked
# slow), no PostgreSQL (even when TEST_DATABASE_URL is set).
test-fast: $(STAMP)
	env -u TEST_DATABASE_URL -u ARBITRE_REQUIRE_BROWSER $(PY) -m pytest -n $(TEST_WORKERS) --dist loadfile \
		-p no:playwright --ignore=tests/browser --ignore=tests/gin/browser -m "not slow" -rfE $(PYTEST_ARGS)

# The README's screenshots (docs/screenshots), retaken by the browser tests; a plain `make test` keeps its own
# in instance/screenshots and leaves the work tree as it was.
screenshots: $(STAMP)
	ARBITRE_SCREENSHOTS=docs/screenshots ARBITRE_REQUIRE_BROWSER=1 $(PY) -m pytest -q tests/browser

fuzz: $(STAMP) $(FUZZ)
	$(PY) -m bench.fuzz

# ruff (pyproject.toml: F, E9, I, B, UP, C901), mypy on referee/ and events/, and no import circle.
lint: $(STAMP)
	$(VENV)/bin/ruff check referee events api bench tests
	$(VENV)/bin/mypy
	$(PY) -m pytest -q -p no:cacheprovider tests/test_layers.py

bench: $(STAMP)
	$(PY) -m bench

clean:
	rm -rf $(VENV) .venv-fuzz instance .pytest_cache .hypothesis

# French (Flask-Babel): extract the texts to translations/messages.pot, merge them into the .po, then,
# once every msgid has its French, compile the .mo the app serves (committed: see the README).
BABEL := $(VENV)/bin/pybabel
babel-extract: $(STAMP)
	$(BABEL) extract -F babel.cfg --no-location --sort-output --project Arbitre -o translations/messages.pot .

babel-update: babel-extract
	$(BABEL) update -i translations/messages.pot -d translations --no-wrap --ignore-obsolete
	@echo "Now translate every empty or fuzzy msgstr in translations/*/LC_MESSAGES/messages.po, then make babel-compile"

babel-compile: $(STAMP)
	$(BABEL) compile -d translations --statistics
