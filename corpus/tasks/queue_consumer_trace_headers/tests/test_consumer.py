import pytest
from consumer import Consumer
from messages import Message, reset_ids
from middleware import TransientError


@pytest.fixture(autouse=True)
def fresh_ids():
    reset_ids()


def handlers():
    flaky = {"left": 2}

    def charge(message):
        if flaky["left"]:
            flaky["left"] -= 1
            raise TransientError("gateway busy")
        return f"charged {message.body['amount']}"

    return {"order.created": lambda m: f"order {m.body['order']}", "payment.charge": charge}


def test_message_is_handled_and_traced():
    consumer = Consumer("billing", handlers())
    assert consumer.process(Message("order.created", {"order": 7})) == "order 7"
    assert consumer.log == [(1, "order.created", ["billing:order.created"])]


def test_retry_until_the_gateway_answers():
    consumer = Consumer("billing", handlers())
    message = Message("payment.charge", {"amount": 30})
    assert consumer.process(message) == "charged 30"
    assert message.attempts == 3


def test_redelivered_message_is_skipped():
    consumer = Consumer("billing", handlers())
    message = Message("order.created", {"order": 1})
    consumer.process(message)
    assert consumer.process(message) == "duplicate"


def test_unsupported_schema_is_rejected():
    message = Message("order.created", {"order": 1}, headers={"schema": 2})
    with pytest.raises(ValueError, match="schema 2"):
        Consumer("billing", handlers()).process(message)


def test_each_message_carries_only_its_own_trace():
    consumer = Consumer("billing", handlers())
    consumer.drain([Message("order.created", {"order": 1}), Message("order.created", {"order": 2}),
                    Message("payment.charge", {"amount": 5})])
    assert [trace for _, _, trace in consumer.log] == [
        ["billing:order.created"], ["billing:order.created"], ["billing:payment.charge"]]


def test_trace_grows_across_services_for_one_message():
    message = Message("order.created", {"order": 3})
    Consumer("gateway", handlers()).process(message)
    Consumer("billing", handlers()).process(message)
    assert message.header("trace") == ["gateway:order.created", "billing:order.created"]
