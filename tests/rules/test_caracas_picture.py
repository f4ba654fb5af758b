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


def text_box(shape: Shape, origin: tuple[float, float]) -> tuple[float, float, float, float]:
    """A name's box (x0, y0, x1, y1) in the tile, estimated above what a sans-serif draws."""
    a = attrs(shape)
    x, baseline = float(a["x"]) - origin[0], float(a["y"]) - origin[1]
    if "animal" in a["class"]:
        width = float(a.get("textLength", 0.62 * 14 * len(shape.text)))
        return x - width / 2, baseline - 11, x + width / 2, baseline + 3
    return x, baseline - 11, x + 0.7 * 14 * len(shape.text), baseline + 3


ANIMAL_PAIRS = [("howler_monkey", "capybara"), ("ibis",), ("anteater", "sotalia")]


@pytest.mark.parametrize("rivers", ONE_RIVER + TWO_RIVERS, ids=str)
@pytest.mark.parametrize("animals", ANIMAL_PAIRS, ids=str)
def test_no_river_line_crosses_a_name(rivers: tuple[tuple[str, ...], ...], animals: tuple[str, ...]) -> None:
    """Every river line that runs where a name is written is drawn before a plate of the land's
    colour that holds the whole name, and the name after the plate: the river goes under it."""
    tile = Tile(1, 1, "savannah", animals, tuple(frozenset(river) for river in rivers))
    shapes = list(tile_shapes(tile, 0, ()))
    origin = (x_of(1), y_of(1))
    for at, shown in enumerate(shapes):
        if shown.tag != "text" or not ({"animal", "land-name"} & set(attrs(shown)["class"].split())):
            continue
        box = text_box(shown, origin)
        inside = INSET - 3 <= box[0] and box[2] <= TILE - INSET + 3 and 0 < box[1] and box[3] < TILE
        assert inside, (shown, box)
        plates = [(i, s) for i, s in enumerate(shapes[:at]) if "plate" in attrs(s).get("class", "")]
        covered = [i for i, s in plates if attrs(s)["class"] == "plate land-savannah" and (
            float(attrs(s)["x"]) - origin[0] <= box[0] and box[2] <= float(attrs(s)["x"]) - origin[0]
            + float(attrs(s)["width"]) and float(attrs(s)["y"]) - origin[1] <= box[1] + 1
            and box[3] - 1 <= float(attrs(s)["y"]) - origin[1] + float(attrs(s)["height"]))]
        for i, line in enumerate(shapes[:at]):
            if line.tag != "line" or "river" not in attrs(line)["class"]:
                continue
            local = {k: str(float(v) - origin[0 if k[0] == "x" else 1]) for k, v in attrs(line).items()
                     if k in ("x1", "y1", "x2", "y2")}
            if crosses(box, local):
                assert any(i < j for j in covered), (shown.text, rivers, box)


@pytest.mark.parametrize("rivers", ONE_RIVER + TWO_RIVERS, ids=str)
def test_the_points_badge_is_clear_of_the_names_and_the_rivers(rivers: tuple[tuple[str, ...], ...]) -> None:
    tile = Tile(1, 1, "savannah", ("howler_monkey", "capybara"), tuple(frozenset(river) for river in rivers))
    shapes = tile_shapes(tile, 2, ())
    origin = (x_of(1), y_of(1))
    [badge] = [attrs(s) for s in shapes if s.tag == "circle"]
    cx, cy, r = float(badge["cx"]) - origin[0], float(badge["cy"]) - origin[1], float(badge["r"])
    ring = (cx - r, cy - r, cx + r, cy + r)
    for shown in shapes:
        if shown.tag == "text" and "badge-text" not in attrs(shown)["class"]:
            box = text_box(shown, origin)
            apart = box[2] < ring[0] or ring[2] < box[0] or box[3] < ring[1] or ring[3] < box[1]
            assert apart, (shown.text, rivers, box, ring)
        if shown.tag == "line":
            local = {k: str(float(v) - origin[0 if k[0] == "x" else 1]) for k, v in attrs(shown).items()
                     if k in ("x1", "y1", "x2", "y2")}
            assert not crosses(ring, local), (rivers, ring, local)


def test_a_tile_without_rivers_has_no_plate() -> None:
    shapes = tile_shapes(Tile(1, 1, "jungle", ("ibis",), ()), 0, ())
    assert [s for s in shapes if "plate" in attrs(s).get("class", "")] == []


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
