"""Time the planning of a club night's seating, and count the pairs that meet again (issue 29, item 9).

Run: `.venv/bin/python -m bench.bench_evening [evenings]`. For each size (16 players at tables of 4 over 5
rounds: an affine plane of order 4 seats them with no pair meeting twice; 40 players over 5 rounds; and 12 over
3, where no plan avoids every repeat), it seats `evenings` evenings round after round as a director does, each
round through `referee.evening.next_round` (the whole evening planned), and the same evenings drawn one round
at a time (`referee.seating.draw`, the seating before the plan). It prints the pairs meeting again over each
evening (evenings with any, and the most) and the time a round's seating takes (p50, p99, max).
"""

from __future__ import annotations

import statistics
import sys
import time

from bench import figures
from referee.evening import drawn_alone, next_round, repeats
from referee.seating import table_sizes

SIZES = [(16, 4, 5), (40, 4, 5), (12, 4, 3)]


def evenings(count: int, size: int, rounds: int, many: int, seat) -> tuple[list[int], list[float]]:
    sizes = table_sizes(count, size, range(2, 6))
    found, times = [], []
    for n in range(many):
        played: list = []
        for _ in range(rounds):
            start = time.perf_counter()
            played.append(seat(range(count), sizes, played, rounds, f"bench-{n}"))
            times.append(time.perf_counter() - start)
        found.append(repeats(played))
    return found, times


def main(many: int = 20) -> int:
    for count, size, rounds in SIZES:
        for name, seat in (("planned", next_round), ("one by one", drawn_alone)):
            found, times = evenings(count, size, rounds, many, seat)
            times.sort()
            p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
            label = f"{count} players, {rounds} rounds, {name}"
            print(f"{label}: evenings with a pair meeting again {sum(1 for f in found if f)}/{many} "
                  f"(most {max(found)} pairs, mean {statistics.mean(found):.1f}); a round's seating "
                  f"p50 {1000 * statistics.median(times):.0f} ms, p99 {1000 * p99:.0f} ms, "
                  f"max {1000 * times[-1]:.0f} ms", flush=True)
            figures.record(f"evening {label}: repeats (mean)", round(statistics.mean(found), 1), "pairs")
            figures.record(f"evening {label}: round p99", round(1000 * p99), "ms")
    return 0


if __name__ == "__main__":
    sys.exit(main(int(sys.argv[1]) if len(sys.argv) > 1 else 20))
