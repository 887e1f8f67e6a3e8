"""Sandboxes: a fresh isolated workspace per episode, the in-sandbox debug service, verification.

- ``protect``: who owns what in a workspace (``corpus.materialize`` makes the workspace itself).
- ``service`` (runs inside) and ``client`` (the host's side): the line-delimited JSON protocol.
- ``backends``: ``get_backend(name)`` (a name of ``NAMES``, the one list of backends) -> ``Backend.start(SandboxSpec)``.
- ``cgroups``: per-sandbox memory, process and CPU-time limits; ``deps``: dependency folders.
- ``pool``: ``SandboxPool`` of warm sandboxes. Verification lives in ``harness.verify``.
- ``host_read``: how the host reads a workspace the model wrote: never through a link, capped.
"""
