"""Printers the spooler drives. The office printers speak IPP; tests use this recording one."""

import asyncio


class RecordingPrinter:
    def __init__(self, name, gate=None):
        self.name = name
        self.gate = gate
        self.printed = []
        self.busy = asyncio.Event()

    async def print_job(self, job):
        self.busy.set()
        if self.gate is not None:
            await self.gate.wait()
        await asyncio.sleep(0)
        self.printed.append((job.title, job.sheets))
        self.busy.clear()
