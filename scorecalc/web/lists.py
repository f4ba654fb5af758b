"""A list's entries on the phones: added at its end (its next entry's question), removed only
from its end (SPEC section 8, "Several phones at once"): the removable last entries offered in
their sections, and a removal checked against what the phone saw. Functions of the model and a
state; the removal itself (her name taken out where the table names her) is the model's
(``Tally.remove_last``)."""

from __future__ import annotations

import hashlib
import json
from typing import Any

from ..errors import Path, path_text
from ..tally.answers import BadAnswer
from ..tally.draft import Draft
from ..tally.model import Tally
from ..tally.questions import get
from .addresses import parse_place
from .reply import Refused, gone, stale
from .views import RemoveView, SectionView


def offer(model: Tally, state: Draft, sections: list[SectionView]) -> None:
    """Each list's removable last entry, offered in the section that holds its first question."""
    plan = model.plan(state)
    for entry in model.removable(state):
        first = next((q for q in plan if q.path[:len(entry)] == entry and q.kind.adds_to(q) is None),
                     None)
        if first is None:
            continue
        section = next((s for s in sections if s.title == first.section), None)
        if section is not None:
            section.removals.append(RemoveView(path_text(entry), entry_label(model, state, entry),
                                               entry_mark(get(state.data, entry))))


def entry_label(model: Tally, state: Draft, entry: Path) -> str:
    """An entry as the players name it: ``player 3 (Cleo)``, ``Ana's exhibition 2``."""
    index = entry[-1]
    if entry[:1] == ("players",) and len(entry) == 2 and isinstance(index, int):
        name = get(state.data, (*entry, "name"))
        return f"player {index + 1}" + (f" ({name})" if isinstance(name, str) else "")
    return model.seen(entry, state.data)


def removal(model: Tally, state: Draft, place: str, seen: str | None) -> tuple[Draft, str] | None:
    """A list's last entry removed from ``state``: the new state and what went, in words; ``None``
    when it went already (a resend, "saved" again). ``Refused`` when the entry is no longer the
    last (another phone added one), changed since the phone saw it (``seen``), or gone."""
    path = parse_place(place)
    no_entry = "that entry is no longer on the table (changed on another phone)"
    if path is None or len(path) < 2 or not isinstance(path[-1], int):
        raise gone(no_entry)
    list_path, index = path[:-1], path[-1]
    entries = get(state.data, list_path)
    count = len(entries) if isinstance(entries, list) else 0
    if index == count:
        return None
    if index > count:
        raise gone(no_entry)
    now = entry_mark(entries[index])
    if index != count - 1:
        raise stale("only the last entry can be removed, and another phone added one after it meanwhile", now)
    if seen is not None and seen != now:
        raise stale("changed on another phone meanwhile", now)
    label = entry_label(model, state, path)
    try:
        return model.remove_last(state, list_path), label
    except BadAnswer as error:
        raise Refused(422, error.message) from None


def entry_mark(entry: Any) -> str:
    """A list entry as a short mark that changes whenever any of its answers does."""
    text = json.dumps(entry, sort_keys=True, ensure_ascii=False, default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:16]
