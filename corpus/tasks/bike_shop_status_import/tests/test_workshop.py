from datetime import date

import pytest
from pos_import import ImportError_, dump_orders, load_orders
from work_orders import Priority, Status, WorkOrder
from workshop import board, overdue, pickup_messages

EXPORT = """[
 {"number": 101, "customer": "Noor", "bike": "Gazelle city bike", "received_on": "2025-05-02",
  "status": "ready", "jobs": ["brake pads"]},
 {"number": 102, "customer": "Tim", "bike": "Trek road bike", "received_on": "2025-05-05",
  "status": "in_repair", "priority": "express", "jobs": ["wheel true"]},
 {"number": 103, "customer": "Ada", "bike": "cargo bike", "received_on": "2025-05-01",
  "status": "waiting_parts", "jobs": ["hub motor"]},
 {"number": 104, "customer": "Sam", "bike": "BMX", "received_on": "2025-05-06"}
]"""


def test_orders_entered_at_the_counter():
    orders = [WorkOrder(1, "Eva", "MTB", date(2025, 5, 1), Status.READY),
              WorkOrder(2, "Jo", "fixie", date(2025, 5, 2), Status.IN_REPAIR, Priority.EXPRESS)]
    assert board(orders) == {"received": [], "in_repair": [2], "waiting_parts": [], "ready": [1]}
    assert overdue(orders, date(2025, 5, 6)) == [2]


def test_import_reads_every_order():
    orders = load_orders(EXPORT)
    assert [(o.number, o.customer, o.received_on.day) for o in orders] == [
        (101, "Noor", 2), (102, "Tim", 5), (103, "Ada", 1), (104, "Sam", 6)]


def test_board_after_importing_from_the_till():
    assert board(load_orders(EXPORT)) == {"received": [104], "in_repair": [102], "waiting_parts": [103], "ready": [101]}


def test_pickup_texts_for_imported_orders():
    assert pickup_messages(load_orders(EXPORT)) == [
        "Hi Noor, your Gazelle city bike is ready for pick-up (order 101)."]


def test_overdue_list_puts_express_first():
    assert overdue(load_orders(EXPORT), date(2025, 5, 8)) == [102, 103]


def test_export_round_trip():
    text = dump_orders(load_orders(EXPORT))
    assert [o.number for o in load_orders(text)] == [101, 102, 103, 104]


def test_broken_exports_are_reported():
    with pytest.raises(ImportError_, match="not JSON"):
        load_orders("[{")
    with pytest.raises(ImportError_, match="order #1 lacks bike"):
        load_orders('[{"number": 1, "customer": "x", "received_on": "2025-05-01"}]')
    with pytest.raises(ImportError_, match="order 7: received_on '05/01/2025' is not a date"):
        load_orders('[{"number": 7, "customer": "x", "bike": "y", "received_on": "05/01/2025"}]')


def test_invoice_for_an_imported_express_order():
    from invoices import invoice

    orders = load_orders(EXPORT.replace('"status": "in_repair", "priority": "express"',
                                        '"status": "ready", "priority": "express"'))
    assert invoice(orders[1]) == [
        "wheel true           EUR 18.00", "express surcharge     EUR 4.50", "VAT 21%               EUR 4.72",
        "TOTAL                EUR 27.22"]


def test_invoice_for_a_counter_order():
    from invoices import invoice

    order = WorkOrder(5, "Eva", "MTB", date(2025, 5, 1), Status.READY, jobs=["chain", "brake pads"])
    assert invoice(order)[-1] == "TOTAL                EUR 68.36"
    with pytest.raises(ValueError, match="order 6 is not finished yet"):
        invoice(WorkOrder(6, "Jo", "fixie", date(2025, 5, 2)))


def test_unknown_status_in_the_export():
    with pytest.raises(ImportError_, match="order 9: status 'fixed' is not one of received, in_repair"):
        load_orders('[{"number": 9, "customer": "x", "bike": "y", "received_on": "2025-05-01", "status": "fixed"}]')


def test_due_dates_depend_on_priority():
    normal = WorkOrder(1, "Eva", "MTB", date(2025, 5, 30))
    express = WorkOrder(2, "Jo", "fixie", date(2025, 5, 30), priority=Priority.EXPRESS)
    assert (normal.due_on(), express.due_on()) == (date(2025, 6, 4), date(2025, 5, 31))
    assert overdue([normal, express], date(2025, 6, 1)) == [2]
    assert pickup_messages([normal, express]) == []


def test_collected_bikes_leave_the_board():
    orders = [WorkOrder(1, "Eva", "MTB", date(2025, 5, 1), Status.COLLECTED),
              WorkOrder(2, "Jo", "fixie", date(2025, 5, 2), Status.WAITING_PARTS)]
    assert board(orders) == {"received": [], "in_repair": [], "waiting_parts": [2], "ready": []}
    assert board([]) == {"received": [], "in_repair": [], "waiting_parts": [], "ready": []}
    assert overdue(orders, date(2025, 6, 1)) == [2]
