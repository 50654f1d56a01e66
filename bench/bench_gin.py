"""Time the Gin rami knock judge against the naive exhaustive search, per hand, in the same run (issue 31).

Run: `.venv/bin/python -m bench.bench_gin [hands]` (2,000 of each kind by default). The corpus is
random deals (mostly no knock: the judge stops at the knocker's deadwood) and near-knocks (two or
three melds, deadwood around 10, the other holding cards to lay off: the whole judgement). Both
take the hands as the endpoint gets them, card texts. The naive search is tests/gin/reference.py
(every set of disjoint melds, every order of lay-offs), its memo emptied before each hand. Times
are the thread's CPU time per call, garbage collection off, each hand the least of `REPEAT` tries.
"""

from __future__ import annotations

import gc
import importlib.util
import os
import random
import statistics
import sys
from pathlib import Path

from bench import figures as table
from bench.bench_referee import cpu_times
from bench.gin_hands import near_knock, random_deal
from referee.cards import parse_cards
from referee.gin.knock import judge_knock

REFERENCE = Path(__file__).resolve().parents[1] / "tests" / "gin" / "reference.py"
REPEAT = 3


def _naive():
    """The exhaustive reference the tests check the judge against, loaded from its file (tests/ is no package)."""
    spec = importlib.util.spec_from_file_location("gin_reference", REFERENCE)
    if spec is None or spec.loader is None:
        raise SystemExit(f"{REFERENCE} is missing")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def corpus(hands: int, seed: int = 31) -> dict[str, list[tuple[list[str], list[str]]]]:
    """`hands` random deals and `hands` near-knocks, as card texts."""
    rng = random.Random(seed)
    return {"random": [_texts(random_deal(rng)) for _ in range(hands)],
            "near-knock": [_texts(near_knock(rng)) for _ in range(hands)]}


def _texts(pair) -> tuple[list[str], list[str]]:
    hand, other = pair
    return [c.text for c in hand], [c.text for c in other]


def _figures(times: list[float]) -> dict[str, float]:
    ordered = sorted(times)
    return {"p50": statistics.median(ordered), "p99": ordered[int(len(ordered) * 0.99)]}


def _report(kind: str, judged: list[float], naive: list[float]) -> None:
    fast, slow = _figures(judged), _figures(naive)
    print(f"{kind:<11}{len(judged):>6} hands  judge p50 {fast['p50']:8.1f} µs  p99 {fast['p99']:8.1f} µs   "
          f"naive p50 {slow['p50']:9.1f} µs  p99 {slow['p99']:9.1f} µs   ratio p50 {slow['p50'] / fast['p50']:6.1f}×  "
          f"p99 {slow['p99'] / fast['p99']:6.1f}×")
    table.record(f"gin: knock judge, {kind} p50 / p99", f"{fast['p50']:.1f} / {fast['p99']:.1f}", "µs")
    table.record(f"gin: naive search, {kind} p50 / p99", f"{slow['p50']:.1f} / {slow['p99']:.1f}", "µs")
    table.record(f"gin: naive / judge, {kind} p50 / p99",
                 f"{slow['p50'] / fast['p50']:.1f} / {slow['p99'] / fast['p99']:.1f}", "×")


def main(argv: list[str] | None = None) -> int:
    """Print the judge's and the naive search's p50 and p99 per hand, and their ratio, for each kind of hand."""
    args = sys.argv[1:] if argv is None else argv
    hands = int(args[0]) if args else 2000
    reference = _naive()

    def naive(pair):
        reference.after_layoffs.cache_clear()
        return reference.judge(parse_cards(pair[0]), parse_cards(pair[1]))

    def judge(pair):
        return judge_knock(pair[0], pair[1])

    kinds = corpus(hands)
    for pairs in kinds.values():  # the same verdicts, or the figures compare nothing
        for pair in pairs[:200]:
            expected, verdict = naive(pair), judge(pair)
            assert {k: verdict[k] for k in expected} == expected, pair
    valid = {kind: sum(judge(p)["valid"] for p in pairs) for kind, pairs in kinds.items()}
    load = ", ".join(f"{n:.1f}" for n in os.getloadavg())
    print(f"bench_gin: {hands} random deals ({valid['random']} valid knocks), {hands} near-knocks "
          f"({valid['near-knock']} valid); load average {load}")
    gc.disable()  # a collection landing inside one call would be timed as that hand's
    try:
        for kind, pairs in kinds.items():
            _report(kind, cpu_times(judge, pairs, REPEAT), cpu_times(naive, pairs, REPEAT))
    finally:
        gc.enable()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
