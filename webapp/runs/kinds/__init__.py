"""The job types, one module per area; importing this package registers them all
(``webapp.runs.apps`` does, so every process knows every kind)."""

from webapp.runs.kinds import corpus, episodes, evals, sessions, tiny_model, training, training_data  # noqa: F401
