"""A local stand-in for a breached-password corpus, matched after undoing the usual disguises."""

COMMON = frozenset({
    "password", "letmein", "welcome", "dragon", "monkey", "football", "iloveyou", "sunshine",
    "princess", "qwertyuiop", "trustno1", "starwars", "whatever", "shadow", "superman",
})
LEET = str.maketrans({"0": "o", "1": "i", "3": "e", "4": "a", "5": "s", "7": "t", "@": "a", "$": "s", "!": "i"})


def normalise(password):
    """Lower-case, undo leetspeak, and drop the digits and symbols people tack on at the end."""
    core = password.lower().rstrip("0123456789!?.#*_-")
    return core.translate(LEET)


def is_breached(password):
    core = normalise(password)
    return core in COMMON or any(core == word * 2 for word in COMMON)
