import asyncio

import pytest
import server
from client import RpcClient
from protocol import RemoteError
from transport import pipe


def methods(release=None):
    async def echo(text):
        return text

    async def add(a, b):
        return a + b

    async def divide(a, b):
        return a / b

    async def slow_report(name):
        await release.wait()
        return f"report {name}"

    return {"echo": echo, "add": add, "divide": divide, "slow_report": slow_report}


def run(scenario):
    async def main():
        client_end, server_end = pipe()
        release = asyncio.Event()
        _, serving = server.start(server_end, methods(release))
        async with RpcClient(client_end) as client:
            outcome = await scenario(client, release)
        await asyncio.wait_for(serving, 1)
        return outcome
    return asyncio.run(main())


def test_client_recovers_after_a_call_times_out():
    async def scenario(client, release):
        with pytest.raises(asyncio.TimeoutError):
            await client.call("slow_report", timeout=0.05, name="q3")
        waiting_after_timeout = client.in_flight()
        release.set()
        answer = await asyncio.wait_for(client.call("echo", text="still there?"), 1)
        return waiting_after_timeout, answer, client.in_flight()
    assert run(scenario) == (0, "still there?", 0)


def test_concurrent_calls_get_their_own_replies():
    async def scenario(client, release):
        return await asyncio.gather(*(client.call("add", a=n, b=n) for n in range(5)))
    assert run(scenario) == [0, 2, 4, 6, 8]


def test_remote_errors_are_raised_at_the_caller():
    async def scenario(client, release):
        with pytest.raises(RemoteError) as info:
            await client.call("divide", a=1, b=0)
        missing = await asyncio.gather(client.call("nope"), return_exceptions=True)
        return info.value.code, missing[0].code
    assert run(scenario) == ("failed", "no_such_method")


def test_slow_call_completes_when_given_time():
    async def scenario(client, release):
        call = asyncio.ensure_future(client.call("slow_report", name="q4"))
        await asyncio.sleep(0)
        release.set()
        return await asyncio.wait_for(call, 1)
    assert run(scenario) == "report q4"


def test_notifications_get_no_reply():
    async def scenario(client, release):
        await client.notify("log", line="hello")
        return await client.call("echo", text="after"), client.unmatched
    assert run(scenario) == ("after", 0)
