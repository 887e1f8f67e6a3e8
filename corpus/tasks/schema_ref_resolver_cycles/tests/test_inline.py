import pytest
from inline import field_names, inline
from pointers import RefError, resolve_pointer

TREE = {
    "type": "object",
    "properties": {"root": {"$ref": "#/definitions/node"}},
    "definitions": {
        "node": {
            "type": "object",
            "properties": {
                "label": {"type": "string"},
                "children": {"type": "array", "items": {"$ref": "#definitions/node"}},
            },
        },
    },
}


def test_recursive_type_is_kept_as_a_reference():
    schema = inline(TREE)
    children = schema["properties"]["root"]["properties"]["children"]
    assert children["items"] == {"$ref": "#/definitions/node"}


def test_plain_references_are_inlined():
    doc = {"properties": {"a": {"$ref": "#/definitions/name"}, "b": {"$ref": "#/definitions/name"}},
           "definitions": {"name": {"type": "string", "maxLength": 40}}}
    assert inline(doc) == {"properties": {"a": {"type": "string", "maxLength": 40},
                                          "b": {"type": "string", "maxLength": 40}}}


def test_pointer_resolution_and_errors():
    assert resolve_pointer(TREE, "#/definitions/node/properties/label") == {"type": "string"}
    with pytest.raises(RefError, match="points at nothing"):
        resolve_pointer(TREE, "#/definitions/leaf")
    with pytest.raises(RefError, match="only local references"):
        resolve_pointer(TREE, "other.json#/x")


def test_field_names_of_inlined_schema():
    doc = {"type": "object", "properties": {"user": {"$ref": "#/definitions/user"}, "note": {"type": "string"}},
           "definitions": {"user": {"type": "object", "properties": {"name": {"type": "string"}}}}}
    assert field_names(inline(doc)) == ["user", "user.name", "note"]
