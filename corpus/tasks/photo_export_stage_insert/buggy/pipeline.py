"""A linear photo export pipeline whose stages can be spliced in while it runs."""

from stages import STOP, Stage


class Pipeline:
    def __init__(self):
        self.stages = []

    def add(self, name, fn):
        stage = Stage(name, fn)
        if self.stages:
            self.stages[-1].outputs.append(stage)
        self.stages.append(stage)
        return stage

    def stage(self, name):
        for stage in self.stages:
            if stage.name == name:
                return stage
        raise KeyError(f"no stage named {name!r}; stages: {', '.join(s.name for s in self.stages)}")

    def start(self):
        for stage in reversed(self.stages):
            stage.start()

    def insert_after(self, name, new_name, fn):
        upstream = self.stage(name)
        stage = Stage(new_name, fn)
        stage.outputs = list(upstream.outputs)
        stage.start()
        upstream.outputs = [stage]
        self.stages.insert(self.stages.index(upstream) + 1, stage)
        return stage

    def feed(self, items):
        for item in items:
            self.stages[0].inbox.put(item)

    def close(self):
        self.stages[0].inbox.put(STOP)
        for stage in self.stages:
            stage.join()
        return {stage.name: stage.processed for stage in self.stages}

    def errors(self):
        return {stage.name: list(stage.errors) for stage in self.stages if stage.errors}

    def describe(self):
        return " -> ".join(stage.name for stage in self.stages)
