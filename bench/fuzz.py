"""Mutated reports and mutated source trees through the linter: no crash, no input over
10 seconds of CPU. Not part of the test suite (it runs for minutes); its figures go in
bench/README.md.

    python bench/fuzz.py [--reports 5000] [--trees 1000] [--seed 21] [--jobs 2]
    python bench/fuzz.py --fetch [--answers 5000] [--reports 1000]   # bench/fuzz_fetch.py

Reports are mutated from examples/ and the real reports in ../shared/corpus/reports
(when present): bytes flipped, cut, repeated, spliced from another report, or seeded with
hostile pieces (anchors with 5,000-digit locators, runs of superscripts, tags of 10,000
attributes, odd encodings). Source trees are copies of examples/sources with one file
mutated, emptied, truncated, replaced by a folder, a FIFO or a symlink out of the tree,
or a JSON/XML record made deep or huge; every report of examples/ is linted against each.
A crash is an exception out of the linter or a CL903 finding.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import random
import shutil
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from citelint.config.load import Settings  # noqa: E402
from citelint.config.run import Run  # noqa: E402
from citelint.lint.linter import Linter  # noqa: E402
from citelint.lint.runner import Runner  # noqa: E402

LIMIT = 10.0  # seconds of CPU per input
CORPUS = ROOT.parent / "shared" / "corpus" / "reports"
HOSTILE = [
    "[pmid:1:abstract]",
    "[guideline:G:line:" + "1" * 5000 + "]",
    "[evidence:../../etc/passwd:line:1]",
    "¹" * 3000,
    "<p " + " ".join(f"a{i}=x" for i in range(10_000)) + ">",
    "12 per " + "1" * 5000,
    "1," * 20_000,
    "[[12]](https://example.org/a)",
    "[^1]: https://doi.org/10.1000/x\n",
    "```mermaid\nflowchart TD\n" + "A-->B\n" * 2000 + "```\n",
    "\x00\ufeff\ud800".encode("utf-8", "surrogatepass").decode("utf-8", "replace"),
    "<!-- citelint-disable-file CL101 -->",
    "## References\n\n" + "".join(f"[{i}] https://x.org/{i}\n" for i in range(500)),
]


def _seeds() -> list[bytes]:
    files = sorted((ROOT / "examples" / "reports").iterdir())
    if CORPUS.is_dir():
        files += sorted(p for p in CORPUS.rglob("*") if p.suffix in (".md", ".html", ".txt"))
    return [p.read_bytes()[:400_000] for p in files if p.is_file()]


def mutate(data: bytes, rng: random.Random, others: list[bytes]) -> bytes:
    out = bytearray(data)
    for _ in range(rng.randint(1, 6)):
        how = rng.randrange(7)
        at = rng.randrange(len(out) + 1)
        if how == 0 and out:
            out[rng.randrange(len(out))] = rng.randrange(256)
        elif how == 1:
            del out[at : at + rng.randint(1, 2000)]
        elif how == 2:
            piece = bytes(out[at : at + rng.randint(1, 200)])
            out[at:at] = piece * rng.randint(2, 200)
        elif how == 3:
            other = rng.choice(others)
            start = rng.randrange(len(other) + 1)
            out[at:at] = other[start : start + rng.randint(1, 5000)]
        elif how == 4:
            out[at:at] = rng.choice(HOSTILE).encode("utf-8", "surrogatepass")
        elif how == 5:
            out = bytearray(
                bytes(out)
                .decode("utf-8", "replace")
                .encode(rng.choice(["utf-16", "latin-1", "gb18030"]), "replace")
            )
        else:
            out[at:at] = bytes(rng.randrange(256) for _ in range(rng.randint(1, 64)))
    return bytes(out)


def _lint_report(job: tuple[int, bytes, str]) -> tuple[int, float, str]:
    i, data, name = job
    settings = Settings(project_root=str(ROOT), cache_dir=None)
    linter = Linter(Run.of(settings), settings)
    start = time.process_time()
    try:
        result = linter.lint_bytes(name, data, str(ROOT / "examples" / "sources"))
        crash = next((d.message for d in result.diagnostics if d.code == "CL903"), "")
    except Exception as exc:  # the linter must never raise
        crash = f"{type(exc).__name__}: {exc}"
    return i, time.process_time() - start, crash


def _mutate_tree(root: Path, rng: random.Random, outside: Path) -> str:
    files = sorted(p for p in root.rglob("*") if p.is_file())
    target = rng.choice(files)
    how = rng.randrange(8)
    if how == 0:
        target.write_bytes(b"")
    elif how == 1:
        data = target.read_bytes()
        target.write_bytes(data[: rng.randrange(len(data) + 1)])
    elif how == 2:
        target.unlink()
        target.mkdir()
    elif how == 3:
        target.unlink()
        os.mkfifo(target)
    elif how == 4:
        target.unlink()
        target.symlink_to(outside)
    elif how == 5:
        target.write_bytes(b"[" * 100_000 + b"]" * 100_000)
    elif how == 6:
        target.write_bytes(b"<a>" * 50_000 + b"9" * 5000 + b"</a>" * 50_000)
    else:
        target.write_bytes(mutate(target.read_bytes(), rng, [target.read_bytes()]))
    return f"{how}:{target.relative_to(root)}"


def _lint_tree(job: tuple[int, int]) -> tuple[int, float, str]:
    i, seed = job
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory() as tmp:
        project = Path(tmp) / "p"
        (project / ".git").mkdir(parents=True)
        shutil.copytree(ROOT / "examples", project / "examples", symlinks=True)
        outside = Path(tmp) / "outside"
        outside.write_text("secret 42%\n")
        what = _mutate_tree(project / "examples" / "sources", rng, outside)
        settings = Settings(project_root=str(project), cache_dir=None)
        start = time.process_time()
        try:
            result = Runner.of(settings, [str(project / "examples" / "reports")]).lint()
            crash = next((d.message for d in result.diagnostics if d.code == "CL903"), "")
        except Exception as exc:
            crash = f"{type(exc).__name__}: {exc}"
        return i, time.process_time() - start, f"{crash} ({what})" if crash else ""


def _report_jobs(n: int, seed: int) -> Iterator[tuple[int, bytes, str]]:
    rng = random.Random(seed)
    seeds = _seeds()
    for i in range(n):
        name = rng.choice(["r.md", "r.html", "r.txt"])
        yield i, mutate(rng.choice(seeds), rng, seeds), name


def main() -> None:
    if "--fetch" in sys.argv:  # the fetch side: hostile servers and reports
        import fuzz_fetch

        sys.argv.remove("--fetch")
        fuzz_fetch.main()
        return
    args = argparse.ArgumentParser()
    args.add_argument("--reports", type=int, default=5000)
    args.add_argument("--trees", type=int, default=1000)
    args.add_argument("--seed", type=int, default=21)
    args.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    opts = args.parse_args()
    with multiprocessing.Pool(opts.jobs) as pool:
        for label, runs in (
            (
                "reports",
                pool.imap_unordered(_lint_report, _report_jobs(opts.reports, opts.seed), 8),
            ),
            (
                "trees",
                pool.imap_unordered(
                    _lint_tree, ((i, opts.seed * 100_003 + i) for i in range(opts.trees)), 4
                ),
            ),
        ):
            crashes, slowest, total = [], 0.0, 0
            for i, cpu, crash in runs:
                total += 1
                slowest = max(slowest, cpu)
                if crash:
                    crashes.append((i, crash))
                if cpu > LIMIT:
                    crashes.append((i, f"{cpu:.1f} s of CPU"))
            print(
                f"{label}: {total} inputs, {len(crashes)} crashes or over {LIMIT:.0f} s, "
                f"slowest {slowest:.2f} s CPU"
            )
            for i, crash in crashes[:20]:
                print(f"  #{i}: {crash[:300]}")


if __name__ == "__main__":
    main()
