"""A player's part made from the pad on her phone, and taken by the pad that holds the table (SPEC
section 9, "Several phones, no network"); its format on the way is ``packing.py``'s.

The holder applies a part to the player of its name, whatever her seat, each answer through the
pad's compare-and-set (``Pad.answer``, as a phone's answer is), in one pass and as one
(``together``: FILE written once): a part taken twice changes nothing twice, an answer the holder
holds otherwise is shown stale with both values, never overwritten, and an answer the table
refuses refuses the whole part, nothing taken. A part carries only what one player's part can
hold (``admitted``) and names its table (``Pad.ident``). No import of ``protocol.py`` (which
imports this module for its route).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any
from weakref import WeakKeyDictionary, WeakSet

from ..errors import Path, UsageError
from ..games import get_game
from ..spec.base import Spec
from ..spec.interview import record_at
from ..spec.record import record_of
from ..tablefile.layout import render
from .addresses import parse_place
from .packing import (
    ALPHABET,
    BIGGEST,
    CODE,
    CODES,
    GROUP,
    HEAD,
    MOST,
    OLD_HEAD,
    PASTED,
    VERSION,
    Answer,
    Code,
    Collector,
    Heard,
    Part,
    PartError,
    base45,
    code_of,
    deflate,
    dictionary,
    inflate,
    joined,
    pack,
    part_id,
    pasted,
    places_below,
    read,
    split,
    unbase45,
    unpack,
)
from .pad import Pad
from .reply import Reply, Status

__all__ = [
    "ALPHABET", "BIGGEST", "CODE", "CODES", "GROUP", "HEAD", "MOST", "OLD_HEAD", "PASTED",
    "VERSION", "Answer", "Code", "Collector", "Heard", "Part", "PartError", "base45", "code_of",
    "deflate", "dictionary", "inflate", "joined", "pack", "part_id", "pasted", "places_below",
    "read", "split", "unbase45", "unpack",
]
"""The format's names, as the app's worker and the tests call them here."""

ENTRIES = 100
"""Entries of one list a part may add where the game's declaration sets no bound of its own (it
allows ten thousand): more than any box makes of a player's exhibitions or books."""
VALUE = 1000
"""Characters of one answer (a place is at most ``places.MOST``)."""


HALTED: WeakSet[Pad] = WeakSet()
"""The pads whose server a signal is stopping (``serve.stopping_server``): a part being applied
there is dropped whole, at its next answer."""


def stopped(pad: Pad) -> str:
    """Why ``pad`` takes no part now, in words (``Pad.failure``, or its server stopping); empty:
    it takes one."""
    return pad.failure or ("the pad stopped" if pad in HALTED else "")


def most_answers(game: str) -> int:
    """The most answers one player's part can hold, from the game's declaration: each field a
    player is asked, a list asked entry by entry at most its bound (or ``ENTRIES``) times its
    entry's places, a record its fields'; a board (the fields a game's form fills) at most
    ``ENTRIES`` squares and its finishing answer."""
    known = get_game(game)
    player = record_at(known.declaration, "players")
    form = known.interview.form("players")
    filled = set(form.fields) if form is not None else set()
    asked = [spec_field.spec for name, spec_field in player.fields.items() if name != "name"
             and name not in filled and known.interview.ask(f"players.{name}").order is not None]
    return sum(map(places_in, asked)) + (ENTRIES + 1 if filled else 0)


def places_in(spec: Spec, depth: int = 0) -> int:
    """The answers a field of ``spec`` takes: one, or its record's (a list asked entry by entry: at
    most ``ENTRIES`` entries' of them)."""
    entries = spec.asked_entries()
    record = record_of(entries if entries is not None else spec.asked_fields())
    each = sum(places_in(inner.spec, depth + 1) for inner in record.fields.values()) \
        if record is not None and record.fields and depth < 4 else 1
    if entries is None:
        return each
    bounds = spec.list_bounds()
    return (min(bounds[1], ENTRIES) if bounds is not None else ENTRIES) * each


# --- made from a pad, taken by a pad -------------------------------------------------------------

def seat_of(pad: Pad, name: str) -> int | None:
    players = pad.state.data.get("players")
    if not isinstance(players, list):
        return None
    for index, record in enumerate(players):
        if isinstance(record, dict) and str(record.get("name", "")).strip() == name.strip():
            return index
    return None


def part_of(pad: Pad, name: str, table: str = "") -> Part:
    """``name``'s answers on this pad as her part: each field answered in her sections, each tile
    on her board (row by row), and "done" when a person finished the board. ``seen`` is what a
    phone starting from nothing saw: nothing (a field), a free square (a tile), an open board."""
    seat = seat_of(pad, name)
    if seat is None:
        raise PartError(f"no player here is named {name}")
    prefix = f"players[{seat}]."
    answers: list[Answer] = []
    for section in pad.view().sections:
        if section.player != seat:
            continue
        for shown in section.fields:
            if shown.answered and shown.place.startswith(prefix):
                answers.append((shown.place[len(prefix):], None, shown.value))
        board = section.board
        if board is None:
            continue
        cells = [*sorted(board.cells.values(), key=lambda cell: square(cell.place)), *board.fields]
        for cell in cells:
            if cell.value and cell.place.startswith(prefix):
                answers.append((cell.place[len(prefix):], "", cell.value))
        if board.done and board.place.startswith(prefix):
            answers.append((board.place[len(prefix):], "open", "done"))
    return Part(pad.game.name, table, name.strip(), tuple(answers))


def square(place: str) -> tuple[int, int, str]:
    """A tile's place in reading order (row, then column): each tile then lies next to one placed
    before it, as a board is built from the SEA down."""
    key = place.rsplit(".", 1)[-1]
    row, _, col = key[1:].partition("c")
    if key.startswith("r") and row.isdigit() and col.isdigit():
        return int(row), int(col), key
    return 0, 0, key


def table_of(pad: Pad, table: str) -> Part:
    """The table's own code: the game, its id, and every answer outside the players' parts (the
    settings, the names), so a joining phone asks the same questions of the same players."""
    answers: list[Answer] = []
    for section in pad.view().sections:
        if section.player is not None:
            continue
        for shown in section.fields:
            if shown.answered and shown.value and parse_place(shown.place) not in (("date",), ("location",)):
                answers.append((shown.place, None, shown.value))
    return Part(pad.game.name, table, None, tuple(answers))


@dataclass
class Taken:
    """What applying a part did: ``new`` answers taken, ``had`` held already, and the ``stale``
    ones (the table holds another value: both shown, nothing overwritten), in words."""

    player: str
    new: int = 0
    had: int = 0
    stale: list[str] = field(default_factory=list)

    @property
    def whole(self) -> bool:
        return not self.stale

    def message(self) -> str:
        said = f"{self.player}'s part: "
        if self.whole:
            plural = "s" * (self.new != 1)
            said += f"{self.new} answer{plural} taken" if self.new else "already in, nothing changed"
            if self.new and self.had:
                said += f" ({self.had} held already)"
            return said
        said += f"{self.new} taken, {self.had} held already; "
        if len(self.stale) > SHOWN:
            more = len(self.stale) - SHOWN
            said += f"{len(self.stale)} answers conflict, not taken (the table holds another answer; " \
                f"change it there if hers is right): {'; '.join(self.stale[:SHOWN])}; and {more} more"
        else:
            said += "not taken, the table holds another answer (change it there if hers is right): " + \
                "; ".join(self.stale)
        return said


SHOWN = 3
"""Conflicts a message names; the rest it counts."""


def labels(pad: Pad) -> dict[str, tuple[str, str | None]]:
    """Every place a phone shows now: its label in the players' words (``Bea's money``) and what
    it holds (``None``: not answered; a board ``done`` or ``open``)."""
    found: dict[str, tuple[str, str | None]] = {}
    for section in pad.view().sections:
        for shown in section.fields:
            found[shown.place] = (shown.label, shown.value if shown.answered else None)
        if section.board is not None:
            board = section.board
            found[board.place] = (board.label, "done" if board.done else "open")
            for cell in [*board.cells.values(), *board.fields]:
                found[cell.place] = (cell.label, cell.value)
    return found


def admitted(game: str, part: Part) -> list[tuple[Path, Answer]]:
    """The part's answers with their places read, if one player's part can hold them: places of
    her record that the game asks, each once, at most ``most_answers`` of them, none longer than
    ``VALUE``; else ``PartError``, one line in the players' words."""
    who = part.player or "this"
    most = most_answers(game)
    if len(part.answers) > most:
        raise PartError(f"{who}'s part holds {len(part.answers):,} answers, more than one player's part "
                        f"can hold ({most:,}): it was not made by scorecalc")
    known = get_game(game)
    fields = {name for name in record_at(known.declaration, "players").fields
              if name != "name" and known.interview.ask(f"players.{name}").order is not None}
    read: list[tuple[Path, Answer]] = []
    unknown = 0
    for place, seen, value in part.answers:
        path = parse_place(place)
        if path is None or not isinstance(path[0], str) or path[0] not in fields:
            unknown += 1
        elif max(len(value), len(seen or "")) > VALUE:
            raise PartError(f"{who}'s part holds an answer of {len(value):,} characters: it was not made "
                            "by scorecalc")
        else:
            read.append((path, (place, seen, value)))
    if unknown:
        plural = "s" if unknown != 1 else ""
        raise PartError(f"{who}'s part holds {unknown:,} answer{plural} to questions this table never asks "
                        f"of a player: was it made for {known.title}?")
    if len({path for path, _ in read}) < len(read):
        raise PartError(f"{who}'s part answers a question twice: it was not made by scorecalc")
    return read


def order(read: list[tuple[Path, Answer]]) -> list[Answer]:
    """The answers in an order the table takes them in one pass: by field as the part gives them,
    a list's entries by their number, a board's squares row by row (a square may be on its
    board's rows or the row below) and the board itself after them ("done")."""
    first: dict[str | int, int] = {}
    for path, _ in read:
        first.setdefault(path[0], len(first))
    within = {path[:cut] for path, _ in read for cut in range(1, len(path))}

    def rank(item: tuple[int, tuple[Path, Answer]]) -> tuple[Any, ...]:
        at, (path, (place, _, _)) = item
        numbers = tuple(part for part in path if isinstance(part, int))
        return first[path[0]], path in within, numbers, square(place)[:2], at

    return [answer for _, (_, answer) in sorted(enumerate(read), key=rank)]


def take(pad: Pad, part: Part, table: str) -> Taken:
    """``part`` applied to this pad's player of its name, in one go (``together``): each answer
    through the pad's compare-and-set in one pass, FILE written once. An answer the table refuses
    refuses the whole part (``PartError`` naming it; nothing taken); one it holds otherwise is
    stale, shown with both values. ``table``: this table's id (``seat_for``)."""
    seat = seat_for(pad, part, table)
    assert part.player is not None
    answers = order(admitted(pad.game.name, part))
    taken = Taken(part.player)
    held = labels(pad)  # the one view: each place of the part is its own, as it was here before
    refused: list[tuple[str, Reply]] = []

    def work() -> bool:
        for place, seen, value in answers:
            whole = f"players[{seat}].{place}"
            if held.get(whole, ("", None))[1] == value:  # held already: counted, nothing sent
                taken.had += 1
                continue
            if stopped(pad):  # a signal, or FILE cannot be written: nothing of the part kept
                return False
            before = pad.answers
            reply = pad.answer(whole, seen, value)  # what a phone's POST answer calls (protocol.answer)
            if reply.status is Status.SAVED:
                taken.new += pad.answers > before
                taken.had += pad.answers == before
            elif reply.status is Status.STALE:
                taken.stale.append(stale_words(pad, held, whole, reply, value))
            else:
                refused.append((whole, reply))
                return False
        return True

    if not together(pad, work):
        if not refused:
            raise PartError(f"{part.player}'s part was not taken: {stopped(pad)}")
        whole, reply = refused[0]
        why = "this table does not ask it" if reply.code == 404 else reply.message  # not "another phone"
        raise PartError(f"{part.player}'s part was not taken, nothing of it: {label_of(pad, held, whole)}: "
                        f"{why}")
    pad.settle()
    return taken


def seat_for(pad: Pad, part: Part, table: str) -> int:
    """The seat of the player ``part`` is for, or ``PartError`` saying why the pad cannot take it:
    a table's code, another game, the pad stopped, a part made for another table (one made with
    no table's id, from the game and her name alone, is taken by any table), no player of her name."""
    if part.player is None:
        raise PartError("this is a table's code, not a player's part: scan it on a phone that joins")
    if stopped(pad):
        raise PartError(f"{part.player}'s part was not taken: {stopped(pad)}")
    if part.game != pad.game.name:
        raise PartError(f"this is a part for {part.game}, and this table is {pad.game.title}")
    if part.table and part.table != table:
        raise PartError(f"{part.player}'s part was made for another table")
    seat = seat_of(pad, part.player)
    if seat is None:
        raise PartError(f"no player here is named {part.player}: a part is applied to the player of "
                        "her name (type her name as she did, or check it on her phone)")
    return seat


def together(pad: Pad, work: Callable[[], bool]) -> bool:
    """Several answers as one (a player's part): ``work`` gives them through ``Pad.answer`` while
    FILE is left as it was (``Pad.held_back`` holds what the terminal will say of them), and says
    whether to keep them. Kept: FILE written once, then the terminal told of each; else (or once
    the pad stopped or cannot write, ``stopped``) the table is as it was before ``work``:
    nothing written, nothing said (an error ``work`` raises too, once the table is put back).
    Whether kept."""
    with pad.lock:
        state, answers, warnings = pad.state, pad.answers, set(pad.shown_warnings)
        pad.held_back = []
        try:
            keep = work() and not stopped(pad)
        except BaseException:
            pad.answers, pad.shown_warnings = answers, warnings
            pad.commit(state=state)
            raise
        finally:
            said, pad.held_back = pad.held_back, None
        failure = ""
        if keep and pad.state is not state:
            try:
                pad.write(render(pad.game, pad.state.data, pad.state.progress))
            except UsageError as error:
                pad.say(failure := str(error))
                keep = False
        if not keep:
            pad.answers, pad.shown_warnings = answers, warnings
            pad.commit(state=state, failure=failure)  # up, never back: a phone at a later one fetches this
            return False
        for line in said:
            pad.say(line)
        return True


def label_of(pad: Pad, held: dict[str, tuple[str, str | None]], whole: str) -> str:
    """A place in the players' words: as the view showed it, else as the model says it."""
    if whole in held:
        return held[whole][0]
    path = parse_place(whole)
    return pad.seen(path) if path is not None else whole


def stale_words(pad: Pad, held: dict[str, tuple[str, str | None]], whole: str, reply: Reply,
                value: str) -> str:
    shown, sent = reply.words if reply.words is not None else (reply.current or "", value)
    return f"{label_of(pad, held, whole)} is “{shown or 'empty'}” here, “{sent or 'empty'}” in the part"


def begin(pad: Pad, part: Part) -> list[str]:
    """A joining phone's table set from the table's code (the settings and names, in order):
    what was refused, in words (nothing, as a rule)."""
    if part.player is not None:
        raise PartError(f"this is {part.player}'s part: scan it on the phone that holds the table")
    if part.game != pad.game.name:
        raise PartError(f"this is a table of {part.game}, not of {pad.game.title}")
    refused = []
    for place, seen, value in part.answers:
        reply = pad.answer(place, seen, value)
        if reply.status is not Status.SAVED:
            refused.append(f"{place}: {reply.message}")
    pad.settle()
    return refused


def drawn(codes: list[str]) -> list[str]:
    """Each code as an SVG ``data:`` address (segno, error correction M, a 4-module quiet zone)."""
    import segno

    return [segno.make(code, error="m", micro=False, boost_error=False).svg_data_uri(border=4, scale=1)
            for code in codes]


RECEIVED: WeakKeyDictionary[Pad, dict[str, bool]] = WeakKeyDictionary()
"""The parts each pad has taken, by player's name: whether whole (nothing stale or refused)."""


def received(pad: Pad) -> dict[str, bool]:
    return RECEIVED.setdefault(pad, {})


def whose(pad: Pad) -> str:
    """Whose parts are in, in seat order: ``Alex ✓, Bea ✓, Cid —`` (``⚠``: some not taken)."""
    players = pad.state.data.get("players")
    got = received(pad)
    names = [str(record.get("name", "")) for record in players if isinstance(record, dict)
             and record.get("name")] if isinstance(players, list) else []
    return ", ".join(f"{name} {'—' if name not in got else '✓' if got[name] else '⚠'}" for name in names)


def take_text(pad: Pad, text: str, table: str = "") -> Reply:
    """A pasted text (the codes of one part or several, a line each) applied: each part whole,
    each in one go (``take``), or refused by its player's name. The pad's reply, its message a
    line a part in the players' words: ``saved`` when every part is in whole, ``refused`` when
    none was taken, else ``stale``. ``table``: this table's id."""
    try:
        found, wrong = pasted(text)
    except PartError as error:
        return Reply(Status.REFUSED, 422, str(error), version=pad.version)
    return take_parts(pad, found, wrong, table)


def take_parts(pad: Pad, found: list[Part], wrong: list[str], table: str) -> Reply:
    """Parts applied (each in one go, ``take``), and ``wrong``: what was no part, in words; as one reply."""
    said = list(wrong)
    applied = whole = 0
    with pad.lock:
        for part in found:
            try:
                taken = take(pad, part, table)
            except PartError as error:
                said.append(str(error))
                continue
            received(pad)[taken.player] = taken.whole
            applied += 1
            whole += taken.whole
            said.append(taken.message())
        if not applied:
            return Reply(Status.REFUSED, 422, "\n".join(said) or "this is no scorecalc part",
                         version=pad.version)
        if whole == applied == len(said):
            return Reply(Status.SAVED, 200, "\n".join(said), version=pad.version)
        return Reply(Status.STALE, 409, "\n".join(said), version=pad.version)
