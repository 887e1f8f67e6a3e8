"""GRPO whose rollouts are whole harness episodes; rewards from the scoring seam."""
