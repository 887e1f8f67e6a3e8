"""The app image the container tests run (docker/build-offline.sh, offline, on the sandbox image): one tag
for the suite, never the user's stepwise:latest. The script reuses the image while nothing it reads has
changed and makes a second caller wait for a build under way, so the tests that need it share one build."""

from __future__ import annotations

import subprocess
import time
from pathlib import Path

IMAGE = "stepwise:test"
REPO = Path(__file__).resolve().parents[2]


def build_app_image() -> str:
    """Builds (or finds current) the app image and returns its tag; a failed build fails the test with the
    script's last lines."""
    started = time.monotonic()
    result = subprocess.run([str(REPO / "docker" / "build-offline.sh"), "--image", IMAGE], cwd=REPO,
                            capture_output=True, text=True, timeout=1500)
    assert result.returncode == 0, (result.stdout + result.stderr)[-4000:]
    print(f"app image ready in {time.monotonic() - started:.0f} s: {result.stdout.strip()}")
    return IMAGE
