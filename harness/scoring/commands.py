"""What a ``bash`` command did, read from its command line and its step's ShellRecord: which files it read, whether it
dumped a whole file, probed metadata, ran the tests (and whether they passed), or changed a file.

The shell is one persistent bash, so this is a reading of intent from the command line, not a
sandbox trace. It errs on the side of counting a read as a read (a model is not punished for a
read it did) and only flags a dump when no later stage of the pipeline limits the output.
"""

from __future__ import annotations

import fnmatch
import os
import re
import shlex
from dataclasses import dataclass, field

from harness.records.shell import ShellRecord

READERS = {"cat", "sed", "grep", "egrep", "fgrep", "rg", "head", "tail", "less", "more", "nl", "awk",
           "bat", "tac", "cut", "view", "diff", "od", "xxd", "strings"}
WHOLE_FILE_READERS = {"cat", "nl", "less", "more", "bat", "tac"}
LIMITERS = {"head", "tail", "sed", "grep", "egrep", "fgrep", "rg", "wc", "awk", "cut", "sort", "uniq"}
METADATA = {"wc", "ls", "stat", "file", "sha1sum", "md5sum", "sha256sum", "du", "find", "tree"}
PREFIXES = {"sudo", "env", "command", "time", "nice", "nohup", "timeout", "xargs"}
DUMP_LINES = 200  # head/tail -n of this many lines or more is a whole-file read for these small tasks
_PY_OPEN = re.compile(r"""open\(\s*['"]([^'"]+)['"]""")
_PY_WRITE = re.compile(r"""open\(\s*['"]([^'"]+)['"]\s*,\s*['"][wa]|Path\(\s*['"]([^'"]+)['"]\s*\)\.write_text""")


@dataclass
class BashReading:
    """What one bash command did, as far as its text and answer tell."""

    reads: set[str] = field(default_factory=set)           # files whose contents it showed
    dumps: set[str] = field(default_factory=set)           # files shown whole, unlimited
    edits: set[str] = field(default_factory=set)           # files it changed (sed -i, > file, ...)
    metadata_probe: bool = False                           # wc -l, ls, grep -n/-c, sha1sum ...
    test_run: bool = False                                 # pytest / unittest
    tests_passed: bool = False                             # ... and they all passed


def normalize_path(path: str) -> str:
    """A workspace-relative path: './a.py', '/workspace/a.py' and 'a.py' are the same file."""
    text = path.strip().strip("'\"")
    for prefix in ("/workspace/", "workspace/"):
        if text.startswith(prefix):
            text = text[len(prefix):]
    text = os.path.normpath(text) if text else text
    return text.removeprefix("./")


def is_test_path(path: str) -> bool:
    name = path.rsplit("/", 1)[-1]
    return name.startswith("test_") or name.endswith("_test.py") or name == "conftest.py"


def _tokens(command: str) -> list[str]:
    lexer = shlex.shlex(command, posix=True, punctuation_chars=";&|<>")
    lexer.whitespace_split = True
    try:
        return list(lexer)
    except ValueError:  # unbalanced quotes: read it word by word
        return command.split()


def _pipelines(tokens: list[str]) -> list[list[list[str]]]:
    """Commands split into pipelines (by ; && || and newlines), each a list of simple commands."""
    pipelines, pipeline, simple = [], [], []
    for token in tokens:
        if token in ("|", "|&"):
            pipeline.append(simple)
            simple = []
        elif token in (";", "&&", "||", "&", ";;", "\n"):
            pipeline.append(simple)
            pipelines.append([s for s in pipeline if s])
            pipeline, simple = [], []
        else:
            simple.append(token)
    pipeline.append(simple)
    pipelines.append([s for s in pipeline if s])
    return [p for p in pipelines if p]


def _program(simple: list[str]) -> tuple[str, list[str]]:
    """The program name and its arguments, past VAR=value assignments and wrappers like timeout."""
    words = list(simple)
    while words and ("=" in words[0] and not words[0].startswith(("-", "=")) or words[0] in PREFIXES):
        head = words.pop(0)
        if head == "timeout" and words and re.fullmatch(r"[\d.]+[smh]?", words[0]):
            words.pop(0)
    if not words:
        return "", []
    return os.path.basename(words[0]), words[1:]


def _redirect_targets(simple: list[str]) -> tuple[list[str], list[str]]:
    """(the command without redirections, the files written by > or >>)."""
    kept, targets, i = [], [], 0
    while i < len(simple):
        token = simple[i]
        if token in (">", ">>", ">|") and i + 1 < len(simple):
            if kept and kept[-1].isdigit():  # 2> file: a stream number, not an argument
                kept.pop()
            target = simple[i + 1]
            if target != "&" and not target.startswith("/dev/"):
                targets.append(target)
            i += 2
            if target == "&" and i < len(simple):  # >& 1
                i += 1
            continue
        if token == "<" and i + 1 < len(simple):
            kept.append(simple[i + 1])  # cat < file reads the file
            i += 2
            continue
        kept.append(token)
        i += 1
    return kept, targets


def _looks_like_file(word: str, known: set[str]) -> str | None:
    if not word or word.startswith("-"):
        return None
    path = normalize_path(word)
    if path in known or os.path.basename(path) in known:
        return path
    if re.fullmatch(r"[\w./-]+\.(py|txt|json|cfg|ini|toml|yaml|yml|md|csv)", path):
        return path
    return None


def _files(args: list[str], known: set[str]) -> list[str]:
    out = []
    for arg in args:
        if not arg.startswith("-") and any(c in arg for c in "*?["):  # a glob: the known files it names
            pattern = normalize_path(arg)
            out += sorted(f for f in known if fnmatch.fnmatch(f, pattern))
        elif found := _looks_like_file(arg, known):
            out.append(found)
    return out


def _head_tail_is_dump(args: list[str]) -> bool:
    for i, arg in enumerate(args):
        count = None
        if arg in ("-n", "--lines") and i + 1 < len(args):
            count = args[i + 1]
        elif arg.startswith("-n") and len(arg) > 2:
            count = arg[2:]
        elif re.fullmatch(r"-\d+", arg):
            count = arg[1:]
        if count is not None:
            if count.startswith("+"):
                return count in ("+0", "+1")
            return count.isdigit() and int(count) >= DUMP_LINES
    return False


def _sed_is_dump(args: list[str]) -> bool:
    scripts = [a for a in args if not a.startswith("-")]
    script = scripts[0] if scripts else ""
    quiet = any(a in ("-n", "--quiet", "--silent") for a in args)
    if not quiet:
        return script in ("", "p")
    return re.fullmatch(r"\s*(1\s*,\s*\$\s*)?p\s*", script) is not None


def read_bash(command: str, shell: ShellRecord | None, known_files: set[str]) -> BashReading:
    """Classify one bash call from its command line and what it did (its step's ShellRecord);
    ``known_files`` are the workspace's files (paths or basenames)."""
    out = BashReading()
    # A command with no status (it timed out) reads as 0, as scoring always read one without
    # "[exit code N]" in its answer, so old and new trajectories score the same.
    code = shell.exit_code if shell is not None and shell.exit_code is not None else 0
    for pipeline in _pipelines(_tokens(command[:20_000].replace("\n", " ; "))):
        stages = []
        for simple in pipeline:
            words, targets = _redirect_targets(simple)
            program, args = _program(words)
            stages.append((program, args))
            if code == 0:
                out.edits.update(f for f in (_looks_like_file(t, known_files) for t in targets) if f)
        for index, (program, args) in enumerate(stages):
            files = _files(args, known_files)
            limited = any(p in LIMITERS for p, _ in stages[index + 1:])
            if program in READERS:
                if program == "sed" and any(a == "-i" or a.startswith(("-i", "--in-place")) for a in args):
                    if code == 0:
                        out.edits.update(files)
                    continue
                out.reads.update(files)
                if program in ("grep", "egrep", "fgrep", "rg") and any(
                        a.startswith("-") and set(a[1:]) & set("nclL") for a in args):
                    out.metadata_probe = True
                dump = (program in WHOLE_FILE_READERS
                        or (program in ("head", "tail") and _head_tail_is_dump(args))
                        or (program == "sed" and _sed_is_dump(args))
                        or (program == "awk" and args[:1] in (["1"], ["{print}"], ["{ print }"])))
                if dump and not limited:
                    out.dumps.update(files)
            elif program in METADATA:
                out.metadata_probe = True
            elif program in ("perl", "ruby") and any(a.startswith("-") and "i" in a for a in args):
                if code == 0:
                    out.edits.update(files)
            elif program == "tee" and code == 0:
                out.edits.update(files)
            elif program in ("cp", "mv", "install") and files and code == 0:
                out.edits.add(files[-1])
            elif program in ("python", "python3") or program.startswith("python3."):
                _read_python(args, files, out, code, known_files)
            elif program in ("pytest", "py.test"):
                out.test_run = True
    if out.test_run:
        out.tests_passed = code == 0 and shell is not None and shell.tests_passed is True
    return out


def _read_python(args: list[str], files: list[str], out: BashReading, code: int, known: set[str]) -> None:
    if "-m" in args:
        module = args[args.index("-m") + 1] if args.index("-m") + 1 < len(args) else ""
        if module in ("pytest", "unittest"):
            out.test_run = True
            return
    if "-c" in args:
        source = args[args.index("-c") + 1] if args.index("-c") + 1 < len(args) else ""
        for match in _PY_WRITE.finditer(source):
            target = _looks_like_file(match.group(1) or match.group(2), known)
            if target and code == 0:
                out.edits.add(target)
        for match in _PY_OPEN.finditer(source):
            target = _looks_like_file(match.group(1), known)
            if target and target not in out.edits:
                out.reads.add(target)
                if "print(" in source and re.search(r"\.read\(\)\s*\)", source):
                    out.dumps.add(target)

