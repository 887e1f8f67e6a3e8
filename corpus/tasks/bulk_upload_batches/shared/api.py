"""A stand-in for the warehouse bulk-import API: it counts requests and checks each payload."""


class ApiError(Exception):
    pass


class BulkApi:
    def __init__(self, max_rows=500, request_quota=None):
        self.max_rows = max_rows
        self.request_quota = request_quota
        self.requests = []

    def import_rows(self, rows):
        rows = list(rows)
        if not rows:
            raise ApiError("empty import request")
        if len(rows) > self.max_rows:
            raise ApiError(f"{len(rows)} rows exceed the limit of {self.max_rows}")
        if self.request_quota is not None and len(self.requests) >= self.request_quota:
            raise ApiError(f"request quota of {self.request_quota} used up")
        self.requests.append(rows)
        return len(rows)

    def imported(self):
        return [row for request in self.requests for row in request]
