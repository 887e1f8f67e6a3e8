"""Work orders of the bike repair shop."""

from dataclasses import dataclass, field
from datetime import date
from enum import Enum


class Status(Enum):
    RECEIVED = "received"
    IN_REPAIR = "in_repair"
    WAITING_PARTS = "waiting_parts"
    READY = "ready"
    COLLECTED = "collected"


class Priority(Enum):
    NORMAL = "normal"
    EXPRESS = "express"


TURNAROUND_DAYS = {Priority.NORMAL: 5, Priority.EXPRESS: 1}


@dataclass
class WorkOrder:
    number: int
    customer: str
    bike: str
    received_on: date
    status: Status = Status.RECEIVED
    priority: Priority = Priority.NORMAL
    jobs: list = field(default_factory=list)

    def due_on(self):
        return date.fromordinal(self.received_on.toordinal() + TURNAROUND_DAYS[self.priority])
