"""Time the answer checks on hostile answers: every exercise's ``check``, ``lessons.compare``
(with and without choices) and ``lessons.check``.

    .venv/bin/python scripts/bench_answers.py

Prints the slowest single call in milliseconds (the bound is 100 ms) with the answer and the
check that took it, and the machine's load average; nothing is asserted.
"""

from __future__ import annotations

import os
import sys
import time
from decimal import Decimal
from fractions import Fraction

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from pachisi_widget import lessons  # noqa: E402


def _nest(depth: int) -> list:
    outer = cur = []
    for _ in range(depth):
        inner: list = []
        cur.append(inner)
        cur = inner
    return outer


class _BadRepr:
    def __repr__(self):
        raise RuntimeError("no repr")


class _BadFloat(float):
    def __float__(self):
        raise RuntimeError("no float")


ANSWERS = {
    "10**5000": 10**5000,
    "Fraction(1, 10**5000)": Fraction(1, 10**5000),
    "Decimal('sNaN')": Decimal("sNaN"),
    "Decimal('NaN')": Decimal("NaN"),
    "Decimal('Infinity')": Decimal("Infinity"),
    "a list nested 100,000 deep": _nest(100_000),
    "__repr__ raises": _BadRepr(),
    "__float__ raises": _BadFloat(1.5),
    "a 1 MB text": "1" * 1_000_000,
    "a 1 MB text of numbers": "2, " * 333_333,
    "a list of a million": [1] * 1_000_000,
    "range(10**18)": range(10**18),
    "a right answer": "10.67",
}


def main() -> None:
    checks = [(f"exercise{key}.check", lessons.exercise(*key).check) for key in lessons.exercises()]
    checks += [
        ("compare", lambda a: lessons.compare(a, Fraction(271, 64), what="x")),
        ("compare(choices)", lambda a: lessons.compare(a, 3, what="x", choices=[2, 3, 4])),
        ("check", lambda a: lessons.check(a, Fraction(1, 64), why="w")),
    ]
    worst, calls = (0.0, "", ""), 0
    for what, answer in ANSWERS.items():
        for name, fn in checks:
            t0 = time.perf_counter()
            fn(answer)
            dt = time.perf_counter() - t0
            calls += 1
            if dt > worst[0]:
                worst = (dt, what, name)
    print(f"{calls} calls ({len(ANSWERS)} answers x {len(checks)} checks)")
    print(f"slowest: {1000 * worst[0]:.1f} ms ({worst[1]} in {worst[2]}); bound 100 ms")
    print(f"load average {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
