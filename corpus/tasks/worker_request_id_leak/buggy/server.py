from concurrent.futures import ThreadPoolExecutor

from correlation import CorrelationMiddleware, current_request_id
from http_types import Response


class AppLog:
    def __init__(self):
        self.lines = []

    def info(self, message):
        self.lines.append(f"[{current_request_id()}] {message}")


class Server:
    def __init__(self, workers=1):
        self.log = AppLog()
        self.middleware = [CorrelationMiddleware()]
        self.workers = workers

    def endpoint(self, request):
        self.log.info(f"GET {request.path}")
        if request.path == "/health":
            return Response(200, "ok")
        if request.path.startswith("/orders/"):
            order = request.path.rsplit("/", 1)[1]
            if not order.isdigit():
                self.log.info(f"rejected order id {order!r}")
                return Response(400, {"error": f"order id must be digits, got {order!r}"})
            return Response(200, {"order": int(order)})
        return Response(404, {"error": f"no route {request.path}"})

    def handle(self, request):
        def run(index, req):
            if index == len(self.middleware):
                return self.endpoint(req)
            return self.middleware[index](req, lambda r: run(index + 1, r))
        return run(0, request)

    def serve(self, requests):
        """Handle requests on a pool of worker threads, like the production server."""
        with ThreadPoolExecutor(max_workers=self.workers) as pool:
            return list(pool.map(self.handle, requests))
