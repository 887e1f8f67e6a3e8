"""Schemas for recipes coming from partner feeds (marshmallow). Each partner has its own defaults
for optional fields, so the rest of the pipeline never has to check for missing keys."""

from dataclasses import dataclass

from marshmallow import EXCLUDE, Schema, fields, post_load, validate


@dataclass(frozen=True)
class PartnerFeed:
    name: str
    default_tags: tuple = ()
    default_servings: int = 2


class IngredientSchema(Schema):
    class Meta:
        unknown = EXCLUDE

    name = fields.String(required=True)
    grams = fields.Integer(load_default=0, validate=validate.Range(min=0))
    kind = fields.String(load_default="other")


class _RecipeBase(Schema):
    class Meta:
        unknown = EXCLUDE

    @post_load
    def per_serving(self, data, **kwargs):
        data["grams_per_serving"] = sum(i["grams"] for i in data["ingredients"]) // data["servings"]
        return data


def recipe_schema(feed):
    tags = list(feed.default_tags)
    allergens = []
    nutrition = {"kcal": None, "protein_g": None}
    return _RecipeBase.from_dict({
        "slug": fields.String(required=True, validate=validate.Regexp(r"^[a-z0-9-]+$")),
        "title": fields.String(required=True),
        "minutes": fields.Integer(required=True, validate=validate.Range(min=1)),
        "servings": fields.Integer(load_default=feed.default_servings),
        "ingredients": fields.List(fields.Nested(IngredientSchema), required=True),
        "tags": fields.List(fields.String(), load_default=tags),
        "allergens": fields.List(fields.String(), load_default=allergens),
        "nutrition": fields.Dict(keys=fields.String(), load_default=nutrition),
    }, name=f"{feed.name}Recipe")()


def load_feed(feed, items):
    """Valid recipes and {slug or index: errors} for the rejected ones."""
    schema = recipe_schema(feed)
    recipes, rejected = [], {}
    for index, item in enumerate(items):
        errors = schema.validate(item)
        if errors:
            rejected[item.get("slug", index)] = errors
            continue
        recipes.append(schema.load(item))
    return recipes, rejected
