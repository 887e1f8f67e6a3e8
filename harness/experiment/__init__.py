"""Experiments: the paired evaluation of several models on the same tasks, then their comparison, from
one YAML file (``python -m harness experiment FILE``). ``config`` reads the file, ``run`` runs it."""

from harness.experiment.config import Experiment, ExperimentError, ExperimentModel, load_experiment
from harness.experiment.run import ExperimentResult, run_experiment

__all__ = ["Experiment", "ExperimentError", "ExperimentModel", "ExperimentResult", "load_experiment",
           "run_experiment"]
