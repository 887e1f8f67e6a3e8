"""The password rules shown on the sign-up form, checked on the server."""

from dataclasses import dataclass

from breached import is_breached


@dataclass(frozen=True)
class Violation:
    code: str
    message: str


@dataclass(frozen=True)
class PasswordPolicy:
    min_length: int = 12
    max_length: int = 128
    min_classes: int = 3
    max_repeat: int = 2
    max_sequence: int = 3
    check_breached: bool = True


def character_classes(password):
    """Which of lower, upper, digit and symbol the password uses."""
    classes = set()
    for ch in password:
        if ch.islower():
            classes.add("lower")
        elif ch.isupper():
            classes.add("upper")
        elif ch.isdigit():
            classes.add("digit")
        elif not ch.isspace():
            classes.add("symbol")
    return classes


def longest_repeat(password):
    """Length of the longest run of one character repeated back to back."""
    best = run = 0
    previous = None
    for ch in password:
        run = run + 1 if ch == previous else 1
        previous = ch
        best = max(best, run)
    return best


def longest_sequence(password):
    """Length of the longest run like 'abcd', '6789' or 'fedc' (steps of +1 or -1, case ignored)."""
    text = password.lower()
    best = 1 if text else 0
    run, step = 1, 0
    for a, b in zip(text, text[1:]):
        delta = ord(b) - ord(a)
        if delta in (1, -1) and a.isalnum() and b.isalnum() and (run == 1 or delta == step):
            run += 1
        elif delta in (1, -1) and a.isalnum() and b.isalnum():
            run = 2
        else:
            run = 1
        step = delta
        best = max(best, run)
    return best


def check(password, policy=PasswordPolicy(), username=""):
    """Every rule the password breaks, in the order the form lists them (empty when acceptable)."""
    problems = []
    if len(password) < policy.min_length:
        problems.append(Violation("too_short", f"use at least {policy.min_length} characters"))
    if len(password) > policy.max_length:
        problems.append(Violation("too_long", f"use at most {policy.max_length} characters"))
    used = character_classes(password)
    if len(used) < policy.min_classes:
        problems.append(Violation("too_simple", f"mix at least {policy.min_classes} of lower case, upper "
                                                f"case, digits and symbols (found {len(used)})"))
    if longest_repeat(password) > policy.max_repeat:
        problems.append(Violation("repeats", f"repeat a character at most {policy.max_repeat} times in a row"))
    if longest_sequence(password) > policy.max_sequence:
        problems.append(Violation("sequence", "avoid runs like 'abcd' or '4321'"))
    name = username.strip().lower()
    if len(name) >= 3 and name in password.lower():
        problems.append(Violation("contains_username", "do not include your user name"))
    if policy.check_breached and is_breached(password):
        problems.append(Violation("breached", "this password appears in known breaches; choose another"))
    return problems


def is_acceptable(password, policy=PasswordPolicy(), username=""):
    return not check(password, policy, username)
