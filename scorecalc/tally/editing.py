"""One answer being applied to a copy of the table: the edits of the model (``model.py``).

``Work`` is an answer's copy of a state's data and progress, changed in place and handed
back as a new ``Draft``; ``FormEntry`` is what a game's entry form is handed
(``spec.interview.Entry``), collecting what the form says for the screen.
"""

from __future__ import annotations

import copy
import datetime
from typing import Any, Protocol

from ..dates import written_minute
from ..errors import InputError, Path
from ..names import same_name_message, same_names
from ..spec import MISSING, Record, Spec
from ..spec.interview import TableData
from .answers import BadAnswer, check
from .draft import Draft, Said
from .questions import Progress, Question, get


class Model(Protocol):
    """What an answer's edits ask of the model (``model.Tally``), named here so that the model
    imports its edits and never the other way round."""

    now: datetime.datetime

    def plan(self, state: Draft) -> list[Question]: ...

    def more_players(self, plan: list[Question]) -> bool: ...

    def check_table(self, data: TableData) -> tuple[list[InputError], list[tuple[Path, str]]]: ...


class Work:
    """One answer being applied: a copy of the state's data and progress, changed in place."""

    def __init__(self, tally: Model, state: Draft) -> None:
        self.tally = tally
        self.data: dict[str, Any] = copy.deepcopy(state.data)
        self.declined = set(state.progress.declined)
        self.open = set(state.progress.open)

    def state(self) -> Draft:
        return Draft(self.data, Progress(frozenset(self.declined), frozenset(self.open)))

    def empty(self, question: Question, text: str) -> None:
        if question.answered and text == "":
            return  # keep the answer given before
        if question.rarely and text in ("", "-"):  # none changed: its defaults, and FILE holds none
            delete_at(self.data, question.path)
            self.declined.add(question.path)
            return
        list_path = question.kind.adds_to(question)
        if list_path is not None:  # a list's next entry
            if question.index < question.minimum:
                need = question.minimum
                raise BadAnswer(f"needs at least {need} {'entry' if need == 1 else 'entries'}; an answer is "
                                "needed")
            if question.index == 0 and question.default is not MISSING:
                set_at(self.data, list_path, copy.deepcopy(question.default))
            elif question.index == 0:
                self.declined.add(list_path)
            self.open.discard(list_path)
            return
        if question.path == ("date",) and text == "":
            self.put(question, written_minute(self.tally.now))
            return
        if text == "" and question.default is not MISSING:
            self.put(question, copy.deepcopy(question.default))
            return
        if text == "" and question.spec.as_record() is not None:
            try:
                self.put(question, check(question.spec, "{}", question.path))
                return
            except BadAnswer:
                if not question.optional:
                    raise
        if question.optional or text == "-":
            delete_at(self.data, question.path)
            self.declined.add(question.path)
            return
        raise BadAnswer("an answer is needed here ('?' for help)")

    def put(self, question: Question, value: Any) -> None:
        list_path = question.kind.adds_to(question)
        if list_path is not None:  # a list's next entry, added at its end
            entries = get(self.data, list_path)
            if not isinstance(entries, list):
                entries = []
                set_at(self.data, list_path, entries)
            entry: Any = {question.path[-1]: value} if len(question.path) > len(list_path) + 1 else value
            while len(entries) < question.index:  # a later seat taken first (``Tally.seats``)
                entries.append({})
            entries.append(entry)
            self.open.add(list_path)
            self.declined.discard(list_path)
            return
        set_at(self.data, question.path, value)
        self.declined.discard(question.path)


class FormEntry:
    """What a game's entry form is handed (``spec.interview.Entry``): the record it fills in the
    answer's copy of the table; what it says is kept for the screen."""

    def __init__(self, tally: Model, work: Work, question: Question) -> None:
        self.tally = tally
        self.work = work
        self.question = question
        self.said: list[Said] = []

    @property
    def record(self) -> dict[str, Any]:
        record = get(self.work.data, self.path)
        assert isinstance(record, dict)  # the planner asks a form only of a record that is there
        return record

    @property
    def table(self) -> TableData:
        return self.work.data

    @property
    def path(self) -> Path:
        return self.question.path[:-1]

    @property
    def more_players(self) -> bool:
        return self.tally.more_players(self.tally.plan(self.work.state()))

    def say(self, text: str) -> None:
        self.said.append(Said("say", text))

    def note(self, text: str) -> None:
        self.said.append(Said("note", text))

    def draw(self) -> None:
        self.said.append(Said("picture"))

    def hold(self, still_open: bool) -> None:
        if still_open:
            self.work.open.add(self.question.path)
        else:
            self.work.open.discard(self.question.path)

    def checked(self, spec: Spec, text: str, path: Path) -> Any:
        return check(spec, text, path)

    def problems(self, table: TableData) -> list[InputError]:
        return self.tally.check_table(table)[0]


def check_name(data: dict[str, Any], question: Question, name: str) -> None:
    """``name`` refused for the player ``question`` asks about when another has it (``same_names``)."""
    index = int(question.path[1])
    names = {i: str(player.get("name", "")) for i, player in enumerate(players_of(data))
             if isinstance(player, dict)}
    names[index] = name
    for player, earlier in same_names(dict(sorted(names.items()))):
        if index in (player, earlier):
            other = earlier if player == index else player
            raise BadAnswer(same_name_message(other, names[other]))


def is_name(question: Question) -> bool:
    """Whether ``question`` asks a player's name."""
    return question.path[-1:] == ("name",) and question.path[:1] == ("players",) and len(question.path) == 3


def renamed(data: dict[str, Any], old: Any, new: str | None) -> dict[str, Any]:
    """A player renamed everywhere the table names her outside her own entry (Origin's cubes are
    counted under the players' names); with ``new`` ``None``, her name taken out there (she left
    the table). SPEC section 8: at the terminal as on a phone."""
    if not isinstance(old, str) or old == new:
        return data

    def walk(value: Any) -> Any:
        if isinstance(value, dict):
            return {(new if key == old else key): walk(item) for key, item in value.items()
                    if new is not None or key != old}
        if isinstance(value, list):
            return [walk(item) for item in value]
        return value

    return {key: (value if key == "players" else walk(value)) for key, value in data.items()}


def players_of(data: TableData) -> list[Any]:
    players = data.get("players")
    return players if isinstance(players, list) else []


def player_index(question: Question) -> int | None:
    if len(question.path) > 1 and question.path[0] == "players" and isinstance(question.path[1], int):
        return question.path[1]
    return None


def defaults_of(record: Record) -> dict[str, Any]:
    return {name: f.fresh_default() for name, f in record.fields.items() if f.default is not MISSING}


def set_at(data: Any, path: Path, value: Any) -> None:
    for i, part in enumerate(path[:-1]):
        following = path[i + 1]
        if isinstance(part, int):
            while len(data) <= part:
                data.append({})
            data = data[part]
        else:
            if part not in data or not isinstance(data[part], dict | list):
                data[part] = [] if isinstance(following, int) else {}
            data = data[part]
    last = path[-1]
    if isinstance(last, int):
        while len(data) <= last:
            data.append(None)
        data[last] = value
    else:
        data[last] = value


def delete_at(data: Any, path: Path) -> None:
    target = get(data, path[:-1])
    if isinstance(target, dict):
        target.pop(path[-1], None)

