"""Month-end run: one report per department, rendered concurrently, collected into the outbox."""

from dataclasses import dataclass, field


@dataclass
class Outbox:
    documents: dict = field(default_factory=dict)
    errors: dict = field(default_factory=dict)


DEPARTMENTS = {"Sales": ("totals", "top", "regions"), "Finance": ("totals",), "Logistics": ("regions",)}


def rows_for(department, rows):
    if department == "Logistics":
        return [r for r in rows if r["qty"] > 0]
    return list(rows)


def month_end(service, rows, month, departments=DEPARTMENTS):
    outbox = Outbox()
    futures = {name: service.submit(f"{name} {month}", rows_for(name, rows), sections)
               for name, sections in sorted(departments.items())}
    for name, future in futures.items():
        try:
            outbox.documents[name] = future.result()
        except KeyError as exc:
            outbox.errors[name] = str(exc.args[0])
    return outbox


def summary(outbox):
    lines = [f"{len(outbox.documents)} reports, {len(outbox.errors)} errors"]
    for name, text in sorted(outbox.documents.items()):
        lines.append(f"- {name}: {len(text.splitlines())} lines")
    for name, error in sorted(outbox.errors.items()):
        lines.append(f"! {name}: {error}")
    return lines
