"""satlink's version, in a module of its own: what writes it into a file (a DIMACS header, a
benchmark's metadata) need not import the package's face, which imports the solver.

The commit satlink was built from is part of its provenance (a benchmark's results file
names it).  A built package carries it (``_build.json``, written by ``setup.py``'s build);
a source checkout (an editable install) reads its own git state.  Never a repository that
merely encloses the installed package: a venv inside some other checkout would otherwise
lend satlink that checkout's commit.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

__version__ = "0.1.0"

PACKAGE = Path(__file__).resolve().parent


def build_commit() -> dict | None:
    """``{"commit", "dirty", "from"}``: the commit this satlink was built from (``from``:
    ``build``) or, running from its own source checkout, that checkout's (``from``:
    ``checkout``); None when neither is known."""
    built = PACKAGE / "_build.json"
    if built.is_file():
        try:
            data = json.loads(built.read_text(encoding="utf-8"))
            return {"commit": str(data["commit"]), "dirty": bool(data.get("dirty")),
                    "from": "build"}
        except (OSError, ValueError, KeyError, TypeError):
            return None
    root = PACKAGE.parent
    if not (root / ".git").exists() or not (root / "setup.py").is_file():
        return None  # not satlink's own checkout: whatever git repository encloses it is not ours
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
    return {"commit": commit.stdout.strip(), "dirty": bool(dirty.stdout.strip()),
            "from": "checkout"}
