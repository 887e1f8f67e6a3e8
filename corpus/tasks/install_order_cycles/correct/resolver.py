from packages import Package


class CycleError(Exception):
    def __init__(self, path):
        super().__init__("dependency cycle: " + " -> ".join(path))
        self.path = path


class MissingPackage(LookupError):
    pass


class Resolver:
    def __init__(self, packages):
        self.packages = packages

    def _lookup(self, requirement, wanted_by):
        pkg = self.packages.get(requirement.name)
        if pkg is None:
            raise MissingPackage(f"{wanted_by} needs {requirement.name}, which is not in the index")
        if not requirement.allows(pkg.version):
            have = ".".join(map(str, pkg.version))
            raise MissingPackage(f"{wanted_by} needs {requirement.name}{requirement.op}"
                                 f"{'.'.join(map(str, requirement.version))}, index has {have}")
        return pkg

    def install_order(self, roots):
        order, done, visiting = [], set(), set()

        def visit(pkg: Package, trail):
            if pkg.name in done:
                return
            if pkg.name in visiting:
                start = trail.index(pkg.name)
                raise CycleError(trail[start:] + [pkg.name])
            visiting.add(pkg.name)
            for requirement in pkg.requires:
                visit(self._lookup(requirement, pkg.name), trail + [pkg.name])
            visiting.discard(pkg.name)
            done.add(pkg.name)
            order.append(pkg.name)

        for root in roots:
            if root not in self.packages:
                raise MissingPackage(f"{root} is not in the index")
            visit(self.packages[root], [])
        return order
