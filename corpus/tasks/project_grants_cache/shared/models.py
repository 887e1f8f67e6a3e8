"""Users and projects as the access layer sees them."""

from dataclasses import dataclass, field


@dataclass(frozen=True)
class User:
    name: str
    role: str
    suspended: bool = False


@dataclass
class Project:
    name: str
    owner: str
    archived: bool = False
    members: dict = field(default_factory=dict)  # user name -> role inside this project
