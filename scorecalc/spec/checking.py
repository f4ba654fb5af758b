"""Collect-all validation: one pass over a document that reports every problem and goes on.

A spec's ``check`` raises ``InputError`` for a bad value; the container holding it
reports the error to the pass's ``Context`` (``spec/context.py``) and checks the rest, so a file's problems
all show in one run. Past ``MAX_PROBLEMS`` they are only counted; a ``Stop`` (a budget
against hostile files exceeded) ends the pass at once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import yaml

from ..errors import InputError, Path, Positions
from ..reading.loading import scalar_value
from .base import MISSING
from .context import Context, Stop

if TYPE_CHECKING:
    from .base import Spec
    from .record import Record


def check_alone(spec: Spec, node: yaml.Node, path: Path,
                positions: Positions | None = None) -> tuple[Any, list[InputError]]:
    """``spec``'s value of ``node`` checked on its own, and its problems (located): the value is
    ``MISSING`` when there is any. ``positions`` collects where values were written."""
    ctx = Context()
    if positions is not None:
        ctx.positions = positions
    try:
        value = spec.check(node, path, ctx)
    except Stop as error:
        return MISSING, [*ctx.problems, ctx.positions.locate(error)]
    except InputError as error:
        ctx.report(error)
        value = MISSING
    return (MISSING, ctx.problems) if ctx.count else (value, [])


def salvage(record: Record, node: yaml.Node, positions: Positions) -> tuple[dict[str, Any], list[Path]]:
    """The parts of a document that are valid on their own, for a game's checks after the
    declaration found problems elsewhere (so a file's problems of both kinds show in one run),
    and the paths of the parts left out.

    Each top-level key is kept when its value checks without a problem; a top-level list
    (``players``, ``board``) is kept item by item, a bad item becoming ``None`` so indexes
    still match the file. A bad value elsewhere leaves its key out (defaults are filled in).
    """
    result: dict[str, Any] = {}
    dropped: list[Path] = []
    if not isinstance(node, yaml.MappingNode):
        return result, [()]
    for key, value in node.value:
        name = scalar_value(key) if isinstance(key, yaml.ScalarNode) else None
        spec_field = record.fields.get(name) if isinstance(name, str) else None
        if spec_field is None or not isinstance(name, str) or name in result:
            continue
        spec = spec_field.spec
        bounds, item = spec.list_bounds(), spec.item_spec()
        if bounds is not None and item is not None and isinstance(value, yaml.SequenceNode) \
                and len(value.value) <= bounds[1]:
            items = [check_alone(item, child, (name, i), positions)[0] for i, child in enumerate(value.value)]
            result[name] = [None if entry is MISSING else entry for entry in items]
            dropped.extend((name, i) for i, entry in enumerate(items) if entry is MISSING)
            continue
        checked, _ = check_alone(spec, value, (name,), positions)
        if checked is not MISSING:
            result[name] = checked
        else:
            dropped.append((name,))
    for name, spec_field in record.fields.items():
        if name not in result and spec_field.default is not MISSING:
            result[name] = spec_field.fresh_default()
    return result, dropped
