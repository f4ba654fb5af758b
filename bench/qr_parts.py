"""A player's part as QR codes: how big each alphabet makes it, and which codes decode.

    python bench/qr_parts.py            # sizes, then decode rates (needs `npm ci` for the JS decoders)

1. Sizes: the largest part (a 17-tile Caracas board, finished) as JSON, raw deflate, and the
   deflated bytes as Base45 (QR alphanumeric mode) or Base64 (byte mode); the QR version each needs.
2. Decode rates: codes of QR versions 5-12 (error correction M) drawn at 1.5-4 camera pixels a
   module, blurred (a camera's focus), with noise, some turned by 8 degrees, decoded by jsQR 1.4.0,
   zxing-wasm (the barcode-detector polyfill's decoder) and qr 0.7.0 in Node, and by zxing-cpp here.
   ``parts.MOST`` comes from this table: the densest code that every decoder read at 3 pixels a
   module with the blur.
"""

from __future__ import annotations

import base64
import datetime
import json
import os
import random
import subprocess
import sys
import tempfile
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import segno  # noqa: E402
from PIL import Image, ImageFilter  # noqa: E402

from scorecalc.games import get_game  # noqa: E402
from scorecalc.web import parts  # noqa: E402
from scorecalc.web.pad import Pad  # noqa: E402

BOARD = """\
JuJa~ES    JuSlSo~NESW  JuHo~SW   SaAt
JuKi~NE    SwPiGu~NESW  SwAn~NW   SaIb
SaCp       SwIb~NS      JuJa~ES   SaAt~W
SwPi~E     Ju~NW~ES     JuHo~SW   SaFl
.          SaSn~N       .         .
"""
VERSIONS = (5, 7, 8, 10, 12)
SCALES = (1.5, 2.0, 2.5, 3.0, 4.0)
BLURS = (0.0, 1.0)
TURNS = (0, 8)
SEEDS = 3


def largest_part() -> parts.Part:
    with tempfile.TemporaryDirectory() as folder:
        pad = Pad(get_game("caracas"), os.path.join(folder, "t.yaml"), datetime.datetime(2026, 12, 3, 20))
        for seat, name in enumerate(("Alexandra", "Bea", "Cid", "Dee")):
            pad.answer(f"players[{seat}].name", None, name)
        for r, line in enumerate(BOARD.splitlines(), start=1):
            for c, token in enumerate(line.split(), start=1):
                if token != ".":
                    pad.answer(f"players[0].grid.r{r}c{c}", "", token)
        pad.answer("players[0].grid", "open", "done")
        part = parts.part_of(pad, "Alexandra", "0123456789AB")
        pad.close()
        return part


def sizes() -> None:
    part = largest_part()
    data = part.data()
    squeezed = zlib.compressobj(9, zlib.DEFLATED, -15)
    deflated = squeezed.compress(data) + squeezed.flush()
    rows = [("JSON, byte mode", data.decode()),
            ("deflate + Base64, byte mode", base64.b64encode(deflated).decode()),
            ("deflate + Base45, alphanumeric", parts.base45(deflated)),
            ("deflate with the game's dictionary + Base45 (format 2)", parts.pack(part))]
    print(f"the largest part: {len(part.answers)} answers, JSON {len(data)} bytes, raw deflate "
          f"{len(deflated)} bytes, with the game's dictionary {len(parts.deflate(data, 'caracas'))}")
    print("| text | characters | one code (M) | codes of at most parts.MOST |")
    print("|---|---|---|---|")
    for name, text in rows:
        one = segno.make(text, error="m", micro=False, boost_error=False)
        print(f"| {name} | {len(text)} | version {one.version} ({one.symbol_size(border=0)[0]} modules) | "
              f"{len(parts.split(part)) if 'format 2' in name else '-'} |")
    four = parts.Part("galapagos", "0123456789AB", "Alexandra", (
        ("exhibition", None, "35"), ("education", None, "12"), ("animals", None, "sea_lion 2, tortoise 1"),
        ("money", None, "1900")))
    print(f"\na four-answer Galapagos part: {len(parts.pack(four))} characters, "
          f"{len(parts.split(four))} code(s) of QR version "
          f"{max(segno.make(code, error='m', boost_error=False).version for code in parts.split(four))}")
    rng = random.Random(46)
    lengths = [len(parts.pack(random_board(rng))) for _ in range(1000)]
    codes = [len(parts.split(random_board(rng))) for _ in range(1000)]
    print(f"1,000 random 15-tile boards (4 explorers): {min(lengths)}-{max(lengths)} characters, "
          f"at most {max(codes)} codes")


def random_board(rng: random.Random) -> parts.Part:
    """A 15-tile board as 4 explorers place them, row by row: any land, 0-2 animals, any rivers."""
    from scorecalc.games.caracas.interview import PALETTE

    lands = [code for code, _ in PALETTE.picks[0].options]
    animals = [code for code, _ in PALETTE.picks[1].options]
    squares = sorted(rng.sample([(row, col) for row in range(1, 6) for col in range(1, 5)], 15))
    answers: list[parts.Answer] = [
        (f"grid.r{row}c{col}", "", rng.choice(lands) + "".join(rng.sample(animals, rng.choice((0, 1, 2))))
         + rng.choice(("", "~NS", "~ES", "~NESW", "~NW~ES", "~W"))) for row, col in squares]
    return parts.Part("caracas", "0123456789AB", "Alexandra", (*answers, ("grid", "open", "done")))


def image(version: int, scale: float, blur: float, turn: int, seed: int) -> tuple[Image.Image, str]:
    rng = random.Random(f"{version}{scale}{blur}{turn}{seed}")
    capacity = {5: 122, 7: 178, 8: 221, 10: 311, 12: 419}[version]  # alphanumeric at M
    text = f"{parts.HEAD}:ABCDEF:1:2:" + "".join(rng.choice(parts.ALPHABET) for _ in range(capacity - 15))
    code = segno.make(text, error="m", micro=False, boost_error=False, version=version)
    side = code.symbol_size(border=4)[0]
    big = Image.new("L", (side * 8, side * 8), 255)
    for y, row in enumerate(code.matrix):
        for x, bit in enumerate(row):
            if bit:
                big.paste(0, ((x + 4) * 8, (y + 4) * 8, (x + 5) * 8, (y + 5) * 8))
    if turn:
        big = big.rotate(turn, resample=Image.Resampling.BICUBIC, expand=True, fillcolor=255)
    pixels = max(8, round(big.width / 8 * scale))
    small = big.resize((pixels, pixels), Image.Resampling.BOX)  # a camera's pixels average the screen's
    if blur:
        small = small.filter(ImageFilter.GaussianBlur(blur))
    noisy = Image.effect_noise(small.size, 12)
    small = Image.blend(small, noisy.point(lambda v: v), 0.15)
    frame = Image.new("L", (pixels + 40, pixels + 40), 200)
    frame.paste(small, (20, 20))
    return frame, text


def rates() -> None:
    import zxingcpp

    with tempfile.TemporaryDirectory() as folder:
        index = []
        for version in VERSIONS:
            for scale in SCALES:
                for blur in BLURS:
                    for turn in TURNS:
                        for seed in range(SEEDS):
                            picture, text = image(version, scale, blur, turn, seed)
                            name = f"{version}-{scale}-{blur}-{turn}-{seed}.gray"
                            Path(folder, name).write_bytes(picture.tobytes())
                            found = zxingcpp.read_barcodes(picture, formats=zxingcpp.BarcodeFormat.QRCode)
                            index.append({"file": name, "width": picture.width, "height": picture.height,
                                          "text": text, "key": [version, scale, blur], "cpp": any(
                                              f.text == text for f in found)})
        Path(folder, "index.json").write_text(json.dumps(index))
        run = subprocess.run(["node", str(ROOT / "bench" / "qr_decoders.mjs"), folder], capture_output=True,
                             text=True, cwd=ROOT)
        if run.returncode:
            sys.exit(run.stderr)
        got = json.loads(run.stdout)
    table: dict[tuple[int, float, float], list[int]] = {}
    for entry, (js, wasm, qr) in zip(index, got["results"], strict=True):
        counts = table.setdefault(tuple(entry["key"]), [0, 0, 0, 0, 0])  # type: ignore[arg-type]
        counts[0] += js
        counts[1] += wasm
        counts[2] += qr
        counts[3] += entry["cpp"]
        counts[4] += 1
    print(f"\ndecode time (all {len(index)} images): jsQR {got['ms'][0]:.0f} ms, "
          f"zxing-wasm {got['ms'][1]:.0f} ms, qr {got['ms'][2]:.0f} ms")
    print("| QR version (modules) | camera px a module | blur | jsQR | zxing-wasm | qr | zxing-cpp |")
    print("|---|---|---|---|---|---|---|")
    for (version, scale, blur), (js, wasm, qr, cpp, n) in sorted(table.items()):
        rates = " | ".join(f"{count}/{n}" for count in (js, wasm, qr, cpp))
        print(f"| {version} ({17 + 4 * version}) | {scale} | {blur} | {rates} |")


if __name__ == "__main__":
    sizes()
    rates()
