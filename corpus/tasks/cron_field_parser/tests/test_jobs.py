from datetime import datetime

import pytest
from cronspec import CronError
from jobs import due_jobs, load_table

TABLE = """
# maintenance
@hourly rotate-logs
15 3 * * SUN  vacuum-db --full
*/10 * * * *  poll-feeds
"""


def test_table_with_macros_and_comments():
    jobs = load_table(TABLE)
    assert [(j.line, j.command) for j in jobs] == [(3, "rotate-logs"), (4, "vacuum-db --full"), (5, "poll-feeds")]
    with pytest.raises(CronError, match="line 1: unknown macro '@often'"):
        load_table("@often ping")
    with pytest.raises(CronError, match="line 1: no command"):
        load_table("* * * * *")


def test_due_jobs_between_two_checks():
    jobs = load_table(TABLE)
    assert due_jobs(jobs, datetime(2024, 3, 10, 2, 58), datetime(2024, 3, 10, 3, 0)) == ["rotate-logs", "poll-feeds"]
    assert due_jobs(jobs, datetime(2024, 3, 10, 3, 11), datetime(2024, 3, 10, 3, 15)) == ["vacuum-db --full"]
