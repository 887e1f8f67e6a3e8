"""A .gitignore-style rule list: last matching rule wins; '!' re-includes; a trailing '/' means
directories only; a leading '/' anchors to the root, otherwise a rule matches at any depth."""

from dataclasses import dataclass

from globmatch import match


@dataclass(frozen=True)
class Rule:
    pattern: str
    negated: bool
    directory_only: bool
    anchored: bool
    line: int


class RuleError(ValueError):
    pass


def parse_rules(text):
    rules = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        negated = line.startswith("!")
        body = line[1:] if negated else line
        if not body or body in ("/", "!"):
            raise RuleError(f"line {number}: rule {raw.strip()!r} matches nothing")
        directory_only = body.endswith("/")
        body = body.rstrip("/")
        anchored = body.startswith("/") or "/" in body
        rules.append(Rule(body.lstrip("/"), negated, directory_only, anchored, number))
    return rules


def rule_matches(rule, path, is_dir):
    if rule.directory_only and not is_dir:
        return False
    pattern = rule.pattern if rule.anchored else "**/" + rule.pattern
    return match(pattern, path)


def is_ignored(rules, path, is_dir=False):
    """Also ignored when any parent directory is ignored (git never looks inside it)."""
    parts = path.strip("/").split("/")
    for depth in range(1, len(parts)):
        if _decide(rules, "/".join(parts[:depth]), True):
            return True
    return _decide(rules, path, is_dir)


def _decide(rules, path, is_dir):
    ignored = False
    for rule in rules:
        if rule_matches(rule, path, is_dir):
            ignored = not rule.negated
    return ignored


def kept(rules, entries):
    """entries: [(path, is_dir)] -> the paths that are not ignored."""
    return [path for path, is_dir in entries if not is_ignored(rules, path, is_dir)]
