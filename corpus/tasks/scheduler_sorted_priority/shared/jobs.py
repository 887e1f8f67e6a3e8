"""Jobs waiting for the print farm. Jobs compare by identity: two jobs may look alike."""

import itertools
from dataclasses import dataclass, field

_numbers = itertools.count(1)


@dataclass(eq=False)
class Job:
    name: str
    priority: int  # lower runs sooner
    due: float
    number: int = field(default_factory=lambda: next(_numbers))

    def order(self):
        return (self.priority, self.number)
