"""The workshop board, the pick-up texts and the overdue list."""

from work_orders import Priority, Status

COLUMNS = (Status.RECEIVED, Status.IN_REPAIR, Status.WAITING_PARTS, Status.READY)


def board(orders):
    columns = {status.value: [] for status in COLUMNS}
    for order in orders:
        for status in COLUMNS:
            if order.status is status:
                columns[status.value].append(order.number)
    return columns


def pickup_messages(orders):
    return [f"Hi {o.customer}, your {o.bike} is ready for pick-up (order {o.number})."
            for o in orders if o.status is Status.READY]


def overdue(orders, today):
    """Orders past their due date that are not ready yet, express ones first."""
    late = [o for o in orders if o.status not in (Status.READY, Status.COLLECTED) and o.due_on() < today]
    return [o.number for o in sorted(late, key=lambda o: (o.priority is not Priority.EXPRESS, o.due_on()))]
