"""Bar chart of benchmarks/results/bench_peers.csv (puzzles/s, log scale) for docs/benchmarks.md.

python benchmarks/plot_peers.py        # needs matplotlib; writes benchmarks/results/peers.png
"""

from __future__ import annotations

import csv
import re
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt

HERE = Path(__file__).resolve().parent


def main() -> None:
    with open(HERE / "results" / "bench_peers.csv", newline="") as f:
        rows = list(csv.DictReader(f))
    rows = [r for r in rows if r["status"] == "ok"]
    sets = list(dict.fromkeys(r["set"] for r in rows))
    tools = list(dict.fromkeys(r["tool"] for r in rows))
    width = 0.8 / len(tools)
    fig, ax = plt.subplots(figsize=(12, 4.5))
    palette = plt.get_cmap("tab20").colors  # 20 colours: one for each tool
    for k, tool in enumerate(tools):
        xs, ys = [], []
        for i, name in enumerate(sets):
            for r in rows:
                if r["set"] == name and r["tool"] == tool:
                    xs.append(i + (k - len(tools) / 2) * width + width / 2)
                    ys.append(float(r["puzzles_per_s"]))
        ax.bar(
            xs,
            ys,
            width,
            label=tool,
            color=palette[k % len(palette)],
            hatch="" if tool.startswith("fastsudoku") else "//",
            edgecolor="white",
            linewidth=0,
        )
    ax.set_yscale("log")
    ax.set_xticks(range(len(sets)))
    ax.set_xticklabels([re.sub(r"^puzzles\d_", "", s) for s in sets])
    ax.set_ylabel("puzzles / s (log)")
    ax.set_title(
        "one process a tool (bench_peers.py); missing bar: no puzzle in the budget, or 9x9 only"
    )
    ax.legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.0, 1.0))
    fig.tight_layout()
    fig.savefig(HERE / "results" / "peers.png", dpi=90)
    print(f"written {HERE / 'results' / 'peers.png'}")


if __name__ == "__main__":
    main()
