"""Builds satlink's compiled deduction engine (satlink.deduce._core) with the machine's C++
compiler; everything else about the package is declared in pyproject.toml.

The extension is optional: where no compiler is found the install goes on and satlink runs
its Python engine (``satlink --version`` says which engine is in use).  See
satlink/deduce/engines.py.
"""

from pybind11.setup_helpers import Pybind11Extension, build_ext
from setuptools import setup

CORE = "satlink/deduce/core"
FRONTIER = "satlink/frontier/core"

setup(
    ext_modules=[
        Pybind11Extension(
            "satlink.deduce._core",
            [f"{CORE}/{name}.cpp" for name in ("state", "local", "reach", "search", "bindings")],
            depends=[f"{CORE}/engine.hpp"],
            cxx_std=17,
            extra_compile_args=["-O2"],
            optional=True,
        ),
        Pybind11Extension(
            "satlink.frontier._sweep",
            [f"{FRONTIER}/{name}.cpp" for name in ("sweep", "degrees", "bindings")],
            depends=[f"{FRONTIER}/sweep.hpp", f"{FRONTIER}/degrees.hpp"],
            cxx_std=17,
            extra_compile_args=["-O2"],
            optional=True,
        ),
    ],
    cmdclass={"build_ext": build_ext},
)
