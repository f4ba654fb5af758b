"""A player's part sent from her phone to the phone that holds the table (SPEC section 9, "Several
phones, no network"; ``scorecalc/web/parts.py``): the format (Base45 over raw deflate, codes of
QR's alphanumeric set, "2 of 3" in any order), a part made on one pad and taken by another through
the pad's compare-and-set (by the player's name, whatever her seat; twice changes nothing twice;
a conflict shown stale, nothing overwritten), the laptop pad's paste route and the app's calls.
In-process; runs under Pyodide too (scripts/test_rules_pyodide.py)."""

from __future__ import annotations

import datetime
import json
import random
import zlib
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml

from scorecalc.games import get_game
from scorecalc.web import parts
from scorecalc.web.local import Tables
from scorecalc.web.pad import Pad

NOW = datetime.datetime(2026, 12, 3, 20, 0)
NAMES = ("Alexandra", "Bea", "Cid", "Dee")
BOARDS = {  # four explorers' boards (the largest: 17 tiles, Alexandra's)
    "Alexandra": """\
JuJa~ES    JuSlSo~NESW  JuHo~SW   SaAt
JuKi~NE    SwPiGu~NESW  SwAn~NW   SaIb
SaCp       SwIb~NS      JuJa~ES   SaAt~W
SwPi~E     Ju~NW~ES     JuHo~SW   SaFl
.          SaSn~N       .         .
""",
    "Bea": """\
SwIbPi~NES  SaJa      JuHo~SW   Ju~NE
SwGu~NS     SaCp~E    JuSl~NW   SaAt
JuJa~N      SaIb      SwPi~ES   SwEe~NW
SaTa        JuKi~E    Sw~NW~ES  JuBu
""",
    "Cid": """\
JuJa~ES  JuCp~NSW  SaCp~N  SwPi~NS
JuJa~NE  JuSl~NSW  Sa      SwGu~NW
Ju       SwAn~NE   SwPi~W  Sa
.        SwFr      .       SaTa
""",
    "Dee": """\
SwPi~NS   SwPi~NS   JuHo  JuHo
SwCm~NES  SwEe~NSW  JuHo  Sa
Sw~N      Sw~NE     Sa~W  SaBu
.         .         Sa    SaSh
""",
}


def tiles(grid: str) -> list[tuple[int, int, str]]:
    return [(r, c, token) for r, line in enumerate(grid.splitlines(), start=1)
            for c, token in enumerate(line.split(), start=1) if token != "."]


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    return tmp_path


def new_pad(folder: Path, name: str, game: str = "caracas", ident: str = "T0BLE") -> Pad:
    return Pad(get_game(game), str(folder / f"{name}.yaml"), NOW, ident=ident)


def pasted(part: parts.Part) -> str:
    """A part's codes as a paste of them holds them: a line each."""
    return "\n".join(parts.split(part))


@pytest.fixture
def holder(folder: Path) -> Iterator[Pad]:
    pad = new_pad(folder, "table")
    for seat, name in enumerate(NAMES):
        assert pad.answer(f"players[{seat}].name", None, name).status == "saved"
    yield pad
    pad.close()


def joining_phone(folder: Path, holder: Pad, name: str) -> Pad:
    """A phone that joins from the table's code, enters ``name``'s board and finishes it."""
    phone = new_pad(folder, f"phone-{name}")
    code = parts.split(parts.table_of(holder, "T0BLE"))
    assert parts.begin(phone, parts.joined("\n".join(code))) == []
    seat = NAMES.index(name)
    for r, c, token in tiles(BOARDS[name]):
        assert phone.answer(f"players[{seat}].grid.r{r}c{c}", "", token).status == "saved"
    assert phone.answer(f"players[{seat}].grid", "open", "done").status == "saved"
    return phone


# --- the format ---------------------------------------------------------------------------------

@pytest.mark.parametrize(("data", "text"), [(b"AB", "BB8"), (b"Hello!!", "%69 VD92EX0"),
                                            (b"base-45", "UJCLQE7W581"), (b"", "")])
def test_base45_is_rfc_9285s(data: bytes, text: str) -> None:
    assert parts.base45(data) == text
    assert parts.unbase45(text) == data


def test_a_part_packs_into_qr_alphanumeric_characters_and_back(folder: Path) -> None:
    answers = (("money", None, "2300"), ("animals", None, "sea_lion 2"))
    part = parts.Part("galapagos", "ABC", "Zoë “Z” <b>", answers)
    packed = parts.pack(part)
    assert set(packed) <= set(parts.ALPHABET)
    assert parts.unpack(packed) == part
    data = json.loads(part.data())  # short keys, the version, the table's id
    assert data == {"v": 2, "g": "galapagos", "t": "ABC", "p": "Zoë “Z” <b>",
                    "a": [["money", None, "2300"], ["animals", None, "sea_lion 2"]]}
    # raw deflate with the game's preset dictionary
    loose = zlib.decompressobj(-15, zdict=parts.dictionary("galapagos"))
    assert loose.decompress(parts.unbase45(packed)) == part.data()


DICTIONARIES = {"caracas": "411d5463fe7d02f1", "caribe": "54c1128a9d0ad07f", "galapagos": "7b9ea86afa19b195",
                "origin": "97f104b8dd379355"}
"""Each game's preset dictionary, by the first characters of its SHA-256: part of format 2."""


@pytest.mark.parametrize("game", sorted(DICTIONARIES))
def test_each_games_dictionary_is_the_formats_own(game: str) -> None:
    """A phone reads another's part only with the same dictionary: a change of a game's places or
    tile codes changes it, and then the format's version must change too (``packing.VERSION``)."""
    import hashlib

    assert parts.VERSION == 2
    assert hashlib.sha256(parts.dictionary(game)).hexdigest()[:16] == DICTIONARIES[game]
    assert parts.dictionary(game).endswith(f'{{"v":2,"g":"{game}","t":"","a":[["'.encode())


def test_a_part_no_code_can_carry_is_refused_in_words() -> None:
    with pytest.raises(parts.PartError, match="a name or an answer holds a character no part can carry"):
        parts.split(parts.Part("galapagos", "", "A\ud800", (("money", None, "100"),)))


def deflated(data: bytes, game: str = "caracas") -> str:
    """``data`` as a part's text would carry it: raw deflate with ``game``'s dictionary, Base45."""
    return parts.base45(parts.deflate(data, game))


@pytest.mark.parametrize(("text", "said"), [
    ("hello", "a character that is in no part"),
    ("AB", "the part is damaged"),
    ("A", "the part is cut short"),
    (parts.base45(b"\x00\x01\x02"), "the part is damaged"),
    (deflated(b'{"v": 1, "g": "caracas"}'), "another version of scorecalc"),
    (parts.base45(zlib.compress(b'{"v": 1, "g": "caracas"}')[2:-4]), "another version"),  # format 1
    (deflated(b'[1, 2]'), "the part is damaged"),
    (deflated(b'{"v":2,"g":"caracas","t":"","p":"A","a":[["x",1,"y"]]}'), "this is no scorecalc part"),
    (deflated(b" " * 200_000), "too large"),  # inflates past ``BIGGEST``: refused
    (deflated(b"[" * 60_000), "the part is damaged"),  # nested past any part: refused unparsed
])
def test_a_text_that_is_no_part_is_refused_in_words(text: str, said: str) -> None:
    with pytest.raises(parts.PartError, match=said):
        parts.unpack(text)


def test_the_largest_part_is_several_codes_of_qr_version_7_at_most_taken_in_any_order(
        folder: Path, holder: Pad) -> None:
    import segno

    phone = joining_phone(folder, holder, "Alexandra")
    part = parts.part_of(phone, "Alexandra", "T0BLE")
    assert len(part.answers) == 18  # 17 tiles and the board finished
    assert part.answers[-1] == ("grid", "open", "done")
    assert part.answers[0] == ("grid.r1c1", "", "JuJa~ES")
    codes = parts.split(part)
    packed = parts.pack(part)
    assert len(codes) == -(-len(packed) // parts.MOST) >= 2  # too dense for one code
    ident, n = parts.part_id(packed), len(codes)
    heads = [["SC2", ident, str(i), str(n)] for i in range(1, n + 1)]
    assert [code.split(":")[:4] for code in codes] == heads
    sizes = [len(code.split(":", 4)[4]) for code in codes]
    assert max(sizes) - min(sizes) <= parts.GROUP and max(sizes) <= parts.MOST  # as even as can be
    for code in codes:
        qr = segno.make(code, error="m", micro=False, boost_error=False)
        assert (qr.mode, qr.error) == ("alphanumeric", "M") and qr.version <= 7
    for order in (list(range(n))[::-1], [1, 1, *range(n)], [0, *range(n - 1, 0, -1)]):  # any order, twice
        collector = parts.Collector()
        heard = [collector.add(codes[i]) for i in order]
        assert [one.have for one in heard][-1] == n and heard[-1].count == n
        for at, one in enumerate(heard):
            whole = len(set(order[:at + 1])) == n
            assert one.part == (part if whole else None)
    pasted = "\n\n".join(reversed(codes)) + "\n"  # pasted, a code a line, any order
    assert parts.joined(pasted) == part
    assert parts.joined(" \t" + pasted.replace("\n", " \r\n  ")) == part  # any space around the lines
    with pytest.raises(parts.PartError, match=f"{n - 1} of a part's {n} codes pasted: paste every one"):
        parts.joined("\n".join(codes[1:]))
    phone.close()


def test_codes_of_two_parts_never_mix(folder: Path, holder: Pad) -> None:
    one = parts.split(parts.Part("caracas", "", "Bea", tuple((f"g.r1c{i}", "", "JuJa") for i in range(60))))
    two = parts.split(parts.Part("caracas", "", "Cid", tuple((f"g.r1c{i}", "", "SaAt") for i in range(60))))
    collector = parts.Collector()
    assert collector.add(one[0]).part is None
    assert collector.add(two[0]).part is None
    whole = [collector.add(code) for code in [*one[1:], *two[1:]]]
    assert [heard.part.player for heard in whole if heard.part is not None] == ["Bea", "Cid"]
    forged = one[0].split(":")
    forged[4] = forged[4][::-1]
    collector = parts.Collector()
    collector.add(":".join(forged))
    with pytest.raises(parts.PartError, match="do not fit together"):
        for code in one[1:]:
            collector.add(code)
    with pytest.raises(parts.PartError, match="not a scorecalc part"):
        parts.code_of("https://example.org/")


# --- made on one pad, taken by another ----------------------------------------------------------

def test_four_phones_parts_taken_in_a_shuffled_order_one_twice_score_as_the_truth(
        folder: Path, holder: Pad) -> None:
    sent = {name: parts.split(parts.part_of(joining_phone(folder, holder, name), name, "T0BLE"))
            for name in NAMES}
    codes = [code for name in NAMES for code in sent[name]] + sent["Bea"]  # Bea's part shown twice
    random.Random(39).shuffle(codes)
    collector = parts.Collector()
    told = []
    for code in codes:
        heard = collector.add(code)
        if heard.part is not None:
            before, version = Path(holder.name).read_bytes(), holder.version
            reply = parts.take_text(holder, heard.packed, "T0BLE")
            told.append((heard.part.player, reply.status, reply.message))
            if heard.part.player in [player for player, *_ in told[:-1]]:  # the second time: nothing
                assert Path(holder.name).read_bytes() == before and holder.version == version
    first = [(name, "saved", f"{name}'s part: {len(tiles(BOARDS[name])) + 1} answers taken")
             for name in NAMES]
    assert sorted(told) == sorted([*first, ("Bea", "saved", "Bea's part: already in, nothing changed")])
    assert parts.whose(holder) == "Alexandra ✓, Bea ✓, Cid ✓, Dee ✓"
    reply = holder.score()
    if reply.status == "warned":  # 17 and 16 tiles where 4 explorers place 15 each: a plausibility warning
        reply = holder.score(anyway=True)
    assert reply.status == "saved"
    truth = folder / "truth.yaml"
    written = yaml.safe_load(Path(holder.name).read_text(encoding="utf-8"))
    truth.write_text(yaml.safe_dump({"game": "caracas", "date": written["date"], "players": [
        {"name": name, "grid": BOARDS[name]} for name in NAMES]}, allow_unicode=True), encoding="utf-8")
    from tests.helpers import run_cli

    def scored(path: Path) -> dict[str, object]:
        done = run_cli("score", str(path), "--format", "json")  # the command's own JSON, in-process
        assert done.exit_code == 0, done.stderr
        found = json.loads(done.stdout)
        found.pop("file", None)  # and the warnings without their file positions
        found["warnings"] = [warning.split(": warning: ", 1)[1] for warning in found["warnings"]]
        return dict(found)

    assert scored(Path(holder.name)) == scored(truth)


def test_a_part_is_taken_by_her_name_whatever_her_seat(folder: Path) -> None:
    phone = new_pad(folder, "phone", "galapagos")  # joined with the game and her name alone
    assert phone.answer("players[0].name", None, "Bea").status == "saved"
    for place, value in (("exhibition", "35"), ("education", "12"), ("animals", "3"), ("money", "1900")):
        assert phone.answer(f"players[0].{place}", None, value).status == "saved"
    text = "\n".join(parts.split(parts.part_of(phone, "Bea")))
    holder = new_pad(folder, "holder", "galapagos")
    for seat, name in enumerate(("Ana", "Bea")):
        holder.answer(f"players[{seat}].name", None, name)
    reply = parts.take_text(holder, text, "ANYTABLE")  # no table id in the part: any table takes it
    assert (reply.status, reply.message) == ("saved", "Bea's part: 4 answers taken")
    data = yaml.safe_load(Path(holder.name).read_text(encoding="utf-8"))
    assert data["players"][1] | {"name": "Bea"} == {"name": "Bea", "exhibition": 35, "education": 12,
                                                     "animals": 3, "money": 1900}
    assert "money" not in data["players"][0]
    assert parts.whose(holder) == "Ana —, Bea ✓"
    phone.close()
    holder.close()


def test_a_conflicting_answer_is_shown_stale_with_both_values_and_nothing_is_overwritten(
        folder: Path) -> None:
    phone = new_pad(folder, "phone", "galapagos")
    phone.answer("players[0].name", None, "Bea")
    phone.answer("players[0].money", None, "1900")
    phone.answer("players[0].education", None, "12")
    text = "\n".join(parts.split(parts.part_of(phone, "Bea")))
    holder = new_pad(folder, "holder", "galapagos")
    holder.answer("players[0].name", None, "Ana")
    holder.answer("players[1].name", None, "Bea")
    assert holder.answer("players[1].money", None, "2300").status == "saved"  # the holder changed it
    reply = parts.take_text(holder, text)
    assert (reply.status, reply.code) == ("stale", 409)
    assert reply.message == ("Bea's part: 1 taken, 0 held already; not taken, the table holds another "
                             "answer (change it there if hers is right): Bea's money is “2300” here, "
                             "“1900” in the part")
    data = yaml.safe_load(Path(holder.name).read_text(encoding="utf-8"))
    assert (data["players"][1]["money"], data["players"][1]["education"]) == (2300, 12)
    assert parts.whose(holder) == "Ana —, Bea ⚠"
    phone.close()
    holder.close()


def test_a_stale_tile_is_said_in_words(folder: Path, holder: Pad) -> None:
    phone = joining_phone(folder, holder, "Cid")
    assert holder.answer("players[2].grid.r1c1", "", "SaAt").status == "saved"
    reply = parts.take_text(holder, pasted(parts.part_of(phone, "Cid", "T0BLE")), "T0BLE")
    assert reply.status == "stale"
    assert "Cid's ✻1 is “Savannah, anteater” here, “Jungle, jaguar, river E S” in the part" in reply.message
    assert "JuJa" not in reply.message and "players[" not in reply.message
    phone.close()


@pytest.mark.parametrize(("part", "table", "said"), [
    (parts.Part("caracas", "", "Zed", (("grid.r1c1", "", "JuJa"),)), "",
     "no player here is named Zed: a part is applied to the player of her name"),
    (parts.Part("galapagos", "", "Bea", (("money", None, "3"),)), "",
     "this is a part for galapagos, and this table is Caracas"),
    (parts.Part("caracas", "OTHER", "Bea", (("grid.r1c1", "", "JuJa"),)), "T0BLE",
     "Bea's part was made for another table"),
    (parts.Part("caracas", "OTHER", "Bea", (("grid.r1c1", "", "JuJa"),)), "",  # a table without an id: still
     "Bea's part was made for another table"),
    (parts.Part("caracas", "", "Bea", tuple((f"grid.r{r}c1", "", "JuJa") for r in range(2_500))), "",
     "Bea's part holds 2,500 answers, more than one player's part can hold (101): it was not made by "
     "scorecalc"),
    (parts.Part("caracas", "", "Bea", (("grid.r1c1", "", "JuJa"), ("money", None, "3"), ("x.y", None, "1"),
                                        ("name", None, "Zed"))), "",
     "Bea's part holds 3 answers to questions this table never asks of a player: was it made for Caracas?"),
    (parts.Part("caracas", "", "Bea", (("grid.r1c1", "", "JuJa"), ("grid.r1c1", "", "SaAt"))), "",
     "Bea's part answers a question twice: it was not made by scorecalc"),
    (parts.Part("caracas", "", "Bea", (("grid.r1c1", "", "Ju" * 600),)), "",
     "Bea's part holds an answer of 1,200 characters: it was not made by scorecalc"),
    (parts.Part("caracas", "T0BLE", None, (("players[0].name", None, "X"),)), "T0BLE",
     "this is a table's code, not a player's part"),
])
def test_a_part_the_table_cannot_take_is_refused_saying_why(holder: Pad, part: parts.Part, table: str,
                                                            said: str) -> None:
    before = Path(holder.name).read_bytes()
    reply = parts.take_parts(holder, [part], [], table)  # as a paste or a scan brings it, whole
    assert (reply.status, reply.code) == ("refused", 422)
    assert reply.message.startswith(said) and "\n" not in reply.message  # one line, however many answers
    assert Path(holder.name).read_bytes() == before


def test_no_code_loses_a_character_to_trimming_pasted_or_scanned() -> None:
    """A space is a Base45 character: a code whose data ended in one lost it to the paste's and the
    scan's trimming, and the part never arrived. Renamings of Bea's board as the attack found them
    (``Eli U20``, ``Eli N39`` and ``Eli Q42`` ended the first code in a space in format 1)."""
    answers = (*((f"grid.r{r}c{c}", "", token) for r, c, token in tiles(BOARDS["Bea"])),
               ("grid", "open", "done"))
    spaces = 0
    for name in ("Eli U20", "Eli N39", "Eli Q42", *(f"Eli {chr(65 + at % 26)}{at}" for at in range(20))):
        part = parts.Part("caracas", "T0BLE", name, answers)
        codes = parts.split(part)
        assert len(codes) >= 2
        spaces += " " in parts.pack(part)
        assert all(code == code.strip() for code in codes)  # nothing for a trim to take
        scanned = parts.Collector()
        assert [scanned.add(f" {code}\n").part for code in reversed(codes)][-1] == part
        assert parts.joined("\n".join(f"  {code} \t" for code in codes)) == part
    assert spaces  # spaces there are, inside the codes
    for data in (bytes(range(256)), bytes([255, 255, 170]) * 40):  # the last of a group is never a space
        text = parts.base45(data)
        assert " " not in text[2::3] and text[-1] != " "


@pytest.mark.parametrize("n", [20, pytest.param(200, marks=pytest.mark.slow)])
def test_a_reverse_ordered_part_is_taken_in_one_pass_one_view_one_write(
        folder: Path, n: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each answer once, with one view of the table and FILE written once: the exhibitions given
    last first took a round of view and answers each, N rounds."""
    holder = new_pad(folder, "holder", "galapagos")
    holder.answer("players[0].name", None, "Ana")
    counts = {"views": 0, "writes": 0, "answers": 0}
    for method, key in (("view", "views"), ("write", "writes"), ("answer", "answers")):
        def counted(*args: object, _real: object = getattr(Pad, method), _key: str = key) -> object:
            counts[_key] += 1
            return _real(*args)  # type: ignore[operator]
        monkeypatch.setattr(Pad, method, counted)
    part = parts.Part("galapagos", "", "Ana", tuple((f"exhibitions[{i}].animals", None, "sea_lion")
                                                    for i in reversed(range(n))))
    reply = parts.take_text(holder, pasted(part))
    assert (reply.status, reply.message) == ("saved", f"Ana's part: {n} answers taken")
    assert counts == {"views": 1, "writes": 1, "answers": n}
    written = yaml.safe_load(Path(holder.name).read_text(encoding="utf-8"))["players"][0]["exhibitions"]
    assert written == [{"animals": ["sea_lion"]}] * n
    holder.close()


def test_a_part_cut_off_by_an_error_leaves_the_table_as_it_was(folder: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    holder = new_pad(folder, "holder", "galapagos")
    holder.answer("players[0].name", None, "Ana")
    before, state, version = Path(holder.name).read_bytes(), holder.state, holder.version
    answered = Pad.answer

    def failing(pad: Pad, place: str, seen: str | None, value: str) -> object:
        if place.endswith("money"):
            raise RuntimeError("cut off")
        return answered(pad, place, seen, value)

    monkeypatch.setattr(Pad, "answer", failing)
    part = parts.Part("galapagos", "", "Ana", (("education", None, "4"), ("money", None, "100")))
    with pytest.raises(RuntimeError):
        parts.take_text(holder, pasted(part))
    assert (holder.state, Path(holder.name).read_bytes(), holder.held_back) == (state, before, None)
    assert holder.version > version  # never back: phones fetch the table as it is
    holder.close()


def test_parts_pasted_together_are_each_applied_or_each_refused_by_name(folder: Path) -> None:
    holder = new_pad(folder, "holder", "galapagos")
    for seat, name in enumerate(("Ana", "Bea", "Cid")):
        holder.answer(f"players[{seat}].name", None, name)
    ana = parts.Part("galapagos", "", "Ana", (("money", None, "1900"), ("education", None, "12")))
    bea = parts.Part("galapagos", "", "Bea", (("money", None, "2300"),))
    zed = parts.Part("galapagos", "", "Zed", (("money", None, "100"),))
    cid = parts.Part("galapagos", "OTHER", "Cid", (("money", None, "100"),))
    reply = parts.take_text(holder, "\n".join([pasted(ana), pasted(bea)]))
    assert (reply.status, reply.message.splitlines()) == ("saved", ["Ana's part: 2 answers taken",
                                                                    "Bea's part: 1 answer taken"])
    reply = parts.take_text(holder, "\n\n".join([pasted(zed), pasted(ana), pasted(cid)]))
    assert (reply.status, reply.code) == ("stale", 409)  # something taken, something not
    assert reply.message.splitlines() == [
        "no player here is named Zed: a part is applied to the player of her name (type her name as she did, "
        "or check it on her phone)",
        "Ana's part: already in, nothing changed",
        "Cid's part was made for another table"]
    one, two = parts.split(parts.Part("galapagos", "", "Ana", tuple(
        (f"exhibitions[{i}].animals", None, "iguana") for i in range(40))))
    reply = parts.take_text(holder, f"{pasted(zed)}\n{one}")
    assert (reply.status, reply.message.splitlines()) == ("refused", [
        "1 of a part's 2 codes pasted: paste every one",
        "no player here is named Zed: a part is applied to the player of her name (type her name as she did, "
        "or check it on her phone)"])
    assert two
    holder.close()


def test_many_conflicts_are_counted_on_one_line(folder: Path) -> None:
    holder = new_pad(folder, "holder", "galapagos")
    holder.answer("players[0].name", None, "Ana")
    for i in range(8):
        holder.answer(f"players[0].exhibitions[{i}].animals", None, "crab")
    part = parts.Part("galapagos", "", "Ana", tuple((f"exhibitions[{i}].animals", None, "iguana")
                                                    for i in range(8)))
    reply = parts.take_text(holder, pasted(part))
    assert (reply.status, reply.code) == ("stale", 409)
    assert reply.message == (
        "Ana's part: 0 taken, 0 held already; 8 answers conflict, not taken (the table holds another answer; "
        "change it there if hers is right): Ana's exhibition 1 animals is “crab” here, “iguana” in the part; "
        "Ana's exhibition 2 animals is “crab” here, “iguana” in the part; Ana's exhibition 3 animals is "
        "“crab” here, “iguana” in the part; and 5 more")
    holder.close()


@pytest.mark.parametrize(("text", "said"), [
    ("SC2:ABCDEF:²:3:AB", "this code is not a scorecalc part"),  # a superscript is no digit here
    ("SC2:ABCDEF:" + "1" * 5000 + ":3:AB", "this code is not a scorecalc part"),  # past int()'s digits
    ("SC2:ABCDEF:1:1:A\ud800B", "this code is not a scorecalc part"),  # a lone surrogate
    ("SC2:ABCDEF:1:1:" + "A" * 3, "the part's codes do not fit together: scan them again"),
    ("SC1:ABCDEF:1:2:AB", "this code was made by another version of scorecalc: update both phones"),
    ("SC2:ABCDEF:3:2:AB", "this code is not a scorecalc part"),
    ("x" * 200_000, "this is more text than any part: paste one part's codes"),
    (" \n\t", "nothing pasted: paste the text the sending phone shows"),
])
def test_every_text_that_is_no_part_is_refused_in_words_with_a_4xx(folder: Path, text: str, said: str,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    from scorecalc.web import local

    holder = new_pad(folder, "holder", "galapagos")
    holder.answer("players[0].name", None, "Ana")
    reply = parts.take_text(holder, text)
    assert (reply.status, reply.code, reply.message) == ("refused", 422, said)
    monkeypatch.setattr(local, "ROOT", str(folder / "tables"))
    tables = Tables()
    assert tables.start("hold", "galapagos", "t.yaml", None, NOW.isoformat())["ok"]
    scanned = tables.get("hold").code(text)  # the app's camera: the same words, its worker alive
    assert scanned["ok"] is False and scanned["message"] in (said, "this code is not a scorecalc part")
    assert tables.hear(text)["ok"] is False
    tables.stop("hold")
    holder.close()


def test_an_answer_the_table_refuses_refuses_the_whole_part_named_with_its_label(folder: Path) -> None:
    holder = new_pad(folder, "holder", "galapagos")
    holder.answer("players[0].name", None, "Bea")
    before = Path(holder.name).read_bytes()
    part = parts.Part("galapagos", "", "Bea", (("education", None, "4"), ("money", None, "lots")))
    reply = parts.take_text(holder, pasted(part))
    assert (reply.status, reply.code) == ("refused", 422)
    assert reply.message.startswith("Bea's part was not taken, nothing of it: Bea's money: ")
    assert Path(holder.name).read_bytes() == before  # education 4 was applied, then dropped with the rest
    assert "education" not in holder.state.data["players"][0]
    gap = parts.Part("galapagos", "", "Bea", (("education", None, "4"),
                                              ("exhibitions[5].animals", None, "crab")))
    reply = parts.take_text(holder, pasted(gap))  # a sixth exhibition where she has none
    assert (reply.status, reply.message) == ("refused", "Bea's part was not taken, nothing of it: Bea's "
                                             "exhibition 6 animals: this table does not ask it")
    assert Path(holder.name).read_bytes() == before
    holder.close()


# --- the laptop pad's paste route, and the app's calls ------------------------------------------

def test_the_laptop_pad_takes_a_part_pasted(folder: Path) -> None:
    pytest.importorskip("starlette", reason="the pad's server stack: no server runs under Pyodide")
    from tests.support.pad_client import JSON, pad_client

    phone = new_pad(folder, "phone", "galapagos")
    phone.answer("players[0].name", None, "Bea")
    phone.answer("players[0].money", None, "1900")
    text = "\n".join(parts.split(parts.part_of(phone, "Bea")))
    with pad_client("galapagos", folder / "tonight.yaml") as pad:
        for seat, name in enumerate(("Ana", "Bea")):
            pad.answer(f"players[{seat}].name", name)
        code, _, body = pad.request("part", json.dumps({"text": text}).encode(), JSON)
        reply = json.loads(body)
        assert (code, reply["status"], reply["message"]) == (200, "saved", "Bea's part: 1 answer taken")
        assert yaml.safe_load(pad.file.read_text(encoding="utf-8"))["players"][1]["money"] == 1900
        code, _, body = pad.request("part", json.dumps({"text": text}).encode(), JSON)
        assert (code, json.loads(body)["message"]) == (200, "Bea's part: already in, nothing changed")
        code, _, body = pad.request("part", json.dumps({"text": "SC2:nonsense"}).encode(), JSON)
        assert (code, json.loads(body)["message"]) == (422, "this code is not a scorecalc part")
        code, _, body = pad.request("part", json.dumps({"text": "SC1:ABCDEF:1:1:AB"}).encode(), JSON)
        assert (code, json.loads(body)["message"]) == (422, "this code was made by another version of "
                                                            "scorecalc: update both phones")
        other = pasted(parts.Part("galapagos", "LASTWEEK", "Bea", (("money", None, "2300"),)))
        code, _, body = pad.request("part", json.dumps({"text": other, "table": "LASTWEEK"}).encode(), JSON)
        assert (code, json.loads(body)["message"]) == (422, "Bea's part was made for another table")
        for hostile in ("SC2:ABCDEF:²:3:AB", "SC2:ABCDEF:" + "9" * 5000 + ":3:AB", "SC2:ABCDEF:1:1:A\ud800B"):
            code, _, body = pad.request("part", json.dumps({"text": hostile}).encode(), JSON)
            assert (code, json.loads(body)["message"]) == (422, "this code is not a scorecalc part")
        code, _, body = pad.request("part", json.dumps({"words": text}).encode(), JSON)
        assert (code, json.loads(body)["message"]) == (400, "send JSON {text}")
        code, _, page = pad.request("")
        assert b'id="part-form"' in page and b"Take this part" in page
    phone.close()


def test_the_apps_phones_send_join_and_scan_through_the_worker_calls(folder: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    from scorecalc.web import local

    monkeypatch.setattr(local, "ROOT", str(folder / "tables"))
    tables = Tables()
    assert tables.start("hold-er00-0000", "caracas", "t.yaml", None, NOW.isoformat())["ok"]
    held = tables.get("hold-er00-0000")
    for seat, name in enumerate(NAMES[:2]):
        held.request("POST", "answer", json.dumps({"place": f"players[{seat}].name", "seen": None,
                                                   "value": name}))
    shared = held.share()
    assert shared["codes"][0].startswith("SC2:") and shared["pictures"][0].startswith("data:image/svg+xml")
    assert tables.start("phone", "caracas", "p.yaml", None, NOW.isoformat())["ok"]
    phone = tables.get("phone")
    joined = phone.join(shared["text"])
    assert joined == {"ok": True, "table": "HOLDER000000", "names": ["Alexandra", "Bea"]}
    for r, c, token in tiles(BOARDS["Bea"]):
        phone.request("POST", "answer", json.dumps({"place": f"players[1].grid.r{r}c{c}", "seen": "",
                                                    "value": token}))
    phone.request("POST", "answer", json.dumps({"place": "players[1].grid", "seen": "open", "value": "done"}))
    sent = phone.send("Bea", joined["table"])
    assert sent["ok"] and len(sent["codes"]) == len(sent["pictures"]) >= 2
    assert phone.send("Zed", "")["message"] == "no player here is named Zed"
    heard = [held.code(code) for code in reversed(sent["codes"])]
    assert [one["have"] for one in heard] == list(range(1, len(sent["codes"]) + 1))
    last = heard[-1]
    assert (last["player"], last["taken"]["status"], last["whose"]) == ("Bea", "saved", "Alexandra —, Bea ✓")
    assert held.code("not a code")["message"] == "this code is not a scorecalc part"
    assert held.whose()["received"] == {"Bea": True}
    code, _, body = held.route("POST", "part", json.dumps({"text": sent["text"]}))  # pasted in its own pad
    assert (code, json.loads(body)["message"]) == (200, "Bea's part: already in, nothing changed")
    tables.start("again", "caracas", "t.yaml", held.text(), NOW.isoformat())  # reopened after a reload
    assert tables.get("again").whose({"Bea": True})["line"] == "Alexandra —, Bea ✓"
    other = tables.get("again").code(sent["codes"][0])
    assert other["ok"] and "taken" not in other
    for key in ("hold-er00-0000", "phone", "again"):
        tables.stop(key)


@pytest.mark.parametrize(("game", "answers"), [
    ("galapagos", [("exhibition", "30"), ("education", "10"), ("animals", "3"), ("money", "1200"),
                   ("exhibitions[0].animals", "sea_lion, tortoise"), ("exhibitions[1].animals", "iguana")]),
    ("caribe", [("score", "40"), ("knowledge", "fauna 3, geology 1, flora 2"), ("universities", "2"),
                ("board", "5"), ("books[0]", "fauna 3"), ("books[1]", "geology 2")]),
    ("origin", [("score", "30"), ("books", "2"), ("tiles", "3")]),
])
def test_each_games_part_with_its_lists_arrives_whole_at_another_seat(
        folder: Path, game: str, answers: list[tuple[str, str]]) -> None:
    phone = new_pad(folder, "phone", game)
    phone.answer("players[0].name", None, "Bea")
    for place, value in answers:
        assert phone.answer(f"players[0].{place}", None, value).status == "saved", place
    part = parts.part_of(phone, "Bea")
    assert [place for place, _, _ in part.answers] == [place for place, _ in answers]  # her list entries too
    holder = new_pad(folder, "holder", game)
    for seat, name in enumerate(("Ana", "Bea")):
        holder.answer(f"players[{seat}].name", None, name)
    reply = parts.take_text(holder, pasted(part))
    assert (reply.status, reply.message) == ("saved", f"Bea's part: {len(answers)} answers taken")
    sent = yaml.safe_load(Path(phone.name).read_text(encoding="utf-8"))["players"][0]
    got = yaml.safe_load(Path(holder.name).read_text(encoding="utf-8"))["players"]
    assert got[1] == sent and got[0] == {"name": "Ana"}
    phone.close()
    holder.close()
