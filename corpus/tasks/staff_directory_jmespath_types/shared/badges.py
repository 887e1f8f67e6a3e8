"""Badge printing for the front desk: display names, initials and a team colour."""

TEAM_COLOURS = {"core": "blue", "web": "green", "ops": "orange"}


def display_name(person):
    name = person["name"].strip()
    return " ".join(part.capitalize() for part in name.replace("_", " ").split())


def initials(person):
    parts = display_name(person).split()
    return "".join(part[0] for part in parts[:2]).upper()


def badge(person):
    team = person.get("team", "").strip().lower()
    colour = TEAM_COLOURS.get(team, "grey")
    return {"name": display_name(person), "initials": initials(person), "team": team or "visitor",
            "colour": colour}


def badges_for(people, team=None):
    chosen = [p for p in people if team is None or p.get("team", "").strip().lower() == team]
    return sorted((badge(p) for p in chosen), key=lambda b: b["name"])
