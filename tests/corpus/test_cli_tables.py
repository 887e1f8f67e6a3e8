"""The three command tables: every subcommand's module is in the package that lists it (so import-linter
sees each dependency), importable, and answers ``--help`` without a traceback."""

from __future__ import annotations

import importlib

import pytest

import corpus.__main__
import harness.__main__
import training.__main__

TABLES = {"corpus": corpus.__main__.COMMANDS, "harness": harness.__main__.COMMANDS,
          "training": training.__main__.COMMANDS}


@pytest.mark.parametrize("package", sorted(TABLES))
def test_each_command_module_lives_in_its_package_and_has_a_main(package):
    for name, command in TABLES[package].items():
        assert command.module.split(".")[0] == package, f"{package} {name}: {command.module} is another package's"
        assert callable(importlib.import_module(command.module).main)


def test_corpus_validate_answers_help_through_its_own_module(capsys):
    with pytest.raises(SystemExit) as exit_:
        corpus.__main__.main(["validate", "--help"])
    assert exit_.value.code == 0 and "usage: python -m corpus validate" in capsys.readouterr().out
