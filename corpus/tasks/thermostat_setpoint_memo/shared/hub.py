"""The hub pushes plans to the radiator valves; a valve only gets the hours that changed."""


class Hub:
    def __init__(self, planner):
        self.planner = planner
        self.sent = {}       # zone name -> last plan sent
        self.messages = []   # (zone, hour, target) as pushed to the valves

    def push(self, zones):
        plan = self.planner.plan(zones)
        pushed = 0
        for name, targets in plan.items():
            previous = self.sent.get(name)
            for hour, target in enumerate(targets):
                if previous is None or previous[hour] != target:
                    self.messages.append((name, hour, target))
                    pushed += 1
            self.sent[name] = list(targets)
        return pushed

    def valve_schedule(self, name):
        """What the valve believes its day looks like, rebuilt from the messages it received."""
        schedule = [None] * 24
        for zone, hour, target in self.messages:
            if zone == name:
                schedule[hour] = target
        return schedule
