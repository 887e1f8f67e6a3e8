"""Stepwise where evaluators and RL trainers already work: an Inspect AI task, a verifiers environment,
an OpenEnv server, and trajectories in Inspect's log format.

Every adapter plays episodes through the same ``run_episode`` loop, tools and verifier as
``harness run``: ``driven.DrivenEpisode`` runs that loop in a thread and takes its turns from the
outside framework. The frameworks (the ``interop`` extra) are imported lazily, inside the modules that
need them, so nothing else in the harness requires them.
"""
