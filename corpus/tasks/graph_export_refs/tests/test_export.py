import json

import pytest
from export import ExportError, export, to_json
from model import Person, Project, Team


def test_shared_owner_is_written_in_full_for_each_project():
    ada = Person("ada", email="ada@example.org")
    team = Team("core", projects=[Project("api", owner=ada), Project("web", owner=ada)])
    data = export(team)
    assert [p["owner"] for p in data["projects"]] == [
        {"kind": "person", "name": "ada", "email": "ada@example.org"}] * 2


def test_plain_tree():
    team = Team("core", lead=Person("bo", email="bo@example.org"), size=4)
    assert export(team) == {"kind": "team", "name": "core", "size": 4,
                            "lead": {"kind": "person", "name": "bo", "email": "bo@example.org"}}


def test_back_link_becomes_a_reference():
    team = Team("core")
    cy = Person("cy", team=team)
    team.fields["members"] = [cy]
    assert export(team)["members"][0]["team"] == {"$ref": "$"}


def test_nested_cycle_reference_names_the_ancestor():
    api = Project("api")
    owner = Person("di", works_on=api)
    api.fields["owner"] = owner
    team = Team("core", projects=[api])
    assert export(team)["projects"][0]["owner"]["works_on"] == {"$ref": "$.projects[0]"}


def test_json_is_stable():
    team = Team("core", lead=Person("bo"), tags=[])
    assert json.loads(to_json(team)) == {"kind": "team", "name": "core", "tags": [],
                                         "lead": {"kind": "person", "name": "bo"}}


def test_depth_limit():
    head = Person("p0")
    node = head
    for i in range(1, 30):
        nxt = Person(f"p{i}")
        node.fields["next"] = nxt
        node = nxt
    with pytest.raises(ExportError, match="deeper than 20"):
        export(head)


def chain(length, link):
    head = Person("p0")
    node = head
    for i in range(1, length):
        nxt = Person(f"p{i}")
        node.fields["next"] = [nxt] if link == "list" else nxt
        node = nxt
    return head


def test_the_depth_limit_counts_every_link_once():
    for link in ("field", "list"):
        assert export(chain(3, link), max_depth=2)["name"] == "p0"
        with pytest.raises(ExportError, match="deeper than 2"):
            export(chain(4, link), max_depth=2)


def test_dependency_diamond():
    log = Project("log")
    team = Team("core", projects=[Project("api", uses=[log]), Project("web", uses=[log])])
    uses = [p["uses"] for p in export(team)["projects"]]
    assert uses == [[{"kind": "project", "name": "log"}], [{"kind": "project", "name": "log"}]]


def test_round_trip_keeps_back_links():
    from importer import load

    team = Team("core")
    team.fields["members"] = [Person("cy", team=team)]
    copy = load(export(team))
    assert copy.fields["members"][0].fields["team"] is copy


def test_import_errors():
    from importer import ImportError_, load, split_path

    with pytest.raises(ImportError_, match="unknown kind 'robot'"):
        load({"kind": "robot", "name": "r2"})
    with pytest.raises(ImportError_, match="points at nothing"):
        load({"kind": "team", "name": "t", "lead": {"$ref": "$.x"}})
    assert split_path("$.projects[0].owner") == [("projects", 0), ("owner", None)]
