class SessionStore:
    """Bearer tokens -> users, and each user's saved preferences."""

    def __init__(self):
        self._tokens = {}
        self._prefs = {}

    def login(self, user, token, **prefs):
        self._tokens[token] = user
        self._prefs[user] = dict(prefs)

    def user_for(self, token):
        return self._tokens.get(token)

    def prefs_for(self, user):
        return dict(self._prefs.get(user, {}))

    def save_prefs(self, user, **prefs):
        self._prefs.setdefault(user, {}).update(prefs)
