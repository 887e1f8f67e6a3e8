import asyncio

import pytest
from documents import Document, DocumentError
from printers import RecordingPrinter
from spooler import Spooler, SpoolerClosed


def letter(title, lines=3, copies=1):
    return Document(title, "\n".join(f"{title} line {n}" for n in range(lines)), copies)


def test_urgent_jobs_jump_the_queue():
    async def main():
        printer = RecordingPrinter("hall")
        spooler = Spooler([printer]).start()
        await spooler.submit(letter("minutes"))
        await spooler.submit(letter("payroll"), priority="bulk")
        await spooler.submit(letter("fire drill"), priority="urgent")
        await spooler.submit(letter("agenda"))
        before = spooler.pending()
        await spooler.drain()
        await spooler.abort()
        return before, [title for title, _ in printer.printed]
    before, printed = asyncio.run(main())
    assert before == ["fire drill", "minutes", "agenda", "payroll"]
    assert printed == before


def test_sheets_count_pages_and_copies():
    async def main():
        printer = RecordingPrinter("hall")
        spooler = Spooler([printer], lines_per_page=60).start()
        await spooler.submit(letter("handbook", lines=130, copies=2))
        await spooler.submit(Document("cover", "title page\f\fcontents\nintro"))
        await spooler.drain()
        await spooler.abort()
        return printer.printed
    assert asyncio.run(main()) == [("handbook", 6), ("cover", 2)]


def test_invalid_documents_are_refused():
    async def main():
        spooler = Spooler([RecordingPrinter("hall")]).start()
        with pytest.raises(DocumentError, match="copies must be between 1 and 50"):
            await spooler.submit(letter("flyer", copies=0))
        with pytest.raises(ValueError, match="unknown priority 'asap'"):
            await spooler.submit(letter("flyer"), priority="asap")
        await spooler.abort()
        return spooler.submitted, spooler.pending()
    assert asyncio.run(main()) == (0, [])


def test_a_failing_job_does_not_stop_the_printer():
    class JammingPrinter(RecordingPrinter):
        async def print_job(self, job):
            if job.title == "poster":
                raise OSError("paper jam")
            await super().print_job(job)

    async def main():
        printer = JammingPrinter("basement")
        spooler = Spooler([printer]).start()
        for title in ("memo", "poster", "invoice"):
            await spooler.submit(letter(title))
        await spooler.drain()
        await spooler.abort()
        return printer.printed, spooler.failed
    printed, failed = asyncio.run(main())
    assert printed == [("memo", 1), ("invoice", 1)]
    assert failed == [("poster", "OSError('paper jam')")]


def test_close_prints_everything_queued_on_every_printer():
    async def main():
        printers = [RecordingPrinter("hall"), RecordingPrinter("lab")]
        spooler = Spooler(printers).start()
        for n in range(5):
            await spooler.submit(letter(f"report {n}"))
        await spooler.close()
        titles = sorted(title for printer in printers for title, _ in printer.printed)
        return titles, spooler.submitted, spooler.pending()
    titles, submitted, pending = asyncio.run(main())
    assert titles == [f"report {n}" for n in range(5)]
    assert (submitted, pending) == (5, [])


def test_close_waits_for_the_job_being_printed():
    async def main():
        gate = asyncio.Event()
        printer = RecordingPrinter("hall", gate)
        spooler = Spooler([printer]).start()
        await spooler.submit(letter("contract", lines=70))
        await printer.busy.wait()
        closing = asyncio.ensure_future(spooler.close())
        await asyncio.sleep(0)
        waited = not closing.done()
        gate.set()
        await closing
        with pytest.raises(SpoolerClosed):
            await spooler.submit(letter("late"))
        return waited, printer.printed
    assert asyncio.run(main()) == (True, [("contract", 2)])
