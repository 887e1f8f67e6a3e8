"""The persistent shell's wire protocol: the line sent for each command, and how the shell's state is
read from /proc when the marker does not come.

Threats it is built against (a model's command may do any of these, on purpose or not):

- a command longer than the terminal's line limit (4095 bytes in canonical mode: the rest is dropped
  and the line never ends): the quoted command is cut into continuation lines well under it;
- ``alias printf=echo``, ``alias {=...``: bash parses a whole line before running any of it, and
  every protocol line ends with ``expand_aliases`` off, so the next protocol line is parsed with no
  alias at all; the model's own text is parsed by ``eval`` with aliases back on;
- ``builtin() { :; }``, ``printf() { ...; }``: functions are looked up when a command runs, so after
  the model's command the line enters POSIX mode (an assignment: no lookup), where the special
  built-in ``unset`` is found before any function, removes functions named ``builtin`` and
  ``exec``, and POSIX mode is left at the end; every other protocol word is ``\\builtin ...``;
- ``PS1='$ '``, ``PROMPT_COMMAND=...`` (a string or an array), ``PS0``, ``trap ... DEBUG``,
  ``set -x``/``-v``/``-e``, ``BASH_XTRACEFD``: reset after every command, before the marker;
- ``exec 1>&-``, ``exec 2>/dev/null``: the marker is written to /dev/tty, and stdout and stderr are
  reopened on the terminal after every command (so the prompt is seen);
- ``stty echo``, ``stty intr undef``: the host restores the terminal's settings before each command.

What remains (``readonly -f builtin``, ``enable -n builtin``, ``set -r``, ``kill -STOP $$``) cannot be
undone from inside the shell; the host sees it (the shell is stopped, or waits for input without
having printed the marker), answers with an error and starts a fresh shell.
"""

from __future__ import annotations

from pathlib import Path

# Bytes of quoted text per physical line: far under the 4095-byte canonical line limit even when a
# line ends in a multi-byte character or escape.
CHUNK_BYTES = 1024
# The kernel's wait channels of a process blocked reading its terminal (n_tty_read sleeps in
# wait_woken on current kernels).
TTY_READ_WCHANS = {"wait_woken", "n_tty_read"}
EXIT_MARKER = "__STEPWISE_EXIT_{token}__"


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


def command_line(command: str, *, token: str, prompt: str) -> str:
    """The text sent to the shell for one command (ends without the final newline)."""
    marker = EXIT_MARKER.format(token=token)
    quoted = "".join(_quoted_lines(command, limit=CHUNK_BYTES))
    reset = ("__STEPWISE_RC=$?; POSIXLY_CORRECT=y; \\trap - DEBUG RETURN ERR; \\unset -f builtin exec; "
             "\\unset PROMPT_COMMAND PS0 BASH_XTRACEFD; \\builtin set +evx; "
             f"\\builtin printf '\\n{marker}:%s\\n' \"$__STEPWISE_RC\" >/dev/tty; \\unset __STEPWISE_RC; "
             f"PS1={ansi_c_quote(prompt)}; PS2=")
    # The last ``exec`` is outside the group (whose own redirection would be undone after it) and
    # not behind ``builtin`` (which would make its redirections temporary); aliases go off after POSIX
    # mode is left, which restores the setting they had when it was entered.
    return (f"\\builtin shopt -s expand_aliases; \\builtin eval {quoted} </dev/null; "
            f"{{ {reset}; }} 2>/dev/null; \\exec >/dev/tty 2>&1; \\unset POSIXLY_CORRECT; "
            "\\builtin shopt -u expand_aliases")


def setup_line(prompt: str) -> str:
    """Sent once after start: aliases off while protocol lines are parsed; the prompt as expected."""
    return f"\\builtin shopt -u expand_aliases; PS1={ansi_c_quote(prompt)}; PS2="


def process_state(pid: int) -> tuple[str, str]:
    """(state letter, wait channel) of ``pid`` from /proc; ("", "") when unreadable or gone."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
        state = stat[stat.rfind(")") + 2:].split()[0]
    except (OSError, IndexError):
        return "", ""
    try:
        wchan = Path(f"/proc/{pid}/wchan").read_text().strip()
    except OSError:
        wchan = ""
    return state, wchan
