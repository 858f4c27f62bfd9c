"""The services fetch asks: one declaration each, read by config, plan, run and docs."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from citelint.ground.errors import ConfigError
from citelint.sources.registries import ID_SHAPES, REGISTRIES, SERVICES, fetch_table

FETCH_DOCS = Path(__file__).parents[2] / "docs" / "fetch.md"


def test_every_identifier_a_registry_decides_has_a_shape() -> None:
    assert set(ID_SHAPES) == set(REGISTRIES)


def test_the_fetch_docs_name_every_service_and_its_variable() -> None:
    text = FETCH_DOCS.read_text(encoding="utf-8")
    for service in SERVICES:
        assert f"`{service.name}`" in text and f"`{service.env}`" in text, service.name


def test_the_fetch_table_reads_its_options() -> None:
    read = fetch_table(
        {
            "deadline": 30,
            "missing-max-age": 7,
            "skip-urls": ["https://www.nejm.org/*"],
            "accept-status": [404, 403, 403],
            "failed-max-age": 1,
            "max-concurrency": 4,
            "max-retries": 0,
            "ctgov": "https://ct.example.org/api/v2",
        },
        "tool.citelint.fetch",
    )
    assert read == {
        "fetch_deadline": 30.0,
        "fetch_missing_max_age": 7,
        "fetch_skip_urls": ("https://www.nejm.org/*",),
        "fetch_accept_status": (403, 404),
        "fetch_failed_max_age": 1,
        "fetch_max_concurrency": 4,
        "fetch_max_retries": 0,
        "fetch_bases": (("ctgov", "https://ct.example.org/api/v2"),),
    }


@pytest.mark.parametrize(
    ("table", "error"),
    [
        ({"missing-max-age": -1}, "'f.missing-max-age' must be whole days, from 0 to 36500"),
        ({"missing-max-age": True}, "'f.missing-max-age' must be whole days"),
        ({"skip-urls": "https://x.org/*"}, "'f.skip-urls' must be a list of URL globs"),
        ({"skip-urls": [""]}, "'f.skip-urls' must be a list of URL globs"),
        ({"accept-status": [200]}, "'f.accept-status' must be a list of HTTP error statuses"),
        ({"accept-status": 404}, "'f.accept-status' must be a list of HTTP error statuses"),
        ({"accept-status": [True]}, "'f.accept-status' must be a list of HTTP error statuses"),
        ({"deadline": 0}, "'f.deadline' must be seconds, over 0 and at most 3600"),
        ({"failed-max-age": -1}, "'f.failed-max-age' must be whole days, from 0 to 36500"),
        ({"max-concurrency": 257}, "'f.max-concurrency' must be a whole number from 1 to 256"),
        ({"max-retries": True}, "'f.max-retries' must be a whole number from 0 to 10"),
    ],
)
def test_a_bad_fetch_option_is_one_line(table: dict[str, object], error: str) -> None:
    with pytest.raises(ConfigError, match=error.replace("(", r"\(").replace(")", r"\)")):
        fetch_table(table, "f")


ROOT = Path(__file__).parents[2]
# What the recipe in docs/architecture.md has a maintainer write for a registry `foo`
# answering `[foo:ID:locator]` citations, file by file, as text inserted at an anchor line.
RECIPE = {
    "citelint/sources/registries.py": (
        '    Service("doiorg",',
        '    Service("foo", "https://foo.example.org/api", "Foo", "FOO", r"F\\d{1,6}"),\n',
    ),
    "citelint/sources/kinds.py": (
        "    SourceKind(  # pages saved from the web",
        '    SourceKind("foo", ("foo",), ("json",), "foo", identifies=("FOO",)),\n',
    ),
    "docs/fetch.md": ("`doiorg` (DOI content negotiation)", "`foo` (`CITELINT_FETCH_FOO`), "),
    "citelint/commands/fetch/flows.py": (
        "def ask_url(job: Job, url: str) -> Outcome:",
        "def ask_foo(job: Job, ident: str) -> Outcome:\n"
        "    answer = job.client.get(f\"{job.base['foo']}/records/{ident}\")\n"
        "    if answer.status == 404:\n"
        '        return missing("FOO", ident, "HTTP 404, no such record", 404)\n'
        '    ok(answer, ("application/json",))\n'
        '    return job.save(f"foo/{ident}.json", answer)\n\n\n',
    ),
}
FLOW_ENTRY = ('    "URL": ask_url,', '    "FOO": ask_foo,\n')

SCRIPT = """
import json, os, sys, threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from citelint.commands import cli

class Handler(BaseHTTPRequestHandler):
    def do_GET(self):
        body = json.dumps({"title": "A record", "abstract": "It enrolled 120 people."}).encode()
        status = 200 if self.path == "/records/F12" else 404
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)
    def log_message(self, *args):
        pass

server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
threading.Thread(target=server.serve_forever, daemon=True).start()
os.environ["CITELINT_FETCH_FOO"] = f"http://127.0.0.1:{server.server_address[1]}"
os.environ["CITELINT_FETCH_ALLOW_PRIVATE"] = "1"
fetched = cli.main(["fetch", "--no-progress", "."])
linted = cli.main(["--no-cache", "--no-progress", "."])
print("exits", fetched, linted)
"""


def test_a_service_added_by_the_recipe_is_asked(tmp_path: Path) -> None:
    """The recipe carried out in a copy of the repository: a `Service`, a `SourceKind`
    and a flow, nothing else; the copy's registry tests pass, and `citelint fetch` asks
    the new registry, saves its record and the lint checks a claim against it."""
    import shutil
    import subprocess
    import sys

    copy = tmp_path / "repo"
    for part in ("citelint", "tests", "pyproject.toml", "README.md", "docs"):
        source = ROOT / part
        if source.is_dir():
            shutil.copytree(source, copy / part, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy2(source, copy / part)
    for rel, (anchor, text) in {**RECIPE, "flows": FLOW_ENTRY}.items():
        path = copy / ("citelint/commands/fetch/flows.py" if rel == "flows" else rel)
        written = path.read_text(encoding="utf-8")
        assert written.count(anchor) == 1, (rel, anchor)
        path.write_text(written.replace(anchor, text + anchor), encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(copy)}
    checks = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            "-x",
            "tests/sources/test_registries.py",
            "-k",
            "not recipe",
            "tests/test_architecture.py",
        ],
        cwd=copy,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert checks.returncode == 0, checks.stdout[-2000:]
    project = tmp_path / "project"
    project.mkdir()
    (project / "pyproject.toml").write_text("[tool.citelint]\n", encoding="utf-8")
    (project / "r.md").write_text(
        "It enrolled 120 people [foo:F12:abstract].\n\nIt enrolled 130 people [foo:F12:abstract].\n",
        encoding="utf-8",
    )
    ran = subprocess.run(
        [sys.executable, "-c", SCRIPT],
        cwd=project,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert (
        ran.stdout.splitlines()[0] == "fetched 1, already saved 0, missing 0, failed 0 (1 request)"
    ), ran.stderr
    assert "r.md:3:" in ran.stdout and "CL101" in ran.stdout
    assert ran.stdout.rstrip().endswith("exits 0 1")
    assert (project / "sources" / "foo" / "F12.json").is_file()
