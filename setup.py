"""Builds satlink's compiled deduction engine (satlink.deduce._core) with the machine's C++
compiler; everything else about the package is declared in pyproject.toml.

The extension is optional: where no compiler is found the install goes on and satlink runs
its Python engine (``satlink --version`` says which engine is in use).  See
satlink/deduce/engines.py.
"""

import json
import subprocess
from pathlib import Path

from pybind11.setup_helpers import Pybind11Extension, build_ext
from setuptools import setup
from setuptools.command.build_py import build_py


class build_py_with_commit(build_py):
    """Writes satlink/_build.json (the commit built from) into the built package, so an
    installed satlink says where it came from (satlink.version.build_commit)."""

    def run(self):
        super().run()
        if getattr(self, "editable_mode", False):
            return  # an editable install reads its checkout's own git state
        here = Path(__file__).resolve().parent
        try:
            commit = subprocess.run(["git", "-C", str(here), "rev-parse", "HEAD"],
                                    capture_output=True, text=True).stdout.strip()
            dirty = bool(subprocess.run(["git", "-C", str(here), "status", "--porcelain",
                                         "--untracked-files=no"], capture_output=True,
                                        text=True).stdout.strip())
        except OSError:
            commit, dirty = "", False
        if commit and (here / ".git").exists():
            target = Path(self.build_lib) / "satlink" / "_build.json"
            target.write_text(json.dumps({"commit": commit, "dirty": dirty}) + "\n")

CORE = "satlink/deduce/core"
FRONTIER = "satlink/frontier/core"

setup(
    ext_modules=[
        Pybind11Extension(
            "satlink.deduce._core",
            [f"{CORE}/{name}.cpp" for name in ("state", "local", "reach", "search", "dfs", "parity",
                                                  "bindings")],
            depends=[f"{CORE}/engine.hpp", f"{CORE}/dfs.hpp"],
            cxx_std=17,
            extra_compile_args=["-O2"],
            optional=True,
        ),
        Pybind11Extension(  # the compiled referee (satlink/referee/compiled.py), optional too
            "satlink.referee._check",
            ["satlink/referee/core/referee.cpp", "satlink/referee/core/bindings.cpp"],
            depends=["satlink/referee/core/referee.hpp"],
            cxx_std=17,
            extra_compile_args=["-O2"],
            optional=True,
        ),
        Pybind11Extension(
            "satlink.frontier._sweep",
            [f"{FRONTIER}/{name}.cpp" for name in ("sweep", "degrees", "bindings")],
            depends=[f"{FRONTIER}/sweep.hpp", f"{FRONTIER}/degrees.hpp", f"{FRONTIER}/memory.hpp"],
            cxx_std=17,
            extra_compile_args=["-O2"],
            optional=True,
        ),
    ],
    cmdclass={"build_ext": build_ext, "build_py": build_py_with_commit},
)
