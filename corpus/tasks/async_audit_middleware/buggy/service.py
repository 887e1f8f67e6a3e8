from asgi_types import Response
from middleware import AuditTrail, Authenticate, RequireRole


class DocumentService:
    def __init__(self, tokens, storage=None):
        self.documents = {}
        self.audit_log = []
        self.storage = storage
        self.middleware = [Authenticate(tokens), AuditTrail(self.audit_log), RequireRole("admin", "/admin")]

    async def save(self, doc_id, text):
        if self.storage is not None:
            await self.storage.write(doc_id, text)
        self.documents[doc_id] = text

    async def endpoint(self, request):
        parts = request.path.strip("/").split("/")
        if parts[0] == "docs" and len(parts) == 2:
            doc_id = parts[1]
            if request.method == "GET":
                if doc_id not in self.documents:
                    return Response(404, {"error": f"no document {doc_id}"})
                return Response(200, {"id": doc_id, "text": self.documents[doc_id]})
            if request.method == "PUT":
                await self.save(doc_id, request.headers.get("x-body", ""))
                return Response(204)
            if request.method == "DELETE":
                self.documents.pop(doc_id, None)
                return Response(204)
        if parts[0] == "admin" and request.method == "POST":
            self.documents.clear()
            return Response(200, {"cleared": True})
        return Response(404, {"error": f"no route {request.method} {request.path}"})

    async def handle(self, request):
        async def run(index, req):
            if index == len(self.middleware):
                return await self.endpoint(req)
            return await self.middleware[index](req, lambda r: run(index + 1, r))
        return await run(0, request)
