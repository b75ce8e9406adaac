"""The database-backed limiter: windows open at the first hit, limits hold, Retry-After is right."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi import FastAPI

import app as app_package
from app.core.client import network_of
from app.core.errors import RateLimited
from app.core.ratelimit import RateLimiter, Rule


class Clock:
    def __init__(self, start: float) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    # Just before a minute boundary: a clock-aligned window would reset two seconds later.
    fake = Clock(1_800_000_058.0)
    monkeypatch.setattr("app.core.ratelimit.time.time", fake)
    return fake


async def test_an_interval_is_a_real_interval_across_clock_boundaries(
    app: FastAPI, clock: Clock
) -> None:
    limiter = RateLimiter(app.state.engine)
    once_a_minute = Rule(1, 60)
    await limiter.hit("k", once_a_minute)
    clock.now += 2
    with pytest.raises(RateLimited) as caught:
        await limiter.hit("k", once_a_minute)
    assert caught.value.retry_after == 58
    clock.now += 58.5
    await limiter.hit("k", once_a_minute)  # the window has closed: allowed again


async def test_limit_counts_per_key_and_reports_retry_after(app: FastAPI, clock: Clock) -> None:
    limiter = RateLimiter(app.state.engine)
    rule = Rule.parse("3/300")
    for _ in range(3):
        await limiter.hit("a", rule)
    await limiter.hit("b", rule)  # another key has its own count
    clock.now += 100
    with pytest.raises(RateLimited) as caught:
        await limiter.hit("a", rule)
    assert caught.value.retry_after == 200
    assert caught.value.headers["Retry-After"] == "200"


async def test_disabled_limiter_never_limits(app: FastAPI) -> None:
    limiter = RateLimiter(app.state.engine, enabled=False)
    for _ in range(5):
        await limiter.hit("c", Rule(1, 60))


@pytest.mark.parametrize("text", ["0/60", "5/0", "five/60", "5"])
def test_bad_rules_are_refused(text: str) -> None:
    with pytest.raises(ValueError):  # noqa: PT011 - the message varies by the mistake
        Rule.parse(text)


async def test_a_hit_may_cost_several(app: FastAPI, clock: Clock) -> None:
    limiter = RateLimiter(app.state.engine)
    rule = Rule(5, 300)
    await limiter.hit("d", rule, cost=3)  # opens the window at 3
    await limiter.hit("d", rule, cost=2)  # 5: still allowed
    with pytest.raises(RateLimited):
        await limiter.hit("d", rule)  # 6
    clock.now += 301
    await limiter.hit("d", rule, cost=5)  # a new window starts at the cost
    with pytest.raises(RateLimited):
        await limiter.hit("d", rule, cost=1)
    with pytest.raises(ValueError, match="at least 1"):
        await limiter.hit("e", rule, cost=0)


@pytest.mark.parametrize(
    ("ip", "prefix", "network"),
    [
        ("2001:db8:1:2:aaaa:bbbb:cccc:dddd", 64, "2001:db8:1:2::/64"),
        ("2001:db8:1:2:aaaa:bbbb:cccc:dddd", 48, "2001:db8:1::/48"),
        ("2001:db8:1:2:aaaa:bbbb:cccc:dddd", 128, "2001:db8:1:2:aaaa:bbbb:cccc:dddd/128"),
        ("fe80::1%eth0", 64, "fe80::/64"),
        ("::ffff:198.51.100.9", 64, "198.51.100.9"),
        ("198.51.100.9", 64, "198.51.100.9"),
        ("unknown", 64, "unknown"),
    ],
)
def test_per_ip_limits_count_an_ipv6_client_by_its_network(
    ip: str, prefix: int, network: str
) -> None:
    assert network_of(ip, prefix) == network


def test_every_per_ip_limit_keys_on_the_network_not_the_address() -> None:
    # `client.ip` is what is recorded, `client.network` what is counted (core/client.py): an
    # address formatted into a string in the services is a rate-limit key on one IPv6 address.
    root = Path(app_package.__file__).parent
    offenders = [
        f"{path.relative_to(root)}:{number}"
        for path in sorted(root.rglob("*.py"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if "client.ip}" in line
    ]
    assert offenders == []
