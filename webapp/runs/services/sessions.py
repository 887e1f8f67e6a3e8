"""Writes for live sessions driven by a person: the person's tool calls go in as HumanCall rows (the
browser posts them), the session's worker takes them in order (``CallWaiter``), and a session nobody
drives for ``STEPWISE_SESSION_IDLE_S`` seconds is closed by its worker.

Rows are the truth here as everywhere: a call is stored before anything runs it, so a call made while
the worker is busy (or before it started) waits its turn and is never lost. Storing a call rings the
session's doorbell, which wakes its worker at once; the worker also reads the rows every
``STEPWISE_SESSION_POLL_S`` seconds, so a lost ring only delays a call. The browser learns the answer
from the episode's live follower, like any other viewer.
"""

from __future__ import annotations

import json

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from harness.policies.human import MAX_VIEWED, HumanMove, SessionAbandoned
from harness.tools import toolset
from webapp.core import roles
from webapp.live.doorbell import Listener, ring
from webapp.runs.models import OVER, Driver, Episode, HumanCall

MAX_ARGUMENTS_BYTES = 256_000  # a whole file written with write_file fits; more is refused
MAX_NOTE_CHARS = 10_000
MAX_WAITING_CALLS = 20  # calls made but not yet run; more are refused until the worker catches up


def calls_topic(episode_pk: int) -> str:
    """The doorbell a session's worker listens to for the person's calls."""
    return f"session.{episode_pk}.calls"


class SessionCallError(ValueError):
    """A call the session cannot take; the message says what to do. ``refused``: the call may be fine
    but this person or this session cannot take it (not theirs, or over); ``forbidden``: this person may
    not drive it at all (their role, or another person's session)."""

    def __init__(self, message: str, *, refused: bool = False, forbidden: bool = False):
        super().__init__(message)
        self.refused, self.forbidden = refused or forbidden, forbidden


def session_tools(arm: str) -> list[dict]:
    """The function schemas a person may call: exactly the model's tools for the arm."""
    return toolset(arm)


def _check_call(episode: Episode, name, arguments, note) -> tuple[str, dict, str]:
    names = [tool["function"]["name"] for tool in session_tools(episode.arm)]
    if not isinstance(name, str) or name not in names:
        raise SessionCallError(f"{name!r} is not a tool of the {episode.arm} arm; use one of {', '.join(names)}")
    if not isinstance(arguments, dict):
        raise SessionCallError(f"the arguments of {name} must be a JSON object, e.g. {{\"file\": \"test_x.py\"}}")
    size = len(json.dumps(arguments, ensure_ascii=False).encode("utf-8", "surrogatepass"))
    if size > MAX_ARGUMENTS_BYTES:
        raise SessionCallError(f"the arguments of {name} are {size} bytes; at most {MAX_ARGUMENTS_BYTES} are taken")
    note = str(note or "")
    if len(note) > MAX_NOTE_CHARS:
        raise SessionCallError(f"the note is {len(note)} characters; keep it under {MAX_NOTE_CHARS}")
    return name, arguments, note


@transaction.atomic
def submit_call(*, episode: Episode, user, name, arguments=None, note: str = "") -> HumanCall:
    """Queue one tool call of the person driving ``episode``; raises SessionCallError (nothing stored)
    when the session is not theirs, is over, or the call is not one of the arm's tools."""
    locked = Episode.objects.select_for_update().select_related("job").get(pk=episode.pk)
    if not roles.has(user, roles.OPEN_SESSION):
        raise SessionCallError("driving a debugger session takes the researcher role; you may watch it "
                               "(an admin grants it: manage.py grant USER researcher)", forbidden=True)
    if locked.driver != Driver.HUMAN:
        raise SessionCallError("this episode is played by a policy; only live sessions take calls from people",
                               refused=True)
    if locked.job.created_by_id != getattr(user, "id", None):
        raise SessionCallError("only the person who opened this session may drive it; you may watch it",
                               forbidden=True)
    if locked.job.state in OVER:
        raise SessionCallError(f"this session is over ({locked.job.state}); open a new one to keep working",
                               refused=True)
    name, arguments, note = _check_call(locked, name, {} if arguments is None else arguments, note)
    if HumanCall.objects.filter(episode=locked, taken_at__isnull=True).count() >= MAX_WAITING_CALLS:
        raise SessionCallError(f"{MAX_WAITING_CALLS} calls are still waiting to run; wait for their answers "
                               "before making more", refused=True)
    call = HumanCall.objects.create(episode=locked, name=name, arguments=arguments, note=note, made_by=user,
                                    viewed=list(locked.viewed_since_call or []))
    locked.last_activity_at = timezone.now()
    locked.viewed_since_call = []
    locked.save(update_fields=["last_activity_at", "viewed_since_call", "updated_at"])
    ring(calls_topic(locked.pk))
    return call


@transaction.atomic
def note_viewed(*, episode: Episode, user, path: str) -> bool:
    """Record that the session's viewer showed ``path`` to the person driving it: the next call carries
    it as a read (what ``edit_without_read`` looks for). Only the driver of a live session counts."""
    locked = Episode.objects.select_for_update().select_related("job").get(pk=episode.pk)
    if (locked.driver != Driver.HUMAN or locked.job.state in OVER or not path
            or locked.job.created_by_id != getattr(user, "id", None)):
        return False
    viewed = list(locked.viewed_since_call or [])
    if path in viewed or len(viewed) >= MAX_VIEWED:
        return False
    locked.viewed_since_call = [*viewed, path]
    locked.save(update_fields=["viewed_since_call"])
    return True


@transaction.atomic
def take_next_call(*, episode: Episode) -> HumanCall | None:
    """The oldest call not yet taken, marked taken (None when there is none)."""
    call = (HumanCall.objects.select_for_update(skip_locked=True)
            .filter(episode=episode, taken_at__isnull=True).order_by("id").first())
    if call is not None:
        call.taken_at = timezone.now()
        call.save(update_fields=["taken_at"])
        Episode.objects.filter(pk=episode.pk).update(last_activity_at=call.taken_at)
    return call


def idle_limit_s() -> float:
    return float(settings.STEPWISE_SESSION_IDLE_S)


class CallWaiter:
    """What a session's HumanPolicy asks for each turn: the person's next call, waited for on the
    session's doorbell (and on a timer, should a ring be lost). ``close()`` stops listening."""

    def __init__(self, *, episode: Episode, check_cancelled, idle_s: float | None = None,
                 poll_s: float | None = None):
        self.episode = episode
        self.check_cancelled = check_cancelled
        self.idle_s = idle_limit_s() if idle_s is None else idle_s
        self.poll_s = float(settings.STEPWISE_SESSION_POLL_S) if poll_s is None else poll_s
        self.bell = Listener(calls_topic(episode.pk))

    def __call__(self) -> HumanMove:
        """Block until the person's next call; ``check_cancelled()`` raises when the job was cancelled,
        SessionAbandoned once nobody made a call for ``idle_s`` seconds (counted from the last call or
        the start of the session)."""
        while True:
            call = take_next_call(episode=self.episode)
            if call is not None:
                return HumanMove(call.name, dict(call.arguments or {}), call.note, viewed=list(call.viewed or []))
            self.check_cancelled()
            last = Episode.objects.filter(pk=self.episode.pk).values_list("last_activity_at", flat=True).first()
            idle = (timezone.now() - last).total_seconds() if last is not None else 0.0
            if idle > self.idle_s:
                raise SessionAbandoned(f"the session was closed after {self.idle_s:g} s without a call "
                                       "(STEPWISE_SESSION_IDLE_S); what was played is kept")
            self.bell.wait(max(0.01, min(self.poll_s, self.idle_s - idle + 0.01)))

    def close(self) -> None:
        self.bell.close()
