RULES = [
    ("groceries", ("market", "grocer", "bakery")),
    ("transport", ("rail", "bus", "fuel")),
    ("eating out", ("cafe", "pizza", "bistro")),
]


def categorise(description):
    text = description.lower()
    for category, words in RULES:
        if any(word in text for word in words):
            return category
    return "other"
