"""The GitHub workflows run what README says and nothing of their own: each ``run:`` step is one of
README's marked commands (``<!-- ci: NAME -->``, the ones ``.ci/run`` runs) or ``.ci/run`` itself;
everything else is a standard action. None of them can run here, so this reads them. And the
app's build, which the Pages workflow runs, says each step as it goes."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.helpers import ROOT

WORKFLOWS = ROOT / ".github" / "workflows"
STANDARD = ("actions/checkout@", "actions/setup-python@", "actions/setup-node@", "actions/configure-pages@",
            "actions/upload-pages-artifact@", "actions/deploy-pages@", "actions/upload-artifact@",
            "actions/download-artifact@", "pypa/gh-action-pypi-publish@")


def readme_commands() -> dict[str, str]:
    """README's marked commands by name: the ``sh`` block after each ``<!-- ci: NAME -->``, as
    ``.ci/run``'s ``readme_command`` reads it (indented in a list or not)."""
    lines = [line.strip() for line in (ROOT / "README.md").read_text(encoding="utf-8").splitlines()]
    found = {}
    for index, line in enumerate(lines):
        marker = re.fullmatch(r"<!-- ci: ([a-z-]+) -->", line)
        if marker:
            assert lines[index + 1].startswith("```"), marker.group(1)
            end = lines.index("```", index + 2)
            found[marker.group(1)] = "\n".join(lines[index + 2:end])
    return found


def workflow(name: str) -> dict[Any, Any]:
    loaded: dict[Any, Any] = yaml.safe_load((WORKFLOWS / name).read_text(encoding="utf-8"))
    loaded["on"] = loaded.pop(True, loaded.get("on"))  # YAML 1.1 reads the key 'on' as true
    return loaded


def steps(flow: dict[Any, Any], job: str) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = flow["jobs"][job]["steps"]
    return found


def runs(flow: dict[Any, Any]) -> list[str]:
    return [step["run"].strip() for job in flow["jobs"] for step in steps(flow, job) if "run" in step]


def test_every_step_is_a_readme_command_ci_run_or_a_standard_action() -> None:
    commands = readme_commands()
    names = sorted(path.name for path in WORKFLOWS.glob("*.y*ml"))
    assert names == ["ci.yml", "pages.yml", "publish.yml"]
    for name in names:
        flow = workflow(name)
        for job in flow["jobs"]:
            for step in steps(flow, job):
                assert ("run" in step) != ("uses" in step), (name, step)
                if "run" in step:
                    assert step["run"].strip() in [*commands.values(), ".ci/run"], (name, step["run"])
                else:
                    assert step["uses"].startswith(STANDARD), (name, step["uses"])


def test_ci_runs_ci_run_on_every_push_and_pull_request() -> None:
    flow = workflow("ci.yml")
    assert set(flow["on"]) == {"push", "pull_request"}
    assert runs(flow) == [".ci/run"]
    assert (ROOT / ".ci" / "run").stat().st_mode & 0o111


def test_pages_builds_the_app_after_the_install_and_deploys_it() -> None:
    commands = readme_commands()
    flow = workflow("pages.yml")
    assert flow["permissions"]["pages"] == "write" and flow["permissions"]["id-token"] == "write"
    assert runs(flow) == [commands["install-and-score"], commands["build-app"]]
    uses = [step.get("uses", "").split("@")[0] for job in flow["jobs"] for step in steps(flow, job)]
    assert uses.index("actions/configure-pages") < uses.index("actions/upload-pages-artifact") \
        < uses.index("actions/deploy-pages")
    upload = next(step for step in steps(flow, "build") if "upload-pages-artifact" in step.get("uses", ""))
    assert upload["with"]["path"] == "dist/app"
    assert flow["jobs"]["deploy"]["environment"]["name"] == "github-pages"


def test_publish_builds_the_package_and_publishes_it_by_trusted_publishing_on_a_tag() -> None:
    flow = workflow("publish.yml")
    assert set(flow["on"]) == {"push"} and flow["on"]["push"]["tags"]
    assert runs(flow) == [readme_commands()["build-package"]]
    publish = flow["jobs"]["publish"]
    assert publish["environment"]["name"] == "pypi" and publish["permissions"]["id-token"] == "write"
    step = next(step for step in publish["steps"]
                if step.get("uses", "").startswith("pypa/gh-action-pypi-publish@"))
    assert step["with"]["packages-dir"] == "dist/package/"
    assert "password" not in step.get("with", {})  # trusted publishing: no token


def test_ci_run_runs_every_marked_command() -> None:
    script = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    for name in readme_commands():
        assert re.search(rf"\b{name}\b", script), name


def test_the_apps_build_says_each_step_as_it_goes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    """A first build takes minutes (wheels built from their sources, compiled in Node): it prints a
    line a step, with the seconds since it started; a wheel already built says it came from the cache."""
    spec = importlib.util.spec_from_file_location("build_app", ROOT / "scripts" / "build_app.py")
    assert spec is not None and spec.loader is not None
    build_app = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build_app)
    monkeypatch.setattr(build_app, "ROOT", tmp_path)
    monkeypatch.setattr(build_app, "CACHE", tmp_path / "build" / "app-wheels")
    kept = tmp_path / "build" / "app-wheels" / "pyyaml-6.0.4" / "PyYAML-6.0.4-py3-none-any.whl"
    kept.parent.mkdir(parents=True)
    kept.write_bytes(b"")
    assert build_app.wheel("pyyaml", {"version": "6.0.4", "build": "sdist"}) == kept
    build_app.progress("the pages")
    lines = capsys.readouterr().out.splitlines()
    assert [re.sub(r"^\[ *\d+\.\d s\] ", "", line) for line in lines] == [
        "pyyaml 6.0.4: cached in build/app-wheels/pyyaml-6.0.4", "the pages"]
    assert all(re.match(r"^\[ *\d+\.\d s\] ", line) for line in lines)
