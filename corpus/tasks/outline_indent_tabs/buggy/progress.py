from outline import parse


def count(items):
    total = done = 0
    for item in items:
        if item.children:
            sub_total, sub_done = count(item.children)
            total, done = total + sub_total, done + sub_done
        else:
            total += 1
            done += item.done
    return total, done


def progress(text):
    total, done = count(parse(text))
    return round(100 * done / total) if total else 100


def render(items, depth=0):
    lines = []
    for item in items:
        mark = "x" if item.done else " "
        lines.append("  " * depth + f"[{mark}] {item.text}")
        lines.extend(render(item.children, depth + 1))
    return lines
