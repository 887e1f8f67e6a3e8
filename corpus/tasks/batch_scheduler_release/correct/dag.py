"""Check a set of job specs forms a valid dependency graph, and order it."""


class GraphError(ValueError):
    pass


def check_graph(specs):
    names = [s.name for s in specs]
    seen = set()
    for name in names:
        if name in seen:
            raise GraphError(f"job {name!r} is defined twice")
        seen.add(name)
    for spec in specs:
        for dep in spec.after:
            if dep not in seen:
                raise GraphError(f"job {spec.name!r} waits for {dep!r}, which is not a job in this batch")
            if dep == spec.name:
                raise GraphError(f"job {spec.name!r} waits for itself")
    cycle = find_cycle(specs)
    if cycle:
        raise GraphError("dependency cycle: " + " -> ".join(cycle))


def find_cycle(specs):
    deps = {s.name: list(s.after) for s in specs}
    color = {name: 0 for name in deps}  # 0 new, 1 on the stack, 2 finished
    stack = []

    def visit(name):
        color[name] = 1
        stack.append(name)
        for dep in deps[name]:
            if color[dep] == 1:
                return stack[stack.index(dep):] + [dep]
            if color[dep] == 0:
                found = visit(dep)
                if found:
                    return found
        stack.pop()
        color[name] = 2
        return None

    for name in deps:
        if color[name] == 0:
            found = visit(name)
            if found:
                return found
    return None


def dependents(specs, name):
    """Every job that transitively waits for `name`, in definition order."""
    out = []
    frontier = {name}
    changed = True
    while changed:
        changed = False
        for spec in specs:
            if spec.name not in out and frontier.intersection(spec.after):
                out.append(spec.name)
                frontier.add(spec.name)
                changed = True
    order = [s.name for s in specs]
    return sorted(out, key=order.index)
