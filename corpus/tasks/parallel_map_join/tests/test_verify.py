from manifest import build_manifest, render, verify

FILES = {"README": "hello\n", "setup.cfg": "[metadata]\nname = x\n", "x/__init__.py": ""}


def test_manifest_lists_every_file_sorted():
    manifest = build_manifest(FILES)
    assert [e.path for e in manifest] == ["README", "setup.cfg", "x/__init__.py"]
    assert manifest[0].size == 6


def test_untouched_files_verify():
    assert verify(dict(FILES), build_manifest(FILES)) == []


def test_changes_are_reported():
    manifest = build_manifest(FILES)
    changed = dict(FILES, README="hello!\n", extra="new")
    del changed["setup.cfg"]
    assert verify(changed, manifest) == [("README", "changed"), ("extra", "unexpected"), ("setup.cfg", "missing")]


def test_render_lines():
    lines = render(build_manifest({"a": "1"})).splitlines()
    assert lines[0].endswith("       1  a")
