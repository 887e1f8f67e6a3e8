from toolz import get_in, groupby, valmap

from paths import parse_path

MISSING = object()


class Metric:
    def __init__(self, name, path, default=None):
        self.name = name
        self.keys = parse_path(path)
        self.default = default

    def __call__(self, document):
        value = get_in(self.keys, document, MISSING)
        return self.default if value is MISSING else value


def evaluate(metrics, document):
    return {metric.name: metric(document) for metric in metrics}


def by_country(metrics, documents):
    country = Metric("country", "customer.country", "unknown")
    groups = groupby(country, documents)
    return valmap(lambda docs: [evaluate(metrics, d) for d in docs], dict(sorted(groups.items())))


def first_line_revenue(documents):
    price = Metric("first_price", "lines.0.price", 0)
    qty = Metric("first_qty", "lines.0.qty", 0)
    return round(sum(price(d) * qty(d) for d in documents), 2)
