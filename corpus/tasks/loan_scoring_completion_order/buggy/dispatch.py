"""Scores a day's loan applications in parallel (bureau lookups are slow network calls)."""

from concurrent.futures import ThreadPoolExecutor, as_completed

from scoring import BureauError, score


class ScoringRun:
    def __init__(self, bureau, workers=3, on_progress=None):
        self._bureau = bureau
        self._workers = workers
        self._on_progress = on_progress
        self.audit = []

    def _score_one(self, app):
        return score(app, self._bureau.lookup(app.id))

    def run(self, apps):
        scored, failed = {}, {}
        with ThreadPoolExecutor(self._workers, thread_name_prefix="bureau") as pool:
            futures = [pool.submit(self._score_one, app) for app in apps]
            for app, future in zip(apps, as_completed(futures)):
                try:
                    scored[app.id] = future.result()
                    self.audit.append((app.id, "scored", scored[app.id]))
                except BureauError as exc:
                    failed[app.id] = str(exc)
                    self.audit.append((app.id, "failed", None))
                if self._on_progress is not None:
                    self._on_progress(len(scored) + len(failed))
        return scored, failed
