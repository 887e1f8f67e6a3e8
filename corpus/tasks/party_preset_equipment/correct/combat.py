"""One exchange of blows: the attacker's weapon against the defender's armor."""

UNARMED_DAMAGE = 1


def strike(attacker, defender):
    weapon = attacker.item("weapon")
    damage = weapon["damage"] if weapon else UNARMED_DAMAGE
    armor = defender.item("armor")
    blocked = min(damage, armor["block"]) if armor else 0
    defender.hp = max(0, defender.hp - (damage - blocked))
    if weapon:
        attacker.wear(weapon)
    if armor and blocked:
        defender.wear(armor)
    return damage - blocked


def duel(first, second, max_rounds=50):
    """Alternate strikes until someone falls; returns the winner's name (None for a draw)."""
    order = [(first, second), (second, first)]
    for round_no in range(max_rounds):
        attacker, defender = order[round_no % 2]
        strike(attacker, defender)
        if not defender.alive:
            return attacker.name
    return None
