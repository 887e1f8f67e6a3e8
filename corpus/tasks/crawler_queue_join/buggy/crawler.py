"""Crawls a site breadth-first with a few concurrent workers, staying on internal links."""

import asyncio

from website import FetchError, links


class CrawlTimeout(Exception):
    pass


class Crawler:
    def __init__(self, site, workers=3, max_pages=100):
        self.site = site
        self.workers = workers
        self.max_pages = max_pages
        self.seen = set()
        self.pages = {}
        self.errors = {}
        self._queue = None

    def _enqueue(self, url):
        if url.startswith("/") and url not in self.seen and len(self.seen) < self.max_pages:
            self.seen.add(url)
            self._queue.put_nowait(url)

    async def _worker(self):
        while True:
            url = await self._queue.get()
            try:
                html = await self.site.fetch(url)
            except FetchError as exc:
                self.errors[url] = exc.status
                continue
            self.pages[url] = html
            for link in links(html):
                self._enqueue(link)
            self._queue.task_done()

    async def crawl(self, start="/", timeout=1.0):
        self._queue = asyncio.Queue()
        self._enqueue(start)
        workers = [asyncio.ensure_future(self._worker()) for _ in range(self.workers)]
        joiner = asyncio.ensure_future(self._queue.join())
        try:
            done, _ = await asyncio.wait({joiner}, timeout=timeout)
            if not done:
                raise CrawlTimeout(f"crawl did not finish within {timeout}s; "
                                   f"{len(self.pages)} pages fetched, {len(self.errors)} errors")
        finally:
            joiner.cancel()
            for worker in workers:
                worker.cancel()
            await asyncio.gather(*workers, joiner, return_exceptions=True)
        return sorted(self.pages)
