"""Imports a bank export into the ledger. A line that cannot be read is reported and skipped;
the rest of the file is still imported."""

from dataclasses import dataclass, field

from reader import RowError, read_transfers


@dataclass
class ImportReport:
    imported: int = 0
    duplicates: int = 0
    rejected: list = field(default_factory=list)


def import_file(text, ledger):
    report = ImportReport()
    for transfer in read_transfers(text.splitlines()):
        if isinstance(transfer, RowError):
            report.rejected.append(str(transfer))
            continue
        if ledger.post(transfer):
            report.imported += 1
        else:
            report.duplicates += 1
    return report
