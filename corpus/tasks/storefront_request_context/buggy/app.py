from cart import RATES, CartStore, UnknownItem
from httpkit import Response
from middleware import AuthMiddleware, ErrorMiddleware, PreferencesMiddleware, RequestIdMiddleware
from request import Request
from router import Router
from sessions import SessionStore

GREETINGS = {"en": "Welcome", "fr": "Bienvenue", "de": "Willkommen", "es": "Bienvenido"}
PRICES = {"tea": 4.0, "mug": 12.5}


class Storefront:
    def __init__(self, sessions=None):
        self.sessions = sessions or SessionStore()
        self.base_context = {"shop": "corner", "prefs": {"lang": "en", "currency": "USD"}}
        self.carts = CartStore(PRICES)
        self.router = Router()
        self.middleware = [
            ErrorMiddleware(),
            RequestIdMiddleware(),
            AuthMiddleware(self.sessions),
            PreferencesMiddleware(self.sessions),
        ]
        self._routes()

    def _routes(self):
        @self.router.get("/")
        def home(request):
            prefs = request.context["prefs"]
            return Response(200, {"greeting": GREETINGS[prefs["lang"]], "shop": request.context["shop"]})

        @self.router.get("/price/{item}")
        def price(request):
            item = request.params["item"]
            if item not in PRICES:
                return Response(404, {"error": f"unknown item {item}"})
            currency = request.context["prefs"]["currency"]
            return Response(200, {"item": item, "price": round(PRICES[item] * RATES[currency], 2),
                                  "currency": currency})

        @self.router.get("/account")
        def account(request):
            return Response(200, {"user": request.context["user"], "prefs": request.context["prefs"]})

        @self.router.post("/account/prefs")
        def save(request):
            self.sessions.save_prefs(request.context["user"], **request.query)
            return Response(200, {"saved": sorted(request.query)})

        @self.router.post("/cart/{item}")
        def add_to_cart(request):
            visitor = request.context["user"] or request.header("x-visitor", "guest")
            try:
                self.carts.for_visitor(visitor).add(request.params["item"], int(request.query.get("qty", 1)))
            except UnknownItem:
                return Response(404, {"error": f"unknown item {request.params['item']}"})
            except ValueError as exc:
                return Response(400, {"error": str(exc)})
            return Response(201, {"added": request.params["item"]})

        @self.router.get("/cart")
        def show_cart(request):
            visitor = request.context["user"] or request.header("x-visitor", "guest")
            currency = request.context["prefs"]["currency"]
            return Response(200, self.carts.for_visitor(visitor).summary(currency))

    def _dispatch(self, request):
        handler, params = self.router.resolve(request.method, request.path)
        request.params = params
        return handler(request)

    def _chain(self, request):
        def run(index, req):
            if index == len(self.middleware):
                return self._dispatch(req)
            return self.middleware[index](req, lambda r: run(index + 1, r))
        return run(0, request)

    def handle(self, method, path, headers=None, query=None):
        request = Request(method, path, headers, query, context=self.base_context)
        response = self._chain(request)
        return response
