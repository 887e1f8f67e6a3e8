"""Uploads rows to the bulk API, either streaming or with a plan computed up front."""

from dataclasses import dataclass

from api import ApiError
from batching import chunks


@dataclass
class UploadReport:
    batches: int
    rows: int
    failed_batches: list


class Uploader:
    def __init__(self, api, batch_size=100):
        self.api = api
        self.batch_size = batch_size

    def stream(self, rows):
        """Send each batch as soon as it is formed (for endless feeds)."""
        sent = batches = 0
        for batch in chunks(rows, self.batch_size):
            sent += self.api.import_rows(batch)
            batches += 1
        return UploadReport(batches, sent, [])

    def planned(self, rows, quota_check=True):
        """Form every batch first, check the request quota, then send; failed batches are listed."""
        plan = list(chunks(rows, self.batch_size))
        quota = self.api.request_quota
        if quota_check and quota is not None and len(plan) > quota:
            raise ApiError(f"{len(plan)} batches would exceed the request quota of {quota}")
        sent, failed = 0, []
        for number, batch in enumerate(plan):
            try:
                sent += self.api.import_rows(batch)
            except ApiError:
                failed.append(number)
        return UploadReport(len(plan), sent, failed)
