import pytest

from feeder import BacklogFeeder
from gateway import Message, RecordingGateway
from outbox import Outbox
from status import StatusBoard


def make():
    gateway, board = RecordingGateway(), StatusBoard()
    return gateway, board, Outbox(gateway, board)


def test_messages_submitted_before_start_are_sent():
    gateway, board, outbox = make()
    outbox.submit(Message("+4477009001", "Your parcel is on its way"))
    outbox.submit(Message("+4477009002", "x" * 200))
    outbox.start()
    assert outbox.wait_sent(2) == 2
    outbox.close()
    assert gateway.sent == [("+4477009001", 1), ("+4477009002", 2)]
    assert board.state("outbox-1") == "stopped"


def test_close_with_nothing_queued_stops_the_worker():
    gateway, board, outbox = make()
    outbox.start()
    outbox.submit(Message("+4477009003", "hello"))
    outbox.wait_sent(1)
    outbox.close()
    assert board.history("outbox-1")[-1] == "stopped"
    with pytest.raises(RuntimeError):
        outbox.submit(Message("+4477009004", "late"))


def test_invalid_recipient_is_refused():
    with pytest.raises(ValueError, match="E.164"):
        Message("07700 900123", "hi")


def test_feeder_hands_over_the_backlog_when_idle():
    gateway, board, outbox = make()
    feeder = BacklogFeeder(outbox, batch_size=3)
    feeder.enqueue([Message(f"+44770090{n:02d}", f"Campaign text {n}") for n in range(7)])
    feeder.attach(board)
    outbox.start()
    assert outbox.wait_sent(7) == 7
    outbox.close()
    assert feeder.pending() == 0
    assert feeder.batches_fed == 3
    assert [to for to, _ in gateway.sent] == [f"+44770090{n:02d}" for n in range(7)]


def test_segments_are_counted_per_160_characters():
    assert Message("+1555000111", "").segments() == 1
    assert Message("+1555000111", "a" * 160).segments() == 1
    assert Message("+1555000111", "a" * 161).segments() == 2
    assert Message("+1555000111", "a" * 481).segments() == 4
