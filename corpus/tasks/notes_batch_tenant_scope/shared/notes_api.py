"""A notes service: each tenant's notes live in that tenant's schema; batch requests run their
sub-requests through the whole stack, one after the other."""

from middleware import ErrorMiddleware, HttpError, Request, Response, TenantMiddleware
from tenant_context import TenantContext


class SchemaStore:
    """Stands in for the database: schema name -> table name -> rows."""

    def __init__(self):
        self.schemas = {}

    def insert(self, schema, table, row):
        rows = self.schemas.setdefault(schema, {}).setdefault(table, [])
        rows.append(row)
        return len(rows)

    def select(self, schema, table):
        return list(self.schemas.get(schema, {}).get(table, []))


class NotesRouter:
    def __init__(self, context, store):
        self.context = context
        self.store = store
        self.dispatch = None

    def __call__(self, request):
        if request.path == "/notes" and request.method == "POST":
            text = (request.body or {}).get("text", "").strip()
            if not text:
                raise HttpError(422, "body.text: a note needs some text")
            if len(self.store.select(self.context.schema, "notes")) >= self.context.note_limit:
                raise HttpError(429, f"the {self.context.plan} plan keeps at most {self.context.note_limit} notes")
            number = self.store.insert(self.context.schema, "notes", text)
            return Response(201, {"number": number, "schema": self.context.schema})
        if request.path == "/notes" and request.method == "GET":
            needle = request.headers.get("x-search", "").lower()
            return Response(200, [n for n in self.store.select(self.context.schema, "notes") if needle in n.lower()])
        if request.path == "/batch" and request.method == "POST":
            return self.batch(request.body or [])
        raise HttpError(404, f"no route for {request.method} {request.path}")

    def batch(self, items):
        results = []
        for item in items:
            sub = Request(item.get("method", "GET"), item["path"], item.get("headers", {}), item.get("body"))
            response = self.dispatch(sub)
            results.append({"status": response.status, "body": response.body})
        self.store.insert(self.context.schema, "audit", f"batch of {len(items)} by {self.context.describe()}")
        return Response(207, results)


def build_service(tenants=(("acme", "team"), ("globex", "free"))):
    context = TenantContext()
    store = SchemaStore()
    router = NotesRouter(context, store)
    app = ErrorMiddleware(TenantMiddleware(router, context, tenants))
    router.dispatch = app
    return app, store, context
