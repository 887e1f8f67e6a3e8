"""Stepwise trajectories in Inspect AI's eval-log format, both ways.

``write_trajectory_log`` turns trajectory documents into one Inspect log (one sample per trajectory:
the conversation as ChatMessages with its tool calls, the verifier's verdict as the
``stepwise_verifier`` score, the whole document in the sample's metadata), which ``inspect view``
and ``read_eval_log`` open. ``log_trajectories`` reads the documents back out of a log of the
``stepwise/debug_repair`` task (the Inspect task puts each episode's document in the same metadata
key), so an eval run under Inspect can be scored, compared and imported here.

A log is untrusted input: each sample's document is validated as a trajectory, a sample without one
is reported by id, and a ``.eval`` archive is refused unread when it would unpack past a limit.
Nothing here imports Inspect until a log is actually read or written.
"""

from __future__ import annotations

import re
import zipfile
import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

from harness.trajectory import Trajectory, TrajectoryError
from harness.trajectory.schema import validation_errors

TRAJECTORY_KEY = "stepwise_trajectory"  # a sample's metadata key holding its trajectory document
INSPECT_TASK = "stepwise/debug_repair"
SCORER = "stepwise_verifier"
MAX_UNPACKED_BYTES = 256 * 2**20  # a .eval archive is a zip; one unpacking past this is not read
UNPACK_CHUNK = 2**20
_TIMESTAMPED = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}[:-]\d{2}[:-]\d{2}")  # Inspect's listing: a .json log's name
_JSON_LOG_HEAD = re.compile(rb'\s*\{\s*"version"\s*:\s*\d+\s*,\s*"status"\s*:')  # how Inspect writes .json logs
INTEROP_MISSING = ("reading or writing an Inspect log needs the interop extra: "
                   "pip install -e '.[interop]' (scripts/setup installs it)")


def is_inspect_log(path: Path) -> bool:
    """A ``.eval`` file, or a ``.json`` file that begins the way Inspect writes its JSON logs."""
    if path.suffix == ".eval":
        return True
    if path.suffix != ".json":
        return False
    try:
        with path.open("rb") as handle:
            return bool(_JSON_LOG_HEAD.match(handle.read(256)))
    except OSError:
        return False


@dataclass(frozen=True)
class LogTrajectory:
    """One sample of a log: its trajectory document, or why it has none."""

    sample: str  # "ID (epoch N)"
    epoch: int
    document: dict | None  # as the log holds it (imports store it as it is)
    error: str | None = None

    @cached_property
    def trajectory(self) -> Trajectory | None:
        """The document read by the one trajectory reader (validated when the log was read)."""
        return None if self.document is None else Trajectory.from_json(self.document, source=self.sample)


def _inspect_log_api():
    try:
        import inspect_ai.log as api
    except ImportError:
        raise TrajectoryError(INTEROP_MISSING) from None
    return api


def _check_archive(path: Path, cap: int) -> None:
    """Inflate every member through a counting read that stops at ``cap`` bytes in all: the sizes an
    archive declares are the writer's word (a 35 KB archive declared small inflated to 800 MB), so they
    are not summed but measured, a chunk at a time; a member whose bytes disagree with its declared size
    or checksum is refused as damaged."""
    unpacked = 0
    try:
        with zipfile.ZipFile(path) as archive:
            for info in archive.infolist():
                with archive.open(info) as member:  # reads at most the declared size, then checks the CRC
                    while chunk := member.read(UNPACK_CHUNK):
                        unpacked += len(chunk)
                        if unpacked > cap:
                            raise TrajectoryError(
                                f"{path}: the log unpacks to more than the {cap / 2**20:.0f} MB read here; "
                                "split the eval into smaller logs")
    except (zipfile.BadZipFile, zlib.error, EOFError, NotImplementedError, RuntimeError) as exc:
        detail = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        raise TrajectoryError(f"{path}: not an Inspect .eval log (a damaged or foreign zip archive: {detail})") from None


def log_trajectories(path: str | Path, *, max_unpacked_bytes: int | None = None) -> list[LogTrajectory]:
    """The trajectory documents in an Inspect log of the Stepwise task, one per sample, validated; a
    ``.eval`` archive is measured first and refused past ``max_unpacked_bytes`` (MAX_UNPACKED_BYTES).

    Raises TrajectoryError (naming the file) when the file is not a readable Inspect log."""
    path = Path(path)
    api = _inspect_log_api()
    if not path.is_file():
        raise TrajectoryError(f"{path}: no such file")
    if path.suffix == ".eval":
        _check_archive(path, MAX_UNPACKED_BYTES if max_unpacked_bytes is None else max_unpacked_bytes)
    try:
        log = api.read_eval_log(str(path), resolve_attachments=True)
    except Exception as exc:  # Inspect raises many kinds for a damaged or foreign file
        raise TrajectoryError(f"{path}: not a readable Inspect log ({type(exc).__name__}: "
                              f"{str(exc).strip().splitlines()[0] if str(exc).strip() else 'no detail'})") from None
    if not log.samples:
        raise TrajectoryError(f"{path}: the Inspect log holds no samples (status {log.status}); "
                              "a log written while the eval ran has them only once it finished")
    out = []
    for sample in log.samples:
        label = f"{sample.id} (epoch {sample.epoch})"
        doc = (sample.metadata or {}).get(TRAJECTORY_KEY)
        if not isinstance(doc, dict):
            out.append(LogTrajectory(label, sample.epoch, None,
                                     f"sample {label} holds no Stepwise trajectory (metadata "
                                     f"'{TRAJECTORY_KEY}'); only logs of the {INSPECT_TASK} task, or written by "
                                     "'python -m harness export-inspect', carry one"))
            continue
        errors = validation_errors(doc)
        if errors:
            out.append(LogTrajectory(label, sample.epoch, None,
                                     f"sample {label}: not a trajectory document: " + "; ".join(errors[:5])))
            continue
        out.append(LogTrajectory(label, sample.epoch, doc))
    return out


# -- writing ----------------------------------------------------------------------------------------

def model_of(trajectory: Trajectory) -> str:
    """The name a trajectory's policy goes by in an Inspect log, ``provider/model`` as Inspect names its
    own: an episode Inspect drove keeps Inspect's name; any other policy's kind is its provider
    (``openai/fixer`` for an endpoint serving ``fixer``, ``script/script`` for a script)."""
    policy = trajectory.policy or {}
    kind, model = str(policy.get("kind") or "stepwise"), policy.get("model")
    if kind == "inspect" and model:
        return str(model)
    return f"{kind}/{model or kind}"


def tool_events(messages: list[dict]) -> list:
    """Inspect tool events for an OpenAI-format conversation: one per tool call, with its answer."""
    from harness.interop.inspect_messages import to_tool_events

    events = []
    for index, message in enumerate(messages):
        if message.get("role") == "assistant" and message.get("tool_calls"):
            following = []
            for later in messages[index + 1:]:
                if later.get("role") != "tool":
                    break
                following.append(later)
            events.extend(to_tool_events(message, following))
    return events


def verdict_score(trajectory: Trajectory | None):
    """The ``stepwise_verifier`` Score of one trajectory: CORRECT when the Stepwise verifier passed
    the final workspace, with the quality record in its metadata."""
    from inspect_ai.scorer import CORRECT, INCORRECT, Score

    if trajectory is None:
        return Score(value=INCORRECT, explanation="no Stepwise trajectory was recorded")
    result = trajectory.result
    return Score(
        value=CORRECT if result.verified else INCORRECT,
        answer=result.patch or None,
        explanation=result.reason or result.extra.get("outcome") or str(result.exit_reason),
        metadata={"exit_reason": str(result.exit_reason), "turns": result.turns, "quality": trajectory.quality},
    )


def _last_reply(messages) -> str:
    return next((m.text for m in reversed(messages) if m.role == "assistant"), "")


def trajectory_log(trajectories: Sequence[Trajectory], *, source: str = ""):
    """One Inspect EvalLog holding ``trajectories`` (all of one model and arm), one sample each; repeated
    (task, arm) pairs become epochs."""
    from inspect_ai.log import (
        EvalConfig,
        EvalDataset,
        EvalLog,
        EvalMetric,
        EvalPlan,
        EvalPlanStep,
        EvalResults,
        EvalSample,
        EvalScore,
        EvalSpec,
        EvalStats,
    )
    from inspect_ai.model import ModelOutput

    from harness.interop.inspect_messages import to_chat_messages
    from harness.trajectory import now_iso

    if not trajectories:
        raise TrajectoryError("no trajectories to export")
    models, arms = sorted({model_of(t) for t in trajectories}), sorted({t.arm for t in trajectories})
    if len(models) > 1 or len(arms) > 1:
        raise TrajectoryError(f"an Inspect log holds one model and one arm; these trajectories span models "
                              f"{', '.join(models)} and arms {', '.join(arms)}: export each with --model/--arm")
    model, arm = models[0], arms[0]
    samples, epochs = [], {}
    for t in sorted(trajectories, key=lambda t: (t.task, t.extra.get("run") or 1, t.started_at or "")):
        epoch = epochs[t.task] = epochs.get(t.task, 0) + 1
        messages = to_chat_messages(list(t.messages))
        first_user = next((m.text for m in messages if m.role == "user"), f"Stepwise task {t.task}")
        samples.append(EvalSample(
            id=t.task, epoch=epoch, input=first_user, target="", messages=messages,
            output=ModelOutput.from_content(model=model, content=_last_reply(messages)),
            scores={SCORER: verdict_score(t)},
            metadata={"arm": arm, "episode_id": t.episode_id, TRAJECTORY_KEY: t.to_json(check=False)},
            started_at=t.started_at, completed_at=t.finished_at, events=tool_events(list(t.messages)),
        ))
    correct = [1.0 if s.scores and s.scores[SCORER].value == "C" else 0.0 for s in samples]
    accuracy = sum(correct) / len(correct)
    stderr = (accuracy * (1 - accuracy) / (len(correct) - 1)) ** 0.5 if len(correct) > 1 else 0.0
    created = now_iso()
    starts = sorted(t.started_at for t in trajectories if t.started_at)
    ends = sorted(t.finished_at for t in trajectories if t.finished_at)
    spec = EvalSpec(
        created=created, task=INSPECT_TASK, task_registry_name=INSPECT_TASK, task_args={"arm": arm},
        dataset=EvalDataset(name="stepwise-trajectories", location=source or None, samples=len(samples),
                            sample_ids=list(dict.fromkeys(s.id for s in samples))),
        model=model, config=EvalConfig(epochs=max(epochs.values())),
        # Ids as Inspect makes them, stable for the same trajectories (a re-export is the same run).
        task_id=_stable_id("task", arm, *sorted({t.task for t in trajectories})),
        run_id=_stable_id("run", *sorted(t.episode_id or t.task for t in trajectories)),
        metadata={"exported_by": "python -m harness export-inspect"},
    )
    return EvalLog(
        status="success", eval=spec,
        plan=EvalPlan(steps=[EvalPlanStep(solver="stepwise_episode", params={"arm": arm})]),
        results=EvalResults(total_samples=len(samples), completed_samples=len(samples), scores=[EvalScore(
            name=SCORER, scorer=SCORER, scored_samples=len(samples),
            metrics={"accuracy": EvalMetric(name="accuracy", value=accuracy),
                     "stderr": EvalMetric(name="stderr", value=stderr)})]),
        stats=EvalStats(started_at=starts[0] if starts else created, completed_at=ends[-1] if ends else created),
        samples=samples,
    )


def _stable_id(*parts: str) -> str:
    import hashlib

    return hashlib.sha256("\0".join(parts).encode("utf-8")).hexdigest()[:22]


def inspect_log_name(log) -> str:
    """The file name (without suffix) Inspect gives a log: its creation time, the task, the task id."""
    created = re.sub(r"[^0-9A-Za-z+-]", "-", str(log.eval.created))
    return f"{created}_{INSPECT_TASK.split('/')[-1].replace('_', '-')}_{log.eval.task_id}"


def listed_by_inspect_view(path: str | Path) -> bool:
    """Whether ``inspect view`` lists this file: every ``.eval``; a ``.json`` only when its name begins
    with a timestamp, as Inspect's own names do."""
    path = Path(path)
    return path.suffix == ".eval" or (path.suffix == ".json" and _TIMESTAMPED.match(path.name) is not None)


def write_trajectory_log(trajectories: Sequence[Trajectory], out: str | Path, *, source: str = "",
                         log_format: str | None = None) -> Path:
    """Write ``trajectories`` as one Inspect log at ``out`` (``.eval``, or ``.json`` for Inspect's JSON
    format); with ``log_format`` ("eval" or "json"), ``out`` is a folder and the log is named there as
    Inspect names its own. Returns the log's path."""
    out = Path(out)
    if log_format is None and out.suffix not in (".eval", ".json"):
        raise TrajectoryError(f"{out}: an Inspect log's name ends in .eval (or .json for the JSON format)")
    log = trajectory_log(trajectories, source=source)
    if log_format is not None:
        if log_format not in ("eval", "json"):
            raise TrajectoryError(f"an Inspect log's format is eval or json, not {log_format!r}")
        out = out / f"{inspect_log_name(log)}.{log_format}"
    api = _inspect_log_api()
    out.parent.mkdir(parents=True, exist_ok=True)
    api.write_eval_log(log, str(out))
    return out
