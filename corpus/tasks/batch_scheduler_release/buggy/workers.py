"""A fixed pool of worker slots on a simulated clock."""


class WorkerPool:
    def __init__(self, slots):
        if slots < 1:
            raise ValueError(f"a worker pool needs at least one slot, got {slots}")
        self.slots = [None] * slots  # (job name, finishes at tick) or None

    def free(self):
        return sum(slot is None for slot in self.slots)

    def busy(self):
        return len(self.slots) - self.free()

    def assign(self, name, now, duration):
        for i, slot in enumerate(self.slots):
            if slot is None:
                self.slots[i] = (name, now + duration)
                return i
        raise RuntimeError(f"no free worker for {name}")

    def pop_finished(self, now):
        """Names of jobs finishing at `now`, in slot order; their slots become free."""
        done = []
        for i, slot in enumerate(self.slots):
            if slot is not None and slot[1] <= now:
                done.append(slot[0])
                self.slots[i] = None
        return done

    def running(self):
        return sorted(slot[0] for slot in self.slots if slot is not None)
