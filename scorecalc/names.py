"""Player names: what a name may hold, and when two spellings are one player.

Names are compared after NFC normalisation, case folding, collapsing spaces and
removing zero-width characters, so ``Al\\u200bex`` and ``Alex``, or NFC and NFD
``Aléx``, are the same player. Hyphens are kept (``Anne-Marie`` is not ``Anne Marie``).
Control characters (newline and tab included), line and paragraph separators (U+0085,
U+2028, U+2029) and bidirectional controls are refused:
a name is printed in tables and one-line messages, where they could forge lines.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator, Mapping

from .errors import quoted

_ZERO_WIDTH = dict.fromkeys(map(ord, "\u200b\u200c\u200d\u2060\ufeff\u00ad"))
"""Characters a name key drops (``str.translate`` table: no pattern compiled at every start)."""
_CONTROL = frozenset(map(chr, [*range(0x20), *range(0x7F, 0xA0)]))
_BIDI = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c")


def _first_of(name: str, chars: frozenset[str]) -> str | None:
    """The first character of ``name`` that is one of ``chars`` (set operations: C speed on long names)."""
    found = chars.intersection(name)
    return min(found, key=name.index) if found else None


def visible(text: str) -> str:
    """``text`` without its zero-width characters."""
    return text.translate(_ZERO_WIDTH)


def name_key(name: str) -> str:
    """The spelling-free key two names are compared by."""
    text = visible(unicodedata.normalize("NFC", name))
    return " ".join(text.casefold().split())


_SEPARATORS = {"\x85": "a next-line character (U+0085)", "\u2028": "a line separator (U+2028)",
               "\u2029": "a paragraph separator (U+2029)"}
"""Characters that end a line for Unicode (and for YAML), though they are not control characters."""


def name_problem(name: str) -> str | None:
    """Why ``name`` cannot be a player's name, or ``None`` when it can."""
    separator = _first_of(name, frozenset(_SEPARATORS))
    if separator is not None:
        return f"contains {_SEPARATORS[separator]}; a name is one line of text"
    char = _first_of(name, _CONTROL)
    if char is not None:
        what = {"\n": "a line break", "\t": "a tab", "\r": "a carriage return"}.get(char)
        return f"contains {what or f'the control character U+{ord(char):04X}'}; a name is one line of text"
    bidi = _first_of(name, _BIDI)
    if bidi is not None:
        return (f"contains the bidirectional control U+{ord(bidi):04X}, which would reorder "
                "the text around it; type the name without it")
    if not name_key(name):
        return "is empty once invisible (zero-width) characters are removed"
    return None


def same_names(names: Mapping[int, str]) -> Iterator[tuple[int, int]]:
    """The one rule that players' names must differ, for a file and for tally alike: each
    ``(player, earlier)`` where ``player``'s name is ``earlier``'s (the first player so called),
    compared as names are (``name_key``); a name empty once made a key is nobody's. ``names``:
    each player's name by her index, in the table's order."""
    first: dict[str, int] = {}
    for index, name in names.items():
        key = name_key(name)
        if not key:
            continue
        if key in first:
            yield index, first[key]
        else:
            first[key] = index


def same_name_message(other: int, name: str) -> str:
    """What is said when a name is another player's: that player (by her index) and her name."""
    return f"player {other + 1} is already called {quoted(name)}; names must differ"
