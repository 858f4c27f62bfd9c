"""The keys of [tool.citelint]: every key checked and typed, errors that name the key."""

from __future__ import annotations

import pytest

from citelint.config.load import ConfigError, load_settings
from tests.conftest import Writer


@pytest.mark.parametrize(
    ("toml", "message"),
    [
        ("bogus = 1\n", "unknown key 'bogus'"),
        ("[rules.CL101]\nnope = 1\n", "unknown option 'rules.CL101.nope'"),
        ("[rules.CL999]\n", "unknown rule 'rules.CL999'"),
        (
            "[rules.CL103]\ndrug-stems-en = 5\n",
            "'rules.CL103.drug-stems-en' must be a list of strings",
        ),
        ("[rules.CL101]\nseverity = 'loud'\n", "'rules.CL101.severity' must be one of"),
        ("fail-on = 'sometimes'\n", "'fail-on' must be one of"),
        ("max-source-bytes = -1\n", "'max-source-bytes' must be a whole number"),
        ("[source-types.pmid]\n", "a custom type is a new lower-case name"),
        ("[source-types.patent]\ndirs = ['../x']\n", "must stay inside the sources root"),
        ("source-types = 1\n", "'source-types' must be a table of source types"),
        ("[source-types]\npatent = 1\n", "must be a table with dirs and extensions"),
        ("[source-types.patent]\nglob = 1\n", "unknown key 'source-types.patent.glob'"),
        ("rules = 1\n", "'rules' must be a table of rule codes"),
        ("[rules]\nCL101 = 1\n", "'rules.CL101' must be a table"),
        ("per-file-ignores = 1\n", "must be a table of glob = [codes]"),
        ("sources = 1\n", "'sources' must be a folder path"),
        ("select = ['XY1']\n", "which is not a rule code or prefix"),
        ("select = ['CL999']\n", "'select' has 'CL999', which matches no rule"),
        ("ignore = ['CL4']\n", "'ignore' has 'CL4', which matches no rule"),
        ("extend-select = 'CL8'\n", "'extend-select' has 'CL8', which matches no rule"),
        ("per-file-ignores = { 'a/**' = ['CL998'] }\n", "matches no rule"),
        ("sources = 'nope'\n", "'sources' = 'nope' is not a folder"),
        ("anchor-scope = 'page'\n", "'anchor-scope' must be one of sentence, block"),
        ("citation-styles = ['bold']\n", "'citation-styles' has 'bold'; the styles are numbered"),
        ("numbered-locators = 'yes'\n", "'numbered-locators' must be one of optional, required"),
        ("[rules.CL205]\nmax-repeats = true\n", "'rules.CL205.max-repeats' must be a whole"),
        ("[rules.CL302]\nmax-share = 'x'\n", "'rules.CL302.max-share' must be a number"),
        ("[rules.CL203]\nphrases = {a = 'x'}\n", "must be a table of phrase = limit"),
        ("[rules.CL204]\nphrases = 3\n", "'rules.CL204.phrases' must be a list of strings"),
        ("exclude = ['/etc/**']\n", "patterns are relative to the project root"),
        ("[tool.x]\n", "only [tool.citelint] belongs in this file"),
    ],
)
def test_config_errors_name_the_key(project: Writer, toml: str, message: str) -> None:
    path = project(".citelint.toml", toml)
    with pytest.raises(ConfigError) as exc:
        load_settings(str(path), str(path.parent))
    assert message in str(exc.value) and str(path) in str(exc.value)


def test_every_key_lands_in_typed_settings(project: Writer) -> None:
    project("sources/.keep", "")
    project("evidence/.keep", "")
    path = project(
        ".citelint.toml",
        """
sources = "sources"
evidence-roots = ["evidence"]
include = ["reports/**"]
exclude = ["reports/drafts/**"]
select = ["CL1", "CL2"]
ignore = "CL205"
extend-select = ["CL001"]
anchor-scope = "block"
abbreviations = ["approx."]
appendix-headings = ["Annex"]
locator-optional-types = ["evidence"]
citation-styles = ["numbered", "glued", "numbered"]
numbered-locators = "required"
drug-suffixes-zh = ["替尼"]
drug-stems-en = ["tinib"]
required-source-channels = ["pubmed"]
max-pdf-pages = 7
max-total-source-bytes = 1000
per-file-ignores = { "legacy/**" = ["CL004"] }
[source-types.patent]
dirs = ["patents"]
extensions = [".json"]
[rules.CL302]
max-share = 1
[rules.CL203.phrases]
"已保存" = 3
""",
    )
    s = load_settings(str(path), str(path.parent))
    root = str(path.parent)
    assert s.sources == f"{root}/sources" and s.evidence_roots == (f"{root}/evidence",)
    assert (s.include, s.exclude, s.ignore) == (("reports/**",), ("reports/drafts/**",), ("CL205",))
    assert s.claims.anchor_scope.value == "block" and s.claims.abbreviations == ("approx.",)
    assert s.claims.appendix_headings == ("Annex",)
    assert s.claims.citation_styles == ("numbered", "glued")
    assert s.claims.numbered_locators == "required"
    assert s.claims.drugs.suffixes_zh == ("替尼",) and s.claims.drugs.stems_en == ("tinib",)
    assert s.claims.custom_types == ("patent",)
    assert s.source_types["patent"].extensions == ("json",)
    assert s.required_source_channels == ("pubmed",) and s.channels_explicit
    assert (s.max_pdf_pages, s.max_total_source_bytes) == (7, 1000)
    assert s.per_file_ignores == (("legacy/**", ("CL004",)),)
    assert s.rules["CL302"].options.max_share == 1.0  # type: ignore[union-attr]
    assert s.rules["CL203"].options.phrases == {"已保存": 3}  # type: ignore[union-attr]
