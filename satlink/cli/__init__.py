"""Command line: one module per job, each command a thin layer over library functions.

* :mod:`satlink.cli.check`   ``check``, ``solve``, ``convert``, ``render``
* :mod:`satlink.cli.generate` ``generate``
* :mod:`satlink.cli.export` ``export`` (a pack from the catalogue)
* :mod:`satlink.cli.validate`     ``validate``
* :mod:`satlink.cli.cnf`  ``cnf``, ``decode``
* :mod:`satlink.cli.bench`  ``bench``
* :mod:`satlink.cli.repair` ``repair``
* :mod:`satlink.cli.explain` ``explain``, ``hint``
* :mod:`satlink.cli.paint`  ``paint`` (painted boards into puzzles)
* :mod:`satlink.cli.studio`    ``studio`` (the browser application)
* :mod:`satlink.cli.options`   the options they share, parsed once into values
* :mod:`satlink.cli.files`     reading boards, writing packs, refusing an output that is an input
* :mod:`satlink.cli.consumers` the warning for the program that reads what is written
* :mod:`satlink.cli.exits`     the exit statuses
* :mod:`satlink.cli.group`     the command group: loads a command when it is asked for

Bad input and bad options are reported as such (exit status 2).  Any other exception is a
bug in satlink: it is reported as one, with how to report it, and exit status 3
(``SATLINK_DEBUG=1`` shows the traceback).
"""

import os

# satlink's numpy work is elementwise (no BLAS call), but OpenBLAS starts one thread per
# core when numpy is imported, which only costs CPU (benchmarks/README.md). Set before any
# module that imports numpy; a value the user set is kept.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

from satlink.cli.group import COMMANDS, SatlinkGroup, main  # noqa: E402  (after the line above)

__all__ = ["COMMANDS", "SatlinkGroup", "main"]
