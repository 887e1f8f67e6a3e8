"""Tick labels with as many decimals as the step needs."""


def decimals_for(step):
    text = f"{step:.10f}".rstrip("0")
    return len(text.split(".")[1]) if "." in text else 0


def tick_labels(positions, step):
    places = decimals_for(step)
    return [f"{p:.{places}f}" for p in positions]
