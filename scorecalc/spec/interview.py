"""The interview protocol: what a game says ``scorecalc tally`` asks of its table, and in which order.

A game's ``interview`` module holds an ``Interview``: for each field it names (by its
path in the declaration, lists left out: ``"board.level"`` is the level of every Origin
board tile) an ``Ask`` says when it is asked, whether it applies to the settings given,
what one entry of a list is called ("tile 3") and which words complete an answer; a part
typed in a form of the game's own (Caracas' grid, row by row) is an ``EntryForm``.
Fields the interview does not name are asked in declaration order, with the settings.

``scorecalc.tally`` runs every game's interview through this module, which lies below
both: a game's interview imports only the spec types (never ``scorecalc.tally``), and
tally names no game. An entry form speaks and checks through the ``Entry`` it is handed,
which belongs to tally's model (``tally/model.py``): what it says is shown by the screen,
its drawing made by the screen at its own width (``EntryForm.picture``), and FILE is
written by tally after each answer, never by the form.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import KW_ONLY, dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

if TYPE_CHECKING:
    from ..errors import InputError, Path
    from ..pictures import Drawing
    from .base import Spec
    from .record import Record

TableData = Mapping[str, Any]
"""The table as answered so far: plain data, as the YAML holds it."""

SETTINGS, WHEN_AND_WHERE, PLAYERS, AFTER_PLAYERS = 0, 1, 2, 3
"""The order of a table's top-level questions: its settings (Caribe's University cards,
Origin's variant), the date and the place, the players (names first, then each player's
fields), then what refers to the players (Origin's board tiles and their cubes). Within a
record the fields are asked by their ``order``, then in declaration order."""


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class Ask:
    """How one field is asked; a field the interview does not name is asked as ``Ask()``.
    Frozen, as the declaration it asks about."""

    order: int | None = SETTINGS
    """Reading order among the record's fields (lower first, then declaration order); ``None``:
    never asked. At the top: ``SETTINGS``, ``WHEN_AND_WHERE``, ``PLAYERS``, ``AFTER_PLAYERS``."""
    _: KW_ONLY
    applies: Callable[[TableData, Mapping[str, Any]], bool] | None = None
    """``applies(table, record)``: whether the question applies, given the table so far and the
    record that holds the field (``None``: always)."""
    needed: bool | Callable[[TableData, Mapping[str, Any]], bool] = False
    """When it applies, the game needs it although the declaration leaves it optional (the
    objective outside the Family variant): the player is not offered to skip it. A function
    ``needed(table, record)`` says so from the table's own answers (Percy's board, once he has
    scientists at London or Paris): a part declined before it became needed is asked again."""
    most: Callable[[TableData], int | None] | None = None
    """For a list: at most this many entries, given the table so far (a solo game's one player)."""
    complete: Callable[[TableData], list[str]] | None = None
    """Words to complete the answer with, from the table so far (players' names for cubes)."""
    noun: str = "entry"
    """For a list asked entry by entry: what one entry is called ("tile" for "tile 3 species")."""
    said: str = ""
    """The question's note in the players' words, where the field's ``doc`` (written into the
    YAML as a comment) speaks YAML: ``{kind: count}`` becomes ``sea_lion 2, tortoise 1``."""
    rarely: str = ""
    """A setting players rarely change (Caracas' readings): first asked as this yes-or-no
    question (``house rules?``, default no: the field's defaults); ``y`` then asks the field
    itself, and an answer to the field itself is taken at once too."""
    choices: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    """A field of such a setting as phones offer it, one choice each: its answer words in the
    players' words (``{"count": "scores", "strict": "does not score"}``); with ``said`` as the
    question. Empty: the field is typed."""
    kind: str = ""
    """The kind of question the field is asked as, by its name in tally's registry of kinds
    (``tally/kinds.py``); empty: a value (a list asked entry by entry and a form follow from the
    declaration and ``forms``)."""

    def needs(self, table: TableData, record: Mapping[str, Any]) -> bool:
        """Whether the table needs the field, given the table so far and the record that holds it."""
        return self.needed(table, record) if callable(self.needed) else self.needed

    def __repr__(self) -> str:
        return f"Ask({self.order!r})"


NEVER = Ask(None)
"""A field tally never asks (``expect:``, ``notes:``)."""
ASKED = Ask()


@dataclass(frozen=True, slots=True)
class Step:
    """What an entry form asks next of one record (or, ``done``, shows when going back)."""

    label: str
    """What is asked, in a few words: ``row 3``."""
    _: KW_ONLY
    doc: str = ""
    """Where to find it on the table, and the form of the answer."""
    done: bool = False
    """The form has all it takes for this record (the question shows as answered)."""
    default: str = ""
    """What an empty answer does, shown in brackets (``end of board``); empty: nothing shown."""
    optional: bool = False
    """An empty answer is accepted here (it ends the form)."""
    value: Any = None
    """The form's part of the record so far (the grid typed), for going back."""
    back: str = ""
    """What ``<`` takes back here, in words (``row 3``); empty: nothing, ``<`` goes to the
    question before."""
    fault: str = ""
    """What is wrong with the part asked again, in the players' words (a file's row that does not
    read: ``unknown animal code 'Jg'``); a problem of the table names it with the step's label."""


@dataclass(frozen=True, slots=True)
class Cell:
    """One part of a form that a screen sets on its own, by its key (a phone's tap on one square
    of a Caracas board; one of a comparison-only explorer's four figures)."""

    key: str
    """Where it is below the record, as a place names it: ``grid.r3c2`` (row 3, column 2),
    ``landscape.forks``."""
    label: str
    """What it is called on a screen: ``✻3``, ``forks``."""
    value: str
    """What it holds, as typed (a tile's token); empty when it holds nothing (a free square)."""
    _: KW_ONLY
    doc: str = ""
    number: bool = False
    """A whole number (a phone offers its number keys)."""
    start: str = ""
    """For an empty cell: what an editor may begin with (the river sides its neighbours lead into)."""


@dataclass(frozen=True, slots=True)
class Pick:
    """One group of choices of a part's editor: ``least`` to ``most`` of ``options``, each a code
    as the part's text writes it and its words (``("Ju", "Jungle")``)."""

    name: str
    label: str
    options: tuple[tuple[str, str], ...]
    _: KW_ONLY
    least: int = 0
    most: int = 1


@dataclass(frozen=True, slots=True)
class Palette:
    """How a cell's text is built from taps: the codes of each ``Pick`` in order, then each line
    (a river) as ``mark`` and its ``sides`` in their order (``JuJa~ES``, two: ``Ju~NW~ES``)."""

    picks: tuple[Pick, ...]
    sides: tuple[tuple[str, str], ...] = ()
    """Each side's code and words (``("N", "north")``), in the order the text writes them."""
    mark: str = "~"
    lines: int = 0
    """At most this many lines an editor offers (0: none)."""
    line: str = "line"
    """What one line is called (``river``)."""
    piece: str = "piece"
    """What a cell holds is called (``tile``): "(new tile)", "every tile is in"."""
    how: str = ""
    """What a phone shows above the drawing: how to tap it."""


class Entry(Protocol):
    """What an entry form is handed for one answer: the record it fills, and the session's
    means to speak, keep its progress and check the table."""

    @property
    def record(self) -> dict[str, Any]:
        """The record being filled (a player); the form changes it in place."""

    @property
    def table(self) -> TableData:
        """The whole table so far."""

    @property
    def path(self) -> Path:
        """Where the record is in the table: ``("players", 1)``."""

    @property
    def more_players(self) -> bool:
        """Whether more players may still join the table (so the player count is not known yet)."""

    def say(self, text: str) -> None:
        """Lines for the screen to show, wrapped to its width."""

    def note(self, text: str) -> None:
        """A line for the screen to show in its quiet style (what comes next)."""

    def draw(self) -> None:
        """Ask the screen to show the record's picture (``EntryForm.picture``, at its width)."""

    def hold(self, still_open: bool) -> None:
        """Whether the form still takes answers for this record (kept in FILE's ``tally:`` block,
        so a run stopped in the middle goes on there)."""

    def checked(self, spec: Spec, text: str, path: Path) -> Any:
        """A one-line answer read and checked by ``spec`` as the YAML would be (``BadAnswer`` if refused)."""

    def problems(self, table: TableData) -> list[InputError]:
        """The errors the game finds on ``table`` (none while it cannot be read yet)."""


class EntryForm(Protocol):
    """A game's own way to enter some fields of a record: Caracas' board, row by row."""

    @property
    def name(self) -> str:
        """What the form fills, in the players' words: ``board``."""

    @property
    def fields(self) -> tuple[str, ...]:
        """The record's fields the form fills (they are not asked one by one); its progress is
        kept under the first (``players[0].grid``)."""

    def step(self, record: Mapping[str, Any], held_open: bool) -> Step | None:
        """The form's question for ``record`` now (``done`` when complete); ``None`` when the form
        has nothing to ask (the record was given another way). ``held_open``: the form said it
        still takes answers for this record (``Entry.hold``)."""

    def answer(self, entry: Entry, step: Step, text: str) -> None:
        """Take one answer to ``step`` into ``entry.record`` (``BadAnswer`` refuses it, with the
        message)."""

    def back(self, entry: Entry, step: Step) -> bool:
        """``<`` at ``step``: take back the form's last answer; ``False`` when there is none to take
        back (tally goes back to the question before)."""

    def reopens(self, record: Mapping[str, Any]) -> bool:
        """Whether the form, finished for ``record``, can take answers again (a board typed in
        the grid form: ``<`` from the next question opens it at its next row)."""

    def resume(self, entry: Entry, step: Step) -> None:
        """Before the first question of a run about a record the form has begun (``step.value``):
        say what is there (the board so far: ``entry.draw()``)."""

    def parts(self, record: Mapping[str, Any]) -> list[str]:
        """The answers the form holds for ``record``, in order (a board's rows), for a screen
        that shows each and changes any (``change``)."""

    def part_label(self, index: int) -> str:
        """What the part at ``index`` (1-based) is called on a screen: ``board row 2``."""

    def change(self, entry: Entry, index: int, text: str) -> None:
        """The part at ``index`` (1-based, one the form holds) replaced by ``text`` (``BadAnswer``
        refuses it); an empty ``text`` clears it."""

    def picture(self, record: Mapping[str, Any], width: int | None) -> str:
        """The record drawn to fit ``width`` columns (``None``: no limit), its lines as they
        are, never wrapped; empty when there is nothing to draw."""


@runtime_checkable
class BoardForm(EntryForm, Protocol):
    """An entry form whose parts a screen also sets one at a time, by taps on the record drawn
    (Caracas' board on a phone: a tile a square). A form that is only typed (the toy game's
    beads) leaves these out: a screen sets its parts by typed answers (``board_of`` is ``None``)."""

    def cells(self, record: Mapping[str, Any]) -> list[Cell]:
        """The parts of ``record`` a screen sets one at a time (``set_cell``): every square a tile
        may be on now, each with its tile or empty; or a comparison-only explorer's figures. Empty
        when the form has none."""

    def set_cell(self, entry: Entry, key: str, text: str) -> None:
        """The cell at ``key`` set to ``text`` (an empty ``text`` clears it), in ``entry.record``,
        with the checks of the form's own answers (``BadAnswer`` refuses it, with the message)."""

    def sketch(self, record: Mapping[str, Any], free: bool) -> Drawing | None:
        """The record drawn as a picture (as the html format draws it, without points), while it is
        being filled; a cell drawn is a group keyed by the cell's key (a screen taps it). ``free``:
        the empty cells are drawn too. ``None``: nothing to draw."""

    def palette(self) -> Palette | None:
        """How a cell drawn in ``sketch`` is built from taps (``None``: it is typed)."""


def board_of(form: EntryForm | None) -> BoardForm | None:
    """``form`` as a board set by taps, if it is one; ``None``: its parts are typed."""
    return form if isinstance(form, BoardForm) else None


def palette_of(form: EntryForm | None) -> Palette | None:
    """How a cell of ``form`` is built from taps; ``None`` for a form typed (or none)."""
    board = board_of(form)
    return board.palette() if board is not None else None


@dataclass(frozen=True, slots=True, eq=False)
class Interview:
    """A game's questions: an ``Ask`` for each field named, by its path (``"players.books"``),
    and the entry forms of the records at a path (``{"players": CaracasBoard()}``); both
    read-only once built."""

    questions: Mapping[str, Ask] = field(default_factory=dict)
    _: KW_ONLY
    forms: Mapping[str, EntryForm] = field(default_factory=dict)
    words: Callable[[Path, TableData, Callable[[int], str]], str | None] | None = None
    """A place in the game's own words where the common wording (``scorecalc.places``) does not
    say it as the players do: ``words(path, table, owner)`` -> ``Alex's tile ▢2``, ``Rachel's
    cubes on tile 5 (Sea Lion)``, where ``owner(i)`` is the player at ``i`` as a place names her
    (``Alex's``, ``player 2's``); ``None`` (or no hook): the common wording."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "questions", MappingProxyType(dict(self.questions)))
        object.__setattr__(self, "forms", MappingProxyType(dict(self.forms)))

    def ask(self, key: str) -> Ask:
        """How the field at ``key`` is asked."""
        return self.questions.get(key, ASKED)

    def form(self, key: str) -> EntryForm | None:
        """The entry form of the record at ``key`` (each entry of a list), if it has one."""
        return self.forms.get(key)

    def joined(self, other: Interview) -> Interview:
        """This interview with ``other``'s questions, forms and words added (``other`` wins)."""
        return Interview({**self.questions, **other.questions}, forms={**self.forms, **other.forms},
                         words=other.words if other.words is not None else self.words)

    def check(self, declaration: Record) -> None:
        """Every path named is a field of ``declaration`` (a typo would silently ask nothing)."""
        for key in self.questions:
            field_spec(declaration, key)
        for key, form in self.forms.items():
            record = record_at(declaration, key)
            for name in form.fields:
                if name not in record.fields:
                    raise ValueError(f"the entry form at {key!r} fills {name!r}, which is not a field there")


def key_of(path: Path) -> str:
    """The interview's name of a place in the table: ``("board", 2, "level")`` -> ``board.level``."""
    return ".".join(part for part in path if isinstance(part, str))


def record_at(declaration: Record, key: str) -> Record:
    """The record at ``key`` (a list's entry record for a list), or ``ValueError``."""
    return _record_of(field_spec(declaration, key), key) if key else declaration


def field_spec(record: Spec, key: str) -> Spec:
    """The spec of the field at ``key`` (dotted) below ``record``, or ``ValueError``."""
    spec = record
    for name in key.split("."):
        fields = _record_of(spec, key).fields
        if name not in fields:
            raise ValueError(f"the interview names {key!r}, which the declaration does not have")
        spec = fields[name].spec
    return spec


def _record_of(spec: Spec, key: str) -> Record:
    from .record import record_of

    item = spec.item_spec()
    record = record_of(item if item is not None else spec)
    if record is None:
        raise ValueError(f"the interview names {key!r}, which the declaration does not have")
    return record
