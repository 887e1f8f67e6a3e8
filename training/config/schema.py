"""The shape of a training configuration (YAML under ``training/configs/``), as pydantic models.

Every model forbids keys it does not know, so a typo is an error rather than a silently ignored setting.
One file serves both commands: ``sft`` reads the top level and ``sft:``, ``grpo`` the top level and
``grpo:``. Relative paths are taken from the directory the command runs in.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from harness.sandbox.backends import BACKEND_NAMES, DEFAULT_BACKEND


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class ModelSource(Strict):
    """Exactly one of: a local folder (checked to exist) or a Hugging Face Hub id (downloaded on use)."""

    path: str | None = None
    hub: str | None = None

    @model_validator(mode="after")
    def _one_source(self):
        if (self.path is None) == (self.hub is None):
            raise ValueError("give exactly one of 'path' (a local model folder) or 'hub' (e.g. "
                             "Qwen/Qwen2.5-Coder-7B-Instruct)")
        return self

    @property
    def name_or_path(self) -> str:
        if self.path is not None:
            return self.path
        if self.hub is not None:
            return self.hub
        raise ValueError("a model source needs 'path' or 'hub'")  # _one_source refused it already


class AdapterConfig(Strict):
    """The peft adapter: DoRA by default. On a model whose MoE experts are fused 3-D parameters, only the
    attention projections among ``target_modules`` are used (peft cannot put DoRA on fused experts)."""

    use_dora: bool = True
    r: int = Field(ge=1)
    alpha: int = Field(ge=1)
    dropout: float = Field(0.0, ge=0.0, lt=1.0)
    target_modules: list[str] = Field(min_length=1)


class SFTSection(Strict):
    dataset: str  # the folder `python -m training export-sft` writes
    learning_rate: float = Field(gt=0)
    epochs: float = Field(1.0, gt=0)
    max_steps: int | None = Field(None, ge=1)  # when set, overrides epochs
    batch_size: int = Field(1, ge=1)
    gradient_accumulation: int = Field(1, ge=1)
    warmup_ratio: float = Field(0.0, ge=0.0, lt=1.0)
    # "auto": the longest example decides (refused if it exceeds the model's context); a number caps it.
    max_length: int | Literal["auto"] = "auto"
    # An example longer than max_length is never cut silently: refuse the run, or drop it and report it.
    overlong: Literal["refuse", "drop"] = "refuse"
    eval_steps: int | None = Field(None, ge=1)  # None: evaluate once per epoch
    save_steps: int = Field(ge=1)
    logging_steps: int = Field(1, ge=1)
    merge: bool = True  # write merged/ (merge_and_unload) for serving: vLLM does not serve DoRA adapters


class RewardWeights(Strict):
    """Weights of the reward components, by the scoring components' names (training.grpo.rewards
    COMPONENT_NAMES); each component is also logged on its own."""

    verified: float = 1.0  # the independent verifier passed
    policy: float = 0.0  # pdb_policy_v1 score in [0, 1] from the scoring seam
    edit_relevance: float = 0.0  # an edit was informed by a debugger observation (1) or not (0)
    debugger_preference: float = 0.0  # +1 inspecting on recommended tasks, -1 opening the debugger on avoid

    @model_validator(mode="before")
    @classmethod
    def _renamed(cls, data):
        if isinstance(data, dict) and "policy_score" in data:
            raise ValueError("reward_weights.policy_score is now reward_weights.policy (the scoring component's "
                             "name, as eval reports and quality records call it); rename the key")
        return data


class SandboxSection(Strict):
    backend: str = DEFAULT_BACKEND  # one of the sandbox registry's NAMES
    pool_size: int = Field(default=4, ge=1)  # warm sandboxes kept ready; at least the episodes of one step is best

    @field_validator("backend")
    @classmethod
    def _known_backend(cls, value: str) -> str:
        if value not in BACKEND_NAMES:
            raise ValueError(f"must be one of {', '.join(BACKEND_NAMES)}, not {value!r}")
        return value


class GenerationSection(Strict):
    backend: Literal["transformers", "vllm"] = "transformers"
    vllm_mode: Literal["colocate", "server"] = "colocate"
    vllm_gpu_memory_utilization: float = Field(0.35, gt=0.0, le=1.0)
    vllm_server_url: str | None = None  # server mode: the `vllm serve` base URL
    max_new_tokens: int = Field(ge=1)  # per model turn
    temperature: float = Field(1.0, gt=0.0)
    top_p: float = Field(1.0, gt=0.0, le=1.0)
    batch_window_ms: int = Field(20, ge=0)  # how long a turn waits for other episodes' turns to batch with


class GRPOSection(Strict):
    model: ModelSource | None = None  # the policy to start from (e.g. an SFT run's merged/); default: model
    split: Literal["train", "validation", "heldout"] | None = None
    # where ``split`` draws its tasks from (corpus.task_splits.ORIGINS); ``tasks`` may name any origin's task
    origins: list[Literal["hand-written", "real", "generated"]] = Field(default_factory=lambda: ["hand-written"],
                                                                       min_length=1)
    tasks: list[str] | None = None
    arm: Literal["base", "dbg"] = "dbg"
    max_turns: int = Field(ge=1)
    max_completion_tokens: int = Field(ge=1)  # the whole episode: model turns plus observations
    num_generations: int = Field(ge=2)  # episodes per task in a group
    episodes_per_step: int = Field(ge=2)  # per device and optimizer step; a multiple of num_generations
    micro_batch_size: int = Field(1, ge=1)  # episodes per forward/backward pass (memory: long sequences)
    max_steps: int = Field(ge=1)
    learning_rate: float = Field(gt=0)
    beta: float = Field(0.0, ge=0.0)  # KL weight against the starting policy
    save_steps: int = Field(ge=1)
    logging_steps: int = Field(1, ge=1)
    rewards: RewardWeights = RewardWeights()
    sandbox: SandboxSection = SandboxSection()
    generation: GenerationSection
    merge: bool = True

    @model_validator(mode="after")
    def _tasks_and_batch(self):
        if (self.split is None) == (self.tasks is None):
            raise ValueError("give exactly one of 'split' (train or validation) or 'tasks' (a list of names)")
        if self.episodes_per_step % self.num_generations:
            raise ValueError(f"episodes_per_step ({self.episodes_per_step}) must be a multiple of "
                             f"num_generations ({self.num_generations})")
        if self.episodes_per_step % self.micro_batch_size:
            raise ValueError(f"episodes_per_step ({self.episodes_per_step}) must be a multiple of "
                             f"micro_batch_size ({self.micro_batch_size})")
        return self


class TrainingConfig(Strict):
    # a folder name (the default run folder is runs_dir/NAME-KIND-STAMP): "../x" would leave runs_dir
    name: str = Field(min_length=1, max_length=100, pattern=r"^[A-Za-z0-9][A-Za-z0-9._+-]*$")
    model: ModelSource
    runs_dir: str = "runs"
    precision: Literal["auto", "bf16", "fp32"] = "auto"  # auto: bf16 on a GPU that has it, else fp32
    gradient_checkpointing: bool = False
    seed: int = 0
    adapter: AdapterConfig
    sft: SFTSection | None = None
    grpo: GRPOSection | None = None
