"""The typed trajectory document: ``Trajectory`` (its steps and result are records, ``harness.records.step``),
with one ``to_json`` / ``from_json`` pair that is the ``stepwise.trajectory/1`` contract (DESIGN.md,
"Trajectory").

``to_json`` gives exactly the document's JSON shape; ``from_json`` reads it back, keeping fields it
does not know (``extra``) so a document round-trips unchanged whoever added to it. ``Trajectory``
documents are checked against the JSON schema on the way in and on the way out.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from harness.records.groups import START_TOOLS
from harness.records.quality import Quality
from harness.records.step import EpisodeResult, Step, rest
from harness.trajectory.schema import SCHEMA_ID, TrajectoryError, validation_errors


@dataclass
class Trajectory:
    """One episode's whole record, the ``stepwise.trajectory/1`` document."""

    episode_id: str
    task: str
    arm: str
    policy: dict  # {kind, model, params}
    max_turns: int
    started_at: str
    result: EpisodeResult
    split: str | None = None
    sandbox: str | None = None
    finished_at: str | None = None
    messages: list[dict] = field(default_factory=list)  # OpenAI chat format, tool calls included
    steps: list[Step] = field(default_factory=list)
    quality: dict | None = None  # the scorers' components (filled by harness.episode.score_episode)
    extra: dict = field(default_factory=dict)  # other top-level fields (preference, an eval's run, ...)

    HEADER = ("episode_id", "task", "split", "arm", "policy", "sandbox", "max_turns", "started_at")
    FIELDS = ("schema", *HEADER, "finished_at", "messages", "steps", "result", "quality")

    def to_json(self, *, check: bool = True) -> dict:
        data = {"schema": SCHEMA_ID, "episode_id": self.episode_id, "task": self.task, "split": self.split,
                "arm": self.arm, "policy": self.policy, "sandbox": self.sandbox, "max_turns": self.max_turns,
                "started_at": self.started_at, "finished_at": self.finished_at, **self.extra,
                "messages": self.messages, "steps": [step.to_json() for step in self.steps],
                "result": self.result.to_json(), "quality": self.quality}
        if check:
            _raise_if_invalid(data, "the trajectory")
        return data

    @classmethod
    def from_json(cls, data, *, source: str = "document") -> Trajectory:
        """Read a document; raises TrajectoryError naming ``source`` and every schema violation."""
        _raise_if_invalid(data, source)
        return cls(episode_id=data["episode_id"], task=data["task"], arm=data["arm"], policy=data["policy"],
                   max_turns=data["max_turns"], started_at=data["started_at"],
                   result=EpisodeResult.from_json(data["result"]), split=data.get("split"),
                   sandbox=data.get("sandbox"), finished_at=data.get("finished_at"),
                   messages=list(data["messages"]), steps=[Step.from_json(s) for s in data["steps"]],
                   quality=data.get("quality"), extra=rest(data, cls.FIELDS))

    @classmethod
    def load(cls, path: str | Path) -> Trajectory:
        return cls.from_json(read_document(path), source=str(path))

    @property
    def scored(self) -> Quality | None:
        """The quality record, typed (``quality`` is the record as stored, which the document keeps as it
        is); None when the trajectory is not scored."""
        return Quality.from_json(self.quality)

    @property
    def debugger_started(self) -> bool:
        """Whether the episode opened the debugger (a start_debugger call that was not an error)."""
        return any(step.tool in START_TOOLS and not step.error for step in self.steps)


def _raise_if_invalid(data, source: str) -> None:
    errors = validation_errors(data)
    if errors:
        raise TrajectoryError(f"{source}: not a {SCHEMA_ID} document: " + "; ".join(errors[:5]))


MAX_DOCUMENT_BYTES = 64 * 2**20  # far above a real episode; a bigger file is not read into memory


def read_document(path: str | Path):
    """The JSON in ``path``; TrajectoryError naming the file when it is missing or not JSON."""
    path = Path(path)
    try:
        if path.is_dir():
            raise TrajectoryError(f"{path}: is a folder; give a trajectory file (.json)")
        size = path.stat().st_size
        if size > MAX_DOCUMENT_BYTES:
            raise TrajectoryError(f"{path}: {size / 2**20:.0f} MB is more than the {MAX_DOCUMENT_BYTES // 2**20} MB "
                                  "a trajectory document may hold")
        return json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise TrajectoryError(f"{path}: no such file") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise TrajectoryError(f"{path}: not valid JSON ({exc})") from None
    except RecursionError:
        raise TrajectoryError(f"{path}: nested too deeply to be a trajectory document") from None
    except OSError as exc:
        raise TrajectoryError(f"{path}: cannot be read ({exc.strerror or exc})") from None


def load_trajectory(path: str | Path) -> Trajectory:
    """Read and validate one trajectory document; raises TrajectoryError naming the file."""
    return Trajectory.load(path)

