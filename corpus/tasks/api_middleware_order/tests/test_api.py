from api import make_api


def test_authorised_json_request():
    response = make_api().call("/echo", '{"n": 1}', api_key="k-1")
    assert response == {"status": 200, "body": {"client": "acme", "got": {"n": 1}}}


def test_empty_body_is_none():
    assert make_api().call("/echo", api_key="k-2")["body"]["got"] is None


def test_unknown_route_is_404():
    assert make_api().call("/nope", api_key="k-1")["status"] == 404


def test_missing_key_gets_401_response():
    response = make_api().call("/echo", '{"n": 1}')
    assert response == {"status": 401, "body": {"error": "missing or unknown X-Api-Key header"}}


def test_malformed_json_gets_400_response():
    response = make_api().call("/echo", "{oops", api_key="k-1")
    assert response["status"] == 400
    assert response["body"]["error"].startswith("body is not JSON")


def test_rejected_requests_are_not_logged_as_calls():
    api = make_api()
    api.call("/echo", "{}", api_key="bad")
    api.call("/echo", "{}", api_key="k-1")
    assert api.calls == [("acme", "/echo")]
