# Two commands a new user needs: `make run` and `make test`. Each sets itself up.
PYTHON ?= python3.11
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: run test lint bench migrate clean

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
# All interfaces, so that the other phones on the Wi-Fi reach it; it prints the address they open.
run: migrate
	@$(PY) -m api.web.address $(PORT)
	$(VENV)/bin/flask --app api run --host 0.0.0.0 --port $(PORT)

test: $(STAMP)
	$(PY) -m pytest $(PYTEST_ARGS)

lint: $(STAMP)
	$(VENV)/bin/ruff check referee events api bench tests

bench: $(STAMP)
	$(PY) -m bench

clean:
	rm -rf $(VENV) instance .pytest_cache .hypothesis
