"""The skills: eight atomic habits and one composite chain. Instruction templates use the instance's
fields: ``file``, ``line``, ``function``, ``test_file``, ``package``, ``fix_file``, ``fix_line``,
``stale_text``, ``new_text``."""

from __future__ import annotations

from collections.abc import Iterable

from harness.records.groups import DEBUGGER_TOOLS, INSPECTION_TOOLS
from training.microskills import checks
from training.microskills.schema import BASE_RULES, MicroSkill

INSPECT = frozenset(INSPECTION_TOOLS)
CORE = frozenset({"start_debugger", "add_breakpoint", "continue_execution"})
EDITING = frozenset({"bash", "edit_file", "done"})

SKILLS: tuple[MicroSkill, ...] = (
    MicroSkill(
        name="breakpoint_inspect",
        description="Set a breakpoint at a given line, run to it, and inspect the state right there.",
        instruction_template=("Start the debugger on {test_file}, set a breakpoint at line {line} of {file} (in "
                              "{function}), continue to it and inspect the values that line works with. Do not "
                              "edit anything; call done when you have seen them."),
        max_turns=6, allowed_tools=CORE | INSPECT | {"done"}, required_tools=CORE,
        required_order=("start_debugger", "add_breakpoint", "continue_execution"), any_of=(INSPECT,),
        inspection_adjacency=True, skill_chain=("debug", "inspect"), needs=frozenset({"evidence", "debugger"}),
        check=checks.breakpoint_hit, check_description="the breakpoint at the given line was hit"),
    MicroSkill(
        name="read_before_edit",
        description="Read the code around the bug before changing it; fix, test, done.",
        instruction_template=("The bug is in {function} of {file}, around line {line}. Read that code before you "
                              "change anything, then fix it, run the tests and call done once they pass."),
        max_turns=8, allowed_tools=EDITING, required_tools=frozenset({"bash", "edit_file"}),
        required_order=("bash", "edit_file"), verification_required=True, skill_chain=("read", "edit", "verify"),
        needs=frozenset({"evidence"}), policy_rules=BASE_RULES | {"done_without_verification"}),
    MicroSkill(
        name="rerun_tests_before_done",
        description="After a fix, rerun the tests and call done only once they pass.",
        instruction_template=("Fix the bug in {function} of {file}. After your change, run the tests again and call "
                              "done only once they pass."),
        max_turns=8, allowed_tools=EDITING, required_tools=frozenset({"bash", "edit_file"}),
        required_order=("edit_file",), verification_required=True, skill_chain=("edit", "verify"),
        needs=frozenset({"evidence"}), policy_rules=BASE_RULES | {"done_without_verification"}),
    MicroSkill(
        name="recover_failed_edit",
        description="When edit_file refuses a change (the text does not match), reread the lines and retry.",
        instruction_template=("A reviewer proposed this change to {fix_file}, written against an older revision: "
                              "replace `{stale_text}` with `{new_text}` (line {fix_line}). Apply it with edit_file. "
                              "If the tool refuses it, read the lines there and retry with the file's exact text; "
                              "then call done."),
        max_turns=6, allowed_tools=EDITING, required_tools=frozenset({"edit_file"}), skill_chain=("edit",),
        needs=frozenset({"one_line_fix"}), errors_allowed=frozenset({"edit_file"}),
        check=checks.recovered_failed_edit,
        check_description="a failed edit_file, then a read of that file, then a successful edit of it"),
    MicroSkill(
        name="start_from_test_file",
        description="Start the debugger on a test file, so the code under suspicion actually runs, and stop in it.",
        instruction_template=("The failure passes through {function} in {file} (line {line}). Get the program "
                              "paused at that line under the debugger, inspect it, then call done. Do not edit."),
        max_turns=6, allowed_tools=CORE | INSPECT | {"done"}, required_tools=CORE, any_of=(INSPECT,),
        required_order=("start_debugger", "add_breakpoint", "continue_execution"), inspection_adjacency=True,
        skill_chain=("debug", "inspect"), needs=frozenset({"evidence", "debugger"}),
        check=checks.started_on_test_file,
        check_description="start_debugger named a test file and the program stopped in the given module"),
    MicroSkill(
        name="post_mortem_inspect",
        description="Let an uncaught exception stop the program and inspect the frame that raised it.",
        instruction_template=("Run {test_file} under the debugger without breakpoints and let it stop where the "
                              "exception is raised; inspect that frame before anything else, then call done."),
        max_turns=6,
        allowed_tools=frozenset({"start_debugger", "continue_execution", "where_am_i", "select_frame", "list_code",
                                 "done"}) | INSPECT,
        required_tools=frozenset({"start_debugger", "continue_execution"}), any_of=(INSPECT,),
        required_order=("start_debugger", "continue_execution"), inspection_adjacency=True,
        skill_chain=("debug", "inspect"), needs=frozenset({"debugger", "exception"}),
        check=checks.inspected_post_mortem,
        check_description="an inspection at the post-mortem stop in the frame that raised (not a test)"),
    MicroSkill(
        name="step_into_library",
        description="Step from the task's code into an installed library's function and inspect it there.",
        instruction_template=("Line {line} of {file} calls into the {package} library. Stop at that line under the "
                              "debugger, step into the library call until you are inside {package}'s code, "
                              "inspect what it received, then call done."),
        max_turns=10,
        allowed_tools=CORE | INSPECT | {"step_into", "step_over", "step_out", "where_am_i", "done"},
        required_tools=CORE | {"step_into"}, any_of=(INSPECT,),
        required_order=("start_debugger", "add_breakpoint", "continue_execution", "step_into"),
        inspection_adjacency=True, skill_chain=("debug", "inspect"),
        needs=frozenset({"evidence", "debugger", "dependency"}), check=checks.stepped_into_library,
        check_description="a step_into landed in the library's code and something was inspected there"),
    MicroSkill(
        name="find_lock_holder",
        description="On a hang or deadlock, stop the program and find which thread holds what the others wait for.",
        instruction_template=("The tests in {test_file} hang or give up waiting: something in {function} of "
                              "{file} deadlocks. Run them under the debugger until the program stops (a "
                              "timeout, an exception, or the debugger interrupting the hang), then find out "
                              "which thread holds what the others wait for. Call done when you know."),
        max_turns=8,
        allowed_tools=CORE | INSPECT | {"where_am_i", "select_frame", "step_over", "list_code", "done"},
        required_tools=frozenset({"start_debugger", "continue_execution"}), any_of=(INSPECT,),
        required_order=("start_debugger", "continue_execution"), skill_chain=("debug", "inspect"),
        needs=frozenset({"evidence", "debugger", "deadlock"}), check=checks.asked_which_thread,
        check_description="an inspection at a stop asked about the threads or a lock's state"),
    MicroSkill(
        name="debug_edit_verify",
        level="composite",
        description="The whole loop: find the cause with the debugger, fix it, verify, done.",
        instruction_template=("Find the cause of the failure in {file} with the debugger (stop near line {line} "
                              "and inspect), fix it, rerun the tests and call done once they pass."),
        max_turns=14, allowed_tools=frozenset(DEBUGGER_TOOLS) | EDITING | {"write_file"},
        required_tools=frozenset({"start_debugger", "continue_execution", "edit_file"}), any_of=(INSPECT,),
        required_order=("start_debugger", "continue_execution", "edit_file"), inspection_adjacency=True,
        verification_required=True, skill_chain=("debug", "inspect", "edit", "verify"),
        needs=frozenset({"evidence", "debugger"}),
        policy_rules=BASE_RULES | {"done_without_verification", "no_adjacent_inspection",
                                   "recommended_without_inspection"}),
)

BY_NAME = {skill.name: skill for skill in SKILLS}


def skills_named(names: Iterable[str]) -> list[MicroSkill]:
    """The skills named (``all`` for every one), in catalogue order; ValueError names an unknown one."""
    names = [n.strip() for n in names if n.strip()]
    if not names or "all" in names:
        return list(SKILLS)
    unknown = [n for n in names if n not in BY_NAME]
    if unknown:
        raise ValueError(f"unknown skill(s) {', '.join(unknown)}; known: all, {', '.join(BY_NAME)}")
    return [s for s in SKILLS if s.name in names]
