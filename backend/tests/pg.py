"""A throwaway PostgreSQL cluster for the tests (and the benchmarks).

initdb and pg_ctl refuse to run as root, so as root they run as the `postgres` user, with the
data and socket folders owned by it. The cluster listens on 127.0.0.1 only and is removed
when stopped.
"""

from __future__ import annotations

import contextlib
import glob
import os
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path


def _bindir() -> Path:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"))
    if found:
        return Path(found[-1]).parent
    pg_ctl = shutil.which("pg_ctl")
    if pg_ctl:
        return Path(pg_ctl).parent
    raise RuntimeError("PostgreSQL server binaries (initdb, pg_ctl) were not found")


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def _as_postgres(args: list[str]) -> list[str]:
    return ["runuser", "-u", "postgres", "--", *args] if os.geteuid() == 0 else args


@contextlib.contextmanager
def throwaway_postgres(max_connections: int = 100) -> Iterator[str]:
    """Starts a cluster and yields its base URL (`postgresql+asyncpg://postgres@host:port`)."""
    bindir = _bindir()
    root = Path(tempfile.mkdtemp(prefix="pgtest-"))
    data, sockets = root / "data", root / "sock"
    sockets.mkdir()
    if os.geteuid() == 0:
        shutil.chown(root, "postgres")
        shutil.chown(sockets, "postgres")
    port = _free_port()
    run = {"check": True, "stdout": subprocess.DEVNULL, "stderr": subprocess.PIPE}
    subprocess.run(
        _as_postgres(
            [str(bindir / "initdb"), "-D", str(data), "-U", "postgres", "-A", "trust", "-E", "UTF8"]
        ),
        **run,  # type: ignore[call-overload]
    )
    options = (
        f"-c listen_addresses=127.0.0.1 -c port={port} -c unix_socket_directories={sockets} "
        f"-c max_connections={max_connections} -c fsync=off -c synchronous_commit=off "
        "-c full_page_writes=off"
    )
    subprocess.run(
        _as_postgres(
            [
                str(bindir / "pg_ctl"),
                "-D",
                str(data),
                "-o",
                options,
                "-w",
                "-l",
                str(root / "log"),
                "start",
            ]
        ),
        **run,  # type: ignore[call-overload]
    )
    try:
        yield f"postgresql+asyncpg://postgres@127.0.0.1:{port}"
    finally:
        subprocess.run(
            _as_postgres([str(bindir / "pg_ctl"), "-D", str(data), "-m", "immediate", "stop"]),
            check=False,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        shutil.rmtree(root, ignore_errors=True)


def create_database(base_url: str, name: str) -> str:
    """Creates database `name` in the cluster and returns its URL."""
    host_port = base_url.rsplit("@", 1)[1]
    host, port = host_port.split(":")
    subprocess.run(
        ["psql", "-h", host, "-p", port, "-U", "postgres", "-q", "-c", f'CREATE DATABASE "{name}"'],
        check=True,
        stdout=subprocess.DEVNULL,
    )
    return f"{base_url}/{name}"


def dump_schema(url: str) -> str:
    """`pg_dump --schema-only` of the database at `url` (from `create_database`): every table,
    column, default, constraint, index, sequence, type and function, as DDL."""
    host_port, name = url.rsplit("@", 1)[1].split("/", 1)
    host, port = host_port.split(":")
    dump = subprocess.run(
        [
            str(_bindir() / "pg_dump"),
            "--schema-only",
            "--no-owner",
            "-h",
            host,
            "-p",
            port,
            "-U",
            "postgres",
            name,
        ],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    # pg_dump fences its output with a random key (`\restrict KEY` … `\unrestrict KEY`).
    return "\n".join(
        line for line in dump.splitlines() if not line.startswith(("\\restrict", "\\unrestrict"))
    )
