import pytest
from recent_log import RecentLog
from redact import redact, redact_all


def test_emails_tokens_and_card_numbers_are_masked():
    line = "login ana@example.org with tok_abcdef123456 card 4111 1111 1111 1111"
    assert redact(line) == "login <email> with <token> card <card>"


def test_only_selected_kinds_are_masked():
    assert redact("mail ana@example.org key_ZZZZZZZZ9", kinds={"email"}) == "mail <email> key_ZZZZZZZZ9"


def test_recent_log_lines_are_redacted_for_the_report():
    log = RecentLog(capacity=3)
    log.log("info", "user bob@corp.io signed in")
    log.log("warn", "retry with key_12345678abc")
    assert redact_all(log.last(2)) == ["#1 INFO: user <email> signed in", "#2 WARN: retry with <token>"]


def test_unknown_kinds_are_refused():
    with pytest.raises(ValueError, match="unknown redaction kinds \\['phone'\\]"):
        redact_all(["x"], kinds={"phone"})
