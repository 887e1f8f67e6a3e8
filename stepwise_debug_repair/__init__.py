"""The ``verifiers.v1`` taskset ``stepwise-debug-repair``: v1 resolves a taskset id to a top-level
module (``vf-eval stepwise-debug-repair`` imports ``stepwise_debug_repair``) and takes its exported
Taskset, Harness and Env. They live in ``harness.interop.verifiers_v1``; this package only names them."""

from harness.interop.verifiers_v1 import (
    DebugRepairEnv,
    DebugRepairEnvConfig,
    DebugRepairHarness,
    DebugRepairHarnessConfig,
    DebugRepairTask,
    DebugRepairTaskset,
    DebugRepairTasksetConfig,
    load_environment,
)

__all__ = ["DebugRepairEnv", "DebugRepairEnvConfig", "DebugRepairHarness", "DebugRepairHarnessConfig",
           "DebugRepairTask", "DebugRepairTaskset", "DebugRepairTasksetConfig", "load_environment"]
