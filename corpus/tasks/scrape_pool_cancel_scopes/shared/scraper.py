"""One scrape worker: fetch its targets every interval until its token is cancelled."""

from targets import parse_samples


class ScrapeWorker:
    def __init__(self, name, targets, store, token, interval=0.005):
        self.name = name
        self.targets = list(targets)
        self.store = store
        self.token = token
        self.interval = interval
        self.rounds = 0

    def scrape_once(self):
        for target in self.targets:
            for series, value in parse_samples(target.fetch()).items():
                self.store.put(target.name, series, value)
        self.rounds += 1

    def run(self):
        while not self.token.cancelled:
            self.scrape_once()
            if self.token.wait(self.interval):
                break
        self.store.note_stopped(self.name, self.rounds)
