"""The quick loop stays quick (CONTRIBUTING.md, "Tests, by layer"): a test that starts a pad
server or a pseudo-terminal without the ``slow`` mark fails in ``pytest -m "not slow"``, saying
what to add (``helpers.starts``, called by ``support/web_pad.py``'s ``Served`` and by
``helpers.spawn_scorecalc``); in every other run it says nothing. Browser tests are marked
``slow`` by ``conftest.py`` (every test that uses the ``browser`` fixture). The quick loop runs in
one process (``conftest.pytest_xdist_auto_num_workers``), the suite a worker a core."""

from __future__ import annotations

import pytest

from tests.helpers import RUNNING, starts


def test_a_quick_test_that_starts_a_server_fails_in_the_quick_loop_only(
        request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    assert RUNNING == [request.node]
    monkeypatch.setattr(request.config.option, "markexpr", "not slow")
    with pytest.raises(pytest.fail.Exception) as failed:
        starts("a pad server")
    assert str(failed.value) == (
        f"{request.node.nodeid} starts a pad server but is not marked slow: add @pytest.mark.slow (the quick "
        "loop, -m 'not slow', leaves out servers, browsers and terminals; tests/commands/test_web_http.py "
        "tests the pad's routes in-process)")
    monkeypatch.setattr(request.config.option, "markexpr", "not slow and not stress")
    with pytest.raises(pytest.fail.Exception):
        starts("a pseudo-terminal")
    for markexpr in ("", "slow", "stress"):  # the suite, the slow tests, the stress runs: nothing said
        monkeypatch.setattr(request.config.option, "markexpr", markexpr)
        starts("a pad server")
    monkeypatch.setattr(request.config.option, "markexpr", "not slow")
    request.node.add_marker(pytest.mark.slow)  # marked: nothing said in the quick loop either
    starts("a pad server")


def test_the_guard_knows_no_test_between_tests() -> None:
    """Outside a test (a fixture of a module's scope torn down, a helper called at import),
    ``starts`` says nothing: only the running test is judged."""
    saved = RUNNING[:]
    RUNNING.clear()
    try:
        starts("a pad server")
    finally:
        RUNNING[:] = saved


@pytest.mark.parametrize(("markexpr", "workers"), [
    ("not slow", 0), ("not slow and not stress", 0), ("", None), ("slow", None), ("stress", None)])
def test_the_quick_loop_runs_in_one_process_the_suite_on_every_core(
        request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch, markexpr: str,
        workers: int | None) -> None:
    """``-n auto`` asks ``pytest_xdist_auto_num_workers``: none for the quick loop (its tests run in
    the process that collected them), xdist's own count (a worker a core) for every other run."""
    monkeypatch.setattr(request.config.option, "markexpr", markexpr)
    assert request.config.hook.pytest_xdist_auto_num_workers(config=request.config) == (
        workers if workers is not None else _xdist_default(request.config))


def _xdist_default(config: pytest.Config) -> int:
    from xdist.plugin import pytest_xdist_auto_num_workers

    found: int = pytest_xdist_auto_num_workers(config)
    return found
