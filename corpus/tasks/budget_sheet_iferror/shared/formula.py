"""Cell formulas: numbers, cell references (A1), + - * /, parentheses, ranges inside SUM(A1:A4),
and IFERROR(expr, fallback). Evaluated with Python's own parser on a vetted syntax tree."""

import ast
import re

REF = re.compile(r"\b([A-Z])([1-9][0-9]*)\b")
RANGE = re.compile(r"\b([A-Z])([1-9][0-9]*):([A-Z])([1-9][0-9]*)\b")


class FormulaError(ValueError):
    pass


def expand_ranges(text):
    def cells(match):
        c1, r1, c2, r2 = match.group(1), int(match.group(2)), match.group(3), int(match.group(4))
        return ", ".join(f"{chr(c)}{r}" for c in range(ord(c1), ord(c2) + 1) for r in range(r1, r2 + 1))
    return RANGE.sub(cells, text)


def evaluate(text, lookup):
    """The value of a formula ('=A1*2') or a literal ('12.5'); ``lookup(ref)`` gives other cells."""
    text = text.strip()
    if not text.startswith("="):
        try:
            return float(text) if text else 0.0
        except ValueError:
            raise FormulaError(f"{text!r} is neither a number nor a formula") from None
    try:
        tree = ast.parse(expand_ranges(text[1:].upper()), mode="eval")
    except SyntaxError:
        raise FormulaError(f"cannot read formula {text!r}") from None
    return _eval(tree.body, lookup)


def _eval(node, lookup):
    if isinstance(node, ast.Constant) and isinstance(node.value, (int, float)):
        return float(node.value)
    if isinstance(node, ast.Name) and REF.fullmatch(node.id):
        return lookup(node.id)
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        return -_eval(node.operand, lookup)
    if isinstance(node, ast.BinOp) and type(node.op) in OPS:
        return OPS[type(node.op)](_eval(node.left, lookup), _eval(node.right, lookup))
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
        if node.func.id == "SUM":
            return sum(_eval(arg, lookup) for arg in node.args)
        if node.func.id == "IFERROR" and len(node.args) == 2:
            try:
                return _eval(node.args[0], lookup)
            except ArithmeticError:
                return _eval(node.args[1], lookup)
    raise FormulaError(f"unsupported formula element {ast.dump(node)[:40]}")


OPS = {ast.Add: lambda a, b: a + b, ast.Sub: lambda a, b: a - b,
       ast.Mult: lambda a, b: a * b, ast.Div: lambda a, b: a / b}
