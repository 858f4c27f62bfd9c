"""The scale figures of a run, each a ratio measured in one run on this machine.

Generates N reports over saved sources taken from ../shared/corpus (PubMed XML, trial
JSON, PubTator, Europe PMC, BioC, a PDF; each PubMed record saved under several ids, so
identical bytes sit at many paths), then measures:

  floor     parse every report and read every cited source once, nothing else
  cold      `citelint` on every report with an empty cache (one worker)
  warm      the same again, nothing changed, the result cache filled by `cold`
  touched   the same again after one report changed
  jobs      cold with two workers against cold with one, without cache and with an
            empty one (the workers then share the repair pieces they build), beside the
            machine's own control: two pure-Python busy loops started together against one
  no-hints  cold with `--no-hints`: only cited sources are read, as by the floor
  memory    peak RSS of a one-worker run at N and at 10×N reports (a child process each)

in two layouts: `shared` (every report under `reports/`, one sources root) and
`per-report` (each report in its own folder with its own `sources/`, as pipelines save a
run; the files hard-linked from one template, so the disk stays small; `--copies 1`
copies them instead, as a pipeline that fetched the same records again saves them, about
20 MB a report folder), and prints each figure beside its target. Synthetic records stand
in when the corpus is absent.

    python bench/scale.py [--reports 120] [--sentences 20] [--memory 0|1]
                          [--layout shared|per-report|both] [--copies 0|1]
                          [--repeat N]   (each time the least of N runs)
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from lint_throughput import build

from citelint.commands.cli import main as citelint_main
from citelint.ground.document import Anchor
from citelint.ground.tokens import clear_caches
from citelint.read.parse import Parser
from citelint.sources.listing import saved_files
from citelint.sources.store import SourceStore

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus"
COPIES = 10  # each PubMed record saved under this many ids
CHANNELS = {  # corpus folder → folder under the sources root
    "trials": "trials",
    "pubtator": "pubtator",
    "europepmc": "europepmc",
    "bioc": "bioc",
    "pdf/papers": "guidelines",  # a real article's PDF
}


def corpus(root: Path, reports: int, sentences: int) -> None:
    """Reports citing PubMed records, over a sources root with every channel filled."""
    build(root, reports, sentences)
    pubmed = root / "sources" / "pubmed"
    for xml in sorted(pubmed.iterdir()):
        for copy in range(1, COPIES):
            shutil.copy(xml, pubmed / f"9{copy}{xml.stem}{xml.suffix}")
    for folder, target in CHANNELS.items():
        if not (CORPUS / folder).is_dir():
            continue
        out = root / "sources" / target
        out.mkdir(parents=True, exist_ok=True)
        for path in sorted((CORPUS / folder).rglob("*")):
            if path.is_file() and path.suffix in (".json", ".xml", ".txt", ".pdf"):
                shutil.copy(path, out / path.name)


COPIES_OF_FILES = False  # `--copies 1`: each report folder's files copied, not hard-linked
REPEAT = 1  # `--repeat N`: each timed figure the least of N runs


def per_report(root: Path, reports: int, sentences: int) -> None:
    """Each report in `reports/rNNNN/` beside its own `sources/` (hard links of one
    template's files, or copies)."""
    template = root / "template"
    corpus(template, min(reports, 12), sentences)
    made = sorted((template / "reports").iterdir())
    for n in range(reports):
        folder = root / "reports" / f"r{n:05d}"
        for source in (template / "sources").rglob("*"):
            target = folder / source.relative_to(template)
            if source.is_dir():
                target.mkdir(parents=True, exist_ok=True)
            else:
                target.parent.mkdir(parents=True, exist_ok=True)
                if COPIES_OF_FILES:
                    shutil.copy2(source, target)
                else:
                    os.link(source, target)
        shutil.copy(made[n % len(made)], folder / "report.md")
    shutil.rmtree(template / "reports")


def reports_of(root: Path) -> list[tuple[Path, Path]]:
    """Each report with its sources root, in either layout."""
    shared = root / "sources"
    out = []
    for path in sorted((root / "reports").rglob("*.md")):
        out.append((path, shared if shared.is_dir() else path.parent / "sources"))
    return out


def floor(root: Path) -> float:
    """Parse every report and load every cited source once: the least a run must do."""
    clear_caches()
    start = time.perf_counter()
    parser = Parser()
    store = SourceStore()
    seen: set[tuple[str, str, Path]] = set()
    for path, sources in reports_of(root):
        doc = parser.parse(path.name, path.read_bytes())
        for anchor in doc.anchors:
            if (anchor.type, anchor.id, sources) not in seen:
                seen.add((anchor.type, anchor.id, sources))
                store.resolve(Anchor(anchor.type, anchor.id, None, 0, 0), str(sources))
    return time.perf_counter() - start


def floor_with_hints(root: Path) -> float:
    """The floor of a run with repair hints, which read every saved record of a root and
    not only the cited ones: parse every report and load every saved record once per
    distinct content (a root per report of hard-linked or copied files is read once)."""
    clear_caches()
    start = time.perf_counter()
    parser = Parser()
    store = SourceStore()
    roots: set[Path] = set()
    loaded: set[bytes] = set()
    for path, sources in reports_of(root):
        parser.parse(path.name, path.read_bytes())
        if sources in roots:
            continue
        roots.add(sources)
        for kind in store.kinds:
            for ident, located, _ in saved_files(store, kind, str(sources)):
                if isinstance(located, str):
                    digest = hashlib.sha256(Path(located).read_bytes()).digest()
                    if digest not in loaded:
                        loaded.add(digest)
                        store.resolve(Anchor(kind, ident, None, 0, 0), str(sources))
    return time.perf_counter() - start


def run(root: Path, cache: Path | None, jobs: int = 1, *extra: str) -> float:
    """One in-process `citelint` run (text to /dev/null, JSON to a file); its wall time."""
    clear_caches()
    # a file of its own: citelint writes outputs only as regular files (never /dev/null)
    argv = [str(root / "reports"), "--output", f"json:{root.parent / 'out.json'}", *extra]
    argv += [f"--jobs={jobs}"]
    argv += ["--cache-dir", str(cache)] if cache is not None else ["--no-cache"]
    with open(os.devnull, "w") as sink, contextlib.redirect_stdout(sink):
        start = time.perf_counter()
        citelint_main(argv)
        return time.perf_counter() - start


def busy_loops(together: int) -> float:
    """Wall time of `together` pure-Python busy loops started at once, each in its own
    process: what two cores give two processes of pure Python, on this machine, now."""
    loop = [sys.executable, "-c", "n = 0\nfor i in range(10_000_000): n += i"]
    start = time.perf_counter()
    children = [subprocess.Popen(loop) for _ in range(together)]
    for child in children:
        child.wait()
    return time.perf_counter() - start


def peak_rss(root: Path, cache: Path) -> float:
    """Peak resident memory, MB, of a one-worker `citelint` run in a child process."""
    argv = [sys.executable, "-m", "citelint", str(root / "reports"), "--jobs=1"]
    argv += ["--output", f"json:{root.parent / 'rss.json'}", "--cache-dir", str(cache)]
    child = subprocess.Popen(argv, cwd=root, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, _, usage = os.wait4(child.pid, 0)
    return usage.ru_maxrss / 1024


def claims_of(root: Path) -> int:
    import json

    out = root / "claims.json"
    with open(os.devnull, "w") as sink, contextlib.redirect_stdout(sink):
        citelint_main([str(root / "reports"), "--output", f"json:{out}", "--no-cache"])
    return int(json.loads(out.read_text())["summary"]["claims"])


def measure(tmp: Path, layout: str, reports: int, sentences: int, memory: bool) -> None:
    make = corpus if layout == "shared" else per_report
    root = tmp / layout / "project"
    root.mkdir(parents=True)
    (root / ".git").mkdir()  # the project root
    make(root, reports, sentences)
    os.chdir(root)  # a run from the project, as CI runs it
    claims = claims_of(root)
    print(f"\n[{layout}] reports: {reports}  claims: {claims}")

    def best(timed: Callable[[int], float]) -> float:
        """The least of `REPEAT` runs: a loaded or noisy machine only ever adds time."""
        return min(timed(i) for i in range(REPEAT))

    def touch(i: int) -> float:
        first.write_text(text + "\n" * (i + 2) + "One more line.\n")  # (another change each)
        return run(root, cache)

    base = best(lambda i: floor(root))
    hinted = best(lambda i: floor_with_hints(root))
    cold = best(lambda i: run(root, tmp / layout / f"cache{i}"))
    cache = tmp / layout / f"cache{REPEAT - 1}"
    warm = best(lambda i: run(root, cache))
    first = reports_of(root)[0][0]
    text = first.read_text(encoding="utf-8")
    touched = best(touch)
    one = best(lambda i: run(root, None, jobs=1))
    two = best(lambda i: run(root, None, jobs=2))
    one_cold = best(lambda i: run(root, tmp / layout / f"cache-jobs1-{i}", 1))
    two_cold = best(lambda i: run(root, tmp / layout / f"cache-jobs2-{i}", 2))
    plain = best(lambda i: run(root, tmp / layout / f"cache-plain-{i}", 1, "--no-hints"))
    print(f"floor (parse + read cited sources): {base:.3f} s")
    print(f"floor with hints (parse + read every saved record once): {hinted:.3f} s")
    print(f"cold / floor with hints: {cold / hinted:5.2f}   target <= 2.0")
    print(f"cold / floor:   {cold / base:5.2f}")
    print(f"cold with --no-hints / floor: {plain / base:5.2f}   target <= 2.0")
    print(f"warm / cold:    {warm / cold:5.3f}   target <= 0.05")
    print(f"one report changed / cold: {touched / cold:5.3f}   target <= 0.10")
    control = 2 * best(lambda i: busy_loops(1)) / best(lambda i: busy_loops(2))
    print(f"jobs 1 / jobs 2: {one / two:5.2f}   target >= 1.7 (idle 2-core machine)")
    print(f"  the machine's control, two busy loops / one, as two workers: {control:5.2f}")
    print(f"jobs 1 / jobs 2, each with an empty cache: {one_cold / two_cold:5.2f}")
    print(f"claims per second, one worker, cold: {claims / cold:,.0f}")
    if memory:
        small = peak_rss(root, tmp / layout / "rss-small")
        big = tmp / layout / "big"
        big.mkdir()
        (big / ".git").mkdir()
        make(big, reports * 10, sentences)
        large = peak_rss(big, tmp / layout / "rss-big")
        print(
            f"peak memory: {small:.0f} MB at {reports} reports, {large:.0f} MB at "
            f"{reports * 10} (ratio {large / small:.2f}; target <= 1.3, <= 300 MB)"
        )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--reports", type=int, default=120)
    ap.add_argument("--sentences", type=int, default=20)
    ap.add_argument("--memory", type=int, default=1, help="1: also measure memory at N, 10N")
    ap.add_argument("--layout", choices=("shared", "per-report", "both"), default="both")
    ap.add_argument("--copies", type=int, default=0, help="1: per-report files copied")
    ap.add_argument("--repeat", type=int, default=1, help="each time the least of N runs")
    args = ap.parse_args()
    if args.copies and args.memory:
        ap.error("--copies 1 takes --memory 0 (ten times the reports, copied, is 25 GB)")
    global COPIES_OF_FILES, REPEAT
    COPIES_OF_FILES = bool(args.copies)
    REPEAT = max(1, args.repeat)
    layouts = ("shared", "per-report") if args.layout == "both" else (args.layout,)
    with tempfile.TemporaryDirectory() as tmp:
        for layout in layouts:
            measure(Path(tmp), layout, args.reports, args.sentences, bool(args.memory))


if __name__ == "__main__":
    main()
