"""A setting players rarely change (``Ask.rarely``: Caracas' readings) told in the players' words:
what it holds now, and each of its fields with what may be typed for it. Every screen that shows
the setting reads these (never its fields' file names); the questions carry them
(``Question.told``, ``Question.readings``)."""

from __future__ import annotations

import re
from typing import Any

from ..errors import Path
from ..spec import MISSING, Spec, record_of
from ..spec.interview import Interview, key_of
from .answers import one_line

NONE_CHANGED = "as the rulebook reads"
"""A setting rarely changed with none of its fields changed, in words."""


def told(interview: Interview, path: Path, spec: Spec, value: Any) -> str:
    """A setting rarely changed in the players' words: each field that differs from its default
    as its question and its choice's words (``The tiles around a Snake: only the 4 at its
    sides``), or ``NONE_CHANGED``."""
    record = record_of(spec)
    if record is None:
        return ""
    held = value if isinstance(value, dict) else {}
    found = []
    for name, spec_field in record.fields.items():
        if name not in held or held[name] == spec_field.default:
            continue
        ask = interview.ask(key_of((*path, name)))
        text = one_line(spec_field.spec, held[name])
        found.append(f"{ask.said or spec_field.doc}: {ask.choices.get(text, text)}")
    return "; ".join(found) or NONE_CHANGED


def readings(interview: Interview, path: Path, spec: Spec, value: Any) -> tuple[str, ...]:
    """Each field of a setting rarely changed, in order, in the players' words with what may be
    typed for it and what it holds now: the help of its one-line answer (values in this order)."""
    record = record_of(spec)
    if record is None:
        return ()
    held = value if isinstance(value, dict) else {}
    lines = []
    for name, spec_field in record.fields.items():
        ask = interview.ask(key_of((*path, name)))
        now = held.get(name, spec_field.default)
        text = "" if now is MISSING else one_line(spec_field.spec, now)
        offered = (", or ".join(f"'{word}' {words}" for word, words in ask.choices.items())
                   if ask.choices else "a number")
        lines.append(f"{ask.said or spec_field.doc}: {offered} (now {text})")
    return tuple(lines)


def refusal(interview: Interview, path: Path, spec: Spec, message: str) -> str:
    """A refused answer to a setting rarely changed, in the players' words: each field named by
    its reading (``A Caiman in a river basin tied for the most tiles: unknown reading 'x'``), an
    unknown name told to type the values in order, never the fields' file names."""
    record = record_of(spec)
    if record is None:
        return message
    if "unknown key" in message:
        return "not one of its readings: type their values in the order '?' lists them"
    for name, spec_field in record.fields.items():
        said = interview.ask(key_of((*path, name))).said or spec_field.doc
        for written in (name, name.replace("_", " ")):
            message = re.sub(rf"(?<![\w']){re.escape(written)}(?![\w'])", said, message)
    return message


def worded(interview: Interview, path: Path, spec: Spec, value: Any) -> str:
    """A record answered whose fields the game words (``Ask.choices``: Caribe's solo mode), as the
    players say it: ``You vs Percy, normal`` for ``percy normal``; empty for any other."""
    record = record_of(spec)
    if record is None or not isinstance(value, dict):
        return ""
    asks = {name: interview.ask(key_of((*path, name))) for name in record.fields}
    if not any(ask.choices for ask in asks.values()):
        return ""
    words = []
    for name, spec_field in record.fields.items():
        if name in value:
            text = one_line(spec_field.spec, value[name])
            words.append(asks[name].choices.get(text, text))
    return ", ".join(words)
