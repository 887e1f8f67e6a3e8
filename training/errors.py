"""The one base class of the errors a person can act on (a bad config, a dataset that does not fit, a
model that cannot be trained as asked): the CLI prints their message, never a traceback."""


class TrainingError(Exception):
    pass
