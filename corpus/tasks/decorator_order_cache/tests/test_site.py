import pytest
import views  # noqa: F401  (registers the routes)
from middleware import CACHE, clear_cache
from web import Request, dispatch


@pytest.fixture(autouse=True)
def empty_cache():
    clear_cache()
    yield
    clear_cache()


def test_members_report_is_not_shown_to_anonymous_visitors():
    member_view = dispatch(Request("/reports", user="maria"))
    anonymous_view = dispatch(Request("/reports"))
    assert member_view.status == 200
    assert anonymous_view.status == 302
    assert anonymous_view.headers["Location"] == "/login?next=/reports"


def test_public_pricing_is_cached():
    first = dispatch(Request("/pricing"))
    assert first.body == "basic: $9, pro: $29"
    assert dispatch(Request("/pricing", user="x")) is first


def test_account_needs_login():
    assert dispatch(Request("/account")).status == 302
    assert dispatch(Request("/account", user="li")).body == "account of li"


def test_redirects_are_never_cached():
    dispatch(Request("/reports"))
    assert "/reports" not in CACHE
    assert dispatch(Request("/reports", user="maria")).status == 200


def test_unknown_pages():
    assert dispatch(Request("/nope")).status == 404
