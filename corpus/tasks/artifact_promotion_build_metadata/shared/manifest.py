"""Deployment manifests: the image digest each service runs in a channel, and what changes between
two manifests (for the change-approval ticket)."""

import json


def manifest(channels, channel):
    """{service: {"version", "digest"}} for everything running in ``channel``."""
    out = {}
    for (service, chan), artifact in sorted(channels.running.items()):
        if chan == channel:
            out[service] = {"version": artifact.version, "digest": artifact.digest}
    return out


def changes(old, new):
    """Human-readable lines: added, removed and changed services."""
    lines = []
    for service in sorted(set(old) | set(new)):
        before, after = old.get(service), new.get(service)
        if before == after:
            continue
        if before is None:
            lines.append(f"+ {service} {after['version']}")
        elif after is None:
            lines.append(f"- {service} {before['version']}")
        elif before["version"] == after["version"]:
            lines.append(f"~ {service} {after['version']} rebuilt ({before['digest']} -> {after['digest']})")
        else:
            lines.append(f"~ {service} {before['version']} -> {after['version']}")
    return lines


def render(manifest_dict):
    return json.dumps(manifest_dict, indent=2, sort_keys=True)
