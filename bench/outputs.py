"""Every output byte of citelint on fixed inputs, as one digest per input set.

Run it before and after a change that must not change behaviour (a refactor); the two
listings are equal exactly when every output is the same bytes:

    python bench/outputs.py > before.txt      # on the old commit
    python bench/outputs.py > after.txt       # on the new one
    diff before.txt after.txt && echo "output bytes unchanged"

Input sets: `examples/`, each rule folder of `tests/rules/` (every rule on, so each
fixture is read by all of them), `../shared/corpus/reports/` when present, and the scale
corpus of `bench/scale.py` (120 report folders, each with its own sources root). Each
is linted in a fresh process with no cache, one worker, and every output format
(text, JSON, SARIF, GitHub annotations, summary, HTML, audit files); the digest covers
the exit code and every file written. The rule folders are linted under an empty config
of their own: the repository's config excludes `tests/`, which would leave each of them
an error line and the same digest. Each rule folder is linted as a copy in a project of
its own, so nothing around the checkout (a parent folder named `sources/`, the checkout's
path) reaches its outputs, and the day the HTML view names is fixed (`SOURCE_DATE_EPOCH`):
the digests are the same on every machine and every day.
"""

from __future__ import annotations

import hashlib
import importlib
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
CORPUS = REPO.parent / "shared" / "corpus" / "reports"
FORMATS = ("text", "json", "sarif", "github", "summary", "html", "concise")


def input_sets() -> list[tuple[str, Path]]:
    sets = [("examples", REPO / "examples")]
    rules = sorted(d for d in (REPO / "tests" / "rules").iterdir() if d.is_dir())
    sets += [(f"tests/rules/{d.name}", d) for d in rules]
    if CORPUS.is_dir():
        sets.append(("corpus/reports", CORPUS))
    return sets


def digest(folder: Path, config: list[str]) -> str:
    """The digest of the exit code and every output of one run over `folder`."""
    with tempfile.TemporaryDirectory() as out:
        outputs = [f"--output={fmt}:{out}/out.{fmt}" for fmt in FORMATS]
        run = subprocess.run(
            [
                sys.executable,
                "-m",
                "citelint",
                "--no-cache",
                "--jobs",
                "1",
                "--no-progress",
                "--audit-dir",
                f"{out}/audit",
                *config,
                *outputs,
                ".",
            ],
            cwd=folder,
            capture_output=True,
            # the HTML view names the day of the run; a fixed one is the same every day
            env={**os.environ, "NO_COLOR": "1", "SOURCE_DATE_EPOCH": "1767225600"},
            check=False,
        )
        sha = hashlib.sha256(f"exit {run.returncode}\n".encode())
        sha.update(run.stderr)
        for path in sorted(Path(out).rglob("*")):
            if path.is_file():
                sha.update(str(path.relative_to(out)).encode() + b"\0" + path.read_bytes())
        return sha.hexdigest()[:16]


def set_digest(name: str, folder: Path, home: Path) -> str:
    """The digest of one input set; a rule folder is copied into a project of its own
    under `home` (an empty config beside it) and linted there."""
    if not name.startswith("tests/"):
        return digest(folder, [])
    project = home / name.replace("/", "_")
    copy = project / folder.name
    shutil.copytree(folder, copy, symlinks=True)
    empty = project / "citelint.toml"
    empty.write_text("[tool.citelint]\n", encoding="utf-8")
    return digest(copy, ["--config", str(empty)])


def main() -> None:
    with tempfile.TemporaryDirectory() as home:
        for name, folder in input_sets():
            print(f"{set_digest(name, folder, Path(home))}  {name}", flush=True)
        sys.path.insert(0, str(REPO / "bench"))
        scale_py = importlib.import_module("scale")  # the scale corpus, as bench/scale.py makes it
        scale = Path(home) / "scale"
        scale_py.per_report(scale, 120, 20)
        (scale / ".git").mkdir()  # its own project: the checkout's config is not its
        print(f"{digest(scale / 'reports', [])}  scale/per-report", flush=True)


if __name__ == "__main__":
    main()
