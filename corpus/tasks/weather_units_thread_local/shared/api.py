"""The forecast API's request handling: each request names its units in the query string."""

from urllib.parse import parse_qs, urlsplit

from convert import render_reading

IMPERIAL = {"temperature": "F", "wind": "mph", "pressure": "inHg"}


def units_from_query(url):
    query = parse_qs(urlsplit(url).query)
    if query.get("units") == ["imperial"]:
        return dict(IMPERIAL)
    chosen = {}
    for name in ("temperature", "wind", "pressure"):
        if name in query:
            chosen[name] = query[name][0]
    return chosen


class StationApi:
    def __init__(self, prefs, readings, before_render=None):
        self._prefs = prefs
        self._readings = {r["station"]: r for r in readings}
        self._before_render = before_render

    def handle(self, url):
        station = urlsplit(url).path.rstrip("/").rsplit("/", 1)[-1]
        if station not in self._readings:
            return 404, f"no station {station!r}"
        with self._prefs.override(**units_from_query(url)):
            if self._before_render is not None:
                self._before_render(url)
            return 200, render_reading(self._prefs, self._readings[station])
