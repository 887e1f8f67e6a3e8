"""Bug reports that describe only the symptom: a report must not list what still works (that points at
the one branch left before any code is read) nor quote the exact values the tests expect.

``report_flags`` finds both; ``symptom_only`` rewrites a report by dropping its sentences about what
works (a sentence that also states the symptom is kept and flagged for a person to rewrite).
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass

# A sentence that vouches for a part of the program: "X works", "Y is right", "Z check out on their own".
WORKING = re.compile(
    r"\b(?:works?|working|worked)(?: (?:fine|correctly|normally|as (?:expected|before|they should)))?\s*[.;,]"
    r"|\b(?:is|are|was|were|looks?|come out|comes out|stays?|remains?) (?:always |still )?(?:right|correct|fine|unaffected|untouched)\b"
    r"|\b(?:is|are) still \w+ed\b"
    r"|\b(?:correctly|check(?:s|ed)? out|on (?:its|their) own|alone is (?:right|fine|correct)|behaves? normally"
    r"|(?:are|is) (?:all )?(?:as expected|fine))\b"
    r"|\b(?:un)?affected only\b|\bnot affected\b|\bunaffected\b"
    r"|\b(?:gives?|shows?|has|have|gets?) the (?:right|correct|expected)\b"
    r"|\bbehaves?\s*[.;]|\b\w+s? fine\s*[.;,]|\bround-trips? exactly\b",
    re.IGNORECASE)
# Words that make a sentence about the failure itself, not only about what works.
SYMPTOM = re.compile(r"\b(?:but|except|instead|wrong|never|hangs?|fails?|missing|short|drops?|lost|only the|"
                     r"off by|too (?:many|few)|nothing|empty|crash|error|raises?|twice|stale)\b", re.IGNORECASE)
SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z(\"'])")
# A value the prose presents as the right answer: "... instead of 750", "should average 88.0".
EXPECTING = (r"\b(?:instead of|rather than|should (?:be|read|average|say|show|get|cost|come to|fit in)|expected)"
             r"(?: (?:the|a|an|its|only|all|exactly|about|[a-z]+ly))*\s+['\"(]?(?:[A-Z]{3} )?")
MIN_VALUE_CHARS = 3  # shorter literals (0, 4, 'a') appear in any prose


@dataclass(frozen=True)
class ReportFlag:
    kind: str  # "names_working_parts" | "quotes_expected_value"
    sentence: str
    detail: str

    def describe(self) -> str:
        return f"{self.kind}: {self.detail}: \"{self.sentence}\""


def sentences(text: str) -> list[str]:
    return [s.strip() for s in SENTENCE.split(text.strip()) if s.strip()]


def expected_values(test_files: dict[str, str]) -> set[str]:
    """The numbers the tests' assertions compare against, as they would be written in prose (a float
    also with two decimals). Words are left out: a report names its inputs (a colour, a plan)."""
    values: set[str] = set()
    for name, text in test_files.items():
        if not name.endswith(".py"):
            continue
        try:
            tree = ast.parse(text)
        except SyntaxError:
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Assert) and isinstance(node.test, ast.Compare):
                for side in (node.test.left, *node.test.comparators):
                    values.update(_literals(side))
    return {v for v in values if len(v) >= MIN_VALUE_CHARS}


def _literals(node: ast.AST) -> set[str]:
    out = set()
    for sub in ast.walk(node):
        if isinstance(sub, ast.Constant) and isinstance(sub.value, (int, float)) and not isinstance(sub.value, bool):
            out.add(repr(sub.value))
            if isinstance(sub.value, float):
                out.add(f"{sub.value:.2f}")
    return out


def report_flags(description: str, test_files: dict[str, str]) -> list[ReportFlag]:
    """Each sentence that names working parts, and each expected value of the tests quoted verbatim."""
    flags = []
    values = expected_values(test_files)
    for sentence in sentences(description):
        match = WORKING.search(sentence)
        if match:
            phrase = match.group(0).strip(" .;,")
            flags.append(ReportFlag("names_working_parts", sentence, f"vouches for a working part ('{phrase}')"))
        quoted = sorted(v for v in values if re.search(EXPECTING + re.escape(v) + r"(?![\w])", sentence))
        if quoted:
            flags.append(ReportFlag("quotes_expected_value", sentence,
                                    f"quotes the value{'s' if len(quoted) > 1 else ''} the tests expect "
                                    f"({', '.join(quoted)})"))
    return flags


def symptom_only(description: str) -> str:
    """The report without its sentences that only vouch for working parts (one that also states the
    symptom stays; at least the first sentence always stays)."""
    kept = [s for i, s in enumerate(sentences(description))
            if i == 0 or not WORKING.search(s) or SYMPTOM.search(s)]
    return " ".join(kept)
