"""A case closed by its source: the case's blocks share the citation it closes on."""

from __future__ import annotations

from tests.read.parse.conftest import cited_by

CASE = (
    "## Cases\n\n### 案例1：某灯塔工厂\n\n**背景**：每天处理8000笔订单。\n\n"
    "**关键数据**：\n\n- 生产率提升45%\n- 成本下降15%\n\n"
    "**启示**：自动化率仅达到50%以上（[来源：某媒体](https://news.example.org/a)）。\n"
)


def test_a_case_closed_by_its_source_lends_it_to_the_case() -> None:
    # seen on a published report: a case's background and list of results, cited once
    # at the case's end, drew CL001 on every figure
    got = dict(cited_by(CASE))
    url = ("https://news.example.org/a",)
    assert got["背景：每天处理8000笔订单。"] == url
    assert got["生产率提升45%"] == url
    assert got["成本下降15%"] == url


def test_what_is_not_a_case_closed_by_its_source_keeps_its_reading() -> None:
    own = CASE.replace("- 成本下降15%", "- 成本下降15%（[来源](https://other.example.org/b)）")
    assert dict(cited_by(own))["背景：每天处理8000笔订单。"] == ()  # it cites elsewhere too
    section = CASE.replace("### 案例1：某灯塔工厂", "### 7.1 市场规模")
    assert dict(cited_by(section))["背景：每天处理8000笔订单。"] == ()  # not named a case
    chapter = CASE.replace("### 案例1：某灯塔工厂", "### 案例分析")
    assert dict(cited_by(chapter))["生产率提升45%"] == ()  # a chapter of cases
    english = CASE.replace("### 案例1：某灯塔工厂", "### Case 2: A lighthouse plant")
    assert dict(cited_by(english))["生产率提升45%"] == ("https://news.example.org/a",)


SOURCED = (
    "## Europe\n\n### West Germany\n\nGDP grew 8% a year.\n\n"
    "The 1948 reform ended rationing. [Source: CEPR](https://cepr.example.org/a)\n\n"
    "### France\n\nOutput grew 4.5% a year.\n\n"
    "- Six base sectors led, coal first at 60%\n\n"
    "Planning used persuasion. [Source: Monnet Plan](https://wiki.example.org/monnet)\n"
)


def test_sections_each_closed_by_a_labelled_source_lend_it_to_the_section() -> None:
    # seen on a published report: every subsection's last paragraph closed on `[Source: …](…)`,
    # and the figures above it drew CL001 in each
    got = dict(cited_by(SOURCED))
    assert got["GDP grew 8% a year."] == ("https://cepr.example.org/a",)
    assert got["Output grew 4.5% a year."] == ("https://wiki.example.org/monnet",)
    assert got["Six base sectors led, coal first at 60%"] == ("https://wiki.example.org/monnet",)


def test_one_labelled_source_or_an_unlabelled_link_lends_nothing_to_its_section() -> None:
    once = SOURCED.replace("[Source: Monnet Plan]", "[Monnet Plan]")
    got = dict(cited_by(once))
    assert got["GDP grew 8% a year."] == ()  # one section closed so is no way of citing
    assert got["Output grew 4.5% a year."] == ()  # a link with no label names no section
    own = "GDP grew 8% a year.\n\nExports rose 12% ([Bank](https://bank.example.org/x))."
    cited = SOURCED.replace("GDP grew 8% a year.", own)
    assert dict(cited_by(cited))["GDP grew 8% a year."] == ()  # the section cites elsewhere
