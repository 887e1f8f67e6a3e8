"""Recorded episodes (trajectories), their steps, and people's edit-relevance reviews."""
