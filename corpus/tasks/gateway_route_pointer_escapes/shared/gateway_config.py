"""The base gateway configuration and the checks run before a deploy."""

BASE = {
    "listen": {"port": 8080, "tls": False},
    "routes": {
        "health": {"upstream": "local", "timeout_ms": 200, "auth": False},
        "/users/{id}": {"upstream": "users-svc", "timeout_ms": 1500, "auth": True},
        "/billing/~invoices": {"upstream": "billing-svc", "timeout_ms": 3000, "auth": True},
    },
    "cors": {"origins": ["https://app.example.com"]},
}


def check(config):
    problems = []
    if config["listen"]["tls"] and config["listen"]["port"] == 80:
        problems.append("TLS on port 80")
    for path, route in config["routes"].items():
        if not 50 <= route["timeout_ms"] <= 30000:
            problems.append(f"route {path}: timeout {route['timeout_ms']} ms out of range")
        if route["upstream"] != "local" and not route["auth"]:
            problems.append(f"route {path}: public route to {route['upstream']}")
    return problems
