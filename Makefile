# Mini Mao: `make run` serves the site, `make test` runs ruff, mypy and pytest.
# Both build .venv on first use (with a Python >= 3.12 found by scripts/find-python)
# and reinstall only when pyproject.toml changes.
# `make test-postgres` and `make test-scale` test the scale-out mode (docs/deployment.md, docs/testing.md);
# `make test-thorough` runs pytest with many more Hypothesis examples.

HOST ?= 127.0.0.1
PORT ?= 8000
# `make run` defaults to DEBUG on so that a fresh checkout works without configuration
# (dev secret key, localhost hosts); `make run DEBUG=0 MAO_HTTPS=0 ALLOWED_HOSTS=127.0.0.1
# SECRET_KEY=...` runs it like production over plain HTTP (behind an HTTPS proxy, leave
# MAO_HTTPS on).
DEBUG ?= 1

VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
# The axe-core the browser tests inject (package.json, exactly pinned).
NODE_STAMP := node_modules/.installed

# The scale-out services for `make test-postgres` (docs/testing.md). pytest-django creates
# and drops its own database on that server (test_minimao_<run>; the base need not exist).
PG_SERVER ?= postgres://postgres@127.0.0.1:5432
PG_REDIS ?= redis://127.0.0.1:6379/0
# pytest's workers (pytest-xdist): one a core and one more by default, since the browser
# tests spend much of their time waiting on pages (docs/performance.md, "The test suite");
# `make test PYTEST_WORKERS=0` runs the suite in one process. The slowest modules and the
# browser modules go first (tests/conftest.py).
PYTEST_WORKERS ?= $(shell echo $$(( $$(nproc) + 1 )))
PYTEST_PARALLEL := -n $(PYTEST_WORKERS) --dist loadscope
# `make test` ends with the ten slowest tests: where the suite's time goes, at every run.
PYTEST_SLOWEST := --durations=10 --durations-min=5
# pytest writes the project's bytecode (in the git-ignored __pycache__ folders) even where
# the shell sets PYTHONDONTWRITEBYTECODE: otherwise each worker, and each server and
# process the tests start, compiles the modules it imports again (docs/performance.md).
WRITE_BYTECODE := env -u PYTHONDONTWRITEBYTECODE

.PHONY: run test test-thorough test-postgres test-scale lint clean

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

$(NODE_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund
	@touch $@

run: $(STAMP)
	DEBUG=$(DEBUG) $(PY) manage.py migrate --no-input
	@# With DEBUG off the app serves its static files itself (whitenoise), from STATIC_ROOT.
	@if [ "$(DEBUG)" = 0 ]; then DEBUG=0 $(PY) manage.py collectstatic --no-input -v 0; fi
	DEBUG=$(DEBUG) $(PY) -m daphne --websocket-max-message-size 65536 -b $(HOST) -p $(PORT) maosite.asgi:application

# Under CI (CI=true, or MAO_REQUIRE_SERVICES=1 as .ci/run sets) the database-bound suites run
# a second time, on PostgreSQL and Redis.
test: lint $(NODE_STAMP)
	@# mypy's Django plugin loads the settings: offline ones (no secret, no database file).
	MAO_OFFLINE=1 $(PY) -m mypy
	$(WRITE_BYTECODE) $(PY) -m pytest $(PYTEST_PARALLEL) $(PYTEST_SLOWEST)
	@if [ "$${CI:-}" = true ] || [ "$${MAO_REQUIRE_SERVICES:-}" = 1 ]; then \
		$(MAKE) --no-print-directory test-postgres; \
	fi

# pytest alone, with Hypothesis's thorough profile: many more examples a property (slower).
test-thorough: $(STAMP) $(NODE_STAMP)
	HYPOTHESIS_PROFILE=thorough $(WRITE_BYTECODE) $(PY) -m pytest $(PYTEST_PARALLEL)

# Every test that uses the database (marked db_bound by tests/conftest.py) on PostgreSQL, the
# channel layer on Redis. The run id (the shell's pid, fixed width) names the test database
# and the Redis key prefix, so runs never collide; each worker adds its own name to both.
test-postgres: $(STAMP)
	@run=$$(printf '%07d' $$$$); \
	echo "pytest -m db_bound on PostgreSQL (test_minimao_$$run) and Redis"; \
	DATABASE_URL=$(PG_SERVER)/minimao_$$run REDIS_URL=$(PG_REDIS) \
		REDIS_PREFIX=minimao-test-$$run \
		$(WRITE_BYTECODE) $(PY) -m pytest $(PYTEST_PARALLEL) -p tests.scale.postgres_plugin -m db_bound tests

# The scale-out tests alone (two daphne processes, row locks, races), required to run.
test-scale: $(STAMP)
	MAO_REQUIRE_SERVICES=1 $(WRITE_BYTECODE) $(PY) -m pytest tests/scale

lint: $(STAMP)
	$(PY) -m ruff check .
	@# The architecture contracts in pyproject.toml (also held by tests/test_architecture.py).
	$(VENV)/bin/lint-imports --no-cache
	@# Dead code: [tool.vulture] in pyproject.toml, template-only names in vulture_whitelist.py.
	$(PY) -m vulture

clean:
	rm -rf $(VENV) node_modules .mypy_cache .ruff_cache .pytest_cache .hypothesis staticfiles build *.egg-info
	find . -name __pycache__ -type d -prune -exec rm -rf {} +
