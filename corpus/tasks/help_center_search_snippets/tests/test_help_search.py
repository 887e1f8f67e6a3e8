from search_index import SearchIndex
from snippets import highlight, results_page, snippet
from tokenizer import tokenize

ARTICLES = [
    ("reset-password", "Reset your password",
     "Forgot it? Open the sign-in page, choose 'Forgot password' and we'll e-mail you a reset link."),
    ("export-invoices", "Export invoices",
     "Invoices can be exported as PDF or CSV. Open Billing and pick the months you need to export"),
    ("two-factor", "Two-factor sign-in",
     "Protect the account with an authenticator app. Lost your phone? Use a recovery code"),
]


def index():
    idx = SearchIndex()
    for slug, title, body in ARTICLES:
        idx.add(slug, title, body)
    return idx


def test_tokens_keep_apostrophes_and_hyphens():
    assert [t.term for t in tokenize("We'll e-mail you.")] == ["we'll", "e-mail", "you"]
    assert tokenize("Hi there.")[1].end == 8


def test_search_finds_words_in_the_middle_of_articles():
    assert index().search("reset link") == ["reset-password"]
    assert index().search("authenticator app") == ["two-factor"]


def test_search_ranks_by_occurrences():
    assert index().search("export") == ["export-invoices"]
    idx = index()
    assert {slug: len(idx.postings["export"][slug]) for slug in idx.search("export")} == {"export-invoices": 2}


def test_words_at_the_very_end_of_an_article_are_found():
    assert index().search("recovery code") == ["two-factor"]


def test_highlight_marks_whole_words():
    text = "Use a recovery code"
    assert highlight(text, {"code", "recovery"}) == "Use a <mark>recovery</mark> <mark>code</mark>"


def test_results_page():
    assert results_page(index(), "phone") == [
        "Two-factor sign-in: … authenticator app. Lost your <mark>phone</mark>? Use a recovery code"]


def test_snippet_is_escaped():
    idx = SearchIndex()
    idx.add("tags", "Tags", "Wrap names in <b> tags & save the rules file")
    assert snippet(idx, "tags", "save", width=2) == "… b&gt; tags &amp; <mark>save</mark> the rules …"
    assert idx.search("the") == []


def test_did_you_mean():
    from suggest import did_you_mean

    idx = index()
    assert did_you_mean(idx, "pasword reset") == "password reset"
    assert did_you_mean(idx, "invoices") is None


def test_related_articles_share_words():
    from suggest import related

    assert related(index(), "reset-password") == ["export-invoices", "two-factor"]
