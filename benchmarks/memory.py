"""Peak resident memory of this process, for the benchmark scripts' child processes.

``getrusage``'s ``ru_maxrss`` survives ``exec`` on Linux, so a child started from a big
parent would report the parent's size; ``VmHWM`` in ``/proc/self/status`` belongs to the
child's own address space.
"""

from __future__ import annotations

import resource


def peak_mb() -> float:
    try:
        with open("/proc/self/status") as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
