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


def test_paging_walks_every_item_once():
    from paging import page

    items = list(range(23))
    seen, cursor = [], None
    while True:
        envelope = page(items, cursor, size=10)
        seen.extend(envelope["items"])
        cursor = envelope["next"]
        if cursor is None:
            break
    assert seen == items


def test_link_header_and_bad_cursor():
    import pytest
    from paging import CursorError, link_header, page

    first = page(list("abcde"), size=2)
    assert link_header("/things", first) == f'<{"/things"}?cursor={first["next"]}>; rel="next"'
    assert link_header("/things", page(list("ab"), size=2)) is None
    with pytest.raises(CursorError, match="start again"):
        page(list("abc"), cursor="not-a-cursor")
