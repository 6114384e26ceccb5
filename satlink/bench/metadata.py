"""What a results file must say to be reproduced: software versions, the machine, the date,
satlink's git commit, and a hash of the boards measured."""

from __future__ import annotations

import hashlib
import json
import os
import platform
import subprocess
from datetime import datetime, timezone
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

from satlink.version import __version__

PYSAT_VERSIONS = {
    "cadical103": "CaDiCaL 1.0.3", "cadical153": "CaDiCaL 1.5.3", "cadical195": "CaDiCaL 1.9.5",
    "glucose3": "Glucose 3.0", "glucose4": "Glucose 4.1", "glucose42": "Glucose 4.2.1",
    "kissat404": "Kissat 4.0.4", "minisat22": "MiniSat 2.2",
}
"""The solver and release behind PySAT backend names that carry one; the others are named
as PySAT names them.  The python-sat version pins the exact sources either way."""


def package_version(name: str) -> str | None:
    try:
        return version(name)
    except PackageNotFoundError:
        return None


def cpu_model() -> str:
    """The CPU's model name (``/proc/cpuinfo``), else what :mod:`platform` knows."""
    try:
        for line in Path("/proc/cpuinfo").read_text(encoding="utf-8").splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def git_commit() -> dict | None:
    """satlink's source commit and whether the tree had changes, when it runs from a git
    checkout; None otherwise (an installed wheel)."""
    root = Path(__file__).resolve().parents[2]
    try:
        commit = subprocess.run(["git", "-C", str(root), "rev-parse", "HEAD"],
                                capture_output=True, text=True, timeout=10)
        if commit.returncode != 0:
            return None
        dirty = subprocess.run(["git", "-C", str(root), "status", "--porcelain",
                                "--untracked-files=no"], capture_output=True, text=True,
                               timeout=10)
    except (OSError, subprocess.SubprocessError):
        return None
    return {"commit": commit.stdout.strip(), "dirty": bool(dirty.stdout.strip())}


def machine() -> dict:
    """The machine and the software, as one JSON object."""
    load = os.getloadavg() if hasattr(os, "getloadavg") else None
    return {"python": platform.python_version(), "platform": platform.platform(),
            "processor": platform.processor() or platform.machine(), "cpu_model": cpu_model(),
            "cpus": os.cpu_count(), "load_average": [round(x, 2) for x in load] if load else None,
            "satlink": __version__, "python_sat": package_version("python-sat"),
            "git": git_commit(),
            "date": datetime.now(timezone.utc).isoformat(timespec="seconds")}


def solver_versions(configs) -> dict[str, str]:
    """Each backend's solver and version: PySAT's bundled ones by name, an external
    command by what it prints for ``--version``."""
    out: dict[str, str] = {}
    for config in configs:
        if config.solver in out:
            continue
        if config.external is not None:
            out[config.solver] = config.external.version()
        else:
            bundled = PYSAT_VERSIONS.get(config.solver, config.solver)
            out[config.solver] = f"{bundled} (python-sat {package_version('python-sat')})"
    return out


def corpus_hash(boards) -> dict:
    """A SHA-256 over every measured board's name, rows, geometry and profile, in order: two
    results files with the same hash measured the same boards."""
    digest = hashlib.sha256()
    for item in boards:
        board = item.board
        geometry = None if board.geometry.is_plain else repr(board.geometry)
        digest.update(json.dumps([item.name, list(board.rows), geometry, item.rules]).encode())
        digest.update(b"\n")
    return {"sha256": digest.hexdigest(), "boards": len(boards)}
