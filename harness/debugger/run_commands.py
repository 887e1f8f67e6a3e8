"""The tools that run the program on (a mixin of ``PdbController``): continue, step, run until a line,
debug a call, switch threads, and what the answer says when the run paused, ended, was interrupted or
was killed; all read from the in-process debugger's records (``Exchange.records``)."""

from __future__ import annotations

from harness.debugger import render, terminal_text
from harness.debugger.breakpoints import Breakpoint
from harness.debugger.hints import RunFacts, no_hit_message
from harness.debugger.process import DebuggedProgram, Exchange
from harness.debugger.run_outcomes import abrupt_exit, killed_by, post_mortem_note, summary_of_tests
from harness.records.debugger import Stop
from harness.records.observation import Observation

RUN_COMMANDS = {"continue_execution": "continue", "step_over": "next", "step_into": "step",
                "step_out": "return"}


class RunCommands:
    """Needs of its host (PdbController): the attributes and methods declared below."""

    position: tuple[str, int] | None
    workspace: str
    breakpoints: list[Breakpoint]
    tool_timeout_s: float
    target: str | None
    mode: str
    test: str | None
    task: str | None
    tests_run: list[tuple[str, str]]
    hits_since_start: int
    post_mortem: bool

    @property
    def _running(self) -> DebuggedProgram:
        raise NotImplementedError

    @property
    def _waited(self) -> str:
        raise NotImplementedError

    def _with_argument(self, command: str, text: str, field: str) -> str:
        raise NotImplementedError

    def _track(self, exchange: Exchange) -> None:
        raise NotImplementedError

    def _shown(self, exchange: Exchange) -> str:
        raise NotImplementedError

    def _answer(self, body: str, *, error: bool = False, stop: Stop | None = None) -> Observation:
        raise NotImplementedError

    def restart(self, reason: str) -> str:
        raise NotImplementedError

    def sync_breakpoints(self, records: list[dict]) -> list[str]:
        raise NotImplementedError

    def _test_files(self) -> list[str]:
        raise NotImplementedError

    def run(self, tool: str, *, only_this_thread: bool = False) -> Observation:
        """``only_this_thread``: the other threads stay paused while this one runs (a race watched)."""
        command = RUN_COMMANDS[tool]
        exchange = self._running.send(f"stepwise_alone {command}" if only_this_thread else command,
                                      self.tool_timeout_s)
        obs = self._after_run(exchange, "hit" if tool == "continue_execution" else "step")
        if only_this_thread and not obs.error:
            obs.text = obs.text.replace("</execution_position>", "(only the paused thread ran; the others stayed "
                                        "held)\n</execution_position>")
        return obs

    def run_until(self, line: int) -> Observation:
        """Run until a line at or past ``line`` of the current function (or it returns)."""
        return self._after_run(self._running.send(f"until {int(line)}", self.tool_timeout_s), "step")

    def debug_call(self, expression: str) -> Observation:
        """Run ``expression`` under a nested debugger, paused in the first function it calls."""
        exchange = self._running.send(self._with_argument("stepwise_debug", expression, "expression"),
                                      self.tool_timeout_s)
        return self._after_run(exchange, "step")

    def select_thread(self, thread: str) -> Observation:
        """Hand the prompt to another thread: it pauses where it is (a stop of its own)."""
        exchange = self._running.send(f"stepwise_thread {thread}", self.tool_timeout_s)
        refused = render.answer(exchange.records, "select_thread") if exchange.status == "prompt" else None
        if refused is not None and refused.error:
            return self._answer(refused.text, error=True)
        return self._after_run(exchange, "frame")  # another thread's frame is selected

    def _after_run(self, exchange: Exchange, paused: str = "step") -> Observation:
        """``paused``: the stop kind of an ordinary pause (a continue hits, a step steps)."""
        self.tests_run += [(str(r.get("nodeid")), str(r.get("outcome"))) for r in exchange.records
                           if r.get("kind") == "test"]
        ends = [r for r in exchange.records if r.get("kind") == "end"]
        stops = [r for r in exchange.records if r.get("kind") == "stop"]
        restarts = [r for r in exchange.records if r.get("kind") == "restart"]
        last_stop = stops[-1]["reason"] if stops else None
        if exchange.status == "prompt":
            self._track(exchange)
            if stops and stops[-1].get("reason") == "breakpoint":
                self.hits_since_start += 1
            body = self._shown(exchange)
            was_post_mortem, self.post_mortem = self.post_mortem, last_stop == "post_mortem"
            stop = Stop(paused)
            if self.post_mortem:
                stop = Stop("exception", stops[-1].get("exception"))
                body = post_mortem_note(stops[-1].get("raised_in"), self.position,
                                        in_test=self.mode == "pytest") + "\n" + body
            elif was_post_mortem and any(r.get("after") == "post_mortem" for r in restarts):
                stop = Stop("restart")
                # python -m pdb restarts the script by itself once the post-mortem session is left.
                self.hits_since_start = 0
                body = f"The post-mortem session ended; the debugger restarted the program.\n{body}"
            elif any(end.get("how") in ("finished", "exit") for end in ends):
                stop = Stop("restart")
                # python -m pdb restarts the script by itself, paused at its first line again.
                exited = [end for end in ends if end.get("how") == "exit"]
                summary = f"sys.exit({exited[-1].get('status')})" if exited else None
                body = f"{self._no_hit_message(summary, exchange.records)} The debugger restarted it.\n{body}"
                self.hits_since_start = 0  # counted again from the restart
            notes = self.sync_breakpoints(exchange.records)
            if stops and isinstance(stops[-1].get("thread"), str):
                notes.insert(0, render.thread_line(stops[-1]))
            if stops:
                notes += render.stop_notes(stops[-1])
                task = stops[-1].get("task")
                if isinstance(task, str):
                    switched = self.task is not None and task != self.task
                    notes.append(f"asyncio task: {task}" + (f" (switched from {self.task}: another task runs now)"
                                                           if switched else ""))
                self.task = task if isinstance(task, str) else None
            shown = render.answer(exchange.records, "debug_call")  # a call stepped into came back
            if shown is not None:
                notes.append(shown.text)
            body = "\n".join([body.strip(), *notes]).strip()
            obs = self._answer(body or "(no output)", stop=stop, error=shown is not None and shown.error)
            if shown is not None and obs.debugger is not None and not shown.error:
                obs.debugger.values = shown.values
            return obs
        self.post_mortem = False
        if exchange.status == "interrupted":
            self._track(exchange)
            body = self._shown(exchange)
            return self._answer(f"The program did not pause within {self._waited}s: it looks stuck "
                                "(a deadlock, an endless loop, or waiting for input). It was interrupted; below is where every "
                                "thread is, and the debugger is paused in the main thread.\n" + body,
                                stop=Stop("interrupt"))
        output = terminal_text.clean(exchange.raw, self.workspace)
        if exchange.status == "killed":
            message = self.restart(f"The program did not pause within {self._waited}s and did not answer "
                                   "the interrupt (it ignores SIGINT, or a thread is stuck in native code), so it "
                                   "was stopped: the program's doing, not the debugger's. Where every thread was:\n"
                                   + output[-2500:] + "\n")
            return self._answer(message, error=True, stop=Stop("restart"))
        program_output = output[-1500:]
        killed = killed_by(exchange.records)
        if killed:
            message = self.restart(f"The program was killed by signal {killed}; it did not run to its end.")
            if program_output:
                message += f"\nOutput of the killed run (where it crashed):\n{program_output}"
            return self._answer(message, error=True, stop=Stop("restart"))
        status = abrupt_exit(exchange.records)
        if status is not None:
            message = self.restart(f"The program exited with status {status} before its end (os._exit, or its "
                                   "process was ended from inside).")
            if program_output:
                message += f"\nOutput of the run:\n{program_output}"
            return self._answer(message, error=True, stop=Stop("restart"))
        summary = summary_of_tests(self.tests_run) if self.mode == "pytest" else None
        message = self.restart(self._no_hit_message(summary, exchange.records))
        if program_output:
            message += f"\nOutput of the finished run:\n{program_output}"
        return self._answer(message, stop=Stop("restart"))

    def _no_hit_message(self, summary: str | None, records: list[dict] | None = None) -> str:
        reached: dict[tuple[str, int], dict[str, int]] = {}
        for end in (r for r in records or [] if r.get("kind") == "end"):
            for row in end.get("hits") or []:
                if isinstance(row, list) and len(row) == 3 and isinstance(row[2], dict):
                    reached[(str(row[0]), int(row[1]))] = {str(k): int(v) for k, v in row[2].items()}
        return no_hit_message(RunFacts(reached=reached,
            target=self.target or "", mode=self.mode, selected_test=self.test, tests=list(self.tests_run),
            breakpoints=[(bp.file, bp.line) for bp in self.breakpoints], hits=self.hits_since_start,
            summary=summary, workspace_tests=self._test_files()))
