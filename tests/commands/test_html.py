"""``--format html`` (SPEC section 8, the finished game as a page): the same figures as JSON, a
self-contained page that asks for nothing, the same bytes run to run, every text from a table
escaped, Caracas' boards drawn, and Jinja2 loaded only for it.

The pages are read back with ``html.parser``: the page marks what a reader looks up with data
attributes (``data-player``, ``data-total`` on the summary's rows, ``data-field`` on the play's
details) and classes (``winner``, ``tiebreak-text``, ``warning``).
"""

from __future__ import annotations

import importlib.util
import json
import re
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorecalc.output import html
from scorecalc.output.html import POLICY, embedded_svg
from scorecalc.pipeline import score_file
from tests.helpers import EXAMPLES, ROOT, first_quick, one_per_folder, run_cli, run_scorecalc

ALL_EXAMPLES = sorted(EXAMPLES.glob("**/*.yaml"))
TABLES = [path for path in ALL_EXAMPLES if path.parent.name != "league"]
ALEX = EXAMPLES / "caracas" / "rulebook-alex.yaml"
MARKUP_NAME = "<img src=x onerror=alert(1)>"
STYLE_BREAK = "</style><script>alert(1)</script>"
MARKUP_TABLE = f"""\
game: galapagos
location: '{STYLE_BREAK} at <b>home</b>'
notes: 'bring <script>alert(2)</script> & "quotes"'
players:
  - name: '{MARKUP_NAME}'
    exhibition: 40
    education: 10
    money: 2000
  - name: '{STYLE_BREAK}'
    exhibition: 30
    education: 12
    money: 1500
"""


class Page(HTMLParser):
    """What a test reads of a page: every start tag with its attributes, the text of the
    elements marked with a class or data attribute, in order."""

    def __init__(self, text: str) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.texts: dict[str, list[str]] = {}
        self._open: list[tuple[str, list[str]]] = []
        self.feed(text)
        self.close()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        self.tags.append((tag, found))
        if tag in ("meta", "br", "img", "input", "link"):
            return
        keys = [f"class:{name}" for name in (found.get("class") or "").split()]
        keys += [f"field:{found['data-field']}"] if found.get("data-field") else []
        self._open.append((tag, keys))
        for key in keys:
            self.texts.setdefault(key, []).append("")

    def handle_endtag(self, tag: str) -> None:
        while self._open:
            opened, _ = self._open.pop()
            if opened == tag:
                break

    def handle_data(self, data: str) -> None:
        for _, keys in self._open:
            for key in keys:
                self.texts[key][-1] += data

    def rows(self, table_class: str) -> list[dict[str, str | None]]:
        """The attributes of the rows of the tables with that class (the summary's rows carry
        ``data-player``, ``data-rank`` and ``data-total``)."""
        rows, inside = [], False
        for tag, attrs in self.tags:
            if tag == "table":
                inside = table_class in (attrs.get("class") or "").split()
            elif tag == "tr" and inside and "data-player" in attrs:
                rows.append(attrs)
        return rows

    def text(self, key: str) -> list[str]:
        return [" ".join(text.split()) for text in self.texts.get(key, [])]


def html_of(*args: str, input: str | None = None) -> str:
    result = run_cli(*args, "--format", "html", input=input)
    assert result.exit_code == 0, result.stderr
    return result.stdout


def json_of(*args: str) -> list[dict[str, Any]]:
    result = run_cli(*args, "--format", "json")
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    if len(lines) > 1 and lines[0].startswith("{") and lines[0].endswith("}"):  # JSON Lines: several tables
        return [json.loads(line) for line in lines]
    found = json.loads(result.stdout)
    return found if isinstance(found, list) else [found]


def assert_self_contained(text: str) -> None:
    page = Page(text)
    metas = [attrs for tag, attrs in page.tags if tag == "meta" and attrs.get("http-equiv")]
    assert [(meta["http-equiv"], meta["content"]) for meta in metas] == [("Content-Security-Policy", POLICY)]
    assert f'content="{POLICY}"' in text  # written as SPEC gives it
    assert "<script" not in text.lower()
    for tag, attrs in page.tags:
        assert tag not in ("script", "iframe", "object", "embed", "link", "img", "base", "form"), tag
        for name, value in attrs.items():
            assert not name.startswith("on"), (tag, name)
            if name in ("src", "href", "xlink:href", "action", "srcset", "poster", "data"):
                assert value is not None and value.startswith("#"), (tag, name, value)
    assert not re.search(r"url\((?!#)", text), "a style that fetches"
    assert "@import" not in text


# --- the same figures as JSON, every example ---------------------------------------------------


@pytest.mark.parametrize("path", one_per_folder(TABLES), ids=lambda path: f"{path.parent.name}/{path.name}")
def test_a_page_shows_the_figures_json_gives(path: Path) -> None:
    text = html_of("score", str(path))
    [data] = json_of("score", str(path))
    page = Page(text)
    rows = page.rows("summary")
    by_rank = sorted(data["players"], key=lambda player: player["rank"])
    assert [(row["data-player"], row["data-rank"], row["data-total"]) for row in rows] == \
        [(player["name"], str(player["rank"]), str(player["total"])) for player in by_rank]
    sections = [attrs["data-player"] for tag, attrs in page.tags
                if tag == "section" and attrs.get("class") == "player"]
    assert sections == [player["name"] for player in data["players"]]
    totals = [attrs["data-total"] for tag, attrs in page.tags
              if tag == "tr" and attrs.get("class") == "total"]
    assert totals == [str(player["total"]) for player in data["players"]]
    item_points = [attrs["data-points"] for tag, attrs in page.tags
                   if tag == "tr" and "data-category" in attrs]
    assert item_points == [str(item["points"]) for player in data["players"] for item in player["items"]]
    bars = {attrs["data-player"]: 0 for tag, attrs in page.tags
            if tag == "div" and attrs.get("class") == "bar-row"}
    assert list(bars) == [player["name"] for player in by_rank]
    segments = [(attrs["data-category"], attrs["data-points"]) for tag, attrs in page.tags
                if tag == "span" and "data-category" in attrs]
    assert segments == [(category, str(points)) for player in by_rank
                        for category, points in ordered_segments(player["categories"])]
    assert page.text("field:file") == [Path(data["file"]).name]  # the name: the page is shared
    if data["date"]:
        assert page.text("field:date") == [data["date"].replace("T", " ")]
    winner = page.text("class:winner")[0]
    assert all(name in winner for name in data["winners"])
    assert page.text("class:tiebreak-text") == ([data["tiebreak"]] if data["tiebreak"] else [])
    assert page.text("class:warning") == [f"Warning: {warning}" for warning in data["warnings"]]
    assert_self_contained(text)


def ordered_segments(categories: dict[str, int]) -> list[tuple[str, int]]:
    """A bar's segments as drawn: the negative ones from zero leftward (reversed), then the positive."""
    negative = [(category, points) for category, points in categories.items() if points < 0]
    return [*reversed(negative), *((c, p) for c, p in categories.items() if p > 0)]


@pytest.mark.parametrize("path", [*ALL_EXAMPLES[:3], ALEX], ids=lambda path: path.name)
def test_the_same_table_gives_the_same_bytes(path: Path) -> None:
    assert html_of("score", str(path)) == html_of("score", str(path))


@pytest.mark.slow
def test_score_writes_one_page_listing_the_tables_then_a_section_each() -> None:
    text = html_of("score", str(EXAMPLES / "caracas"), str(EXAMPLES / "galapagos"))
    page = Page(text)
    links = [attrs["href"] for tag, attrs in page.tags if tag == "a"]
    sections = [attrs for tag, attrs in page.tags
                if tag == "section" and attrs.get("class") == "scored-table"]
    assert links == [f"#{section['id']}" for section in sections]
    assert [section["data-file"] for section in sections] == [Path(item["file"]).name for item in
                                                            json_of("score", str(EXAMPLES / "caracas"),
                                                                    str(EXAMPLES / "galapagos"))]
    assert str(EXAMPLES) not in text  # each file by its name: the page is made to be shared
    assert len(sections) == 9
    assert_self_contained(text)


def test_summary_keeps_only_the_summary() -> None:
    page = Page(html_of("caracas", str(ALEX), "--summary"))
    assert page.rows("summary")
    assert not [tag for tag, attrs in page.tags if attrs.get("class") in ("player", "items", "board")]


def test_output_writes_the_page_to_a_file_and_refuses_an_input(tmp_path: Path) -> None:
    target = tmp_path / "alex.html"
    result = run_cli("caracas", str(ALEX), "-f", "html", "-o", str(target))
    assert result.exit_code == 0, result.stderr
    assert target.read_text(encoding="utf-8") == html_of("caracas", str(ALEX))
    copy = tmp_path / "alex.yaml"
    copy.write_text(ALEX.read_text(encoding="utf-8"), encoding="utf-8")
    refused = run_cli("caracas", str(copy), "-f", "html", "-o", str(copy))
    assert refused.exit_code == 2
    assert copy.read_text(encoding="utf-8") == ALEX.read_text(encoding="utf-8")


# --- escaping ------------------------------------------------------------------------------------


def test_markup_in_names_place_and_notes_shows_as_typed(tmp_path: Path) -> None:
    table = tmp_path / "<b>odd&'\".yaml"
    table.write_text(MARKUP_TABLE, encoding="utf-8")
    text = html_of("score", str(table))
    page = Page(text)
    assert [row["data-player"] for row in page.rows("summary")] == [MARKUP_NAME, STYLE_BREAK]
    assert page.text("field:location") == [f"{STYLE_BREAK} at <b>home</b>"]
    assert page.text("field:file") == [table.name]  # its name, not where it lies: the page is shared
    assert str(tmp_path) not in text
    assert page.text("class:notes") == ['Notes: bring <script>alert(2)</script> & "quotes"']
    assert [tag for tag, _ in page.tags].count("style") == 1
    assert not [tag for tag, _ in page.tags if tag in ("img", "b", "script")]
    assert MARKUP_NAME not in text and STYLE_BREAK not in text
    assert "&lt;img src=x onerror=alert(1)&gt;" in text
    assert_self_contained(text)


# --- Caracas: the boards -------------------------------------------------------------------------


def test_each_explorer_board_is_drawn_with_its_tiles_items_and_dead_ends() -> None:
    two = EXAMPLES / "caracas" / "two-explorers.yaml"
    text = html_of("caracas", str(two))
    page = Page(text)
    boards = [attrs["data-player"] for tag, attrs in page.tags
              if tag == "figure" and attrs.get("class") == "picture"]
    assert boards == ["Mara", "Nico"]
    tiles = [attrs["data-key"] for tag, attrs in page.tags if tag == "g" and attrs.get("class") == "tile"]
    assert len(tiles) == 34 and tiles[0] == "✻1"
    assert text.count('class="dead-end"') == 1  # Nico: ◎1's S side faces ◎2
    assert "◎1 — Swamp: caiman; river N S W; +1 here" in text  # caiman +2, dead end −1
    for symbol in ("✻", "▢", "◎", "▲", "SEA"):
        assert f">{symbol}</text>" in text
    assert "river river-1" in text
    assert "<title>▢1 — Swamp: ibis, sotalia; river S; +3 here" in text


TWO_RIVERS = """\
game: caracas
players:
  - name: Ada
    grid: |
      Ju~NW~ES  SwPi~W  Sa  Sa
      Ju~N      .       .   .
"""


def test_a_two_river_tile_draws_its_rivers_apart(tmp_path: Path) -> None:
    table = tmp_path / "two.yaml"
    table.write_text(TWO_RIVERS, encoding="utf-8")
    text = html_of("caracas", str(table))
    page = Page(text)
    assert "✻1 — Jungle; rivers N W (solid), E S (dashed)" in page.text("class:tiles")[0]
    first = re.search(r'<g class="tile" data-key="✻1">.*?</g>', text, re.DOTALL)
    assert first is not None
    assert first.group(0).count('class="river river-1"') == 2
    assert first.group(0).count('class="river river-2"') == 2
    hubs = set(re.findall(r'class="river (river-\d)"', first.group(0)))
    assert hubs == {"river-1", "river-2"}
    starts = re.findall(r'<line x1="([\d.]+)" y1="([\d.]+)"[^>]*class="river (river-\d)"', first.group(0))
    assert len({(x, y) for x, y, _ in starts}) == 2, "each river from its own middle"


def test_a_comparison_only_explorer_shows_her_four_figures() -> None:
    page = Page(html_of("caracas", str(EXAMPLES / "caracas" / "five-explorers-tie.yaml")))
    facts = page.text("class:fact")
    rosa = ["Biggest jungle: 5 tiles", "Savannah areas: 4", "Swamp areas: 3",
            "Most forks/mergers in one river basin: 1"]
    assert any(facts[index:index + 4] == rosa for index in range(len(facts)))


def test_every_caracas_award_points_are_its_scoring_tiles() -> None:
    from scorecalc.games.caracas.animals import VP, score_animals

    for path in sorted((EXAMPLES / "caracas").glob("*.yaml")):
        table = score_file(str(path), None).state
        for explorer in table.explorers:
            if explorer.board is None:
                continue
            for award in score_animals(explorer.board, table.rules):
                assert award.points == VP[award.animal] * len(award.scoring), (path.name, award)
                assert set(award.scoring) <= set(explorer.board.showing(award.animal))


def test_caracas_items_name_their_tiles_and_json_stays_as_it_was() -> None:
    scored = score_file(str(ALEX), None)
    items = [item for player in scored.sheet.players for item in player.items]
    assert any(item.tiles for item in items if item.category == "Common animals")
    assert all(not item.tiles for item in items if item.category == "Landscape")
    [data] = json_of("caracas", str(ALEX))
    assert all(set(item) == {"category", "item", "points", "detail"}
               for player in data["players"] for item in player["items"])


# --- standings -----------------------------------------------------------------------------------


@pytest.mark.slow  # matplotlib draws a chart (a heavy import): the suite's, not the quick loop's
def test_standings_page_has_every_table_and_the_season_chart_inline() -> None:
    league = str(EXAMPLES / "league")
    options = ("--ratings", "--versus", "--streaks", "--by-players", "--categories")
    text = html_of("standings", league, *options)
    markdown = run_cli("standings", league, *options, "-f", "markdown").stdout
    page = Page(text)
    tables = [attrs for tag, attrs in page.tags if tag == "table"]
    assert len(tables) == sum(1 for line in markdown.splitlines() if line.startswith("|-")) > 5
    standings = json.loads(run_cli("standings", league, "-f", "json").stdout)
    names = {player["name"] for player in standings["players"]}
    assert {row["data-player"] for row in page.rows("standings")} == names
    assert text.count("<svg") == 1 and 'id="chart-1-' in text
    assert text == html_of("standings", league, *options)
    assert_self_contained(text)


def test_embedded_svg_ids_are_prefixed_and_its_metadata_dropped() -> None:
    svg = ('<?xml version="1.0"?>\n<!DOCTYPE svg>\n<svg xmlns="http://www.w3.org/2000/svg"><metadata>'
           '<a rdf:resource="http://purl.org/x"/></metadata><defs><path id="p1"/></defs>'
           '<use xlink:href="#p1"/><g clip-path="url(#p1)"/></svg>')
    out = embedded_svg(svg, "c")
    assert out.startswith("<svg") and "purl" not in out
    assert 'id="c-p1"' in out and 'href="#c-p1"' in out and "url(#c-p1)" in out
    with pytest.raises(ValueError):
        embedded_svg('<svg><script>x</script></svg>', "c")


@pytest.mark.parametrize("svg", ['<svg><script>x</script></svg>', '<svg><SVG:Script href="x"/></svg>',
                                 '<svg><g onclick="x()"/></svg>', "<svg><g\n  onload = 'x()'/></svg>",
                                 '<svg><a title="a" onmouseover=x()>b</a></svg>'])
def test_an_svg_with_a_script_or_a_handler_is_refused(svg: str) -> None:
    with pytest.raises(ValueError):
        embedded_svg(svg, "c")


@pytest.mark.parametrize("svg", ['<svg><!-- Duarte onclick=… --><g id="a"/></svg>',
                                 '<svg><text>Ana onerror=alert(1) &lt;script&gt;</text></svg>',
                                 '<svg><g aria-label="Bo onclick=x"/></svg>'])
def test_a_name_in_an_svgs_text_comments_or_values_is_no_script(svg: str) -> None:
    """matplotlib writes each player's name in a comment (escaped): a name that reads like a
    handler is drawn, not refused (standings -f html ended in an internal error)."""
    assert embedded_svg(svg, "c").startswith("<svg")


@pytest.mark.slow  # matplotlib draws a chart (a heavy import): the suite's, not the quick loop's
@pytest.mark.skipif(importlib.util.find_spec("matplotlib") is None, reason="the chart needs matplotlib")
def test_standings_html_draws_a_chart_of_players_named_like_markup(tmp_path: Path) -> None:
    for source in sorted((EXAMPLES / "league").glob("*.yaml")):
        if "origin" in source.name:  # its cubes name the players again
            continue
        text = source.read_text(encoding="utf-8")
        text = text.replace("name: Duarte\n", 'name: "Duarte onclick=alert(1)"\n')
        (tmp_path / source.name).write_text(text, encoding="utf-8")
    done = run_cli("standings", str(tmp_path), "--ratings", "--format", "html")
    assert done.exit_code == 0, done.stderr
    assert "Duarte onclick=alert(1)" in done.stdout and 'id="chart-1-' in done.stdout


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(['id="', 'href="#', "url(#", '"', ")", "p1", "m2", " ", "\n", "<metadata>",
                                 "</metadata>", "<svg ", "é", "−", "x" * 70_000]), max_size=30),
       st.integers(min_value=1, max_value=8))
def test_substituted_is_re_sub(parts: list[str], piece: int) -> None:
    """The chart's substitutions, built chunk by chunk, give what ``re.sub`` gives (a chunk of a
    few characters, or of ``_PIECE``, or a gap of many)."""
    text = "".join(parts)
    for pattern in (html._ID, html._REFERENCE, html._METADATA):
        def replaced(found: re.Match[str]) -> str:
            return f"<{found.group(0)}>"

        assert html.substituted(pattern, text, replaced) == pattern.sub(replaced, text)
    saved = html._PIECE
    try:
        html._PIECE = piece
        assert html.substituted(html._REFERENCE, text, lambda found: "!") == html._REFERENCE.sub("!", text)
    finally:
        html._PIECE = saved


def test_the_standings_page_puts_the_chart_in_its_mark_as_the_templates_would() -> None:
    """The chart takes the place of the mark the templates drew; a page that holds the mark's text
    elsewhere is drawn with the chart itself: both as the templates draw the chart."""
    from scorecalc.league.standings import Insight, compute
    from scorecalc.output.page import standings_page
    from scorecalc.output.standings_layout import standings_blocks

    results = [score_file(str(path)) for path in sorted((EXAMPLES / "league").glob("*.yaml"))]
    chart = ('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"><metadata>m</metadata>'
             '<path id="p1"/><use xlink:href="#p1"/><!-- Ana −3 --></svg>\n')
    standings = compute(results, insight=Insight.of("ratings"))
    drawn = html.render_page(standings_page(standings, standings_blocks(standings),
                                            embedded_svg(chart, "chart-1"), "note"))
    assert html.render_standings_html(standings, chart.encode(), "note") == drawn
    assert html.CHART_MARK not in drawn and 'href="#chart-1-p1"' in drawn
    marked = chart.replace("<path", "<!-- " + html.CHART_MARK + " --><path")
    page = html.render_standings_html(standings, marked.encode(), "note")
    assert page == html.render_page(standings_page(standings, standings_blocks(standings),
                                                   embedded_svg(marked, "chart-1"), "note"))
    assert page.count(html.CHART_MARK) == 1


# --- Jinja2 only for html ------------------------------------------------------------------------

LOADED = """
import atexit, sys
atexit.register(lambda: print(sorted({"jinja2", "markupsafe", "scorecalc.output.html"} & set(sys.modules)),
                              file=sys.stderr))
from scorecalc.cli import main
sys.argv[0] = "scorecalc"
main()
"""


@pytest.mark.slow
@pytest.mark.parametrize(("args", "loaded"), first_quick(
    (("caracas", str(ALEX)), "[]"),
    (("caracas", str(ALEX), "--format", "json"), "[]"),
    (("standings", str(EXAMPLES / "league"), "--format", "json"), "[]"),
    (("caracas", str(ALEX), "--format", "html"), "['jinja2', 'markupsafe', 'scorecalc.output.html']"),
    several=True))
def test_jinja2_is_imported_only_for_html(args: tuple[str, ...], loaded: str) -> None:
    done = run_scorecalc(*args, script=LOADED, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    assert done.stderr.strip().splitlines()[-1] == loaded


@pytest.mark.slow  # a long check: the full suite runs it, not the quick loop
def test_tally_prints_the_page_when_asked_for_html(tmp_path: Path) -> None:
    """tally's score at the end is 'scorecalc GAME FILE' with the same options: -f html prints
    the page (the board drawn from the file tally wrote)."""
    answers = ["", "2026-01-05", "", "Alex", "Bea", "", "JuJa~ES JuSlSo~NESW JuHo~SW SaAt", "", "6 4 2 3"]
    done = run_scorecalc("tally", "caracas", "t.yaml", "-f", "html", cwd=tmp_path,
                         input="\n".join(answers) + "\n")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("<!DOCTYPE html>") and "<svg" in done.stdout
    assert_self_contained(done.stdout)
