"""The debugger tools' handlers: each catalogue entry (``harness.records.debugger_tools``) bound to the
pdb controller of the session."""

from __future__ import annotations

from harness.debugger.breakpoint_commands import request_list
from harness.tools.registry import Handler


def _locations(args: dict, tool: str):
    return request_list(args.get("file"), args.get("line"), args.get("breakpoints"), tool=tool)


def _run(tool: str) -> Handler:
    return lambda session, args: session.debugger.run(tool, only_this_thread=bool(args.get("only_this_thread")))


HANDLERS: dict[str, Handler] = {
    'start_debugger': lambda session, args: session.debugger.start(args["file"], args.get("test"), args.get("stdin")),
    'add_breakpoint': lambda session, args: session.debugger.add_breakpoints(_locations(args, "add_breakpoint"),
                                                           condition=args.get("condition"),
                                                           temporary=bool(args.get("temporary"))),
    'remove_breakpoint': lambda session, args: session.debugger.remove_breakpoints(ident=args["id"]) if args.get("id") is not None
    else session.debugger.remove_breakpoints(_locations(args, "remove_breakpoint")),
    'list_breakpoints': lambda session, args: session.debugger.list_breakpoints(),
    'disable_breakpoint': lambda session, args: session.debugger.set_breakpoint_enabled(args["id"], False),
    'enable_breakpoint': lambda session, args: session.debugger.set_breakpoint_enabled(args["id"], True),
    'continue_execution': _run("continue_execution"),
    'step_over': _run("step_over"),
    'step_into': _run("step_into"),
    'step_out': _run("step_out"),
    'list_threads': lambda session, args: session.debugger.list_threads(),
    'list_tasks': lambda session, args: session.debugger.list_tasks(),
    'select_thread': lambda session, args: session.debugger.select_thread(args["thread"]),
    'print_variable': lambda session, args: session.debugger.print_variable(args["name"]),
    'examine_locals': lambda session, args: session.debugger.examine_locals(),
    'examine_globals': lambda session, args: session.debugger.examine_globals(),
    'run_expression': lambda session, args: session.debugger.run_expression(args["expression"]),
    'list_code': lambda session, args: session.debugger.list_code(args.get("line"), args.get("file")),
    'run_until': lambda session, args: session.debugger.run_until(args["line"]),
    'debug_call': lambda session, args: session.debugger.debug_call(args["expression"]),
    'watch': lambda session, args: session.debugger.set_watches(add=args["expression"]),
    'unwatch': lambda session, args: session.debugger.set_watches(remove=args["expression"]),
    'where_am_i': lambda session, args: session.debugger.where_am_i(),
    'select_frame': lambda session, args: session.debugger.select_frame(args["index"]),
}
