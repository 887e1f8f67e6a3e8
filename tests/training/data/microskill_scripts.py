"""Per skill: a real training task and two scripted teachers in DESIGN.md's format, the first a trace
the skill's evaluator must reject (and why), the second one it must accept."""

from __future__ import annotations


def c(tool: str, **arguments) -> dict:
    return {"name": tool, "arguments": arguments}


BULK_FIX = c("edit_file", file_path="batching.py",
             old_string="        batch = itertools.islice(iterator, size)\n        try:\n            first = next(batch)\n"
                        "        except StopIteration:\n            return\n        yield itertools.chain([first], batch)",
             new_string="        batch = list(itertools.islice(iterator, size))\n        if not batch:\n            return\n"
                        "        yield batch")
SENSOR_FIX = c("edit_file", file_path="summary.py", old_string="readings = valid(parse_readings(lines))",
               new_string="readings = list(valid(parse_readings(lines)))")
CATALOG_FIX = c("edit_file", file_path="paging.py", old_string="return max(1, self.total_items // self.size)",
                new_string="return max(1, -(-self.total_items // self.size))")
TESTS = c("bash", command="python -m pytest -q")
TO_BULK_BREAKPOINT = [c("start_debugger", file="test_upload.py"), c("add_breakpoint", file="uploader.py", line=32),
                      c("continue_execution")]
INSPECT_PLAN = c("print_variable", name="(len(plan), type(plan[0]).__name__)")
WHERE_THREADS_WAIT = ("{t.name: __import__('traceback').extract_stack(__import__('sys')._current_frames()[t.ident])"
                      "[-1].line for t in threading.enumerate()}")

# skill -> (task, rejected calls, reason codes the rejection must include, accepted calls)
EXERCISES = {
    "breakpoint_inspect": ("bulk_upload_batches", TO_BULK_BREAKPOINT, {"any_of", "no_adjacent_inspection"},
                           [*TO_BULK_BREAKPOINT, INSPECT_PLAN]),
    "read_before_edit": ("sensor_summary_reuse", [SENSOR_FIX, TESTS],
                         {"policy:edit_without_read", "order", "chain"},
                         [c("bash", command="sed -n '1,25p' summary.py"), SENSOR_FIX, TESTS]),
    "rerun_tests_before_done": ("catalog_page_count", [c("bash", command="sed -n '15,20p' paging.py"), CATALOG_FIX],
                                {"not_verified", "policy:done_without_verification", "chain"},
                                [c("bash", command="sed -n '15,20p' paging.py"), CATALOG_FIX, TESTS]),
    "recover_failed_edit": ("catalog_page_count",
                            [c("edit_file", file_path="paging.py",
                               old_string="return max( 1, self.total_items // self.size)",
                               new_string="return max(1, -(-self.total_items // self.size))")],
                            {"skill_check", "missing_tool"},
                            [c("edit_file", file_path="paging.py", old_string="return max( 1, self.total_items // self.size)",
                               new_string="return max(1, -(-self.total_items // self.size))"),
                             c("bash", command="grep -n 'total_items //' paging.py"), CATALOG_FIX]),
    "start_from_test_file": ("bulk_upload_batches",
                             [c("start_debugger", file="uploader.py"), c("add_breakpoint", file="uploader.py", line=32),
                              c("continue_execution"), c("examine_locals")],
                             {"skill_check", "no_adjacent_inspection"},
                             [*TO_BULK_BREAKPOINT, INSPECT_PLAN]),
    "post_mortem_inspect": ("bulk_upload_batches",
                            [c("start_debugger", file="test_upload.py"), c("continue_execution"),
                             c("continue_execution"), c("examine_locals")],
                            {"skill_check", "no_adjacent_inspection"},
                            [c("start_debugger", file="test_upload.py"), c("continue_execution"),
                             c("print_variable", name="(len(plan), quota)")]),
    "step_into_library": ("roster_query_jmespath",
                          [c("start_debugger", file="test_roster.py"), c("add_breakpoint", file="roster.py", line=18),
                           c("continue_execution"), c("step_over"), c("examine_locals")],
                          {"skill_check", "missing_tool"},
                          [c("start_debugger", file="test_roster.py"), c("add_breakpoint", file="roster.py", line=18),
                           c("continue_execution"), c("step_into"), c("step_out"), c("step_into"),
                           c("examine_locals")]),
    "find_lock_holder": ("parallel_map_join",
                         [c("start_debugger", file="test_parallel.py"), c("continue_execution"), c("examine_locals")],
                         {"skill_check"},
                         [c("start_debugger", file="test_parallel.py"), c("continue_execution"),
                          c("run_expression", expression=WHERE_THREADS_WAIT)]),
    "debug_edit_verify": ("bulk_upload_batches",
                          [c("bash", command="sed -n '1,20p' batching.py"), BULK_FIX, *TO_BULK_BREAKPOINT,
                           INSPECT_PLAN, TESTS],
                          {"chain", "order"},
                          [c("bash", command="sed -n '1,20p' batching.py"), *TO_BULK_BREAKPOINT, INSPECT_PLAN,
                           BULK_FIX, TESTS]),
}
