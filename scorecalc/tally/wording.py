"""What the terminal shows of a question: its prompt, its default in brackets, its help, its name.

Pure text from the model's questions (``questions.py``); the terminal presenter
(``session.py``) prints it. A question is named as the player sees it (``Anna's money``,
``tile 5 (Sea Lion) cubes``, ``A's exhibition 2``), never as an index path.
"""

from __future__ import annotations

import datetime
from typing import Any

from ..dates import written_minute
from ..errors import Path
from ..places import place_words
from ..spec import MISSING, Record, Spec, record_of
from ..spec.interview import Interview
from .answers import one_line
from .editing import defaults_of
from .questions import Question

HELP = ("'?' this help · '<' back one question · '=' every answer so far, to change one · empty: the "
        "default [in brackets], or skip\n"
        "  '-' skips an optional part that has a default · Ctrl-C stops: FILE keeps every answer, "
        "and the same command goes on later")


def default_text(question: Question, now: datetime.datetime, gated: bool = False) -> str:
    """What an empty answer means, as shown in brackets."""
    if gated:
        return "no"
    if question.rarely or (question.told and question.answered and not question.declined):
        return question.told
    if question.step is not None:
        return question.step.default
    if question.answered:
        if question.declined:
            return "skip"
        return one_line(question.spec, question.value) or "keep"
    if question.path == ("date",):
        return written_minute(now)
    words = question.kind.empty_answer_words(question)  # a list's next entry: ``done``
    if words is not None:
        return words
    if question.default is not MISSING:
        if isinstance(question.default, dict) and question.default and \
                all(value == 0 for value in question.default.values()):
            return "all 0"  # Caribe's leftover: not four pairs that fill a narrow terminal's line
        return one_line(question.spec, question.default) or "none"
    record = record_of(question.spec)
    if record is not None and all(f.default is not MISSING or not f.required for f in record.fields.values()):
        return one_line(question.spec, defaults_of(record)) or "skip"
    return "skip" if question.optional else ""


def help_text(question: Question, now: datetime.datetime, gated: bool) -> str:
    if question.rarely:
        return setting_help(question, gated)
    lines = [f"  {question.label}: {question.doc}" if question.doc else f"  {question.label}"]
    lines.append(f"  answer: {question.spec.answer_syntax()}")
    if question.step is not None and question.step.back:
        lines.append(f"  '<' here takes back {question.step.back}")
    if not gated:
        if question.words and not question.spec.choices():
            lines.append("  names: " + ", ".join(dict.fromkeys(question.words)) + " (Tab completes)")
        default = default_text(question, now)
        if default:
            lines.append(f"  Enter alone: {default}")
        elif question.optional:
            lines.append("  Enter alone: skip it (optional)")
    lines.append("  " + HELP)
    return "\n".join(lines)


def setting_help(question: Question, gated: bool) -> str:
    """The help of a setting rarely changed, in the players' words: each of its readings with
    what may be typed for it; its values typed in that order."""
    lines = [f"  {question.label}: {question.doc}" if question.doc else f"  {question.label}"]
    if gated:
        lines.insert(0, f"  {question.rarely} empty or 'n': {question.told}; 'y': see each and change "
                        "some; or type the values at once")
    lines.extend(f"    {number}. {reading}" for number, reading in enumerate(question.readings, start=1))
    example = " ".join(reading.rsplit("(now ", 1)[-1].rstrip(")") for reading in question.readings)
    lines.append(f"  answer: the values in this order, e.g. '{example}'; left out at the end: as now")
    lines.append(f"  Enter alone: {'no' if gated else question.told}")
    lines.append("  " + HELP)
    return "\n".join(lines)


def choice_line(spec: Spec) -> str:
    """A short fixed list shown under the question, numbered for picking."""
    words = spec.choices()
    if words and len(words) <= 8:
        return "  ".join(f"{i} {word}" for i, word in enumerate(words, start=1))
    return ""


def brief(question: Question, room: int = 40) -> str:
    """An answer in a few words, for the list that '=' shows."""
    if question.rarely or (question.told and not question.declined):
        return question.told if len(question.told) <= room else question.told[:room - 1] + "…"
    if question.declined:
        return "skipped"
    if question.step is not None:
        value = question.step.value
        if isinstance(value, str):
            rows = [line for line in value.splitlines() if line.split("#", 1)[0].strip()]
            return f"{len(rows)} row{'s' if len(rows) != 1 else ''}"
        if isinstance(value, dict):
            return " ".join(f"{key.replace('_', ' ')} {number}" for key, number in value.items())
        return "given"
    text = one_line(question.spec, question.value) if question.value is not MISSING else ""
    if question.spec.answer_words():  # names from a fixed list as a player says them: sea lion
        text = text.replace("_", " ")
    return text if len(text) <= room else text[:room - 1] + "…"


def seen_as(path: Path, data: dict[str, Any], interview: Interview, declaration: Record) -> str:
    """A place in the table as the player sees its question (``Anna's money``, ``tile 5 (Sea
    Lion) cubes``, ``Alex's tile ▢2``): the one wording, ``scorecalc.places.place_words``."""
    return place_words(path, data, interview)
