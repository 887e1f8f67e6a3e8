"""Settings split by purpose: base (shared, from the environment), local, test, production."""
