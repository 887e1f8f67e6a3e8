"""Daily overdue notices: one per member, listing each late copy and the fine so far."""

from dataclasses import dataclass


@dataclass(frozen=True)
class LateItem:
    copy_id: str
    title: str
    days_late: int
    fine_cents: int


@dataclass(frozen=True)
class Notice:
    card: str
    email: str
    items: tuple

    @property
    def total_cents(self):
        return sum(item.fine_cents for item in self.items)


def fine_for(book, days_late, cap_cents=500):
    return min(days_late * book.daily_fine_cents, cap_cents)


def overdue_notices(desk, catalog, today):
    per_member = {}
    for loan in desk.overdue(today):
        book = catalog.book_of(loan.copy_id)
        days = (today - loan.due).days
        per_member.setdefault(loan.card, []).append(
            LateItem(loan.copy_id, book.title, days, fine_for(book, days)))
    notices = []
    for card in sorted(per_member):
        member = catalog.member(card)
        items = tuple(sorted(per_member[card], key=lambda item: item.copy_id))
        notices.append(Notice(card, member.email, items))
    return notices


def render(notice):
    lines = [f"To: {notice.email}"]
    for item in notice.items:
        lines.append(f"  {item.title} ({item.copy_id}): {item.days_late} day(s) late, "
                     f"{item.fine_cents / 100:.2f}")
    lines.append(f"  Total due: {notice.total_cents / 100:.2f}")
    return "\n".join(lines)
