"""Night-of-show reports for the venue manager."""


def occupancy(venue):
    rows = []
    for section in venue.sections.values():
        booked = sum(b.seats for b in venue.bookings.values() if b.section == section.name)
        flag = "" if booked == section.sold <= section.capacity else "  CHECK"
        rows.append(f"{section.name:<8}{booked:>4}/{section.capacity:<4} sold counter {section.sold}{flag}")
    return rows


def guest_list(venue, section_name):
    return sorted((b.customer, b.seats, b.number) for b in venue.bookings.values() if b.section == section_name)


def revenue(venue, prices):
    return sum(prices[b.section] * b.seats for b in venue.bookings.values())
