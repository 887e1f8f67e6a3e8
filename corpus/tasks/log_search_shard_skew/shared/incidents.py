"""Incidents: bursts of warnings and errors, records no more than ``gap_ms`` apart on the reference
clock, whatever host they came from. The host that failed first is the likely origin."""

from dataclasses import dataclass

from timeline import clock


@dataclass(frozen=True)
class Incident:
    start_ms: int
    end_ms: int
    hosts: tuple
    records: int
    origin: str

    def summary(self):
        return (f"{clock(self.start_ms)}-{clock(self.end_ms)}: {self.records} records on "
                f"{', '.join(self.hosts)}; started on {self.origin}")


def incidents(records, gap_ms=2_000):
    bursts, current = [], []
    for record in records:
        if current and record.ts_ms - current[-1].ts_ms > gap_ms:
            bursts.append(current)
            current = []
        current.append(record)
    if current:
        bursts.append(current)
    found = []
    for burst in bursts:
        errors = [r for r in burst if r.level == "ERROR"]
        origin = (errors or burst)[0].host
        found.append(Incident(burst[0].ts_ms, burst[-1].ts_ms, tuple(sorted({r.host for r in burst})), len(burst), origin))
    return found
