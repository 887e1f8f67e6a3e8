"""Values and stacks as records, built inside the debugged process (a sibling of ``stepwise_pdb``, loaded
with it: standard library only, nothing from ``harness``).

Every repr is capped here, so a megabyte-long repr never crosses the terminal; the harness renders the
model's text from these records and never parses text back. A value keeps its newlines: a repr that
spans several lines is one value.
"""

from __future__ import annotations

import ast
import hashlib
import types

VALUE_CAP = 200  # characters of one value's repr in a listing
ENTRY_CAP = 30  # entries of one locals/globals listing
OUTPUT_CAP = 3800  # bytes of one value shown alone: with its name and cut mark, within one answer (4096)
REPEAT_MIN = 4  # identical consecutive frames collapsed from this many (a deep recursion)

_repr, _isinstance, _len, _type = repr, isinstance, len, type  # private: the program may rebind builtins
_ModuleType = types.ModuleType


def safe_repr(value) -> str:
    try:
        text = _repr(value)
    except BaseException as exc:  # a broken __repr__ is evidence too, not a crash
        return f"<repr failed: {_type(exc).__name__}: {exc}>"
    return text if _isinstance(text, str) else f"<repr returned {_type(text).__name__}, not str>"


def capped(text: str, limit: int = VALUE_CAP) -> str:
    if _len(text) <= limit:
        return text
    return f"{text[:limit]}...<+{_len(text) - limit} chars>"


def value_record(expression: str, value) -> dict:
    """One value shown alone: its repr cut to OUTPUT_CAP bytes, with what was dropped counted once."""
    data = safe_repr(value).encode("utf-8", "replace")
    record: dict[str, object] = {"kind": "value", "expression": expression, "value": data[:OUTPUT_CAP].decode("utf-8", "ignore")}
    if _len(data) > OUTPUT_CAP:
        record["dropped_bytes"] = _len(data) - OUTPUT_CAP
        record["sha1"] = hashlib.sha1(data).hexdigest()[:12]
    return record


def listing_record(scope: str, namespace) -> dict:
    """A locals/globals listing: (name, capped repr) rows; module dunders and pytest's temporaries left out."""
    rows, hidden, builtins_seen = [], 0, False
    for name, value in list(namespace.items()):
        if name == "__builtins__":
            builtins_seen = True
            continue
        if not _isinstance(name, str) or name.startswith("@") or (name.startswith("__") and name.endswith("__")):
            continue
        if _len(rows) >= ENTRY_CAP:
            hidden += 1
            continue
        text = f"<module {value.__name__}>" if _isinstance(value, _ModuleType) else safe_repr(value)
        rows.append([name, capped(text)])
    return {"kind": "values", "scope": scope, "values": rows, "hidden": hidden, "builtins": builtins_seen}


def split_statements(source: str):
    """``stmt; expr`` → (code of the statements, code of the last expression) so its value is shown, as
    pdb shows it; (code, None) when the source does not end in an expression."""
    tree = ast.parse(source, "<run_expression>", "exec")
    final = tree.body[-1] if tree.body else None
    if _isinstance(final, ast.Expr):
        tree.body.pop()
        last = ast.Expression(final.value)
        return compile(tree, "<run_expression>", "exec"), compile(last, "<run_expression>", "eval")
    return compile(tree, "<run_expression>", "exec"), None


def collapse(rows: list[dict]) -> list[dict]:
    """Runs of REPEAT_MIN or more identical consecutive frames (a recursion) become their first frame, one
    ``repeat`` row counting the middle, and their last frame."""
    out, start = [], 0
    while start < _len(rows):
        end = start
        key = (rows[start]["file"], rows[start]["line"], rows[start]["function"])
        while end + 1 < _len(rows) and (rows[end + 1]["file"], rows[end + 1]["line"],
                                        rows[end + 1]["function"]) == key and not rows[end + 1].get("selected"):
            end += 1
        if end - start + 1 >= REPEAT_MIN:
            middle = rows[start + 1:end]
            out += [rows[start], {"repeat": _len(middle), "first": middle[0]["index"], "last": middle[-1]["index"],
                                  "file": key[0], "line": key[1], "function": key[2]}, rows[end]]
        else:
            out += rows[start:end + 1]
        start = end + 1
    return out
