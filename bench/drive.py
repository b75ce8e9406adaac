"""The benches' request driver: `count` requests made by `make(i)`, sent by `concurrency`
workers over one client, as fast as the server answers (a bounded async load generator)."""

from __future__ import annotations

import asyncio
import time
from collections import Counter
from collections.abc import Callable

import httpx


async def drive(
    client: httpx.AsyncClient,
    make: Callable[[int], httpx.Request],
    count: int,
    concurrency: int,
) -> tuple[Counter[int], float]:
    """The statuses answered, and the seconds from the first request to the last answer."""
    queue: asyncio.Queue[int] = asyncio.Queue()
    for i in range(count):
        queue.put_nowait(i)
    statuses: Counter[int] = Counter()

    async def worker() -> None:
        while True:
            try:
                i = queue.get_nowait()
            except asyncio.QueueEmpty:
                return
            response = await client.send(make(i))
            statuses[response.status_code] += 1

    start = time.perf_counter()
    await asyncio.gather(*(worker() for _ in range(concurrency)))
    return statuses, time.perf_counter() - start
