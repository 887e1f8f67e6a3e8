import math

from parser import BinOp, Call, Neg, Num, Var, parse

FUNCTIONS = {"min": min, "max": max, "abs": abs, "sqrt": math.sqrt, "round": round}


class FormulaError(ValueError):
    pass


def evaluate(node, env):
    if isinstance(node, Num):
        return node.value
    if isinstance(node, Var):
        if node.name not in env:
            raise FormulaError(f"unknown cell {node.name!r}")
        return env[node.name]
    if isinstance(node, Neg):
        return -evaluate(node.operand, env)
    if isinstance(node, Call):
        if node.name not in FUNCTIONS:
            raise FormulaError(f"unknown function {node.name!r}; available: {', '.join(sorted(FUNCTIONS))}")
        return FUNCTIONS[node.name](*(evaluate(arg, env) for arg in node.args))
    left, right = evaluate(node.left, env), evaluate(node.right, env)
    if node.op == "+":
        return left + right
    if node.op == "-":
        return left - right
    if node.op == "*":
        return left * right
    if node.op == "/":
        if right == 0:
            raise FormulaError("division by zero")
        return left / right
    if node.op == "%":
        return left % right
    return left ** right


def calculate(source, env=None):
    return evaluate(parse(source), env or {})
