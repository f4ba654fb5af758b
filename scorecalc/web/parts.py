"""A player's part, sent from her phone to the phone that holds the table (SPEC section 9,
"Several phones, no network"): the one place that knows the part's format.

A part is the pad's own answers, ``{place, seen, value}``, below one player named by her name
(``money``, ``grid.r3c2``, ``grid``: the places of ``players[i].`` without the seat), with the
game, the table's id (empty when the phone started from the game and her name alone) and a
version. The holder applies it to the player of that name, whatever her seat, each answer
through the pad's compare-and-set (``Pad.answer``, as a phone's answer is): a part taken twice
changes nothing twice, an answer the holder holds otherwise is shown stale with both values,
never overwritten. No import of ``pages.py`` (which imports this module for its route).
The table's own code (what a joining phone scans first: the game, the settings, the names and
the id) is the same form with no player and whole places (``players[1].name``).

On the way: JSON with one-letter keys, raw deflate (zlib ``wbits=-15``, which is the browser's
``CompressionStream('deflate-raw')`` too), then Base45 (RFC 9285), whose 45 characters are QR's
alphanumeric set: 5.5 bits a character where byte mode spends 8 (docs/app.md has the measured
sizes). Split over codes of at most ``MOST`` characters, each ``SC1:ID:I:N:DATA`` ("2 of 3"),
taken in any order and joined when every one is in (``Collector``). It runs under Pyodide too.
"""

from __future__ import annotations

import base64
import hashlib
import json
import zlib
from dataclasses import dataclass, field
from typing import Any
from weakref import WeakKeyDictionary

from .pad import Pad
from .places import parse_place
from .reply import Reply, Status

VERSION = 1
"""The part format's version (``v``); a part of another version is refused, saying so."""
HEAD = "SC1"
"""What every code begins with: this is a scorecalc part (of code format 1)."""
MOST = 160
"""Characters of a part's data in one code. With the head, a code holds at most 175 alphanumeric
characters: QR version 7 at error correction M (45 x 45 modules, 53 with the quiet zones), so a
code 170 camera pixels wide (the app's 360 CSS pixels held at arm's length: docs/app.md) gets
more than 3 pixels a module, where every decoder measured read every code with a pixel of blur
(``bench/qr_parts.py``)."""
BIGGEST = 64 * 1024
"""Bytes a part may unpack to (the pad's own limit on a request): more is no part."""
CODES = 36
"""Codes a part may be split over."""
ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:"


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
        return text.encode("utf-8")


def pack(part: Part) -> str:
    """The part as one text: JSON, raw deflate, Base45."""
    squeeze = zlib.compressobj(9, zlib.DEFLATED, -15)
    return base45(squeeze.compress(part.data()) + squeeze.flush())


def unpack(text: str) -> Part:
    """The part a text holds; ``PartError`` in the players' words when it holds none."""
    raw = unbase45(text)
    loose = zlib.decompressobj(-15)
    try:
        data = loose.decompress(raw, BIGGEST)
    except zlib.error:
        raise PartError("the part is damaged: was it copied whole?") from None
    if loose.unconsumed_tail or not loose.eof:
        raise PartError("the part is damaged or too large: was it copied whole?")
    try:
        sent = json.loads(data.decode("utf-8"))
    except (ValueError, RecursionError):
        raise PartError("the part is damaged: was it copied whole?") from None
    return read(sent)


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
    return base64.b32encode(hashlib.sha256(packed.encode()).digest()).decode()[:6]


def split(part: Part, most: int = MOST) -> list[str]:
    """The part's codes: ``SC1:ID:I:N:DATA``, each ``DATA`` at most ``most`` characters."""
    packed = pack(part)
    count = max(1, -(-len(packed) // most))
    size = -(-len(packed) // count)  # as even as can be: each code as sparse as the others
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
    """One code's text, read; ``PartError`` when it is none of a part's."""
    fields = text.strip().split(":", 4)
    if len(fields) != 5 or fields[0] != HEAD:
        raise PartError("this code is not a scorecalc part")
    _, ident, index, count, data = fields
    if not (len(ident) == 6 and index.isdigit() and count.isdigit()
            and 1 <= int(index) <= int(count) <= CODES):
        raise PartError("this code is not a scorecalc part")
    return Code(ident, int(index), int(count), data)


@dataclass
class Heard:
    """What a code (or a pasted text) brought: the part's codes in so far, and the part once whole."""

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
            heard.part, heard.packed = unpack(packed), packed
        return heard


def joined(text: str) -> Part:
    """A pasted text: one or more codes (a line each, in any order), or a whole packed part."""
    lines = [line.strip() for line in text.replace("\r", "\n").split("\n") if line.strip()]
    if not lines:
        raise PartError("nothing pasted: paste the text the sending phone shows")
    if not lines[0].startswith(HEAD + ":"):
        return unpack("".join(lines))
    collector = Collector()
    heard = [collector.add(line) for line in lines]
    whole = [one.part for one in heard if one.part is not None]
    if not whole:
        last = heard[-1]
        raise PartError(f"{last.have} of the part's {last.count} codes pasted: paste every one")
    return whole[-1]


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
    """What applying a part did: ``new`` answers taken, ``had`` held already, the ``stale`` ones
    (the table holds another value: both shown, nothing overwritten) and the ``refused``."""

    player: str
    new: int = 0
    had: int = 0
    stale: list[str] = field(default_factory=list)
    refused: list[str] = field(default_factory=list)

    @property
    def whole(self) -> bool:
        return not self.stale and not self.refused

    def message(self) -> str:
        said = f"{self.player}'s part: "
        if self.whole:
            plural = "s" * (self.new != 1)
            said += f"{self.new} answer{plural} taken" if self.new else "already in, nothing changed"
            if self.new and self.had:
                said += f" ({self.had} held already)"
            return said
        said += f"{self.new} taken, {self.had} held already"
        if self.stale:
            said += "; not taken, the table holds another answer (change it there if hers is right): " + \
                "; ".join(self.stale)
        if self.refused:
            said += "; refused: " + "; ".join(self.refused)
        return said

    def json(self) -> dict[str, Any]:
        return {"status": "saved" if self.whole else "stale", "player": self.player, "new": self.new,
                "had": self.had, "stale": self.stale, "refused": self.refused, "message": self.message()}


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


def take(pad: Pad, part: Part, table: str = "") -> Taken:
    """``part`` applied to this pad's player of its name: each answer through the pad's
    compare-and-set. An answer refused only for its order (a tile not yet next to another) is
    tried again once those after it are in. ``PartError``: a part this table cannot take."""
    if part.player is None:
        raise PartError("this is a table's code, not a player's part: scan it on a phone that joins")
    if part.game != pad.game.name:
        raise PartError(f"this is a part for {part.game}, and this table is {pad.game.title}")
    if part.table and table and part.table != table:
        raise PartError(f"{part.player}'s part was made for another table")
    seat = seat_of(pad, part.player)
    if seat is None:
        raise PartError(f"no player here is named {part.player}: a part is applied to the player of "
                        "her name (type her name as she did, or check it on her phone)")
    taken = Taken(part.player)
    waiting: list[Answer] = list(part.answers)
    refused: dict[str, tuple[Answer, Reply]] = {}
    while waiting:
        again: list[Answer] = []
        new = taken.new
        held = labels(pad)  # the part's places are its own: each one's value is as it was here
        for place, seen, value in waiting:
            whole = f"players[{seat}].{place}"
            if held.get(whole, ("", None))[1] == value:  # held already: counted, nothing sent
                taken.had += 1
                refused.pop(whole, None)
                continue
            before = pad.answers
            reply = pad.answer(whole, seen, value)  # what a phone's POST answer calls (pages.answer_call)
            if reply.status == "saved":
                refused.pop(whole, None)
                if pad.answers > before:
                    taken.new += 1
                else:
                    taken.had += 1
            elif reply.status == "stale":
                taken.stale.append(stale_words(pad, whole, reply, value))
            else:
                refused[whole] = ((place, seen, value), reply)
                again.append((place, seen, value))
        waiting = again if taken.new > new else []  # tried again while the last round took some
    pad.settle()
    said = labels(pad)
    for whole, (_, reply) in refused.items():
        taken.refused.append(f"{said.get(whole, (part.player, None))[0]}: {reply.message}")
    return taken


def stale_words(pad: Pad, whole: str, reply: Reply, value: str) -> str:
    label = labels(pad).get(whole, (whole, None))[0]
    held, sent = reply.words if reply.words is not None else (reply.current or "", value)
    return f"{label} is “{held or 'empty'}” here, “{sent or 'empty'}” in the part"


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
    """A pasted part (its codes' text, or the whole text), applied: the pad's reply, its message
    in the players' words; ``saved`` when every answer is in, ``stale`` when some were not taken."""
    with pad.lock:
        try:
            taken = take(pad, joined(text), table)
        except PartError as error:
            return Reply(Status.REFUSED, 422, str(error), version=pad.version)
        received(pad)[taken.player] = taken.whole
        return Reply(Status.SAVED if taken.whole else Status.STALE, 200 if taken.whole else 409,
                     taken.message(), version=pad.version)
