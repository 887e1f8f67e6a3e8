"""The in-process debugger on Python 3.6, which cannot compile ``from __future__ import annotations``
(postponed annotations came with 3.7) and would evaluate the annotations it postpones.

Executed by path in place of ``stepwise_pdb.py`` when the task's interpreter is older than 3.7:
``python -u stepwise_legacy.py --pytest TARGET`` (``harness.debugger.process``). Every ``stepwise_*``
module of this folder is then imported with its annotations removed (they are never read at run time),
and ``stepwise_pdb.main`` runs as its own ``__main__`` block would run it. Nothing else changes. Written
for 3.6 itself: no annotations, standard library only.
"""

import ast
import importlib
import importlib.abc
import importlib.util
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


class _WithoutAnnotations(ast.NodeTransformer):
    def visit_FunctionDef(self, node):
        return self._bare(node)

    def visit_AsyncFunctionDef(self, node):
        return self._bare(node)

    def _bare(self, function):
        self.generic_visit(function)
        function.returns = None
        arguments = function.args
        for arg in [*arguments.args, *arguments.kwonlyargs, arguments.vararg, arguments.kwarg]:
            if arg is not None:
                arg.annotation = None
        return function

    def visit_AnnAssign(self, node):
        if node.value is None:  # a bare annotation declares, runs nothing
            return ast.copy_location(ast.Pass(), node)
        return ast.copy_location(ast.Assign(targets=[node.target], value=node.value), node)

    def visit_ImportFrom(self, node):
        if node.module == "__future__":
            node.names = [alias for alias in node.names if alias.name != "annotations"]
            if not node.names:
                return ast.copy_location(ast.Pass(), node)
        return node


def compiled(path):
    with open(path, encoding="utf-8") as source:
        tree = ast.parse(source.read(), path)
    tree = ast.fix_missing_locations(_WithoutAnnotations().visit(tree))
    return compile(tree, path, "exec")


class _Loader(importlib.abc.Loader):
    def __init__(self, path):
        self.path = path

    def create_module(self, spec):
        return None

    def exec_module(self, module):
        exec(compiled(self.path), module.__dict__)


class _Finder(importlib.abc.MetaPathFinder):
    """The debugger's own modules (``stepwise_*`` in this folder), loaded by ``_Loader``."""

    def find_spec(self, name, path=None, target=None):
        file = os.path.join(HERE, name + ".py")
        if "." in name or not name.startswith("stepwise_") or not os.path.isfile(file):
            return None
        return importlib.util.spec_from_file_location(name, file, loader=_Loader(file))


if __name__ == "__main__":
    # pdb runs the program in __main__'s namespace and clears this script's globals first (every import the
    # program made then failed in find_spec: `os` was gone): the finder lives in a module of its own, whose
    # globals stay.
    own = importlib.util.spec_from_file_location("stepwise_legacy", os.path.abspath(__file__))
    if own is None or own.loader is None:
        sys.exit("stepwise_legacy.py could not load itself as a module of its own")
    legacy = importlib.util.module_from_spec(own)
    sys.modules["stepwise_legacy"] = legacy
    own.loader.exec_module(legacy)
    sys.meta_path.insert(0, legacy._Finder())
    agent = importlib.import_module("stepwise_pdb")  # as a module, not __main__: see stepwise_pdb's last lines
    sys.exit(agent.main(sys.argv[1:]))
