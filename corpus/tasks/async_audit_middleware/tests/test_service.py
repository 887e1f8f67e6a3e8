import asyncio

from asgi_types import Request, TokenStore
from service import DocumentService

TOKENS = TokenStore({"t-ann": ("ann", ("editor",)), "t-bob": ("bob", ("editor", "admin"))})


def call(service, method, path, token=None, body=None):
    headers = {"authorization": f"Token {token}"} if token else {}
    if body is not None:
        headers["x-body"] = body
    return asyncio.run(service.handle(Request(method, path, headers)))


class SlowStorage:
    """Lets the test decide when each write finishes, to interleave two requests."""

    def __init__(self):
        self.release = {}

    async def write(self, doc_id, text):
        self.release.setdefault(doc_id, asyncio.Event())
        await self.release[doc_id].wait()


def test_overlapping_writes_are_audited_under_their_own_users():
    async def scenario():
        storage = SlowStorage()
        service = DocumentService(TOKENS, storage)
        ann = asyncio.create_task(service.handle(Request("PUT", "/docs/a", {"authorization": "Token t-ann"})))
        await asyncio.sleep(0)
        bob = asyncio.create_task(service.handle(Request("PUT", "/docs/b", {"authorization": "Token t-bob"})))
        await asyncio.sleep(0)
        storage.release["a"].set()
        await asyncio.wait_for(ann, 1)
        storage.release["b"].set()
        await asyncio.wait_for(bob, 1)
        return service.audit_log

    assert asyncio.run(scenario()) == [("ann", "PUT", "/docs/a", 204), ("bob", "PUT", "/docs/b", 204)]


def test_write_then_read():
    service = DocumentService(TOKENS)
    assert call(service, "PUT", "/docs/x", "t-ann", body="hello").status == 204
    assert call(service, "GET", "/docs/x", "t-ann").body == {"id": "x", "text": "hello"}


def test_missing_token_is_rejected():
    response = call(DocumentService(TOKENS), "GET", "/docs/x")
    assert response.status == 401
    assert "Token <token>" in response.body["error"]


def test_admin_routes_need_the_admin_role():
    service = DocumentService(TOKENS)
    assert call(service, "POST", "/admin/clear", "t-ann").status == 403
    assert call(service, "POST", "/admin/clear", "t-bob").body == {"cleared": True}


def test_sequential_writes_are_audited():
    service = DocumentService(TOKENS)
    call(service, "PUT", "/docs/a", "t-ann", body="1")
    call(service, "GET", "/docs/a", "t-bob")
    call(service, "DELETE", "/docs/a", "t-bob")
    assert service.audit_log == [("ann", "PUT", "/docs/a", 204), ("bob", "DELETE", "/docs/a", 204)]
