"""Player names: what a name may hold, and when two spellings are one player.

Names are compared after NFC normalisation, case folding, collapsing spaces and
removing zero-width characters, so ``Al\\u200bex`` and ``Alex``, or NFC and NFD
``Aléx``, are the same player. Hyphens are kept (``Anne-Marie`` is not ``Anne Marie``).
Control characters (newline and tab included) and bidirectional controls are refused:
a name is printed in tables and one-line messages, where they could forge lines.
"""

from __future__ import annotations

import re
import unicodedata

_ZERO_WIDTH = re.compile("[\u200b\u200c\u200d\u2060\ufeff\u00ad]")
_BIDI = re.compile("[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]")
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")


def name_key(name: str) -> str:
    """The spelling-free key two names are compared by."""
    text = _ZERO_WIDTH.sub("", unicodedata.normalize("NFC", name))
    return " ".join(text.casefold().split())


def name_problem(name: str) -> str | None:
    """Why ``name`` cannot be a player's name, or ``None`` when it can."""
    bad = _CONTROL.search(name)
    if bad:
        char = bad.group()
        what = {"\n": "a line break", "\t": "a tab", "\r": "a carriage return"}.get(char)
        return f"contains {what or f'the control character U+{ord(char):04X}'}; a name is one line of text"
    bad = _BIDI.search(name)
    if bad:
        return (f"contains the bidirectional control U+{ord(bad.group()):04X}, which would reorder "
                "the text around it; type the name without it")
    if not name_key(name):
        return "is empty once invisible (zero-width) characters are removed"
    return None
