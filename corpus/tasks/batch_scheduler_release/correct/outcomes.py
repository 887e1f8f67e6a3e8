"""What happens when a job runs: scripted per attempt, so batches replay deterministically."""


class OutcomeScript:
    def __init__(self, script=None):
        self._script = {name: list(results) for name, results in (script or {}).items()}
        for name, results in self._script.items():
            bad = [r for r in results if r not in ("ok", "fail")]
            if bad:
                raise ValueError(f"outcome script for {name!r}: use 'ok' or 'fail', got {bad[0]!r}")

    def next(self, name):
        results = self._script.get(name)
        if not results:
            return "ok"
        return results.pop(0)
