"""A small, cheap HTTP/1.1 load generator for 127.0.0.1, and CPU accounting from /proc.

Why not httpx: on a 2-core machine the load generator shares the CPUs with the server, and
httpx spends several times more CPU per request than the cheapest endpoints cost the
server, which would flatten every ratio towards 1. This client writes pre-built request
bytes on one keep-alive connection per virtual user and parses only the status line,
Content-Length (or chunked framing) and the body. It speaks to our own uvicorn only.

A run is bounded twice: virtual users stop issuing requests at the end of the measuring
window, and whatever is still in flight is cancelled after a hard timeout.
"""

from __future__ import annotations

import asyncio
import os
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

CLK_TCK = os.sysconf("SC_CLK_TCK")


class HttpError(Exception):
    pass


@dataclass
class Reply:
    status: int
    body: bytes
    # Header names lower-cased; the last value of a repeated header.
    headers: dict[str, str] = field(default_factory=dict)


class Connection:
    """One keep-alive HTTP/1.1 connection; reconnects when the server closes it."""

    def __init__(self, host: str, port: int) -> None:
        self.host, self.port = host, port
        self._reader: asyncio.StreamReader | None = None
        self._writer: asyncio.StreamWriter | None = None

    async def _open(self) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
        if self._reader is None or self._writer is None:
            self._reader, self._writer = await asyncio.open_connection(self.host, self.port)
        return self._reader, self._writer

    @property
    def local_port(self) -> int | None:
        if self._writer is None:
            return None
        port: int = self._writer.get_extra_info("sockname")[1]
        return port

    def close(self) -> None:
        if self._writer is not None:
            self._writer.close()
        self._reader = self._writer = None

    async def send(self, raw: bytes) -> Reply:
        reader, writer = await self._open()
        writer.write(raw)
        try:
            head = await reader.readuntil(b"\r\n\r\n")
        except (asyncio.IncompleteReadError, ConnectionError) as exc:
            self.close()
            raise HttpError(f"connection lost: {exc!r}") from exc
        lines = head.decode("latin-1").split("\r\n")
        status = int(lines[0].split(" ", 2)[1])
        length: int | None = None
        chunked = close = False
        headers: dict[str, str] = {}
        for line in lines[1:]:
            name, _, value = line.partition(":")
            name = name.strip().lower()
            headers[name] = value.strip()
            if name == "content-length":
                length = int(value)
            elif name == "transfer-encoding" and "chunked" in value.lower():
                chunked = True
            elif name == "connection" and value.strip().lower() == "close":
                close = True
        if chunked:
            parts = []
            while True:
                size = int((await reader.readuntil(b"\r\n")).split(b";")[0], 16)
                parts.append(await reader.readexactly(size + 2))
                if size == 0:
                    break
            body = b"".join(part[:-2] for part in parts)
        else:
            body = await reader.readexactly(length or 0)
        if close:
            self.close()
        return Reply(status, body, headers)


def build_request(
    method: str, path: str, headers: dict[str, str], body: bytes | None = None
) -> bytes:
    lines = [f"{method} {path} HTTP/1.1", "Host: 127.0.0.1"]
    lines += [f"{name}: {value}" for name, value in headers.items()]
    if body is not None:
        lines += ["Content-Type: application/json", f"Content-Length: {len(body)}"]
    return ("\r\n".join(lines) + "\r\n\r\n").encode() + (body or b"")


class Scenario(Protocol):
    """What one virtual user sends next, and what it learns from the answer."""

    name: str

    def request(self, user: int) -> bytes: ...

    def response(self, user: int, reply: Reply) -> None: ...


# -- CPU accounting ---------------------------------------------------------------------


def _proc_cpu_seconds(pid: int) -> float:
    """CPU-seconds of one process: all its threads, plus its children it has reaped.

    Counting reaped children keeps the sum monotonic when a PostgreSQL backend or a pool
    connection's process ends inside the window. 0 if the process is gone.
    """
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return 0.0
    fields = stat.rsplit(")", 1)[1].split()
    # After the command: state is field 0, so utime, stime, cutime, cstime are 11 to 14.
    return sum(int(value) for value in fields[11:15]) / CLK_TCK


def _children(pid: int) -> list[int]:
    found = []
    try:
        tasks = list(Path(f"/proc/{pid}/task").glob("*/children"))
    except OSError:  # the process ended meanwhile (a PostgreSQL backend often does)
        return []
    for task in tasks:
        try:
            found += [int(child) for child in task.read_text().split()]
        except OSError:
            continue
    return found


def process_tree(pid: int) -> list[int]:
    tree, todo = [], [pid]
    while todo:
        current = todo.pop()
        tree.append(current)
        todo += _children(current)
    return tree


def tree_cpu_seconds(pids: Sequence[int]) -> float:
    """CPU of these processes and all their descendants, live or reaped."""
    return sum(_proc_cpu_seconds(p) for root in pids for p in process_tree(root))


def machine_busy_seconds() -> float:
    """CPU-seconds spent by everything on the machine (all cores), from /proc/stat."""
    values = [int(v) for v in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    idle = values[3] + values[4]  # idle + iowait
    return (sum(values[:8]) - idle) / CLK_TCK


def wait_until_quiet(threshold: float, max_wait: float, sample: float = 1.0) -> float:
    """Waits (up to `max_wait` s) for a `sample`-second stretch in which the machine's cores
    are less than `threshold` busy; returns the seconds waited. Others share this machine."""
    cores = len(os.sched_getaffinity(0))
    began = time.monotonic()
    while True:
        before = machine_busy_seconds()
        time.sleep(sample)
        busy = (machine_busy_seconds() - before) / (sample * cores)
        waited = time.monotonic() - began
        if busy < threshold or waited >= max_wait:
            return waited


@dataclass
class CpuSnapshot:
    server: float
    database: float
    loadgen: float
    machine: float
    wall: float


@dataclass
class CpuProbe:
    """Which processes count as the server and which as the database."""

    server_pids: list[int]
    database_pids: list[int] = field(default_factory=list)

    def snapshot(self) -> CpuSnapshot:
        return CpuSnapshot(
            server=tree_cpu_seconds(self.server_pids),
            database=tree_cpu_seconds(self.database_pids),
            loadgen=time.process_time(),
            machine=machine_busy_seconds(),
            wall=time.perf_counter(),
        )


# -- spreading connections over the server's workers ---------------------------------------


def _server_socket_inode(server_port: int, client_port: int) -> str | None:
    """The inode of the server's end of the loopback connection from `client_port`."""
    wanted_local, wanted_remote = f"{server_port:04X}", f"{client_port:04X}"
    try:
        lines = Path("/proc/net/tcp").read_text().splitlines()[1:]
    except OSError:
        return None
    for line in lines:
        fields = line.split()
        local, remote = fields[1].split(":")[1], fields[2].split(":")[1]
        if local == wanted_local and remote == wanted_remote:
            return fields[9]
    return None


class WorkerBalance:
    """Keeps a load's connections evenly spread over the server's worker processes.

    uvicorn's workers share one listening socket, and whichever accepts a connection
    serves it for its whole life: 16 keep-alive connections can land 16/0 and halve the
    measured throughput for a run, or not, by chance. After a connection's first answer
    the user asks which worker holds the server end (from /proc) and reconnects if that
    worker already has its share.
    """

    def __init__(self, server_pid: int, server_port: int, workers: int, connections: int):
        self.server_pid, self.server_port = server_pid, server_port
        self.quota = -(-connections // workers)
        self.counts: Counter[int] = Counter()

    def owner(self, client_port: int) -> int | None:
        inode = _server_socket_inode(self.server_port, client_port)
        if inode is None:
            return None
        target = f"socket:[{inode}]"
        for pid in process_tree(self.server_pid):
            try:
                fds = list(Path(f"/proc/{pid}/fd").iterdir())
            except OSError:
                continue
            for fd in fds:
                try:
                    if os.readlink(fd) == target:
                        return pid
                except OSError:
                    continue
        return None

    def claim(self, client_port: int, *, force: bool = False) -> int | None:
        """The worker now serving this connection, or None: reconnect and ask again."""
        pid = self.owner(client_port)
        if pid is None:
            pid = -1  # not found (the connection may be gone): do not retry forever
        if self.counts[pid] < self.quota or force or pid == -1:
            self.counts[pid] += 1
            return pid
        return None

    def release(self, pid: int) -> None:
        self.counts[pid] -= 1


# -- a measured run ---------------------------------------------------------------------


@dataclass
class Result:
    name: str
    concurrency: int
    seconds: float
    latencies: list[float]
    statuses: Counter[int]
    errors: Counter[str]
    cpu_start: CpuSnapshot
    cpu_end: CpuSnapshot

    @property
    def requests(self) -> int:
        return len(self.latencies)

    @property
    def ok(self) -> int:
        return sum(n for code, n in self.statuses.items() if 200 <= code < 300)

    @property
    def rps(self) -> float:
        return self.ok / self.seconds

    def percentile(self, q: float) -> float:
        ordered = sorted(self.latencies)
        if not ordered:
            return float("nan")
        return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]

    def _per_request(self, seconds: float) -> float:
        return seconds / self.requests if self.requests else float("nan")

    @property
    def server_cpu(self) -> float:
        return self._per_request(self.cpu_end.server - self.cpu_start.server)

    @property
    def database_cpu(self) -> float:
        return self._per_request(self.cpu_end.database - self.cpu_start.database)

    @property
    def loadgen_cpu(self) -> float:
        return self._per_request(self.cpu_end.loadgen - self.cpu_start.loadgen)

    @property
    def machine_busy(self) -> float:
        """Fraction of all cores busy during the window, whoever used them."""
        wall = self.cpu_end.wall - self.cpu_start.wall
        cores = len(os.sched_getaffinity(0))
        return (self.cpu_end.machine - self.cpu_start.machine) / (wall * cores)

    @property
    def other_busy(self) -> float:
        """Fraction of all cores used by processes outside server, database and load generator."""
        wall = self.cpu_end.wall - self.cpu_start.wall
        cores = len(os.sched_getaffinity(0))
        ours: float = sum(
            getattr(self.cpu_end, name) - getattr(self.cpu_start, name)
            for name in ("server", "database", "loadgen")
        )
        return max(0.0, (self.cpu_end.machine - self.cpu_start.machine - ours) / (wall * cores))


async def run(
    host: str,
    port: int,
    scenario: Scenario,
    *,
    concurrency: int,
    warmup: float,
    duration: float,
    probe: CpuProbe,
    balance: WorkerBalance | None = None,
    hard_timeout: float = 30.0,
) -> Result:
    """`concurrency` virtual users, each on its own connection, loop on `scenario`.

    Only answers that arrive inside the window count (the completion rate in steady state,
    whenever the request was sent). The window runs from the CPU snapshot taken once
    `warmup` has passed to the one taken `duration` later: should the event loop wake late
    for either (the load generator may be starved of CPU, or run at a lower priority), the
    answers counted and the CPU measured still cover the same interval, which `seconds`
    is. Users send until the second snapshot, nothing after it; stragglers are cancelled
    after `hard_timeout` seconds.

    With `balance`, a user whose new connection landed on a worker that already serves its
    share of the connections closes it and connects again (see WorkerBalance).
    """
    clock = time.perf_counter  # uvloop's loop.time() only has millisecond resolution
    start_at = clock() + warmup
    stop_at = start_at + duration
    errors: Counter[str] = Counter()
    # (completed at, latency, status) of every answer since the first snapshot.
    answers: list[tuple[float, float, int]] = []
    window_start = float("inf")  # set by the first snapshot
    finished = False  # set by the second

    async def user(index: int) -> None:
        conn = Connection(host, port)
        owner: int | None = None
        attempts = 0
        try:
            while not finished:
                began = clock()
                try:
                    reply = await conn.send(scenario.request(index))
                except (HttpError, OSError) as exc:
                    errors[type(exc).__name__] += 1
                    conn.close()
                    if balance is not None and owner is not None:
                        balance.release(owner)
                    owner, attempts = None, 0
                    await asyncio.sleep(0.05)
                    continue
                ended = clock()
                scenario.response(index, reply)
                if balance is not None and owner is None and conn.local_port is not None:
                    attempts += 1
                    owner = balance.claim(conn.local_port, force=attempts > 20)
                    if owner is None:
                        conn.close()
                if ended >= window_start:
                    answers.append((ended, ended - began, reply.status))
        finally:
            conn.close()
            if balance is not None and owner is not None:
                balance.release(owner)

    tasks = [asyncio.create_task(user(i)) for i in range(concurrency)]
    await asyncio.sleep(max(0.0, start_at - clock()))
    cpu_start = probe.snapshot()
    window_start = cpu_start.wall  # the same clock as `clock`
    await asyncio.sleep(max(0.0, stop_at - clock()))
    cpu_end = probe.snapshot()
    finished = True
    seconds = cpu_end.wall - cpu_start.wall
    _done, pending = await asyncio.wait(tasks, timeout=hard_timeout)
    for task in pending:
        task.cancel()
        errors["cancelled at hard stop"] += 1
    await asyncio.gather(*pending, return_exceptions=True)
    for task in tasks:
        if not task.cancelled() and task.exception() is not None:
            errors[repr(task.exception())] += 1
    inside = [(latency, status) for ended, latency, status in answers if ended <= cpu_end.wall]
    latencies = [latency for latency, _ in inside]
    statuses = Counter(status for _, status in inside)
    return Result(
        scenario.name, concurrency, seconds, latencies, statuses, errors, cpu_start, cpu_end
    )


def package_versions() -> str:
    """The versions of the server's stack a benchmark's figures depend on, for its report."""
    from importlib.metadata import version

    names = ["fastapi", "starlette", "uvicorn", "sqlalchemy", "asyncpg", "aiosqlite", "argon2-cffi"]
    return ", ".join(f"{name} {version(name)}" for name in names)
