"""Room bookings for a small guesthouse."""

from stays import Stay

ROOMS = {"garden": 55, "attic": 40, "suite": 90}  # price per night


class RoomTaken(Exception):
    pass


class Guesthouse:
    def __init__(self):
        self.stays = []

    def occupied(self, room):
        nights = set()
        for stay in self.stays:
            if stay.room == room:
                nights.update(stay.nights())
        return nights

    def book(self, guest, room, arrive, depart):
        if room not in ROOMS:
            raise KeyError(f"no room {room!r}; rooms are {', '.join(ROOMS)}")
        stay = Stay(guest, room, arrive, depart)
        clash = sorted(self.occupied(room).intersection(stay.nights()))
        if clash:
            raise RoomTaken(f"{room} is taken on {clash[0].isoformat()}")
        self.stays.append(stay)
        return stay

    def price(self, stay):
        return ROOMS[stay.room] * len(stay.nights())
