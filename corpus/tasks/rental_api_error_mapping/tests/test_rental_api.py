from client import clerk_message
from error_middleware import ErrorMiddleware
from rentals import RentalService


def api(**options):
    log = []
    return ErrorMiddleware(RentalService(**options), log), log


def call(app, method, path, body=None):
    return app({"method": method, "path": path, "body": body})


def test_renting_and_returning():
    app, log = api()
    assert call(app, "POST", "/rentals/drill-1", {"days": 3, "customer": "Ola"})["body"]["price_cents"] == 3600
    assert call(app, "GET", "/equipment")["body"] == ["ladder-3", "saw-2"]
    assert call(app, "DELETE", "/rentals/drill-1")["status"] == 204
    assert log == []


def test_declined_card():
    app, log = api(card_limit_cents=2000)
    response = call(app, "POST", "/rentals/saw-2", {"days": 2})
    assert (response["status"], clerk_message(response)) == (402, "card declined for 30.00 - Ask for another card.")


def test_unknown_item_is_a_404():
    app, log = api()
    response = call(app, "POST", "/rentals/crane-9", {"days": 1})
    assert response["status"] == 404
    assert clerk_message(response) == "no equipment called 'crane-9' - Check the item code."


def test_item_already_out():
    app, log = api()
    call(app, "POST", "/rentals/ladder-3", {"days": 2})
    response = call(app, "POST", "/rentals/ladder-3", {"days": 1})
    assert clerk_message(response) == "ladder-3 is out until 2025-06-04 - Offer another item or a later date."


def test_form_errors_name_the_field():
    app, log = api()
    response = call(app, "POST", "/rentals/drill-1", {"days": 30})
    assert response == {"status": 422, "body": {"error": "ValidationFailed", "message": "days: rent for 1 to 14 days",
                                                "field": "days"}}


def test_terminal_outage_is_logged_as_an_error():
    app, log = api(payments_online=False)
    response = call(app, "POST", "/rentals/drill-1", {"days": 1})
    assert clerk_message(response).endswith("Wait a minute and try again; nothing was charged.")
    assert log == [("error", "POST /rentals/drill-1 -> 503 UpstreamDown: the card terminal service is not "
                              "answering; try again in a minute")]


def test_refused_requests_are_logged_as_info():
    app, log = api()
    call(app, "DELETE", "/rentals/saw-2")
    call(app, "PATCH", "/rentals/saw-2")
    assert [level for level, _ in log] == ["info", "info"]
    assert log[1][1] == "PATCH /rentals/saw-2 -> 404 NotFound: no route PATCH /rentals/saw-2"


def test_new_error_types_inherit_a_status():
    from error_middleware import status_for
    from errors import AlreadyRented, ClientError

    class MaintenanceHold(ClientError):
        pass

    class Overbooked(AlreadyRented):
        pass

    assert status_for(MaintenanceHold("in the workshop")) == 400
    assert status_for(Overbooked("double booking")) == 409
    assert status_for(RuntimeError("bug")) == 500
    from errors import RentalError
    assert status_for(RentalError("a rental problem with no more specific kind")) == 500
