"""A setting players rarely change (Caracas' readings, ``Ask.rarely``), field by field: what
phones offer in place of its one-line answer (SPEC section 8, "A phone in a player's hand": each
house rule a choice in words). The terminal asks the setting whole (``house rules?``); a phone's
choice of one field becomes that one-line answer here, and the model applies it as any other
(``Tally.apply_setting``): one check, one wording. FILE holds only what differs from the
defaults (``as_chosen``); the setting in words is ``told.py``'s.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from ..spec import MISSING, Record, record_of
from ..spec.interview import Interview, key_of
from .answers import check, one_line
from .draft import Draft

if TYPE_CHECKING:
    from .questions import Question


@dataclass(frozen=True)
class SettingField:
    """One field of a setting rarely changed, as phones offer it."""

    name: str
    label: str
    """The question in the players' words (``The tiles around a Snake``): ``Ask.said``."""
    value: str
    """Its answer now, in the one-line form (the default where none was given)."""
    choices: tuple[tuple[str, str], ...]
    """Each answer with its words (``("4", "only the 4 at its sides")``): ``Ask.choices``;
    empty: typed."""


def setting_fields(interview: Interview, question: Question) -> list[SettingField]:
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
        found.append(SettingField(name, ask.said or spec_field.doc, text, tuple(ask.choices.items())))
    return found


def whole(interview: Interview, question: Question, name: str, text: str) -> str:
    """The setting's one-line answer with ``text`` at its field ``name`` (checked as that field
    first, so a refusal names it), its other fields as they are."""
    record = record_of(question.spec)
    assert record is not None and name in record.fields
    value = check(record.fields[name].spec, text, (*question.path, name))
    answers = {part.name: part.value for part in setting_fields(interview, question) if part.value}
    answers[name] = one_line(record.fields[name].spec, value)
    return ", ".join(f"{key} {answer}" for key, answer in answers.items())


def as_chosen(declaration: Record, interview: Interview, state: Draft) -> Draft:
    """``state`` with each setting rarely changed (``Ask.rarely``: Caracas' readings) holding only
    what differs from its defaults, none at all (declined) when nothing does: FILE holds what was
    chosen, not a block of defaults (a FILE read back has them filled in)."""
    data, declined = state.data, set(state.progress.declined)
    for name, spec_field in declaration.fields.items():
        held = data.get(name)
        record = record_of(spec_field.spec)
        if not interview.ask(name).rarely or not isinstance(held, dict) or record is None:
            continue
        kept = {key: value for key, value in held.items()
                if key not in record.fields or value != record.fields[key].default}
        if kept == held:
            continue
        data = {key: value for key, value in data.items() if key != name}
        if kept:
            data[name] = kept
        else:
            declined.add((name,))
    if data is state.data:
        return state
    return Draft(data, replace(state.progress, declined=frozenset(declined)))
