from api import PublicApi, preflight


def test_client_header_granted_only_to_the_api_that_saw_it():
    first = PublicApi(["https://a.example"])
    preflight(first, "https://a.example", "Content-Type, X-Client-Trace")
    second = PublicApi(["https://b.example"])
    response = preflight(second, "https://b.example", "Content-Type")
    assert response.headers["access-control-allow-headers"] == "content-type"
    assert second.cors.allow_headers == ["content-type", "authorization"]


def test_preflight_grants_standard_and_client_headers():
    response = preflight(PublicApi(["https://a.example"]), "https://a.example", "Content-Type, X-Client-Trace, X-Secret")
    assert response.status == 204
    assert response.headers["access-control-allow-headers"] == "content-type, x-client-trace"


def test_unknown_origin_is_refused():
    assert preflight(PublicApi(["https://a.example"]), "https://evil.example", "").status == 403


def test_simple_request_is_tagged():
    response = PublicApi(["https://a.example"]).handle("GET", "/status", {"Origin": "https://a.example"})
    assert response.body == {"ok": True}
    assert response.headers == {"access-control-allow-origin": "https://a.example", "vary": "Origin"}


def test_fresh_api_starts_with_the_default_headers():
    PublicApi(["https://a.example"]).handle("OPTIONS", "/status", {"Origin": "https://a.example",
                                                                    "Access-Control-Request-Headers": "X-Client-A"})
    assert PublicApi(["https://c.example"]).cors.allow_headers == ["content-type", "authorization"]
