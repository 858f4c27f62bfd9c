"""Each registry's paths and how its answers are read."""

from __future__ import annotations

from citelint.commands.fetch import services
from citelint.commands.fetch.services import Wanted


def test_bases_default_to_the_services_and_the_environment_overrides_them() -> None:
    base = services.bases({})
    assert base["eutils"] == "https://eutils.ncbi.nlm.nih.gov/entrez/eutils"
    assert base["ctgov"] == "https://clinicaltrials.gov/api/v2"
    assert services.bases({"CITELINT_FETCH_CTGOV": "http://127.0.0.1:9/ct/"})["ctgov"] == (
        "http://127.0.0.1:9/ct"
    )


def test_documented_paths() -> None:
    base = services.bases({})
    assert services.efetch_url(base, "123", {}) == (
        "https://eutils.ncbi.nlm.nih.gov/entrez/eutils/efetch.fcgi?db=pubmed&id=123"
        "&retmode=xml&tool=citelint"
    )
    assert services.ctgov_url(base, "NCT01234567").endswith("/api/v2/studies/NCT01234567")
    assert services.crossref_url(base, "10.1000/a b").endswith("/works/10.1000%2Fa%20b")


def test_ncbi_identification_comes_from_the_environment() -> None:
    params = services.ncbi_params({"NCBI_EMAIL": "a@b.org", "NCBI_API_KEY": "k1"})
    assert params == "&tool=citelint&email=a%40b.org&api_key=k1"


def test_answers() -> None:
    assert services.pubmed_has_article(b"<PubmedArticleSet><PubmedArticle>")
    assert not services.pubmed_has_article(b"<PubmedArticleSet></PubmedArticleSet>")
    assert services.pmid_of(b'{"records": [{"pmid": "2001"}]}') == "2001"
    assert services.pmid_of(b'{"records": [{"doi": "10.1/x"}]}') is None


def test_wanted_keys_fold_dois_only() -> None:
    assert Wanted("DOI", "10.1056/NEJMoa1").key == "DOI 10.1056/nejmoa1"
    assert Wanted("NCT", "NCT01234567").key == "NCT NCT01234567"


def test_the_contact_address_goes_only_to_registries_that_ask_for_one() -> None:
    env = {"CITELINT_FETCH_EMAIL": "a@b.org"}
    base = services.bases({})
    assert services.crossref_url(base, "10.1/x", env).endswith("/works/10.1%2Fx?mailto=a%40b.org")
    assert services.crossref_url(base, "10.1/x", env, send=False).endswith("/works/10.1%2Fx")
    assert "&email=a%40b.org" in services.efetch_url(base, "1", env)
    assert "email" not in services.efetch_url(base, "1", env, send=False)
    assert "&email=n%40b.org" in services.efetch_url(base, "1", {**env, "NCBI_EMAIL": "n@b.org"})
    assert (
        services.doi_url(base, "10.1234/../../admin") == "https://doi.org/10.1234/..%2F..%2Fadmin"
    )
