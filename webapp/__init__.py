"""The Stepwise web app: the Django project (``webapp.config``) and one app per concept."""
