"""Work orders exchanged with the point-of-sale system as JSON."""

import json
from datetime import date

from work_orders import WorkOrder


class ImportError_(ValueError):
    pass


def load_orders(text):
    try:
        rows = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ImportError_(f"the POS export is not JSON: {exc.msg} at line {exc.lineno}") from None
    orders = []
    for index, row in enumerate(rows):
        missing = [key for key in ("number", "customer", "bike", "received_on") if key not in row]
        if missing:
            raise ImportError_(f"order #{index + 1} lacks {', '.join(missing)}")
        try:
            received = date.fromisoformat(row["received_on"])
        except ValueError:
            raise ImportError_(f"order {row['number']}: received_on {row['received_on']!r} is not a date") from None
        orders.append(WorkOrder(
            number=int(row["number"]), customer=row["customer"], bike=row["bike"], received_on=received,
            status=row.get("status", "received"), priority=row.get("priority", "normal"),
            jobs=list(row.get("jobs", []))))
    return orders


def dump_orders(orders):
    return json.dumps([{"number": o.number, "customer": o.customer, "bike": o.bike,
                        "received_on": o.received_on.isoformat(), "status": o.status.value,
                        "priority": o.priority.value, "jobs": o.jobs} for o in orders], indent=1)
