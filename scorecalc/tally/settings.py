"""A setting players rarely change (Caracas' readings, ``Ask.rarely``), field by field: what
phones offer in place of its one-line answer (SPEC section 8, "A phone in a player's hand": each
house rule a choice in words). The terminal asks the setting whole (``house rules?``); a phone's
choice of one field becomes that one-line answer here, and the model applies it as any other
(``Tally.apply_part``): one check, one wording.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..errors import Path
from ..spec import MISSING, Spec, record_of
from ..spec.interview import Interview, key_of
from .answers import check, one_line

if TYPE_CHECKING:
    from .questions import Question

NONE_CHANGED = "as the rulebook reads"
"""A setting rarely changed with none of its fields changed, in words."""


@dataclass(frozen=True)
class Part:
    """One field of a setting rarely changed, as phones offer it."""

    name: str
    label: str
    """The question in the players' words (``The tiles around a Snake``): ``Ask.said``."""
    value: str
    """Its answer now, in the one-line form (the default where none was given)."""
    choices: tuple[tuple[str, str], ...]
    """Each answer with its words (``("4", "only the 4 at its sides")``): ``Ask.choices``;
    empty: typed."""


def parts(interview: Interview, question: Question) -> list[Part]:
    """The fields of ``question`` when it is a setting rarely changed; empty otherwise."""
    record = record_of(question.spec)
    if not question.rarely or record is None:
        return []
    held = question.value if isinstance(question.value, dict) else {}
    found = []
    for name, spec_field in record.fields.items():
        ask = interview.ask(key_of((*question.path, name)))
        value = held.get(name, spec_field.default)
        text = "" if value is MISSING else one_line(spec_field.spec, value)
        found.append(Part(name, ask.said or spec_field.doc, text, tuple(ask.choices.items())))
    return found


def whole(interview: Interview, question: Question, name: str, text: str) -> str:
    """The setting's one-line answer with ``text`` at its field ``name`` (checked as that field
    first, so a refusal names it), its other fields as they are."""
    record = record_of(question.spec)
    assert record is not None and name in record.fields
    value = check(record.fields[name].spec, text, (*question.path, name))
    answers = {part.name: part.value for part in parts(interview, question) if part.value}
    answers[name] = one_line(record.fields[name].spec, value)
    return ", ".join(f"{key} {answer}" for key, answer in answers.items())


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
