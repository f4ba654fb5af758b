"""The spec protocol and the one table of scalar rules: a value reads alike in a file and a tally answer."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
import yaml
from hypothesis import given
from hypothesis import strategies as st

from scorecalc.games import REGISTRY, get_game
from scorecalc.reading.loading import compose_text, loader_class, scalar_value
from scorecalc.reading.scalars import RULES, STR, TEXT_EXAMPLES, tag_of, value_of
from scorecalc.spec import MISSING, Anything, Choice, Int, ListOf, MapOf, Spec, Text
from scorecalc.spec.answer import BadAnswer, typed_node
from scorecalc.spec.checking import check_alone
from scorecalc.tally.answers import check
from tests.helpers import ROOT, imported, score_text

EXAMPLES = [(rule.tag, text) for rule in RULES for text in rule.examples]


def as_in_a_file(text: str) -> yaml.ScalarNode:
    """``text`` written as a plain value in a file, composed by the loader."""
    top = compose_text(f"value: {text}\n")
    assert isinstance(top, yaml.MappingNode)
    node = top.value[0][1]
    assert isinstance(node, yaml.ScalarNode)
    return node


@pytest.mark.parametrize(("tag", "text"), EXAMPLES)
def test_every_rule_reads_the_same_in_a_file_and_an_answer(tag: str, text: str) -> None:
    in_file, in_answer = as_in_a_file(text), typed_node(text)
    assert in_file.tag == in_answer.tag == tag_of(text) == tag
    assert scalar_value(in_file) == scalar_value(in_answer) == value_of(text)
    assert Anything().answer(text).tag == tag  # a tally answer takes the same node


@pytest.mark.parametrize("text", TEXT_EXAMPLES)
def test_what_no_rule_reads_stays_text_in_both(text: str) -> None:
    assert as_in_a_file(text).tag == typed_node(text).tag == STR


def test_the_loader_resolves_by_the_rules_in_their_order() -> None:
    resolvers = loader_class().yaml_implicit_resolvers
    for rule in RULES:
        for first in rule.first:
            tags = [tag for tag, _ in resolvers[first]]
            assert rule.tag in tags
            earlier = [other.tag for other in RULES[:RULES.index(rule)] if first in other.first]
            assert tags[:tags.index(rule.tag)] == earlier, first


def pyyaml_tree(node: yaml.Node) -> object:
    """A composed tree as plain data: each node's kind, tag, style and where it starts."""
    where = (node.start_mark.line, node.start_mark.column)
    if isinstance(node, yaml.ScalarNode):
        return ("scalar", node.tag, node.value, node.style, where)
    if isinstance(node, yaml.SequenceNode):
        return ("sequence", node.tag, node.flow_style, where, [pyyaml_tree(child) for child in node.value])
    return ("mapping", node.tag, node.flow_style, where,
            [(pyyaml_tree(key), pyyaml_tree(value)) for key, value in node.value])


def test_the_loaders_own_resolving_tags_as_pyyaml_would() -> None:
    """The loader's ``resolve`` (and its no-op path resolvers) stand in for PyYAML's methods:
    every example table, and plain texts of many first characters, compose to the same tree."""
    loader = loader_class()
    pyyaml: type = type("PyYAMLResolving", (loader,), {
        "resolve": yaml.resolver.BaseResolver.resolve,
        "descend_resolver": yaml.resolver.BaseResolver.descend_resolver,
        "ascend_resolver": yaml.resolver.BaseResolver.ascend_resolver,
    })
    assert loader.resolve is not pyyaml.resolve
    texts = [path.read_text(encoding="utf-8") for path in sorted((ROOT / "examples").rglob("*.yaml"))]
    words = [*(text for _, text in EXAMPLES), *TEXT_EXAMPLES, "", "~", "=", "~x", ".5", "-", "+", "1:2",
             "0x1F", "1e3", "Null", "nULL", "tRUE", "a b", "'7'", '"true"', "!!int 3", "! 4", "!!str 5"]
    texts.append("top:\n" + "".join(f"  - {word}\n" for word in words) + "  - [1, {a: 2}, x: y]\n"
                 + "  - {<<: 1, '<<': 2, ? [k]: v}\n")
    for text in texts:
        ours, theirs = yaml.compose(text, Loader=loader), yaml.compose(text, Loader=pyyaml)
        assert pyyaml_tree(ours) == pyyaml_tree(theirs)


@given(st.text(max_size=12), st.booleans(), st.booleans(),
       st.sampled_from([yaml.ScalarNode, yaml.SequenceNode, yaml.MappingNode]))
def test_the_loaders_resolve_gives_pyyamls_tag(value: str, plain: bool, quoted: bool, kind: type) -> None:
    loader = loader_class()("")
    try:
        assert loader.resolve(kind, value, (plain, quoted)) \
            == yaml.resolver.BaseResolver.resolve(loader, kind, value, (plain, quoted))
    finally:
        loader.dispose()


@pytest.mark.parametrize(("tag", "text"), EXAMPLES)
def test_a_rule_reads_only_texts_that_start_as_it_says(tag: str, text: str) -> None:
    rule = next(rule for rule in RULES if rule.tag == tag)
    assert (text[:1] in rule.first) and rule.fits(text)


def test_leading_zeros_read_as_decimal_whole_numbers_in_an_answer() -> None:
    """SPEC 7: answers read numbers exactly as the YAML does (``007`` is 7)."""
    assert check(Int(), "007", ("players", 0, "score")) == 7
    assert check(MapOf(key=Choice(words=("fauna", "flora")), value=Int()), "fauna 007", ()) == {"fauna": 7}
    assert check(ListOf(Int()), "007 3", ()) == [7, 3]


def test_a_count_answered_as_money_is_refused_as_in_a_file() -> None:
    with pytest.raises(BadAnswer, match="expected a whole number, found the text '1,900'"):
        check(Int(), "1,900", ("score",))


def test_money_answers_read_as_money_in_a_file() -> None:
    money = get_game("galapagos").declaration.fields["players"].spec.item_spec()
    assert money is not None and money.as_record() is not None
    spec = money.as_record().fields["money"].spec  # type: ignore[union-attr]
    for written in ("£1,900", "1,900", "1900", "£1900"):
        assert check(spec, written, ("money",)) == 1900
    with pytest.raises(BadAnswer, match=r"1\.900 is not a whole number of pounds"):
        check(spec, "1.900", ("money",))


def walk(spec: Spec) -> Iterator[Spec]:
    yield spec
    for part in spec.parts():
        yield from walk(part)


@pytest.mark.parametrize("game", list(REGISTRY))
def test_every_spec_accepts_its_own_template_example(game: str) -> None:
    declaration = get_game(game).declaration
    for spec in walk(declaration):
        example = spec.template_example()
        if example is None:
            continue
        node = compose_text(yaml.safe_dump(example, allow_unicode=True))
        assert node is not None
        value, problems = check_alone(spec, node, ("x",))
        assert value is not MISSING, (spec, example, [str(problem) for problem in problems])


def test_a_text_answer_keeps_braces_as_text() -> None:
    assert check(Text(), "{not yaml", ("x",)) == "{not yaml"
    with pytest.raises(BadAnswer, match="YAML"):
        check(Int(), "{not yaml", ("x",))


# --- the layers: the spec knows no game; reading knows no spec ------------------------------


@pytest.mark.slow
@pytest.mark.parametrize(("package", "below"), [
    ("spec", ("scorecalc.spec", "scorecalc.reading", "scorecalc.errors", "scorecalc.names",
              "scorecalc.dates", "scorecalc.pictures")),  # an entry form's sketch is a picture's Drawing
    ("reading", ("scorecalc.reading", "scorecalc.errors")),
])
def test_a_layer_imports_only_what_lies_below_it(package: str, below: tuple[str, ...]) -> None:
    for path in sorted((ROOT / "scorecalc" / package).glob("*.py")):
        above = {name for name in imported(path) if not name.startswith(below)}
        assert not above, (path.name, above)
        text = path.read_text(encoding="utf-8")
        assert "Money" not in text and "£" not in text, path.name  # money is Galapagos' own


def test_each_module_says_its_job_on_its_first_line() -> None:
    paths = sorted((ROOT / "scorecalc").rglob("*.py"))
    assert len(paths) > 50
    for path in paths:
        first = path.read_text(encoding="utf-8").split("\n", 1)[0]
        assert first.startswith('"""') and len(first) > 20, path.relative_to(ROOT)


def test_a_default_filled_in_for_one_table_is_never_shared_with_the_next() -> None:
    """A missing list or mapping gets its own copy of the default: a tally answer appended to one
    table's books must not become every later table's books."""
    first = score_text(CARIBE_WITHOUT_BOOKS).document.data["players"][0]
    first["books"].append({"fauna": 2})
    second = score_text(CARIBE_WITHOUT_BOOKS).document.data["players"][0]
    assert second["books"] == []
    assert get_game("caribe").declaration.fields["players"].spec.item.fields["books"].default == []


CARIBE_WITHOUT_BOOKS = """\
game: caribe
university_cards: {coimbra: fauna, london: coastline, paris: turtle}
players:
  - {name: Ana, score: 10, knowledge: {fauna: 1, geology: 1, flora: 1}, board: {turtle: 0}}
  - {name: Bo, score: 10, knowledge: {fauna: 1, geology: 1, flora: 1}, board: {turtle: 0}}
"""
