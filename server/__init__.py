"""OpenEnv's layout for the project root (openenv.yaml's ``app: server.app:app``)."""
