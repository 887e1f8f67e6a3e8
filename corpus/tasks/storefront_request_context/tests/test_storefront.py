from app import Storefront
from middleware import negotiate_language


def make_app():
    app = Storefront()
    app.sessions.login("marie", "tok-marie", lang="fr", currency="EUR")
    app.sessions.login("sam", "tok-sam", currency="GBP")
    return app


def test_negotiate_language_prefers_weight_then_order():
    assert negotiate_language("it, de;q=0.5, fr;q=0.9") == "fr"
    assert negotiate_language("es-MX, en") == "es"
    assert negotiate_language("it, pt") is None


def test_anonymous_home_is_english():
    assert make_app().handle("GET", "/").body == {"greeting": "Welcome", "shop": "corner"}


def test_browser_language_for_anonymous_visitor():
    assert make_app().handle("GET", "/", {"Accept-Language": "de"}).body["greeting"] == "Willkommen"


def test_signed_in_user_gets_saved_preferences():
    app = make_app()
    response = app.handle("GET", "/price/mug", {"Authorization": "Bearer tok-marie"})
    assert response.body == {"item": "mug", "price": 11.25, "currency": "EUR"}


def test_account_requires_sign_in():
    response = make_app().handle("GET", "/account")
    assert response.status == 401
    assert "Bearer" in response.body["error"]


def test_unknown_route_and_method():
    app = make_app()
    assert app.handle("GET", "/nope").status == 404
    assert app.handle("DELETE", "/").status == 405


def test_request_id_is_echoed_or_generated():
    app = make_app()
    assert app.handle("GET", "/", {"X-Request-Id": "abc"}).header("x-request-id") == "abc"
    assert app.handle("GET", "/").header("x-request-id") == "req-1"


def test_anonymous_visitor_after_signed_in_user_sees_defaults():
    app = make_app()
    app.handle("GET", "/account", {"Authorization": "Bearer tok-marie"})
    response = app.handle("GET", "/price/tea")
    assert response.body == {"item": "tea", "price": 4.0, "currency": "USD"}
    assert app.handle("GET", "/").body["greeting"] == "Welcome"


def test_preferences_do_not_leak_between_users():
    app = make_app()
    app.handle("GET", "/", {"Authorization": "Bearer tok-marie"})
    response = app.handle("GET", "/account", {"Authorization": "Bearer tok-sam"})
    assert response.body["prefs"] == {"lang": "en", "currency": "GBP"}


def test_saving_preferences_applies_on_next_request():
    app = make_app()
    app.handle("POST", "/account/prefs", {"Authorization": "Bearer tok-sam"}, query={"lang": "es"})
    response = app.handle("GET", "/", {"Authorization": "Bearer tok-sam"})
    assert response.body["greeting"] == "Bienvenido"


def test_cart_totals_in_user_currency():
    app = make_app()
    marie = {"Authorization": "Bearer tok-marie"}
    assert app.handle("POST", "/cart/mug", marie, query={"qty": "2"}).status == 201
    app.handle("POST", "/cart/tea", marie)
    assert app.handle("GET", "/cart", marie).body == {"items": {"mug": 2, "tea": 1}, "total": 26.1, "currency": "EUR"}


def test_cart_rejects_bad_items_and_quantities():
    app = make_app()
    assert app.handle("POST", "/cart/spoon").status == 404
    assert app.handle("POST", "/cart/tea", query={"qty": "0"}).status == 400


def test_guest_cart_after_signed_in_checkout_is_in_dollars():
    app = make_app()
    app.handle("GET", "/cart", {"Authorization": "Bearer tok-sam"})
    app.handle("POST", "/cart/tea", {"X-Visitor": "v1"}, query={"qty": "3"})
    assert app.handle("GET", "/cart", {"X-Visitor": "v1"}).body["total"] == 12.0
