"""The pages annotators and reviewers work in that combine tasks, labels and trajectories (task list,
labeling queue, disagreements, contradictions, exports). It sits above catalog and trajectories, which
never import it; the replay and review pages live in trajectories."""
