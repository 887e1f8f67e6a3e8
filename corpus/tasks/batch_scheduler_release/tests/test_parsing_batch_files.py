import pytest
from batch_file import BatchFileError, parse_batch
from jobs import JobSpec
from report import timeline
from scheduler import Scheduler

NIGHTLY = """
# nightly load
extract  duration=2
load     duration=1 after=extract priority=5   # load first
index    duration=1 after=extract
publish  duration=1 after=load,index retries=2
"""


def test_a_batch_file_becomes_job_specs():
    specs = parse_batch(NIGHTLY)
    assert specs[0] == JobSpec("extract", 2)
    assert specs[1] == JobSpec("load", 1, priority=5, after=("extract",))
    assert specs[3].after == ("load", "index") and specs[3].retries == 2


def test_a_parsed_batch_runs():
    result = Scheduler(parse_batch(NIGHTLY), workers=1).run()
    assert list(timeline(result)) == ["extract", "load", "index", "publish"]


@pytest.mark.parametrize("text, message", [
    ("a", "job 'a' needs a duration=N setting"),
    ("a duration", "expected key=value, got 'duration'"),
    ("a duration=x", "duration must be a whole number, got 'x'"),
    ("a duration=1 colour=red", "unknown setting 'colour'"),
    ("a duration=1 duration=2", "duration given twice"),
    ("a duration=0", "duration must be at least 1 tick"),
    ("# nothing\n\n", "the batch defines no jobs"),
])
def test_mistakes_name_the_line_and_the_fix(text, message):
    with pytest.raises(BatchFileError, match=message):
        parse_batch("\n" + text if "nothing" not in text else text)


def test_error_line_numbers_count_comments_and_blank_lines():
    with pytest.raises(BatchFileError) as info:
        parse_batch("# header\n\nok duration=1\nbad duration=-2\n")
    assert info.value.lineno == 4
