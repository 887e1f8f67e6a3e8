"""The paired with/without-debugger evaluation: runner, metrics, report, plots."""
