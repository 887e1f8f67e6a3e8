"""Background work: jobs (state, progress, log, error), eval runs and training runs."""
