"""What a phone draws of the table: the pad's view records, plain data for the templates.

``pad.py`` builds them from the model's plan and review (``forms.py`` a form's part, ``lists.py``
a list's removable entries); ``templates/form.html.j2`` draws them. No rule here.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..pictures import Drawing
from ..spec.interview import Palette


@dataclass
class RowView:
    place: str
    label: str
    value: str
    answered: bool


@dataclass
class CellView:
    """A cell as a phone shows it: drawn (a square to tap) or typed (a field, ``number``)."""

    place: str
    label: str
    value: str
    start: str = ""
    doc: str = ""
    number: bool = False


@dataclass
class BoardView:
    place: str
    label: str
    doc: str
    rows: list[RowView] = field(default_factory=list)
    done: bool = False
    figures: str = ""
    """A board given in another form (a comparison-only explorer's four figures), in words."""
    sketch: Drawing | None = None
    """The board as the html format draws it, under the SEA; its cells are tapped."""
    cells: dict[str, CellView] = field(default_factory=dict)
    """The cells drawn in ``sketch``, by their key (a group's key)."""
    fields: list[CellView] = field(default_factory=list)
    """The cells that are typed (a comparison-only explorer's figures)."""
    palette: Palette | None = None
    problem: str = ""


@dataclass
class RemoveView:
    """A list's last entry, which a phone may remove (entries go only from the end)."""

    place: str
    label: str
    """What goes, as the players say it: ``player 3 (Cleo)``, ``Ana's exhibition 2``."""
    seen: str
    """The entry as this view shows it (``lists.entry_mark``): a removal sent after another phone
    changed the entry is refused, never taking the newer answer with it."""


@dataclass
class FieldView:
    place: str
    label: str
    """The question as tally words it, with the player's name (``Ana's money``)."""
    doc: str
    syntax: str
    value: str
    answered: bool
    placeholder: str
    choices: list[str] = field(default_factory=list)
    problem: str = ""
    options: list[tuple[str, str]] = field(default_factory=list)
    """A choice in words (a house rule): each answer with its words; drawn as a list to pick from."""
    default: str = ""
    """With ``options``: the answer picked while none is given (the rule's default)."""
    optional: bool = False
    """Whether the table scores with it left empty (not counted among what is left to answer)."""


@dataclass
class SectionView:
    title: str
    player: int | None
    fields: list[FieldView] = field(default_factory=list)
    board: BoardView | None = None
    removals: list[RemoveView] = field(default_factory=list)
    folded: bool = False
    """Shown closed ("nothing to change usually"): the date, the place and the house rules."""


@dataclass
class PlacingView:
    """A board a phone holds a tile half built on: ``message`` (``Alex's phone is placing a
    tile``), and its place for "Score anyway", which drops the flag."""

    board: str
    message: str
    phone: str = ""
    """The phone that holds it (its page knows its own id, and shows ``yours`` instead)."""
    yours: str = ""
    """The same on the phone that holds it: ``Your phone is placing a tile on Alex's board``."""


@dataclass
class View:
    sections: list[SectionView]
    ready: bool
    """Every board finished, nothing required missing, no tile half built, no problem: "Score it"."""
    problems: list[str]
    """Problems of the whole table that no field shown here names."""
    version: int
    waiting: list[str] = field(default_factory=list)
    """What only a person can still give (``Alex's board is not finished``)."""
    placing: list[PlacingView] = field(default_factory=list)
    anyway: bool = False
    """"Score anyway: drop that tile" offered: only a tile half built holds "Score it" back
    (nothing waits for a person, no problem), so dropping it lets the table score."""
    date: str = ""
    """Beside "Score it": the date it takes, when nobody gave one (``played today, 20:00``)."""
    warnings: list[str] = field(default_factory=list)
    """The plausibility warnings a "Score it" showed, beside "Score it anyway" (a second tap)."""
