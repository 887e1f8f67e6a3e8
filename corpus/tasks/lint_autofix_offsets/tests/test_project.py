from project import fix_project


def test_only_changed_python_files_are_rewritten():
    files = {"app/models.py": "x = 'a'\n", "app/clean.py": "y = 1\n", "README.md": "\tnotes  \n",
             "app/views.py": "def v(r):\n\tif r == None:\n\t\treturn 'no'  \n"}
    result = fix_project(files)
    assert sorted(result.changed) == ["app/models.py", "app/views.py"]
    assert result.changed["app/views.py"] == 'def v(r):\n    if r is None:\n        return "no"\n'
    assert result.log[0] == "app/clean.py: fixed nothing"
    assert result.left == 0
