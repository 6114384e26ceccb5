"""Generation throughput: 2 Dask workers (a LocalCluster) against the local pool with 2 jobs.

Each round makes the same pack (size, seed, count) once with ``Workers(N)`` (the local pool)
and once with ``Workers(client=...)`` (``run_generation``'s workers) on a LocalCluster of N
single-threaded worker processes started beforehand (its start-up is timed apart, once), the
two in turn so both see the same machine load; a fresh in-memory catalogue each time.  The packs must be the
same puzzles in the same order (printed as ``same``).  Wall seconds follow the machine's
load; the CPU seconds of every process involved (this one, the pool's or the cluster's
workers) show what each way costs beside the work itself.

    python benchmarks/generate_cluster.py --size 10x10 --count 40 --rounds 3 \\
        --out benchmarks/results/generate_cluster.json
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

if (CHECKOUT := str(Path(__file__).resolve().parents[1])) not in sys.path:  # started as a file
    sys.path.insert(1 + len(os.environ.get("PYTHONPATH", "").split(os.pathsep)), CHECKOUT)

import argparse
import resource
import statistics
import time

from benchmarks.harness import Run
from satlink.generate.catalogue import Catalogue
from satlink.generate.params import make_params
from satlink.generate.request import ParamsRequest
from satlink.generate.runner import Workers, run_generation


def workers_cpu(client) -> float:
    """CPU seconds the cluster's worker processes have used (the local pool's workers are
    this process's children: ``resource``'s children's times once the pool is shut down)."""
    if client is None:
        used = resource.getrusage(resource.RUSAGE_CHILDREN)
        return used.ru_utime + used.ru_stime
    return sum(client.run(time.process_time).values())


def one_run(params, count: int, client=None, jobs: int = 1) -> tuple[float, float, list[str], int]:
    """(wall seconds, CPU seconds of this process and the workers, the puzzles' hashes in
    attempt order, attempts made) of one run into a fresh in-memory catalogue."""
    catalogue = Catalogue(":memory:")
    before = workers_cpu(client) + time.process_time()
    start = time.perf_counter()
    have = run_generation(params, count, catalogue, Workers(jobs, client=client))
    seconds = time.perf_counter() - start
    cpu = workers_cpu(client) + time.process_time() - before
    assert have == count, (have, count)
    hashes = [r["hash"] for r in catalogue.puzzles(run=params.key(), order="attempt")]
    return seconds, cpu, hashes, catalogue.state(params).next_attempt


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--size", default="10x10")
    parser.add_argument("--count", type=int, default=40)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", default=None)
    args = parser.parse_args()
    run = Run("generate_cluster", args)
    from distributed import Client, LocalCluster

    params = make_params(ParamsRequest(args.size, seed=args.seed))
    load = os.getloadavg()
    started = time.perf_counter()
    with LocalCluster(n_workers=args.workers, threads_per_worker=1, processes=True,
                      dashboard_address=None, host="127.0.0.1") as cluster, \
            Client(cluster) as client:
        startup = time.perf_counter() - started
        local, dask, local_cpu, dask_cpu, same, attempts = [], [], [], [], True, 0
        for _ in range(args.rounds):
            seconds, cpu, mine, attempts = one_run(params, args.count, jobs=args.workers)
            local.append(seconds)
            local_cpu.append(cpu)
            seconds, cpu, theirs, _ = one_run(params, args.count, client=client)
            dask.append(seconds)
            dask_cpu.append(cpu)
            same &= mine == theirs
    results = {
        "size": args.size, "count": args.count, "workers": args.workers, "attempts": attempts,
        "local_seconds": local, "dask_seconds": dask, "local_cpu_seconds": local_cpu,
        "dask_cpu_seconds": dask_cpu, "cluster_startup_seconds": startup,
        "same_puzzles": same,
    }
    lm, dm = statistics.median(local), statistics.median(dask)
    print(f"{args.size}, {args.count} puzzles ({attempts} attempts), seed {args.seed}, "
          f"{args.rounds} rounds; load {load[0]:.1f} -> {os.getloadavg()[0]:.1f}")
    print("| runner | median wall s | puzzles/s | median CPU s (all processes) | runs, wall s |\n"
          "|---|---|---|---|---|")
    print(f"| local pool, --jobs {args.workers} | {lm:.2f} | {args.count / lm:.2f} | "
          f"{statistics.median(local_cpu):.2f} | {', '.join(f'{s:.2f}' for s in local)} |")
    print(f"| Dask LocalCluster, {args.workers} workers | {dm:.2f} | {args.count / dm:.2f} | "
          f"{statistics.median(dask_cpu):.2f} | {', '.join(f'{s:.2f}' for s in dask)} |")
    print(f"ratio dask/local {dm / lm:.2f}; cluster start-up {startup:.2f} s (not in the runs); "
          f"same puzzles in the same order: {same}")
    run.write(args.out, [results])


if __name__ == "__main__":
    main()
