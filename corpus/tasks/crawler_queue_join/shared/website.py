"""An in-memory website for the crawler: pages with links, some of them broken."""

import asyncio
import re

LINK = re.compile(r'href="([^"]+)"')


class FetchError(Exception):
    def __init__(self, url, status):
        super().__init__(f"{status} for {url}")
        self.url, self.status = url, status


class FakeSite:
    def __init__(self, pages):
        self.pages = dict(pages)
        self.fetched = []

    async def fetch(self, url):
        await asyncio.sleep(0)  # yield like real I/O would
        self.fetched.append(url)
        if url not in self.pages:
            raise FetchError(url, 404)
        return self.pages[url]


def links(html):
    return LINK.findall(html)
