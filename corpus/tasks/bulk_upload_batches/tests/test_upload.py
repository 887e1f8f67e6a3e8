import pytest
from api import ApiError, BulkApi
from batching import chunks
from uploader import Uploader

ROWS = [{"sku": f"S{n}", "qty": n} for n in range(7)]


def test_planned_upload_fits_the_quota():
    api = BulkApi(request_quota=3)
    report = Uploader(api, batch_size=3).planned(ROWS)
    assert (report.batches, report.rows, report.failed_batches) == (3, 7, [])
    assert [len(request) for request in api.requests] == [3, 3, 1]


def test_streaming_upload():
    api = BulkApi()
    report = Uploader(api, batch_size=3).stream(iter(ROWS))
    assert (report.batches, report.rows) == (3, 7)
    assert api.imported() == ROWS


def test_streaming_from_a_generator_of_rows():
    api = BulkApi()
    Uploader(api, batch_size=2).stream(row for row in ROWS if row["qty"] % 2)
    assert [r["sku"] for r in api.imported()] == ["S1", "S3", "S5"]


def test_chunk_sizes_when_consumed_in_turn():
    assert [list(batch) for batch in chunks(range(5), 2)] == [[0, 1], [2, 3], [4]]


def test_invalid_batch_size():
    with pytest.raises(ValueError):
        list(chunks(ROWS, 0))


def test_oversized_batches_are_rejected_by_the_api():
    api = BulkApi(max_rows=2)
    with pytest.raises(ApiError):
        Uploader(api, batch_size=3).stream(ROWS)
