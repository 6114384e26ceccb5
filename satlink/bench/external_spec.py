"""An external solver as the command line gives it: ``NAME=COMMAND`` with placeholders,
checked once, and what pins the binary for a results file (path, hash, version output,
seed).  Running it is :mod:`satlink.bench.external`."""

from __future__ import annotations

import math
import os
import re
import shlex
import shutil
import subprocess
from dataclasses import dataclass

PLACEHOLDERS = ("{cnf}", "{timeout}", "{memory}", "{seed}")
NAME = re.compile(r"^[A-Za-z][A-Za-z0-9_.+-]*$")
VERSION_SECONDS = 10.0


class ExternalSpecError(ValueError):
    """An ``--external`` value that cannot be used (a usage error)."""


@dataclass(frozen=True)
class ExternalSolver:
    """A named command template; ``{cnf}`` is the instance file, ``{timeout}`` the seconds
    left (rounded up), ``{memory}`` the memory limit in MiB (0: none), ``{seed}`` the
    solver's seed (:attr:`seed`)."""

    name: str
    template: str
    seed: int = 0

    @property
    def words(self) -> list[str]:
        return shlex.split(self.template)

    def argv(self, cnf: str, seconds: float | None, memory_mb: int | None) -> list[str]:
        values = {"cnf": cnf, "memory": str(memory_mb or 0), "seed": str(self.seed),
                  "timeout": str(0 if seconds is None or math.isinf(seconds)
                                 else max(1, math.ceil(seconds)))}
        return [word.format(**values) for word in self.words]

    def version(self) -> str:
        """The first line ``COMMAND --version`` prints, or ``unknown``."""
        lines = [line.strip() for line in self.version_output().splitlines()]
        return next((line for line in lines if line), "unknown")

    def version_output(self) -> str:
        """Everything ``COMMAND --version`` prints (the template's words without a
        placeholder; failing that, the program alone), or ``""``."""
        words = [w for w in self.words if not any(p in w for p in PLACEHOLDERS)]
        for command in (words, words[:1]):  # 'cadical -q --version' is refused, say
            try:
                done = subprocess.run(command + ["--version"], capture_output=True, text=True,
                                      timeout=VERSION_SECONDS, stdin=subprocess.DEVNULL)
            except (OSError, subprocess.SubprocessError):
                continue
            text = (done.stdout + "\n" + done.stderr).strip()
            if done.returncode == 0 and text:
                return text
        return ""

    def provenance(self) -> dict:
        """What pins this solver: the template, the binary's resolved path and sha256
        (of the program the template starts: a wrapper script is hashed, not what it
        runs), the whole ``--version`` output and the seed."""
        import hashlib

        found = shutil.which(self.words[0])
        path = os.path.realpath(found) if found else None
        digest = None
        if path:
            sha = hashlib.sha256()
            with open(path, "rb") as handle:
                for block in iter(lambda: handle.read(1 << 20), b""):
                    sha.update(block)
            digest = sha.hexdigest()
        seeded = "{seed}" in self.template
        return {"kind": "external", "command": self.template, "path": path, "sha256": digest,
                "version": self.version(), "version_output": self.version_output(),
                "seed": self.seed if seeded else "the solver's default (no {seed} in the "
                                                 "command)"}


def parse_external(text: str, taken: set[str] = frozenset()) -> ExternalSolver:
    """``NAME=TEMPLATE`` as an :class:`ExternalSolver`; raises :class:`ExternalSpecError`
    with what is wrong (no ``{cnf}``, a program not on PATH, a name PySAT already uses)."""
    name, sep, template = text.partition("=")
    name, template = name.strip(), template.strip()
    if not sep or not name or not template:
        raise ExternalSpecError(f"--external {text!r}: expected NAME=COMMAND, e.g. "
                                "'cadical=cadical -q {cnf}'")
    if not NAME.match(name):
        raise ExternalSpecError(f"--external {text!r}: the name {name!r} must start with a "
                                "letter and hold only letters, digits and _ . + -")
    if name in taken:
        raise ExternalSpecError(f"--external {text!r}: {name!r} already names a backend")
    try:
        words = shlex.split(template)
    except ValueError as exc:
        raise ExternalSpecError(f"--external {text!r}: {exc}") from None
    if not any("{cnf}" in w for w in words):
        raise ExternalSpecError(f"--external {text!r}: the command has no {{cnf}} (where the "
                                "instance file goes)")
    for word in words:
        try:
            word.format(cnf="", timeout="", memory="", seed="")
        except (KeyError, IndexError, ValueError) as exc:
            raise ExternalSpecError(f"--external {text!r}: unknown placeholder in {word!r} "
                                    f"({exc}); known: {', '.join(PLACEHOLDERS)}") from None
    if shutil.which(words[0]) is None:
        raise ExternalSpecError(f"--external {text!r}: program {words[0]!r} not found")
    return ExternalSolver(name, template)


