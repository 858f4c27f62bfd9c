"""Print every claim the lexical tier counts supported in the real reports whose sources
are saved, each with the window that carried it, for a judgement (issue 53's "the top
level a claim reaches without the judge is right").

    python bench/supported_sample.py

The corpus's STORM run saves the snippet of every page its article cites
(`url_to_info.json`): both of its articles are linted with that folder as the sources
root, no judge, and each claim counted `supported` is printed as `line`, the claim and
its window. The judgements live in `bench/editor_samples.md`.
"""

from __future__ import annotations

import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from citelint.config.load import Settings  # noqa: E402
from citelint.lint.runner import Runner  # noqa: E402

STORM = ROOT.parent / "shared" / "corpus" / "reports" / "storm_crw_telesystem"
ARTICLES = ("storm_gen_article_polished.txt", "storm_gen_article.txt")


def main() -> None:
    if not STORM.is_dir():
        raise SystemExit(f"supported_sample: {STORM} is not present")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)  # a project of its own: no config above it applies
        for name in (*ARTICLES, "url_to_info.json"):
            shutil.copyfile(STORM / name, folder / name)
        settings = Settings(project_root=tmp, sources=tmp, cache_dir=None)
        result = Runner.of(settings, [str(folder / a) for a in ARTICLES]).lint()
        n = 0
        for file in sorted(result.files, key=lambda f: ARTICLES.index(Path(f.path).name)):
            for record in file.records:
                if record.verdict != "ok":
                    continue
                n += 1
                print(f"{n}. {Path(file.path).name}:{record.line}:{record.column}")
                print(f"   claim:  {record.text}")
                print(f"   window: {record.evidence}  ({record.coverage}% of its words)")


if __name__ == "__main__":
    main()
