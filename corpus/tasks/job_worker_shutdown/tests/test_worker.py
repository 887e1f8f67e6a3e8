import asyncio

import pytest
from worker import Worker


async def stops(worker, within=1.0):
    """True when worker.stop() completes within the given time."""
    stopping = asyncio.ensure_future(worker.stop())
    done, _ = await asyncio.wait({stopping}, timeout=within)
    return stopping in done


def test_stop_interrupts_a_running_job():
    async def main():
        worker = Worker().start()
        never = asyncio.Event()
        handle = worker.submit("long-export", never.wait)
        await asyncio.sleep(0.01)
        stopped = await stops(worker)
        return stopped, handle.job.state
    assert asyncio.run(main()) == (True, "cancelled")


def test_jobs_run_in_order():
    async def main():
        worker = Worker().start()
        handles = []
        for n in range(3):
            async def action(n=n):
                await asyncio.sleep(0)
                return n * 10
            handles.append(worker.submit(f"job{n}", action))
        values = [await h.wait(1) for h in handles]
        assert await stops(worker)
        return values, worker.log
    values, log = asyncio.run(main())
    assert values == [0, 10, 20]
    assert log == [("done", "job0"), ("done", "job1"), ("done", "job2")]


def test_submitter_can_cancel_a_running_job_and_the_worker_carries_on():
    async def main():
        worker = Worker().start()
        never = asyncio.Event()
        first = worker.submit("stuck", never.wait)

        async def quick():
            return "ok"
        second = worker.submit("quick", quick)
        await asyncio.sleep(0.01)
        first.cancel()
        outcome = await second.wait(1)
        assert await stops(worker)
        return outcome, worker.log
    assert asyncio.run(main()) == ("ok", [("cancelled", "stuck"), ("done", "quick")])


def test_failures_reach_the_submitter():
    async def main():
        worker = Worker().start()

        async def boom():
            raise ValueError("bad input")
        handle = worker.submit("boom", boom)
        with pytest.raises(ValueError):
            await handle.wait(1)
        assert await stops(worker)
        return worker.log
    assert asyncio.run(main()) == [("failed", "boom")]
