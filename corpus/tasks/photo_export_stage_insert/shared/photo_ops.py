"""Photo operations used as pipeline stage functions (photos are small dicts in these tests)."""


def decode(raw):
    name, _, size = raw.partition(":")
    width, _, height = size.partition("x")
    if not width.isdigit() or not height.isdigit():
        raise ValueError(f"cannot decode {raw!r}: expected 'name:WIDTHxHEIGHT'")
    return {"name": name, "width": int(width), "height": int(height), "marks": []}


def resize_to(longest):
    def resize(photo):
        scale = longest / max(photo["width"], photo["height"])
        if scale < 1:
            photo = dict(photo, width=round(photo["width"] * scale), height=round(photo["height"] * scale))
        return photo
    return resize


def watermark(text):
    def apply(photo):
        return dict(photo, marks=photo["marks"] + [text])
    return apply


class Uploader:
    def __init__(self):
        self.uploaded = []

    def __call__(self, photo):
        self.uploaded.append(photo)
        return photo["name"]


def export_name(photo, suffix="web"):
    stem = photo["name"].strip().lower().replace(" ", "-") or "untitled"
    return f"{stem}-{photo['width']}x{photo['height']}-{suffix}.jpg"
