"""One-line answers, checked: text -> the field's spec's node -> the same ``check`` that checks files.

The spec reads the answer (``Spec.answer``: ``sea_lion 2, tortoise 1`` ->
``{sea_lion: 2, tortoise: 1}``; the forms are listed in ``spec/answer.py`` and
docs/tally.md); it is checked with a fresh ``Context``, and its first problems are the
message. A checked value is written back in the shape the YAML holds (``Spec.written``)
and shown again in the one-line form (``Spec.answer_text``).
"""

from __future__ import annotations

from typing import Any

from ..errors import InputError, Path
from ..spec import MISSING, Spec, record_of
from ..spec.answer import BadAnswer
from ..spec.context import Context, Stop

__all__ = ["BadAnswer", "as_written", "check", "describe", "one_line"]


def check(spec: Spec, text: str, path: Path) -> Any:
    """The checked value of an answer, as it is written to FILE; ``BadAnswer`` when refused."""
    node = spec.answer(text)
    ctx = Context()
    try:
        value = spec.check(node, path, ctx)
    except Stop as error:
        raise BadAnswer(describe(error, path, spec)) from None
    except InputError as error:
        ctx.report(error)
        value = MISSING
    if ctx.problems:
        raise BadAnswer("; ".join(describe(problem, path, spec) for problem in ctx.problems[:3]))
    return as_written(spec, value)


def describe(error: InputError, path: Path, spec: Spec | None = None) -> str:
    """A problem as the player reads it: the part of the answer it is about, the message, the hint."""
    text = error.message
    if error.hint:
        text += f" ({error.hint})"
    inner = error.path[len(path):] if error.path[:len(path)] == path else ()
    if inner:  # the part of the answer as typed: its word (``tortoise``), else its place in it
        return f"{part_words(inner, spec)}: {text}"
    return text


def part_words(inner: Path, spec: Spec | None) -> str:
    """A part of an answer as the player counts it: ``animal 2`` (the second animal typed), ``left
    half icon 3``; ``entry 2`` where the list does not say what it holds."""
    words = []
    for part in inner:
        if isinstance(part, int):
            spec = spec.item_spec() if spec is not None else None
            what = getattr(spec, "what", "") if spec is not None else ""
            words.append(f"{what if isinstance(what, str) and what else 'entry'} {part + 1}")
            continue
        words.append(part.replace("_", " "))
        spec = field_below(spec, part)
    return " ".join(words)


def field_below(spec: Spec | None, name: str) -> Spec | None:
    """The spec of the field ``name`` of the record ``spec`` follows, or of one of its forms (a
    Caribe book's pages); ``None`` when none has it."""
    for form in (spec, *spec.parts()) if spec is not None else ():
        record = record_of(form)
        if record is not None and name in record.fields:
            return record.fields[name].spec
    return None


def as_written(spec: Spec, value: Any) -> Any:
    """A checked value in the shape the YAML holds (a Caribe book's tagged value unwrapped)."""
    return value if value is MISSING else spec.written(value)


def one_line(spec: Spec, value: Any) -> str:
    """A value written back in the one-line form (the default shown when going back)."""
    return spec.answer_text(value)
