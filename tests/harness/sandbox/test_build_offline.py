"""The offline image build takes its Debian mirror from the machine's apt configuration, never from a
host name written into the project."""

from __future__ import annotations

import subprocess
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[3] / "harness" / "sandbox" / "docker" / "build-offline.sh"


def chosen_mirror(apt_dir: Path, **env) -> subprocess.CompletedProcess:
    return subprocess.run(["bash", str(SCRIPT), "--print-mirror"], capture_output=True, text=True, timeout=30,
                          env={"PATH": "/usr/bin:/bin", "STEPWISE_APT_DIR": str(apt_dir), **env})


def test_a_deb822_sources_file_gives_the_suite_mirror_not_updates_or_security(tmp_path):
    (tmp_path / "sources.list.d").mkdir(parents=True)
    (tmp_path / "sources.list.d" / "debian.sources").write_text(
        "Types: deb\nURIs: http://security.mirror.test/debian-security\nSuites: bookworm-security\n"
        "Components: main\n\n"
        "Types: deb-src\nURIs: http://source.mirror.test/debian\nSuites: bookworm\n\n"
        "Types: deb\nURIs: http://archive.mirror.test/debian\nSuites: bookworm bookworm-updates\n"
        "Components: main\n")
    (tmp_path / "sources.list.d" / "other.sources.disabled").write_text(
        "Types: deb\nURIs: http://disabled.mirror.test/debian\nSuites: bookworm\n")

    result = chosen_mirror(tmp_path)

    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "http://archive.mirror.test/debian"


def test_a_one_line_sources_list_with_options_is_read(tmp_path):
    (tmp_path / "sources.list").write_text(
        "# deb http://commented.mirror.test/debian bookworm main\n"
        "deb http://updates.mirror.test/debian bookworm-updates main\n"
        "deb [arch=amd64 signed-by=/usr/share/keyrings/k.gpg] http://list.mirror.test/debian bookworm main\n")

    result = chosen_mirror(tmp_path)

    assert result.stdout.strip() == "http://list.mirror.test/debian", result.stderr


def test_no_source_for_the_suite_is_a_clear_error_and_an_explicit_mirror_wins(tmp_path):
    (tmp_path / "sources.list").write_text("deb http://old.mirror.test/debian bullseye main\n")

    missing = chosen_mirror(tmp_path)
    explicit = chosen_mirror(tmp_path, DEBIAN_MIRROR="http://given.mirror.test/debian")

    assert missing.returncode == 1
    assert "no enabled 'deb' source for bookworm" in missing.stderr and "--mirror URL" in missing.stderr
    assert explicit.stdout.strip() == "http://given.mirror.test/debian"


def test_the_script_names_no_package_host():
    text = SCRIPT.read_text()

    assert "debian.org" not in text and "http://" not in text and "https://" not in text
