"""The error a person running a generator can act on: a heldout task, a bad teacher spec, an output
folder holding another run. The CLI prints the message, never a traceback."""

from training.errors import TrainingError


class DataGenerationError(TrainingError, ValueError):
    pass
