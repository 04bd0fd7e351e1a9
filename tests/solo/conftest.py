"""Fixtures of the solo tests."""

from tests.solo.helpers import test_library

__all__ = ["test_library"]
