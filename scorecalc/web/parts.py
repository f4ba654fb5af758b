"""A player's part, sent from her phone to the phone that holds the table (SPEC section 9,
"Several phones, no network"): the one place that knows the part's format.

A part is the pad's own answers, ``{place, seen, value}``, below one player named by her name
(``money``, ``grid.r3c2``, ``grid``: the places of ``players[i].`` without the seat), with the
game, the table's id (empty when the phone started from the game and her name alone) and a
version. The holder applies it to the player of that name, whatever her seat, each answer
through the pad's compare-and-set (``Pad.answer``, as a phone's answer is), all in one go
(``Pad.together``): a part taken twice changes nothing twice, an answer the holder holds
otherwise is shown stale with both values, never overwritten, and an answer the table refuses
refuses the whole part, nothing taken. No import of ``pages.py`` (which imports this module).
The table's own code (what a joining phone scans first: the game, the settings, the names and
the id) is the same form with no player and whole places (``players[1].name``).

On the way: JSON with one-letter keys, raw deflate (zlib ``wbits=-15``) with a preset
dictionary of the game's own places and words (``dictionary``: what every part of the game
repeats costs a few bits), then Base45 (RFC 9285), whose 45 characters are QR's alphanumeric
set: 5.5 bits a character where byte mode spends 8 (docs/app.md has the measured sizes). Split
over codes of at most ``MOST`` characters, each ``SC2:ID:I:N:DATA`` ("2 of 3"), taken in any
order and joined when every one is in (``Collector``). No code loses a character to trimming:
Base45 never writes a space as the last character of a group (the last of three is at most
``W``, the last of two at most ``5``), codes are cut between groups, and the head protects
each code's start. It runs under Pyodide too.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
import zlib
from dataclasses import dataclass, field
from functools import cache
from typing import Any
from weakref import WeakKeyDictionary

from ..errors import Path
from ..games import REGISTRY, get_game
from ..spec.base import Spec
from ..spec.interview import board_of, palette_of, record_at
from ..spec.record import record_of
from .pad import Pad
from .places import parse_place
from .reply import Reply

VERSION = 2
"""The part format's version (``v``, and the codes' head); a part of another is refused, saying so."""
HEAD = f"SC{VERSION}"
"""What every code begins with: this is a scorecalc part of this format."""
OLD_HEAD = re.compile(r"SC[0-9]{1,3}")
"""The head of a code of any version: another version's code is refused as one."""
MOST = 160
"""Characters of a part's data in one code. With the head, a code holds at most 175 alphanumeric
characters: QR version 7 at error correction M (45 x 45 modules, 53 with the quiet zones), so a
code 170 camera pixels wide (the app's 360 CSS pixels held at arm's length: docs/app.md) gets
more than 3 pixels a module, where every decoder measured read every code with a pixel of blur
(``bench/qr_parts.py``)."""
GROUP = 3
"""Base45 characters of two bytes: codes are cut between groups (no code's data ends in a space)."""
BIGGEST = 64 * 1024
"""Bytes a part may unpack to (the pad's own limit on a request): more is no part."""
CODES = 36
"""Codes a part may be split over."""
PASTED = CODES * 8 * (MOST + 20)
"""Characters a paste may hold: several players' parts of the most codes each, with room around."""
ENTRIES = 100
"""Entries of one list a part may add where the game's declaration sets no bound of its own (it
allows ten thousand): more than any box makes of a player's exhibitions or books."""
VALUE = 1000
"""Characters of one answer (a place is at most ``places.MOST``)."""
ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:"
CODE = re.compile(r"(SC[0-9]{1,3}):([A-Z2-7]{6}):([0-9]{1,2}):([0-9]{1,2}):([0-9A-Z $%*+\-./:]*)")
"""A code's text: head, the part's id, I of N (ASCII digits: a superscript is no digit here), data."""


class PartError(ValueError):
    """A text or code that is no part this table can take, in the players' words."""


# --- Base45 (RFC 9285) ---------------------------------------------------------------------------

def base45(data: bytes) -> str:
    out = []
    for at in range(0, len(data) - 1, 2):
        number = data[at] * 256 + data[at + 1]
        number, c = divmod(number, 45)
        e, d = divmod(number, 45)
        out += [ALPHABET[c], ALPHABET[d], ALPHABET[e]]
    if len(data) % 2:
        d, c = divmod(data[-1], 45)
        out += [ALPHABET[c], ALPHABET[d]]
    return "".join(out)


def unbase45(text: str) -> bytes:
    try:
        values = [ALPHABET.index(char) for char in text]
    except ValueError:
        raise PartError("a character that is in no part: was it copied whole?") from None
    if len(values) % 3 == 1:
        raise PartError("the part is cut short: was it copied whole?")
    out = bytearray()
    for at in range(0, len(values), 3):
        group = values[at:at + 3]
        number = sum(value * 45 ** power for power, value in enumerate(group))
        if len(group) == 3:
            if number > 0xFFFF:
                raise PartError("the part is damaged: was it copied whole?")
            out += bytes(divmod(number, 256))
        else:
            if number > 0xFF:
                raise PartError("the part is damaged: was it copied whole?")
            out.append(number)
    return bytes(out)


# --- the part ------------------------------------------------------------------------------------

Answer = tuple[str, str | None, str]
"""``(place, seen, value)``: the pad's answer form (``seen`` ``None``: nothing seen there)."""


@dataclass(frozen=True)
class Part:
    """One player's answers (``player`` her name), or the table's own code (``player`` ``None``:
    the settings and names, whole places)."""

    game: str
    table: str
    player: str | None
    answers: tuple[Answer, ...]

    def data(self) -> bytes:
        sent: dict[str, Any] = {"v": VERSION, "g": self.game, "t": self.table,
                                "a": [list(answer) for answer in self.answers]}
        if self.player is not None:
            sent["p"] = self.player
        text = json.dumps(sent, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
        return text.encode("utf-8", "surrogatepass")


@cache
def dictionary(game: str) -> bytes:
    """The preset dictionary of ``game``'s parts: what each of them repeats, as the JSON writes it,
    drawn from the game's declaration and interview (a player's places, a board's first squares
    and the codes its tiles are tapped from, the settings), the most frequent last (nearest)."""
    known = get_game(game)
    declaration, interview = known.declaration, known.interview
    words: list[str] = []
    for name, spec_field in declaration.fields.items():
        if name not in ("players", "game", "expect", "tally", "notes"):
            words += [f'["{place}",null,"' for place in places_below(name, spec_field.spec)]
    form = interview.form("players")
    palette = palette_of(form)
    if palette is not None:
        words += [code for pick in palette.picks for code, _ in pick.options]
        words.append(palette.mark + "".join(code for code, _ in palette.sides))
    board = board_of(form)
    if board is not None:
        words += [f'["{cell.key}","","' for cell in board.cells({})]
        words += [f'["{name}","open","done"]' for name in board.fields]
    player = record_at(declaration, "players")
    for name, spec_field in player.fields.items():
        if name != "name" and interview.ask(f"players.{name}").order is not None:
            words += [f'["{place}",null,"' for place in places_below(name, spec_field.spec)]
    words += ['["players[0].name",null,"', '"],["players[1].name",null,"']
    words.append(f'{{"v":{VERSION},"g":"{game}","t":"","a":[["')
    return "".join(words).encode("utf-8")


def places_below(name: str, spec: Spec) -> list[str]:
    """The places a part names at field ``name`` of ``spec``: the field, or each asked field of a
    list's first entry, or of a record (one level down)."""
    entries = spec.asked_entries()
    record = record_of(entries) if entries is not None else record_of(spec.asked_fields())
    if record is None or not record.fields:
        return [name]
    below = f"{name}[0]" if entries is not None else name
    return [f"{below}.{key}" for key in record.fields]


def most_answers(game: str) -> int:
    """The most answers one player's part can hold, from the game's declaration: each field a
    player is asked, a list asked entry by entry at most its bound (or ``ENTRIES``) times its
    entry's, a record its fields', and the board's finishing answer."""
    known = get_game(game)
    player = record_at(known.declaration, "players")
    return 1 + sum(places_in(spec_field.spec) for name, spec_field in player.fields.items()
                   if name != "name" and known.interview.ask(f"players.{name}").order is not None)


def places_in(spec: Spec, depth: int = 0) -> int:
    if depth > 4:
        return 1
    entries = spec.asked_entries()
    if entries is not None:
        bounds = spec.list_bounds()
        most = min(bounds[1], ENTRIES) if bounds is not None else ENTRIES
        record = record_of(entries)
        each = sum(places_in(inner.spec, depth + 1) for inner in record.fields.values()) \
            if record is not None and record.fields else 1
        return most * each
    record = record_of(spec.asked_fields())
    if record is not None and record.fields:
        return sum(places_in(inner.spec, depth + 1) for inner in record.fields.values())
    item = spec.item_spec()
    if item is not None and not item.is_scalar():  # a form's list (a board's tiles): each entry a square
        bounds = spec.list_bounds()
        return min(bounds[1], ENTRIES) if bounds is not None else ENTRIES
    return 1


def deflate(data: bytes, game: str) -> bytes:
    squeeze = zlib.compressobj(9, zlib.DEFLATED, -15, 9, zlib.Z_DEFAULT_STRATEGY, dictionary(game))
    return squeeze.compress(data) + squeeze.flush()


def inflate(raw: bytes, game: str) -> bytes | None:
    """``raw`` inflated with ``game``'s dictionary; ``None`` when it is none of that game's."""
    loose = zlib.decompressobj(-15, zdict=dictionary(game))
    try:
        data = loose.decompress(raw, BIGGEST)
    except zlib.error:
        return None
    if loose.unconsumed_tail or not loose.eof:
        raise PartError("the part is damaged or too large: was it copied whole?")
    return data


def pack(part: Part) -> str:
    """The part as one text: JSON, raw deflate with its game's dictionary, Base45."""
    if part.game not in REGISTRY:
        raise PartError(f"no game here is called {part.game}")
    return base45(deflate(part.data(), part.game))


def unpack(text: str) -> Part:
    """The part a text holds; ``PartError`` in the players' words when it holds none. Its game is
    the one whose dictionary inflates it into a part of that game."""
    raw = unbase45(text)
    for game in REGISTRY:
        data = inflate(raw, game)
        if data is None:
            continue
        try:
            sent = json.loads(data.decode("utf-8"))
        except (ValueError, RecursionError):
            continue
        if isinstance(sent, dict) and sent.get("g") == game:
            return read(sent)
    raise PartError("the part is damaged, or made by another version of scorecalc: was it copied "
                    "whole? (if so, update both phones)")


def read(sent: Any) -> Part:
    if not isinstance(sent, dict) or not isinstance(sent.get("v"), int):
        raise PartError("this is no scorecalc part")
    if sent["v"] != VERSION:
        raise PartError("this part was made by another version of scorecalc: update both phones")
    game, table, player, answers = sent.get("g"), sent.get("t", ""), sent.get("p"), sent.get("a")
    if not (isinstance(game, str) and isinstance(table, str) and (player is None or isinstance(player, str))
            and isinstance(answers, list)):
        raise PartError("this is no scorecalc part")
    taken: list[Answer] = []
    for answer in answers:
        if not (isinstance(answer, list) and len(answer) == 3 and isinstance(answer[0], str)
                and (answer[1] is None or isinstance(answer[1], str)) and isinstance(answer[2], str)):
            raise PartError("this is no scorecalc part")
        taken.append((answer[0], answer[1], answer[2]))
    return Part(game, table, player, tuple(taken))


def part_id(packed: str) -> str:
    """Six characters naming a packed part (its codes carry it, so two parts never mix)."""
    return base64.b32encode(hashlib.sha256(packed.encode("ascii")).digest()).decode()[:6]


def split(part: Part, most: int = MOST) -> list[str]:
    """The part's codes: ``SC2:ID:I:N:DATA``, each ``DATA`` at most ``most`` characters, cut only
    between Base45's groups (so none ends in a space, which a paste or a scan would trim)."""
    packed = pack(part)
    most -= most % GROUP
    count = max(1, -(-len(packed) // most))
    size = -(-len(packed) // count)  # as even as can be: each code as sparse as the others
    size += -size % GROUP
    pieces = [packed[at:at + size] for at in range(0, len(packed), size)] or [""]
    if len(pieces) > CODES:
        raise PartError(f"this part needs {len(pieces)} codes, more than {CODES}")
    ident = part_id(packed)
    return [f"{HEAD}:{ident}:{i}:{len(pieces)}:{piece}" for i, piece in enumerate(pieces, start=1)]


@dataclass(frozen=True)
class Code:
    ident: str
    index: int
    count: int
    data: str


def code_of(text: str) -> Code:
    """One code's text, read; ``PartError`` when it is none of a part's (another version's code is
    refused as one)."""
    found = CODE.fullmatch(text.strip())
    head = OLD_HEAD.match(text.strip())
    if head is not None and head.group() != HEAD and text.strip()[head.end():head.end() + 1] == ":":
        raise PartError("this code was made by another version of scorecalc: update both phones")
    if found is None or not 1 <= int(found.group(3)) <= int(found.group(4)) <= CODES:
        raise PartError("this code is not a scorecalc part")
    return Code(found.group(2), int(found.group(3)), int(found.group(4)), found.group(5))


@dataclass
class Heard:
    """What a code (or a pasted text) brought: the part's codes in so far, and the part once
    whole, with its codes' text (``packed``: a code a line, what a paste of them is)."""

    ident: str
    have: int
    count: int
    part: Part | None = None
    packed: str = ""


@dataclass
class Collector:
    """The codes heard, by part: joined when each of a part's codes is in, in any order."""

    codes: dict[str, dict[int, Code]] = field(default_factory=dict)

    def add(self, text: str) -> Heard:
        code = code_of(text)
        have = self.codes.setdefault(code.ident, {})
        if have and next(iter(have.values())).count != code.count:
            raise PartError("this code is not a scorecalc part")
        have[code.index] = code
        heard = Heard(code.ident, len(have), code.count)
        if len(have) == code.count:
            packed = "".join(have[i].data for i in range(1, code.count + 1))
            if part_id(packed) != code.ident:
                del self.codes[code.ident]
                raise PartError("the part's codes do not fit together: scan them again")
            heard.part = unpack(packed)
            heard.packed = "\n".join(f"{HEAD}:{code.ident}:{i}:{code.count}:{have[i].data}"
                                     for i in range(1, code.count + 1))
        return heard

    def waiting(self, done: set[str]) -> list[str]:
        """What is missing of each part begun and not whole (``done``: the ids of the whole ones)."""
        return [f"{len(have)} of a part's {next(iter(have.values())).count} codes pasted: paste every one"
                for ident, have in self.codes.items() if ident not in done and have]


def pasted(text: str) -> tuple[list[Part], list[str]]:
    """A pasted text: the codes of one or more parts, a line each, in any order, with any space
    around the lines. The parts whole (each once), and what is wrong with the rest, in words."""
    if len(text) > PASTED:
        raise PartError("this is more text than any part: paste one part's codes")
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    if not lines:
        raise PartError("nothing pasted: paste the text the sending phone shows")
    collector = Collector()
    whole: dict[str, Part] = {}
    wrong: list[str] = []
    for line in lines:
        try:
            heard = collector.add(line)
        except PartError as error:
            wrong.append(str(error))
            continue
        if heard.part is not None:
            whole.setdefault(heard.ident, heard.part)
    wrong += collector.waiting(set(whole))
    return list(whole.values()), list(dict.fromkeys(wrong))


def joined(text: str) -> Part:
    """A pasted text that holds one part whole (a table's code): that part, else ``PartError``."""
    found, wrong = pasted(text)
    if len(found) == 1 and not wrong:
        return found[0]
    if len(found) > 1:
        raise PartError("several parts pasted: paste one")
    raise PartError(wrong[0] if wrong else "this is no scorecalc part")


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
    """``part`` applied to this pad's player of its name, in one go (``Pad.together``): each answer
    through the pad's compare-and-set in one pass, FILE written once. An answer the table refuses
    refuses the whole part (``PartError`` naming it; nothing taken); one it holds otherwise is
    stale, shown with both values. ``table``: this table's id; a part made for another table is
    refused (one made with none, from the game and her name alone, is taken by any table)."""
    if part.player is None:
        raise PartError("this is a table's code, not a player's part: scan it on a phone that joins")
    if pad.stopping:
        raise PartError(f"{part.player}'s part was not taken: the pad stopped")
    if part.game != pad.game.name:
        raise PartError(f"this is a part for {part.game}, and this table is {pad.game.title}")
    if part.table and part.table != table:
        raise PartError(f"{part.player}'s part was made for another table")
    seat = seat_of(pad, part.player)
    if seat is None:
        raise PartError(f"no player here is named {part.player}: a part is applied to the player of "
                        "her name (type her name as she did, or check it on her phone)")
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
            if pad.stopping:
                return False
            before = pad.answers
            reply = pad.answer(whole, seen, value)  # what a phone's POST answer calls (pages.answer_call)
            if reply.status == "saved":
                taken.new += pad.answers > before
                taken.had += pad.answers == before
            elif reply.status == "stale":
                taken.stale.append(stale_words(pad, held, whole, reply, value))
            else:
                refused.append((whole, reply))
                return False
        return True

    if not pad.together(work):
        if pad.failure:
            raise PartError(pad.failure)
        if not refused:
            raise PartError(f"{part.player}'s part was not taken: the pad stopped")
        whole, reply = refused[0]
        raise PartError(f"{part.player}'s part was not taken, nothing of it: "
                        f"{label_of(pad, held, whole)}: {reply.message}")
    pad.settle()
    return taken


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
        if reply.status != "saved":
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
        return Reply("refused", 422, str(error))
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
            reply = Reply("refused", 422, "\n".join(said) or "this is no scorecalc part")
        elif whole == applied == len(said):
            reply = Reply("saved", 200, "\n".join(said))
        else:
            reply = Reply("stale", 409, "\n".join(said))
        reply.version = pad.version
        return reply
