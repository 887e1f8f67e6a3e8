"""The persistent shell's wire protocol: the line sent for each command, what the shell runs before
each prompt, and the wait channels that show the shell waiting for input when the end of a command does
not show (read from /proc by ``harness.process_tree``).

Each command is sent as one short line: ``eval`` of the command as one quoted word, then one
assignment that keeps its exit status in ``POSIXLY_CORRECT`` (which also turns POSIX mode on) and the
call's fresh token. Everything else runs from ``PROMPT_COMMAND``, which bash runs itself before every
prompt and which is made read-only at start, so no command can change or remove it: it restores what
the protocol relies on, prints the end marker (token and status), and the prompt follows. The line
stays short (the terminal processes every byte sent, which showed in each call's latency).

Threats it is built against (a model's command may do any of these, on purpose or not):

- a command longer than the terminal's line limit (4095 bytes in canonical mode: the rest is dropped
  and the line never ends): the quoted command is cut into continuation lines well under it;
- ``alias printf=echo``, ``alias {=...``: bash parses a whole line before running any of it, and
  every prompt is preceded by ``expand_aliases`` going off, so the next protocol line is parsed with
  no alias at all; the model's own text is parsed by ``eval`` with aliases back on; the words run
  from ``PROMPT_COMMAND`` are all escaped (``\\builtin``), which no alias matches;
- ``builtin() { :; }``, ``printf() { ...; }``: functions are looked up when a command runs; in POSIX
  mode the special built-in ``unset`` is found before any function, and removes functions named
  ``builtin`` and ``exec`` before any other protocol word runs; POSIX mode is left again;
- ``PS1='$ '``, ``PS0``, ``PROMPT_COMMAND=...`` (refused: read-only), ``trap ... DEBUG``,
  ``set -x``/``-v``/``-e``, ``BASH_XTRACEFD``: reset before every prompt, before the marker;
- ``exec 1>&-``, ``exec 2>/dev/null``: stdout and stderr are reopened on the terminal after a
  command that moved them, before the marker is written (so the marker and the prompt are seen);
- ``stty echo``, ``stty intr undef``: the host restores the terminal's settings before each command.

What remains (``readonly -f builtin``, ``enable -n builtin``, ``set -r``, ``kill -STOP $$``) cannot be
undone from inside the shell; the host sees it (the shell is stopped, or waits for input without
having printed the marker), answers with an error and starts a fresh shell.
"""

from __future__ import annotations

# Bytes of quoted text per physical line: far under the 4095-byte canonical line limit even when a
# line ends in a multi-byte character or escape.
CHUNK_BYTES = 1024
# The kernel's wait channels of a process blocked reading its terminal (n_tty_read sleeps in
# wait_woken on current kernels).
TTY_READ_WCHANS = {"wait_woken", "n_tty_read"}
EXIT_MARKER = "__STEPWISE_EXIT_%s__"  # printf format: "token:status"


def ansi_c_quote(text: str) -> str:
    """``text`` as one bash word in $'…' form: newlines and control characters escaped."""
    return "".join(_quoted_lines(text, limit=None))


def _escape(char: str) -> str:
    if char == "\\":
        return "\\\\"
    if char == "'":
        return "\\'"
    if char == "\n":
        return "\\n"
    if char == "\t":
        return "\\t"
    if ord(char) < 32 or ord(char) == 127:
        return f"\\x{ord(char):02x}"
    return char


def _quoted_lines(text: str, *, limit: int | None) -> list[str]:
    """``text`` as $'…' words; with ``limit``, a new word on a new physical line (joined by a
    backslash-newline, which bash removes) whenever the current one passes ``limit`` bytes."""
    lines, current, size = [], [], 0
    for char in text:
        piece = _escape(char)
        current.append(piece)
        size += len(piece.encode("utf-8", "surrogatepass"))
        if limit is not None and size >= limit:
            lines.append("$'" + "".join(current) + "'\\\n")
            current, size = [], 0
    lines.append("$'" + "".join(current) + "'")
    return lines


def command_line(command: str, *, token: str) -> str:
    """The text sent to the shell for one command (ends without the final newline)."""
    quoted = "".join(_quoted_lines(command, limit=CHUNK_BYTES))
    # After the command: POSIX mode on (an assignment keeping the status), where the special built-ins
    # ``set``, ``trap`` and ``unset`` are found before any function; POSIX mode off; aliases off last
    # (leaving POSIX mode restores the setting they had when it was entered). This must happen on
    # the line itself: bash restores its parser's settings (aliases, -v) after PROMPT_COMMAND.
    return (f"\\builtin shopt -s expand_aliases;\\builtin eval {quoted} </dev/null;"
            "{ POSIXLY_CORRECT=$?;\\set +vx;\\trap - DEBUG RETURN ERR;\\unset -f builtin exec;"
            f"__STEPWISE_END={token}:$POSIXLY_CORRECT;\\unset POSIXLY_CORRECT;\\builtin shopt -u expand_aliases;}} "
            "2>/dev/null")


def before_prompt(prompt: str) -> str:
    """What bash runs before every prompt (``PROMPT_COMMAND``): the prompt variables and stdout and
    stderr put back, then the end marker (token and status). After an interrupted line there is no
    token (the host then waits for its own) and the status is the shell's ``$?``."""
    # The ``exec`` is not behind ``builtin`` (which would make its redirections temporary); opening
    # the terminal costs more than all the rest, so it is done only when a command moved stdout or
    # stderr. Every word is escaped: PROMPT_COMMAND is parsed with the model's aliases.
    return "\n".join([
        "__STEPWISE_END=${__STEPWISE_END:-:$?}",
        "\\builtin trap - DEBUG RETURN ERR; \\builtin set +evx; PS1=" + ansi_c_quote(prompt) + " PS2= PS0=",
        "\\builtin test -t 1 -a -t 2 || \\exec >/dev/tty 2>&1",
        f"\\builtin printf '\\n{EXIT_MARKER}\\n' \"$__STEPWISE_END\"",
        "\\builtin unset __STEPWISE_END BASH_XTRACEFD"])


def setup_line(prompt: str) -> str:
    """Sent once after start: the read-only ``PROMPT_COMMAND`` (not exported), aliases off."""
    return f"readonly PROMPT_COMMAND={ansi_c_quote(before_prompt(prompt))}; \\builtin shopt -u expand_aliases"
