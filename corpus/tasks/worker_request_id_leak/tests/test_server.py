from http_types import Request
from server import Server


def test_request_without_id_gets_a_fresh_one_after_a_tagged_request():
    server = Server(workers=1)
    responses = server.serve([Request("/orders/7", {"x-request-id": "abc"}), Request("/orders/8")])
    assert responses[0].headers["x-request-id"] == "abc"
    assert responses[1].headers["x-request-id"] == "gen-1"


def test_incoming_id_is_echoed_and_logged():
    server = Server()
    [response] = server.serve([Request("/health", {"x-request-id": " r-42 "})])
    assert response.headers["x-request-id"] == "r-42"
    assert server.log.lines == ["[r-42] GET /health"]


def test_routes():
    server = Server()
    statuses = [r.status for r in server.serve([Request("/health"), Request("/orders/12"), Request("/orders/x"),
                                                Request("/nope")])]
    assert statuses == [200, 200, 400, 404]


def test_log_lines_of_two_untagged_requests_are_told_apart():
    server = Server(workers=1)
    server.serve([Request("/orders/1"), Request("/orders/x")])
    ids = [line.split("]")[0] + "]" for line in server.log.lines]
    assert ids[0] != ids[1]
    assert ids[1] == ids[2]
