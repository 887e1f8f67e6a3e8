PRODUCTS = [
    {"id": i, "name": name, "kind": kind}
    for i, (name, kind) in enumerate([
        ("assam", "tea"), ("darjeeling", "tea"), ("sencha", "tea"), ("matcha", "tea"),
        ("mocha", "coffee"), ("java", "coffee"), ("kona", "coffee"), ("cup", "ware"),
        ("pot", "ware"), ("tray", "ware"), ("whisk", "ware"), ("scoop", "ware"),
    ], start=1)
]

USER_PREFS = {"ana": {"per_page": 3}, "ben": {}}
