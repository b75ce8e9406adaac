"""`make bench`: every benchmark in bench/, one after the other, each in its own process.

- bench/auth.py             -> bench/results/auth.md
- bench/newsletter_insert.py -> bench/results/newsletter.md
- bench/tracker_sync.py      -> bench/results/tracker.md
- the frontend benchmark, if package.json has one: `npm run bench`, or else each
  `bench:*` script (checked now, not assumed; none is fine).

Benchmarks run one at a time because they measure the same 2 cores. A failing one does not
stop the others; the exit status is non-zero if any failed.

    PYTHONPATH=backend .venv/bin/python bench/run.py
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PYTHON_BENCHMARKS = ["bench/auth.py", "bench/newsletter_insert.py", "bench/tracker_sync.py"]


def _npm_scripts() -> list[str]:
    try:
        scripts = json.loads((ROOT / "package.json").read_text()).get("scripts", {})
    except (OSError, ValueError):
        return []
    if "bench" in scripts:
        return ["bench"]
    return sorted(name for name in scripts if name.startswith("bench:"))


def _run(label: str, command: list[str], env: dict[str, str]) -> bool:
    print(f"\n== {label}: {' '.join(command)}", flush=True)
    began = time.monotonic()
    code = subprocess.run(command, cwd=ROOT, env=env, check=False).returncode  # noqa: S603
    print(f"== {label}: exit {code} after {time.monotonic() - began:.0f} s", flush=True)
    return code == 0


def main() -> int:
    env = dict(os.environ)
    backend = str(ROOT / "backend")
    if backend not in env.get("PYTHONPATH", "").split(os.pathsep):
        env["PYTHONPATH"] = os.pathsep.join(p for p in [backend, env.get("PYTHONPATH")] if p)

    outcomes: dict[str, bool] = {}
    for script in PYTHON_BENCHMARKS:
        outcomes[script] = _run(script, [sys.executable, str(ROOT / script)], env)

    scripts = _npm_scripts()
    npm = shutil.which("npm")
    if not scripts:
        print("\n== no bench script in package.json: frontend benchmark skipped", flush=True)
    elif npm is None:
        print("\n== npm not found: frontend benchmark skipped", flush=True)
    if npm is not None:
        for name in scripts:
            outcomes[f"npm run {name}"] = _run(f"npm run {name}", [npm, "run", name], env)

    print("\n== summary")
    for label, ok in outcomes.items():
        print(f"   {'ok    ' if ok else 'FAILED'} {label}")
    print("   results in bench/results/")
    return 0 if all(outcomes.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
