"""Cross-cutting pieces: /healthz, the admin-user bootstrap, shared helpers."""
