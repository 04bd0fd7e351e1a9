"""Shared pytest configuration for Mini Mao's tests.

The environment the settings need (DEBUG=1, hence the dev-only SECRET_KEY) is set by
pytest-env from ``[tool.pytest.ini_options] env`` in pyproject.toml, not here: pytest-django
imports ``maosite.settings`` while pytest starts, before it loads any conftest.py, so an
``os.environ`` assignment in this file would come too late.
"""
