import operator

from reader import Symbol, read_all


class LispError(Exception):
    pass


class Env:
    def __init__(self, bindings=None, outer=None):
        self.vars = dict(bindings or {})
        self.outer = outer

    def find(self, name):
        if name in self.vars:
            return self
        if self.outer is None:
            raise LispError(f"unbound symbol {name!r}")
        return self.outer.find(name)


class Procedure:
    def __init__(self, params, body, env):
        self.params, self.body, self.env = params, body, env


def global_env():
    return Env({
        "+": lambda *a: sum(a), "-": lambda a, *b: a - sum(b) if b else -a, "*": operator.mul,
        "<": operator.lt, "=": operator.eq, "list": lambda *a: list(a),
        "car": lambda x: x[0], "cdr": lambda x: x[1:], "null?": lambda x: x == [],
    })


def evaluate(x, env):
    if isinstance(x, Symbol):
        return env.find(x).vars[x]
    if not isinstance(x, list):
        return x
    if not x:
        raise LispError("cannot evaluate an empty list ()")
    head = x[0]
    if head == "quote":
        return x[1]
    if head == "if":
        _, test, then, otherwise = x
        return evaluate(then if evaluate(test, env) else otherwise, env)
    if head == "define":
        env.vars[x[1]] = evaluate(x[2], env)
        return None
    if head == "let":
        bindings = {name: evaluate(expr, env) for name, expr in x[1]}
        return evaluate(x[2], Env(bindings, env))
    if head == "lambda":
        return Procedure(list(x[1]), x[2], env)
    proc = evaluate(head, env)
    args = [evaluate(arg, env) for arg in x[1:]]
    return apply(proc, args, env)


def apply(proc, args, env):
    if isinstance(proc, Procedure):
        if len(args) != len(proc.params):
            raise LispError(f"expected {len(proc.params)} arguments, got {len(args)}")
        call_env = Env(dict(zip(proc.params, args)), env)
        return evaluate(proc.body, call_env)
    if callable(proc):
        return proc(*args)
    raise LispError(f"{proc!r} is not a function")


def run(source, env=None):
    env = env or global_env()
    result = None
    for form in read_all(source):
        result = evaluate(form, env)
    return result
