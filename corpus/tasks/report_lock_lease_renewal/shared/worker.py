"""A report worker: holds the 'monthly-report' lock while it renders the report section by section.

Before each section it makes sure the lease will outlast the section (plus a margin), renewing
it when it will not.
"""


class ReportWorker:
    def __init__(self, lease, store, clock, section_s=1.0, margin_s=0.5):
        self.lease = lease
        self.store = store
        self.clock = clock
        self.section_s = section_s
        self.margin_s = margin_s
        self.renewals = 0

    def run(self, sections, stop_after=None):
        """Render ``sections``; ``stop_after`` simulates a crash after that many sections."""
        self.lease.acquire()
        for done, section in enumerate(sections):
            if stop_after is not None and done == stop_after:
                return done
            if self.lease.time_left() < self.section_s + self.margin_s:
                self.lease.renew()
                self.renewals += 1
            self.clock.advance(self.section_s)
            self.store.write(section, f"{section} by {self.lease.owner}", self.lease.token)
        return len(sections)
