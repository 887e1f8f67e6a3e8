"""Training configuration: the schema (pydantic), loading with clear messages, and the checks each command needs."""
