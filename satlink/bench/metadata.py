"""What a results file must say to be reproduced: software versions, the machine, the date,
satlink's git commit, and a hash of the boards measured."""

from __future__ import annotations

import hashlib
import json
import os
import platform
from datetime import datetime, timezone
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

from satlink.version import __version__, build_commit

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
    """satlink's commit as built into the package, or its own checkout's
    (:func:`satlink.version.build_commit`); None when unknown."""
    return build_commit()


def memory_mb() -> int | None:
    """The machine's memory in MiB (``MemTotal``), None if unknown."""
    try:
        for line in Path("/proc/meminfo").read_text(encoding="ascii").splitlines():
            if line.startswith("MemTotal:"):
                return int(line.split()[1]) // 1024
    except (OSError, ValueError, IndexError):
        pass
    return None


def machine() -> dict:
    """The machine and the software, as one JSON object."""
    load = os.getloadavg() if hasattr(os, "getloadavg") else None
    return {"python": platform.python_version(), "platform": platform.platform(),
            "os": f"{platform.system()} {platform.release()}",
            "processor": platform.processor() or platform.machine(), "cpu_model": cpu_model(),
            "cpus": os.cpu_count(), "memory_mb": memory_mb(),
            "load_average": [round(x, 2) for x in load] if load else None,
            "satlink": __version__, "python_sat": package_version("python-sat"),
            "git": git_commit(),
            "date": datetime.now(timezone.utc).isoformat(timespec="seconds")}


def solver_versions(configs) -> dict[str, str]:
    """Each backend's solver and version: PySAT's bundled ones by name, an external
    command by the first line it prints for ``--version``."""
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


def solver_provenance(configs) -> dict[str, dict]:
    """Each backend as a referee would pin it: for a PySAT backend, the solver and release
    and the python-sat version that bundles its sources (seed: the solver's default, which
    satlink never sets); for an external command, the template, the binary's resolved path
    and sha256, everything ``--version`` printed and the seed it is given (``{seed}`` in the
    template, else the solver's default)."""
    out: dict[str, dict] = {}
    for config in configs:
        if config.solver in out:
            continue
        if config.external is not None:
            out[config.solver] = config.external.provenance()
        else:
            out[config.solver] = {
                "kind": "pysat", "solver": PYSAT_VERSIONS.get(config.solver, config.solver),
                "python_sat": package_version("python-sat"),
                "seed": "the solver's default (satlink sets none)"}
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
