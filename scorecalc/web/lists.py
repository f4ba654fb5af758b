"""A list's entries on the phones: added at its end (its next entry's question), removed only
from its end (SPEC section 8, "Several phones at once"): the removable last entries offered in
their sections, a removal checked and taken, and a player's name followed everywhere the table
names her when she is renamed or leaves (Origin's cubes)."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..errors import Path
from ..tally.answers import BadAnswer
from ..tally.questions import get
from ..tally.state import State
from .places import parse_place, place_text
from .reply import Reply

if TYPE_CHECKING:
    from .pad import Pad, SectionView


@dataclass
class RemoveView:
    """A list's last entry, which a phone may remove (entries go only from the end)."""

    place: str
    label: str
    """What goes, as the players say it: ``player 3 (Cleo)``, ``Ana's exhibition 2``."""
    seen: str
    """The entry as this view shows it (``entry_mark``): a removal sent after another phone
    changed the entry is refused, never taking the newer answer with it."""


def offer(pad: Pad, sections: list[SectionView]) -> None:
    """Each list's removable last entry, offered in the section that holds its first question."""
    plan = pad.plan()
    for entry in pad.model.removable(pad.state):
        first = next((q for q in plan if q.path[:len(entry)] == entry and q.kind != "item"), None)
        if first is None:
            continue
        section = next((s for s in sections if s.title == first.section), None)
        if section is not None:
            section.removals.append(RemoveView(place_text(entry), entry_label(pad, entry),
                                               entry_mark(get(pad.state.data, entry))))


def entry_label(pad: Pad, entry: Path) -> str:
    """An entry as the players name it: ``player 3 (Cleo)``, ``Ana's exhibition 2``."""
    index = entry[-1]
    if entry[:1] == ("players",) and len(entry) == 2 and isinstance(index, int):
        name = get(pad.state.data, (*entry, "name"))
        return f"player {index + 1}" + (f" ({name})" if isinstance(name, str) else "")
    return pad.seen(entry)


def remove(pad: Pad, place: str, seen: str | None) -> Reply:
    """A list's last entry removed (``Pad.remove``, under its lock)."""
    if pad.scored or pad.failure:
        return Reply("gone", 409, "the table is scored" if pad.scored else pad.failure)
    path = parse_place(place)
    if path is None or len(path) < 2 or not isinstance(path[-1], int):
        return Reply("gone", 404, "that entry is no longer on the table (changed on another phone)")
    list_path, index = path[:-1], path[-1]
    entries = get(pad.state.data, list_path)
    count = len(entries) if isinstance(entries, list) else 0
    if index == count:
        return Reply("saved")  # removed already: a resend
    if index > count:
        return Reply("gone", 404, "that entry is no longer on the table (changed on another phone)")
    now = entry_mark(entries[index])
    if index != count - 1:
        return Reply("stale", 409, "only the last entry can be removed, and another phone added one "
                     "after it meanwhile", current=now)
    if seen is not None and seen != now:
        return Reply("stale", 409, "changed on another phone meanwhile", current=now)
    label = entry_label(pad, path)
    try:
        after = pad.model.remove_last(pad.state, list_path)
    except BadAnswer as error:
        return Reply("refused", 422, error.message)
    if list_path == ("players",):
        after = renamed(after, entries[index].get("name") if isinstance(entries[index], dict) else None,
                        None)
    return pad.take(after, label, "removed")


def entry_mark(entry: Any) -> str:
    """A list entry as a short mark that changes whenever any of its answers does."""
    text = json.dumps(entry, sort_keys=True, ensure_ascii=False, default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def renamed(state: State, old: Any, new: str | None) -> State:
    """A player renamed everywhere the table names her outside her own entry (Origin's cubes
    are counted under the players' names); with ``new`` ``None``, her name taken out there (she
    left the table)."""
    if not isinstance(old, str) or old == new or (new is not None and not isinstance(new, str)):
        return state

    def walk(value: Any) -> Any:
        if isinstance(value, dict):
            return {(new if key == old else key): walk(item) for key, item in value.items()
                    if new is not None or key != old}
        if isinstance(value, list):
            return [walk(item) for item in value]
        return value

    data = {key: (value if key == "players" else walk(value)) for key, value in state.data.items()}
    return State(data, state.progress)

