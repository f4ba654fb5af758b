"""What a Caracas tile's drawing puts where (``games/caracas/picture.py``), hand-checked geometry:
the land's name off every river line where the tile leaves it room, every animal's name at least
``INSET`` inside the tile's edges. Widths are estimated above what DejaVu Sans draws (bold 0.7 em
a character; "Savannah" is 75.4 px at 14 px bold, 8 x 9.8 = 78.4 here)."""

from __future__ import annotations

from itertools import combinations

import pytest

from scorecalc.games.caracas.animals import ANIMALS, name
from scorecalc.games.caracas.board import Tile
from scorecalc.games.caracas.picture import INSET, TILE, tile_shapes, x_of, y_of
from scorecalc.pictures import Shape

SIDES = "NESW"
RIVER_HALF = 3.5 + 1.5  # half the river's stroke (7 px), and a margin


def attrs(shape: Shape) -> dict[str, str]:
    return dict(shape.attrs)


def crosses(box: tuple[float, float, float, float], line: dict[str, str]) -> bool:
    """Whether the river ``line`` (thickened by ``RIVER_HALF``) meets ``box`` (x0, y0, x1, y1):
    sampled along the line, a point a pixel."""
    x1, y1, x2, y2 = (float(line[key]) for key in ("x1", "y1", "x2", "y2"))
    steps = int(max(abs(x2 - x1), abs(y2 - y1))) + 1
    for step in range(steps + 1):
        x, y = x1 + (x2 - x1) * step / steps, y1 + (y2 - y1) * step / steps
        inside_x = box[0] - RIVER_HALF <= x <= box[2] + RIVER_HALF
        if inside_x and box[1] - RIVER_HALF <= y <= box[3] + RIVER_HALF:
            return True
    return False


def rivers_of(sides: tuple[tuple[str, ...], ...]) -> list[Tile]:
    rivers = tuple(frozenset(river) for river in sides)
    return [Tile(1, 1, land, (), rivers) for land in ("jungle", "savannah", "swamp")]


ONE_RIVER = [((tuple(sides)),) for n in (2, 3, 4) for sides in combinations(SIDES, n)]
TWO_RIVERS = [(("N", "W"), ("E", "S")), (("N", "E"), ("S", "W")), (("N", "S"), ("E", "W")),
              (("N", "E", "S"), ("W",)), (("N",), ("E", "S", "W"))]


@pytest.mark.parametrize("rivers", ONE_RIVER + TWO_RIVERS, ids=str)
def test_the_land_name_is_off_the_rivers_unless_they_leave_by_the_top_and_the_bottom(
        rivers: tuple[tuple[str, ...], ...]) -> None:
    for tile in rivers_of(rivers):
        shapes = tile_shapes(tile, 0, ())
        [land] = [attrs(s) | {"text": s.text} for s in shapes if "land-name" in attrs(s).get("class", "")]
        x, baseline = float(land["x"]) - x_of(1), float(land["y"]) - y_of(1)
        box = (x, baseline - 11, x + 0.7 * 14 * len(land["text"]), baseline + 3)
        assert INSET <= box[0] and box[2] <= TILE - INSET and 0 < box[1] and box[3] < TILE, (tile, box)
        lines = [attrs(s) for s in shapes if s.tag == "line" and "river" in attrs(s)["class"]]
        local = [{k: str(float(v) - (x_of(1) if k[0] == "x" else y_of(1))) for k, v in line.items()
                  if k in ("x1", "y1", "x2", "y2")} for line in lines]
        crossed = [line for line in local if crosses(box, line)]
        both = any("N" in river for river in rivers) and any("S" in river for river in rivers)
        assert not crossed or both, (tile, box, crossed)
        north = any("N" in river for river in rivers)
        assert (baseline == 17) == (both or not north), (tile, baseline)  # the top unless it is crossed


def test_the_land_name_is_haloed_in_its_lands_colour() -> None:
    [land] = [s for s in tile_shapes(Tile(1, 1, "swamp", (), (frozenset("NS"),)), 0, ()) if s.text == "Swamp"]
    assert attrs(land)["class"] == "land-name land-name-swamp"  # board.css.j2: stroke in the land's colour


@pytest.mark.parametrize("animal", ANIMALS)
def test_every_animal_name_stays_inside_the_tile(animal: str) -> None:
    [shown] = [s for s in tile_shapes(Tile(1, 1, "jungle", (animal,), ()), 0, ()) if s.text == name(animal)]
    fitted = attrs(shown).get("textLength")
    width = float(fitted) if fitted is not None else 0.62 * 14 * len(name(animal))
    assert width <= TILE - 2 * INSET, (animal, width)
    if name(animal) == "howler monkey":  # 105.5 px in DejaVu Sans at 14 px: fitted to 98
        assert (fitted, attrs(shown)["lengthAdjust"]) == ("98", "spacingAndGlyphs")
