"""The arguments of each job type, as Django forms: the launch pages show them, and ``create_job``
checks every job's arguments with the same form (``JobType.clean``), so a bad value gets the same
plain message whether it came from a page, the API of another app, or a retry."""
