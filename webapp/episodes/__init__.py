"""Pages for live episodes: the viewer and the person's side of a live session. Not a Django app: its
rows are ``webapp.runs``'s, and ``webapp.live`` is the transport underneath."""
