"""The pinned dependency sets resolve: a real `pip install --dry-run` against the machine's configured
package indexes, for the CPU set (core + [training], with the DeepSpeed extra, a source package, on this
interpreter) and the GPU set (core + [gpu]) on the Python the GPU machines ship (3.12, wheels only, as pip
sees a manylinux x86_64 host). The two resolutions run side by side."""

from __future__ import annotations

import json
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from packaging.specifiers import SpecifierSet

ROOT = Path(__file__).resolve().parents[2]
# What pip may assume of a GPU host: glibc 2.17 .. 2.35 (Ubuntu 22.04), x86_64.
MANYLINUX = [f"manylinux_2_{minor}_x86_64" for minor in range(35, 16, -1)] + ["manylinux2014_x86_64",
                                                                            "linux_x86_64"]


def pin_set(*extras: str) -> list[str]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    requirements = list(project["dependencies"])
    for extra in extras:
        requirements += project["optional-dependencies"][extra]
    return requirements


def pins_of(requirements: list[str]) -> dict[str, str]:
    out = {}
    for requirement in requirements:
        name, _, version = requirement.partition("==")
        assert version, f"{requirement!r} is not pinned with =="
        out[name.split("[")[0].strip().lower().replace("_", "-")] = version.strip()
    return out


def start_resolution(requirements: list[str], report: Path, *, python: str | None = None) -> subprocess.Popen:
    command = [sys.executable, "-m", "pip", "install", "--dry-run", "--ignore-installed", "--quiet",
               "--disable-pip-version-check", "--report", str(report)]
    if python:
        command += ["--python-version", python, "--only-binary=:all:"]
        for platform in MANYLINUX:
            command += ["--platform", platform]
    return subprocess.Popen(command + requirements, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)


def resolved(process: subprocess.Popen, report: Path) -> dict[str, str]:
    output, _ = process.communicate(timeout=600)
    problems = [line for line in output.splitlines() if "ERROR" in line or "conflict" in line.lower()]
    assert process.returncode == 0, "\n".join(problems) or output[-3000:]
    installs = json.loads(report.read_text(encoding="utf-8"))["install"]
    return {item["metadata"]["name"].lower().replace("_", "-"): item["metadata"]["version"] for item in installs}


def test_every_requirement_is_pinned_and_python_312_is_allowed():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    for extra in ("training", "gpu", "deepspeed", "interop"):
        pins_of(pin_set(extra))
    supported = SpecifierSet(project["requires-python"])
    assert "3.11.7" in supported and "3.12.3" in supported
    # The GPU set is a whole set on its own (installed instead of [training]), not an add-on.
    assert set(pins_of(project["optional-dependencies"]["training"])) <= set(
        pins_of(project["optional-dependencies"]["gpu"]))


@pytest.mark.slow
def test_the_cpu_and_gpu_pin_sets_each_resolve(tmp_path):
    # The CPU set is what scripts/setup installs together (web, sandbox, training, interop), plus DeepSpeed.
    cpu, gpu = pin_set("web", "sandbox", "training", "interop", "deepspeed"), pin_set("gpu")
    runs = {
        "cpu+deepspeed": (start_resolution(cpu, tmp_path / "cpu.json"), tmp_path / "cpu.json", cpu),
        "gpu-py3.12": (start_resolution(gpu, tmp_path / "gpu.json", python="3.12"), tmp_path / "gpu.json", gpu),
    }
    for name, (process, report, requirements) in runs.items():
        versions = resolved(process, report)
        for package, version in pins_of(requirements).items():
            # A local build may carry a label (torch 2.13.0+cpu from the machine's wheel folder).
            assert versions.get(package, "").split("+")[0] == version, (name, package, versions.get(package))
    assert "vllm" in resolved_names(tmp_path / "gpu.json") and "vllm" not in resolved_names(tmp_path / "cpu.json")


def resolved_names(report: Path) -> set[str]:
    return {item["metadata"]["name"].lower() for item in json.loads(report.read_text(encoding="utf-8"))["install"]}
