# Mini Mao: `make run` serves the site, `make test` runs ruff, mypy and pytest.
# Both build .venv on first use (with a Python >= 3.12 found by scripts/find-python)
# and reinstall only when pyproject.toml changes.

HOST ?= 127.0.0.1
PORT ?= 8000
# `make run` defaults to DEBUG on so that a fresh checkout works without configuration
# (dev secret key, localhost hosts); `make run DEBUG=0 SECRET_KEY=...` runs it like production.
DEBUG ?= 1

VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: run test lint clean

$(STAMP): pyproject.toml
	@# (Re)create the venv unless it holds a working Python >= 3.12 (an interpreter removed
	@# from pyenv, or an old venv from Python 3.11, would otherwise break the install).
	@$(PY) -c 'import sys; sys.exit(sys.version_info < (3, 12))' 2>/dev/null || { \
		python=$$(scripts/find-python) || exit 1; \
		echo "Creating $(VENV) with $$python"; \
		rm -rf $(VENV) && "$$python" -m venv $(VENV); \
	}
	@echo "Installing Mini Mao and its tools into $(VENV)..."
	@$(PY) -m pip install -qq -e '.[dev,scale]'
	@touch $@

run: $(STAMP)
	DEBUG=$(DEBUG) $(PY) manage.py migrate --no-input
	DEBUG=$(DEBUG) $(PY) -m daphne -b $(HOST) -p $(PORT) maosite.asgi:application

test: lint
	$(PY) -m mypy
	$(PY) -m pytest

lint: $(STAMP)
	$(PY) -m ruff check .

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache .hypothesis staticfiles build *.egg-info
	find . -name __pycache__ -type d -prune -exec rm -rf {} +
