"""Feature flags: each flag has a kind that says how its value is read.

  switch   True/False for everyone
  percent  an int 0-100: that share of users, chosen by a stable hash of the user id
  allow    a list of user ids that get the feature
  setting  any value handed to the code as it is (a colour, a limit, a plan name)
"""

from encoding import EncodingError, decode, encode

KINDS = ("switch", "percent", "allow", "setting")


class FlagError(ValueError):
    pass


class FlagStore:
    def __init__(self):
        self.kinds = {}
        self.values = {}

    def define(self, name, kind, value):
        if kind not in KINDS:
            raise FlagError(f"flag {name}: unknown kind {kind!r}; use one of {', '.join(KINDS)}")
        self.kinds[name] = kind
        self.set(name, value)

    def set(self, name, value):
        kind = self.kinds.get(name)
        if kind is None:
            raise FlagError(f"flag {name} is not defined")
        if kind == "switch" and value not in (True, False):
            raise FlagError(f"flag {name} is a switch; set it to True or False, not {value!r}")
        if kind == "allow" and not isinstance(value, list):
            raise FlagError(f"flag {name} takes a list of user ids, not {value!r}")
        self.values[name] = value

    def get(self, name):
        return self.values[name]

    def export(self):
        return "\n".join(f"{name} = {self.kinds[name]}/{encode(self.values[name])}" for name in sorted(self.values))

    @classmethod
    def from_export(cls, text):
        store = cls()
        for number, line in enumerate(text.splitlines(), start=1):
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            name, sep, rest = line.partition(" = ")
            kind, slash, encoded = rest.partition("/")
            if not sep or not slash:
                raise FlagError(f"line {number}: expected 'name = kind/tag:value', got {line!r}")
            try:
                store.define(name.strip(), kind, decode(encoded))
            except EncodingError as exc:
                raise FlagError(f"line {number}: {exc}") from None
        return store
