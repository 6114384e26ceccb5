"""Plots of benchmark rows (matplotlib, optional: ``pip install 'satlink[bench]'``).

Cactus plot: for each configuration, the number of boards solved within a time t, against t
(further right and lower is slower).  Size plot: time against board cells, log-log, one
series per configuration, to show where each one stops being practical.
"""

from __future__ import annotations

import math
from pathlib import Path

from satlink.bench.summary import median_per_board


class PlotsUnavailable(Exception):
    """Plots were asked for but matplotlib is not installed."""


def require_matplotlib() -> None:
    """Fail before a long benchmark run, not after it, when plots cannot be drawn
    (raises :class:`PlotsUnavailable`)."""
    _pyplot()


def _pyplot():
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise PlotsUnavailable("plots need matplotlib: pip install 'satlink[bench]'") from None
    return plt


def _styles(configs: list[str], plt) -> dict[str, dict]:
    """One colour per encoding (the first label part), one line style per backend, so a
    plot with sixteen series stays readable."""
    encodings = list(dict.fromkeys(c.split("/")[0] for c in configs))
    rest = list(dict.fromkeys("/".join(c.split("/")[1:]) for c in configs))
    palette = plt.get_cmap("tab10")
    dashes = ["-", "--", ":", "-."]
    return {c: {"color": palette(encodings.index(c.split("/")[0]) % 10),
                "linestyle": dashes[rest.index("/".join(c.split("/")[1:])) % len(dashes)],
                "linewidth": 1.2}
            for c in configs}


def write_plots(rows: list[dict], directory: str, timeout: float | None = None) -> list[str]:
    """Write cactus.png and size.png into ``directory``; returns their paths.  Only solved
    boards are drawn (a run over the cutoff is a timeout, so no point lies past it); the
    cutoff is the dashed vertical line."""
    plt = _pyplot()
    out = Path(directory)
    out.mkdir(parents=True, exist_ok=True)
    per = median_per_board(rows)
    configs = list(dict.fromkeys(r["config"] for r in rows))
    boards = len({r["board"] for r in rows})
    styles = _styles(configs, plt)
    cutoff = timeout if timeout is not None and math.isfinite(timeout) else None
    paths = []

    fig, ax = plt.subplots(figsize=(8, 5))
    for c in configs:
        times = sorted(m["seconds"] for (cfg, _), m in per.items() if cfg == c and m["solved"])
        if times:
            ax.step([times[0]] + times, range(len(times) + 1), where="post",
                    label=f"{c} ({len(times)})", **styles[c])
    ax.set_xscale("log")
    if cutoff:
        ax.axvline(cutoff, color="grey", linestyle="--", linewidth=0.8)
        ax.set_xlim(right=cutoff * 1.3)
    ax.set_ylim(0, boards * 1.02)
    title = f"cactus plot: {boards} boards" + (f", cutoff {cutoff:g} s" if cutoff else "")
    paths.append(_finish(plt, fig, ax, out / "cactus.png", title,
                         "seconds per board (median over repeats)", "boards solved"))

    fig, ax = plt.subplots(figsize=(8, 5))
    for c in configs:
        points = sorted((m["cells"], m["seconds"], m["seconds_q1"], m["seconds_q3"])
                        for (cfg, _), m in per.items() if cfg == c and m["solved"])
        if points:
            cells, med, q1, q3 = zip(*points, strict=True)
            ax.plot(cells, med, marker="o", markersize=3, label=c, **styles[c])
            # the spread over repeats (and shuffle seeds): the interquartile range
            spread = [(m - lo, (hi if math.isfinite(hi) else m) - m)
                      for m, lo, hi in zip(med, q1, q3, strict=True)]
            if any(a or b for a, b in spread):
                ax.errorbar(cells, med, yerr=list(zip(*spread, strict=True)), fmt="none",
                            ecolor=styles[c].get("color"), elinewidth=0.6, capsize=2)
    ax.set_xscale("log")
    ax.set_yscale("log")
    if cutoff:
        ax.axhline(cutoff, color="grey", linestyle="--", linewidth=0.8)
    paths.append(_finish(plt, fig, ax, out / "size.png", "time against board size (solved)",
                         "board cells", "seconds (median over repeats, bars: quartiles)"))
    return paths


def _finish(plt, fig, ax, path: Path, title: str, xlabel: str, ylabel: str) -> str:
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.set_title(title)
    ax.legend(fontsize=7)
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)
    return str(path)
