import pytest
from middleware import Request
from notes_api import build_service
from tenant_context import TenantContext


def post_note(app, text, tenant=None):
    headers = {"x-tenant": tenant} if tenant else {}
    return app(Request("POST", "/notes", headers, {"text": text}))


def test_each_tenant_sees_only_its_notes():
    app, store, _ = build_service()
    post_note(app, "order paper", "acme")
    post_note(app, "call bank", "globex")
    post_note(app, "fix printer", "acme")
    assert app(Request("GET", "/notes", {"x-tenant": "acme"})).body == ["order paper", "fix printer"]
    assert app(Request("GET", "/notes", {"x-tenant": "globex"})).body == ["call bank"]


def test_without_a_tenant_notes_go_to_the_public_board():
    app, store, context = build_service()
    assert post_note(app, "hello world").body == {"number": 1, "schema": "public"}
    assert store.select("public", "notes") == ["hello world"]
    assert context.describe() == "tenant=- schema=public plan=public"


def test_unknown_tenant_is_refused():
    app, _, _ = build_service()
    response = post_note(app, "x", "initech")
    assert (response.status, response.body) == (404, {"error": "unknown tenant 'initech'"})


def test_batch_sub_requests_run_as_the_batch_tenant():
    app, store, _ = build_service()
    batch = [{"method": "POST", "path": "/notes", "body": {"text": text}} for text in ("a", "b", "c")]
    response = app(Request("POST", "/batch", {"x-tenant": "acme"}, batch))
    assert [r["body"]["schema"] for r in response.body] == ["t_acme", "t_acme", "t_acme"]
    assert store.select("t_acme", "notes") == ["a", "b", "c"]
    assert store.select("public", "notes") == []


def test_batch_is_audited_in_the_tenant_schema():
    app, store, _ = build_service()
    batch = [{"method": "POST", "path": "/notes", "body": {"text": "q3 plan"}},
             {"method": "GET", "path": "/notes"}]
    response = app(Request("POST", "/batch", {"x-tenant": "globex"}, batch))
    assert response.body[1] == {"status": 200, "body": ["q3 plan"]}
    assert store.select("t_globex", "audit") == ["batch of 2 by tenant=globex schema=t_globex plan=free"]


def test_sub_request_may_name_its_own_tenant():
    app, store, context = build_service()
    batch = [{"method": "POST", "path": "/notes", "headers": {"x-tenant": "globex"}, "body": {"text": "shared"}}]
    response = app(Request("POST", "/batch", {"x-tenant": "acme"}, batch))
    assert response.body == [{"status": 201, "body": {"number": 1, "schema": "t_globex"}}]
    assert store.select("t_acme", "audit") == ["batch of 1 by tenant=acme schema=t_acme plan=team"]
    assert (context.tenant, context.activations) == (None, 2)


def test_failed_sub_request_does_not_stop_the_batch():
    app, store, _ = build_service()
    batch = [{"method": "POST", "path": "/notes", "body": {"text": " "}},
             {"method": "POST", "path": "/notes", "body": {"text": "second try"}}]
    response = app(Request("POST", "/batch", {"x-tenant": "acme"}, batch))
    assert [r["status"] for r in response.body] == [422, 201]
    assert store.select("t_acme", "notes") == ["second try"]


def test_free_plan_limit_holds_inside_a_batch():
    app, store, _ = build_service()
    post_note(app, "one", "globex")
    batch = [{"method": "POST", "path": "/notes", "body": {"text": t}} for t in ("two", "three", "four")]
    response = app(Request("POST", "/batch", {"x-tenant": "globex"}, batch))
    assert [r["status"] for r in response.body] == [201, 201, 429]
    assert response.body[2]["body"] == {"error": "the free plan keeps at most 3 notes"}


def test_search_within_a_tenant():
    app, _, _ = build_service()
    for text in ("Invoice ACME-1", "lunch", "invoice acme-2"):
        post_note(app, text, "acme")
    found = app(Request("GET", "/notes", {"x-tenant": "acme", "x-search": "INVOICE"})).body
    assert found == ["Invoice ACME-1", "invoice acme-2"]


def test_batch_inside_a_batch_keeps_the_tenant():
    app, store, context = build_service()
    inner = [{"method": "POST", "path": "/notes", "body": {"text": "inner"}}]
    outer = [{"method": "POST", "path": "/batch", "body": inner},
             {"method": "POST", "path": "/notes", "body": {"text": "outer"}}]
    response = app(Request("POST", "/batch", {"x-tenant": "acme"}, outer))
    assert [r["status"] for r in response.body] == [207, 201]
    assert store.select("t_acme", "notes") == ["inner", "outer"]
    assert context.describe() == "tenant=- schema=public plan=public"


def test_misconfigured_plan_is_reported():
    context = TenantContext()
    with pytest.raises(ValueError, match="tenant 'umbrella': unknown plan 'gold'"):
        context.activate("umbrella", "gold")
    assert context.describe() == "tenant=- schema=public plan=public"
    app, _, _ = build_service(tenants=(("acme", "team"), ("umbrella", "gold")))
    with pytest.raises(ValueError, match="unknown plan"):
        post_note(app, "x", "umbrella")
