"""The upload endpoint's view of an import: a summary the web page shows to the user."""

from dataclasses import dataclass

from contacts import InvalidRow, import_contacts
from store import Conflict


@dataclass(frozen=True)
class UploadResult:
    ok: bool
    imported: int
    message: str


async def handle_upload(store, rows):
    try:
        imported = await import_contacts(store, rows)
    except InvalidRow as exc:
        return UploadResult(False, 0, f"nothing imported: {exc}")
    except Conflict as exc:
        return UploadResult(False, 0, f"nothing imported, please retry: {exc}")
    return UploadResult(True, imported, f"imported {imported} contacts")
