"""Rulebook analyses cached by what they read, so each rulebook is analysed once per process.

A rulebook is compiled afresh in many places (the game's, the builder's check of a rule
against every rule in force, a preview's), each a new object: a cache keyed by the object
analyses the same rules again for each. :func:`by_content` keys an analysis by the
rulebook's :class:`Content` instead: each rule's spec and author and the settings, never a
jargon name or an id, which no analysis reads. The cache is bounded (least recently used
first out) and holds only what the analysis returns for those rules: whoever asks about the
same rules gets what they would have computed.
"""

from __future__ import annotations

import inspect
import threading
import weakref
from collections.abc import Callable, Hashable
from functools import lru_cache
from typing import Concatenate

from rules.context import Settings
from rules.evaluation import Rulebook
from rules.spec import RuleSpec


class Content:
    """A rulebook's canonical content: ``(spec, author)`` per rule in order, and the
    settings. Hashed once (a spec's hash walks its whole tree)."""

    __slots__ = ("_hash", "rules", "settings")

    def __init__(self, rules: tuple[tuple[RuleSpec, int | None], ...],
                 settings: Settings) -> None:
        self.rules = rules
        self.settings = settings
        self._hash = hash((rules, settings))

    def __eq__(self, other: object) -> bool:
        return self is other or (isinstance(other, Content) and self._hash == other._hash
                                 and self.rules == other.rules
                                 and self.settings == other.settings)

    def __hash__(self) -> int:
        return self._hash


_contents: weakref.WeakKeyDictionary[Rulebook, Content] = weakref.WeakKeyDictionary()
_lock = threading.Lock()


def content_of(rulebook: Rulebook) -> Content:
    """``rulebook``'s :class:`Content`, worked out once per rulebook object (the engine asks
    for its game's after every action)."""
    with _lock:
        found = _contents.get(rulebook)
    if found is None:
        found = Content(tuple((r.spec, r.author) for r in rulebook.rules), rulebook.settings)
        with _lock:
            _contents[rulebook] = found
    return found


class _Keyed:
    """A rulebook as a cache key: equal to any rulebook of the same content."""

    __slots__ = ("content", "rulebook")

    def __init__(self, rulebook: Rulebook) -> None:
        self.rulebook = rulebook
        self.content = content_of(rulebook)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Keyed) and self.content == other.content

    def __hash__(self) -> int:
        return hash(self.content)


class ByContent[**P, T]:
    """An analysis of a rulebook (its first argument; the others hashable), cached by the
    rulebook's content and its other arguments however they are passed (positionally or
    by name, or left to their defaults). ``uncached`` is the analysis itself."""

    def __init__(self, analysis: Callable[Concatenate[Rulebook, P], T], maxsize: int) -> None:
        self.uncached = analysis
        self._analysis: Callable[..., T] = analysis
        self._signature = inspect.signature(analysis)
        cached = lru_cache(maxsize=maxsize)(self._run)
        self._clear = cached.cache_clear
        self._cached: Callable[..., T] = cached

    def _run(self, keyed: _Keyed, args: tuple[Hashable, ...],
             kwargs: tuple[tuple[str, Hashable], ...]) -> T:
        return self._analysis(keyed.rulebook, *args, **dict(kwargs))

    def __call__(self, rulebook: Rulebook, /, *args: P.args, **kwargs: P.kwargs) -> T:
        bound = self._signature.bind(rulebook, *args, **kwargs)
        bound.apply_defaults()
        return self._cached(_Keyed(rulebook), bound.args[1:], tuple(sorted(bound.kwargs.items())))

    def cache_clear(self) -> None:
        """Forget every cached result (for benchmarks and tests)."""
        self._clear()


def by_content[**P, T](maxsize: int) -> Callable[[Callable[Concatenate[Rulebook, P], T]],
                                         ByContent[P, T]]:
    """Cache an analysis ``f(rulebook, ...)`` by the rulebook's content, ``maxsize`` results
    at most (see the module doc)."""

    def decorate(analysis: Callable[Concatenate[Rulebook, P], T]) -> ByContent[P, T]:
        return ByContent(analysis, maxsize)

    return decorate
