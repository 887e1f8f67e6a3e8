from datetime import date

import pytest

from archiver import Archiver
from codec import UnreadableLog, compress, restore
from manifest import restore_all, safe_to_delete, verify
from retention import keep, nightly, prune, report

LOGS = {"api.log": b"GET /health 200\n" * 50, "worker.log": b"job 17 done\n" * 20,
        "cron.log": b"03:00 rotate\n", "db.log": b"checkpoint complete\n" * 8}


def test_compress_and_restore():
    entry = compress("api.log", LOGS["api.log"])
    assert entry["size"] == 800 and len(entry["blob"]) < 100
    assert restore(entry) == LOGS["api.log"]
    with pytest.raises(UnreadableLog, match="NUL bytes"):
        compress("x.log", b"\x00\x00\x00")


def test_tampered_blob_is_detected():
    entry = dict(compress("cron.log", LOGS["cron.log"]), sha256="0" * 16)
    assert verify([entry]) == ["cron.log: checksum mismatch"]


def test_archive_of_healthy_logs():
    archiver = Archiver()
    manifest = archiver.run(LOGS)
    assert [f["name"] for f in manifest["files"]] == ["api.log", "cron.log", "db.log", "worker.log"]
    assert manifest["bytes_in"] == 800 + 240 + 13 + 160 and manifest["failed"] == []
    assert verify(archiver.entries) == []


def test_damaged_logs_are_reported_and_kept():
    files = dict(LOGS, **{"payments.log": b"\x00\x00\x00\x00", "audit.log": "not bytes"})
    archiver = Archiver()
    manifest = archiver.run(files)
    assert manifest["failed"] == ["audit.log", "payments.log"]
    assert len(manifest["files"]) == 4
    assert len(archiver.entries) == 4
    assert verify(archiver.entries) == []
    assert safe_to_delete(manifest, sorted(files)) == ["api.log", "cron.log", "db.log", "worker.log"]


def test_retention_keeps_dailies_weeklies_and_monthlies():
    today = date(2024, 6, 30)
    history = nightly(date(2024, 1, 1), 182)
    kept = keep(history, today)
    assert kept[:7] == nightly(date(2024, 6, 24), 7)[::-1]
    assert kept[7:10] == [date(2024, 6, 23), date(2024, 6, 16), date(2024, 6, 9)]
    assert kept[10:] == [date(2024, 5, 31), date(2024, 4, 30), date(2024, 3, 31), date(2024, 2, 29),
                         date(2024, 1, 31)]
    assert len(prune(history, today)) == 182 - len(kept)


def test_future_dates_are_ignored():
    today = date(2024, 6, 30)
    assert keep([date(2024, 7, 1), today], today) == [today]


def test_nightly_report_lists_failures():
    files = dict(LOGS, **{"payments.log": b"\x00\x00 torn"})
    manifest = Archiver(workers=2).run(files)
    lines = report(manifest, date(2024, 6, 30))
    assert lines[0].startswith("archive 2024-06-30: 4 files, 1213 -> ")
    assert lines[1:] == ["  FAILED payments.log"]


def test_restore_selected_files():
    archiver = Archiver(workers=1)
    archiver.run(LOGS)
    assert restore_all(archiver.entries, ["cron.log", "db.log"]) == {"cron.log": LOGS["cron.log"],
                                                                     "db.log": LOGS["db.log"]}
    assert restore_all(archiver.entries) == LOGS
    assert restore_all(archiver.entries, []) == {}


def test_report_of_a_clean_night():
    manifest = Archiver().run({"cron.log": LOGS["cron.log"]})
    assert report(manifest, date(2024, 7, 1)) == [
        f"archive 2024-07-01: 1 files, 13 -> {manifest['bytes_out']} bytes"]
    assert safe_to_delete(manifest, ["cron.log", "other.log"]) == ["cron.log"]


def test_empty_night():
    manifest = Archiver().run({})
    assert manifest == {"files": [], "bytes_in": 0, "bytes_out": 0, "failed": []}
    assert keep([], date(2024, 1, 1)) == [] and prune([], date(2024, 1, 1)) == []
