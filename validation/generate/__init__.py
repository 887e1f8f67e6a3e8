"""The bug generator (``python -m corpus generate``): plant candidate bugs in a repository whose tests
pass, keep those that fail deterministically, measure how far the planted change sits from the
failure at runtime, and write the kept ones as small tasks (a meta.json and a patch over one shared
source snapshot).

Modules: ``repository`` (what is source, what is a test, the version), ``plugins/`` (standalone pytest
plugins copied into the workspace: which tests reach which function, and the trace of a failing run),
``runs`` (pytest in a sandbox over a linked copy), ``distance`` (trace -> measured distance -> label,
labelled by the shared rule of ``corpus.quality``), ``selection`` (reject reasons), ``writer`` (task folders), ``pipeline``
(the whole run: parallel, resumable, with progress), ``cli``.
"""
