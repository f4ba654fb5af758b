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
from ..spec import MISSING, Spec
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
        raise BadAnswer(describe(error, path)) from None
    except InputError as error:
        ctx.report(error)
        value = MISSING
    if ctx.problems:
        raise BadAnswer("; ".join(describe(problem, path) for problem in ctx.problems[:3]))
    return as_written(spec, value)


def describe(error: InputError, path: Path) -> str:
    """A problem as the player reads it: the part of the answer it is about, the message, the hint."""
    text = error.message
    if error.hint:
        text += f" ({error.hint})"
    inner = error.path[len(path):] if error.path[:len(path)] == path else ()
    if inner:  # the part of the answer as typed: its word (``tortoise``), else its place in it
        typed = " ".join(str(part) if isinstance(part, str) else f"entry {part + 1}" for part in inner)
        return f"{typed}: {text}"
    return text


def as_written(spec: Spec, value: Any) -> Any:
    """A checked value in the shape the YAML holds (a Caribe book's tagged value unwrapped)."""
    return value if value is MISSING else spec.written(value)


def one_line(spec: Spec, value: Any) -> str:
    """A value written back in the one-line form (the default shown when going back)."""
    return spec.answer_text(value)
