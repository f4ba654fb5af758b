"""Words a player types: one spelling for a name written many ways, and the nearest known word."""

from __future__ import annotations

import re

MAX_WORD = 100
"""Longer words get no "did you mean": no name of any game comes near."""


_SEPARATORS = re.compile(r"[\s\-]+")


def normalise_word(text: str) -> str:
    """``Howler Monkey`` / ``howler-monkey`` -> ``howler_monkey``."""
    return _SEPARATORS.sub("_", text.strip().lower())


def did_you_mean(word: str, choices: list[str]) -> str | None:
    """``did you mean 'jaguar'?`` when a choice is close to ``word``, else ``None``."""
    close = closest(word, choices)
    return f"did you mean {close!r}?" if close else None


def closest(word: str, choices: list[str]) -> str | None:
    """The choice nearest to ``word``, if any is near enough."""
    if len(word) > MAX_WORD:  # no name is that long, and comparing it would only cost time
        return None
    import difflib  # only when a word is unknown

    close = difflib.get_close_matches(word, choices, n=1, cutoff=0.6)
    return close[0] if close else None
