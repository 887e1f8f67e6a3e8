"""Pipeline stages: one thread each, reading an inbox queue and routing results to its outputs."""

import queue
import threading

STOP = object()


class Stage:
    def __init__(self, name, fn):
        self.name = name
        self.fn = fn
        self.inbox = queue.Queue()
        self.outputs = []
        self.processed = 0
        self.errors = []
        self.ready = threading.Event()
        self._thread = None
        self._next = 0

    def start(self):
        self._thread = threading.Thread(target=self._run, name=f"stage-{self.name}", daemon=True)
        self._thread.start()
        self.ready.wait()

    def replace_outputs(self, outputs):
        """Rewire in place: the running thread holds this very list."""
        self.outputs[:] = outputs

    def route(self, result):
        if not self.outputs:
            return
        target = self.outputs[self._next % len(self.outputs)]
        self._next += 1
        target.inbox.put(result)

    def _run(self):
        self.ready.set()
        while True:
            item = self.inbox.get()
            if item is STOP:
                # The outputs as they are now: a stage may have been spliced in since start().
                for output in list(self.outputs):
                    output.inbox.put(STOP)
                break
            try:
                result = self.fn(item)
            except ValueError as exc:
                self.errors.append(str(exc))
                continue
            self.processed += 1
            self.route(result)

    def join(self):
        if self._thread is not None:
            self._thread.join()
