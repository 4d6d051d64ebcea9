"""Running the lab's games in parts: executors, chunks, and one progress report.

:func:`run_chunks` sends jobs to any :class:`concurrent.futures.Executor` (a process pool, a Dask
``Client.get_executor()``) and gives the results back in job order, so a result never depends on
what ran it; :func:`simulate <pachisi_widget.simulate.simulate>`,
:func:`tournament <pachisi_widget.tournament.tournament>` and the coach share it, and
:class:`Progress`, the one progress report they show. Standard library only (tqdm draws the bar
when it is installed).

>>> run_chunks(abs, [-1, 2, -3])
[1, 2, 3]
"""

from __future__ import annotations

import concurrent.futures as cf
import os
import pickle
import time

from ..engine import short_repr

__all__ = [
    "as_executor",
    "executor_workers",
    "chunk_size",
    "run_chunks",
    "wrong_chunk",
    "check_rows",
    "Progress",
    "numpy_installed",
]


def numpy_installed() -> bool:
    """Whether numpy imports here (the numpy engine and the coach's fast rollouts need it)."""
    try:
        import numpy  # noqa: F401
    except ImportError:
        return False
    return True


class Progress:
    """One progress report: a tqdm bar (when ``show`` is true and tqdm is installed), a call
    ``show(done, total)`` (when ``show`` is callable), or nothing. ``update(n)`` counts ``n``
    more done; ``reach(done, total)`` sets both (a total that grows as the work is planned).
    Use it in a ``with`` block, or call :meth:`close`.

    >>> seen = []
    >>> with Progress(3, lambda done, total: seen.append((done, total)), "games") as p:
    ...     p.update(2)
    ...     p.update(1)
    >>> seen
    [(2, 3), (3, 3)]
    """

    def __init__(self, total, show, desc: str, unit: str = "game"):
        self.total, self.done, self.bar, self.call = total, 0, None, None
        if callable(show):
            self.call = show
        elif show:
            try:
                from tqdm.auto import tqdm
            except ImportError:
                pass
            else:
                self.bar = tqdm(total=total, unit=unit, desc=desc)

    @property
    def shown(self) -> bool:
        """Whether anything is shown (a bar or a call)."""
        return self.bar is not None or self.call is not None

    def update(self, n: int) -> None:
        """``n`` more done."""
        self.reach(self.done + n, self.total)

    def reach(self, done: int, total) -> None:
        """``done`` of ``total`` done."""
        self.done, self.total = done, total
        if self.bar is not None:
            self.bar.total = total
            self.bar.update(done - self.bar.n)
        if self.call is not None:
            self.call(done, total)

    def close(self) -> None:
        """Close the bar (a call or nothing needs no closing)."""
        if self.bar is not None:
            self.bar.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def as_executor(executor):
    """``executor`` as a :class:`concurrent.futures.Executor` (None stays None; a Dask
    distributed ``Client`` becomes its ``get_executor()``).

    Raises:
        TypeError: for anything else.
    """
    if executor is None or isinstance(executor, cf.Executor):
        return executor
    if callable(getattr(executor, "get_executor", None)):  # a Dask distributed Client
        return executor.get_executor()
    raise TypeError(
        "executor must be a concurrent.futures.Executor (a process pool, or a Dask "
        f"Client's get_executor()), not {type(executor).__name__}"
    )


def executor_workers(executor) -> int:
    """How many tasks ``executor`` runs at once: a pool's workers, a Dask cluster's threads, or
    else this machine's cores."""
    n = getattr(executor, "_max_workers", None)
    if isinstance(n, int) and n > 0:
        return n
    client = getattr(executor, "_client", None)
    if client is not None:
        try:
            return max(1, sum(client.nthreads().values()))
        except Exception:  # a client that lost its cluster: guess
            pass
    return os.cpu_count() or 1


def chunk_size(games: int, workers: int, most: int, least: int = 5) -> int:
    """Games per chunk sent to a worker: about 8 chunks per worker, so that the workers finish
    together, but at most ``most`` (a second or two of work: progress keeps moving, a lost
    worker costs little) and at least ``least`` (so that sending a chunk costs little beside
    it; the numpy engine needs a thousand games in lock step to pay)."""
    return max(least, min(most, -(-games // (8 * workers))))


def run_chunks(
    fn,
    jobs,
    executor=None,
    done=None,
    timeout: float | None = None,
    on_timeout=None,
    check=None,
) -> list:
    """``fn(job)`` for each of ``jobs`` (any iterable, read as jobs are sent), in this process
    (``executor=None``) or on ``executor``, the results in job order whatever order they finish
    in: so the result never depends on what ran it. ``done(result)``, when given, is called as
    each comes back. With an executor at most two jobs per worker are in flight, and a job not
    back ``timeout`` seconds after it was sent is given up: its result is then
    ``on_timeout(job)`` (the worker running it stays busy). A job that fails because its worker
    died is rerun by Dask elsewhere; a process pool stops (``RuntimeError``). ``fn`` must be a
    module-level function: executors send it by name.

    ``check(index, job, result)``, when given, is called with each result as it comes back,
    before ``done`` and before anything is merged: it raises (:func:`wrong_chunk`) when the
    result is not what the job asked for (a chunk short, twice over, or another chunk's), so
    that an executor's mistake is an error rather than a wrong answer.

    Raises:
        TypeError: when a job cannot be sent to the workers (a player that cannot be pickled).
        RuntimeError: when a job fails on the executor, or ``check`` refuses its result.
    """
    if executor is None:
        results = []
        for i, job in enumerate(jobs):
            results.append(fn(job))
            if check is not None:
                check(i, job, results[-1])
            if done is not None:
                done(results[-1])
        return results
    found: dict = {}
    window = 2 * executor_workers(executor)
    pending: dict = {}
    todo = enumerate(jobs)

    pending_jobs: dict = {}  # index -> job, for check()

    def fill():
        for i, job in todo:
            pending[executor.submit(fn, job)] = (i, job, time.monotonic())
            if check is not None:
                pending_jobs[i] = job
            if len(pending) >= window:
                return

    try:
        fill()
        while pending:
            wait = None
            if timeout is not None:
                first = min(t for _, _, t in pending.values())
                wait = max(0.0, first + timeout - time.monotonic())
            finished, _ = cf.wait(pending, timeout=wait, return_when=cf.FIRST_COMPLETED)
            for fut in finished:
                i, _, _ = pending.pop(fut)
                try:
                    found[i] = fut.result()
                except Exception as exc:
                    raise _chunk_error(exc) from exc
                if check is not None:
                    check(i, pending_jobs.pop(i), found[i])
                if done is not None:
                    done(found[i])
            if timeout is not None:
                now = time.monotonic()
                for fut, (i, job, t0) in list(pending.items()):
                    if now - t0 >= timeout:
                        fut.cancel()
                        del pending[fut]
                        pending_jobs.pop(i, None)
                        found[i] = on_timeout(job)
                        if done is not None:
                            done(found[i])
            fill()
    finally:
        for fut in pending:
            fut.cancel()
    return [found[i] for i in range(len(found))]


def wrong_chunk(index: int, first: int, games: int, what: str) -> RuntimeError:
    """The error for chunk ``index`` (games ``first`` .. ``first + games - 1``) that came back
    from the executor other than asked: ``what`` says how."""
    return RuntimeError(
        f"chunk {index} (games {first}..{first + games - 1}) came back wrong from the executor: "
        f"{what}; nothing of it was used"
    )


def check_rows(index: int, first: int, seeds: tuple, result: object, rows: int) -> None:
    """Check a chunk's ``result``: ``(seeds, row, row, ...)`` with ``rows`` rows of one value per
    seed, and the very seeds it was sent (:func:`wrong_chunk` otherwise)."""
    n = len(seeds)
    if not isinstance(result, tuple) or len(result) != rows + 1:
        raise wrong_chunk(index, first, n, f"not a chunk's result ({short_repr(result, 60)})")
    got = result[0]
    if not isinstance(got, (tuple, list)) or tuple(got) != tuple(seeds):
        what = (
            f"{len(got)} games' seeds, not the {n} it was sent"
            if isinstance(got, (tuple, list)) and len(got) != n
            else "the results of other games (their seeds are not the ones it was sent)"
        )
        raise wrong_chunk(index, first, n, what)
    for row in result[1:]:
        if not isinstance(row, (list, tuple)) or len(row) != n:
            size = len(row) if isinstance(row, (list, tuple)) else short_repr(row, 40)
            raise wrong_chunk(index, first, n, f"{size} results for {n} games")


def _chunk_error(exc: Exception) -> Exception:
    text = f"{type(exc).__name__}: {short_repr(str(exc), 300)[1:-1]}"
    if isinstance(exc, (pickle.PicklingError, AttributeError, TypeError)) and (
        "pickle" in text.lower() or "attribute" in text.lower()
    ):
        return TypeError(
            f"a player could not be sent to the executor's workers ({text}); give it by name, "
            "define its class in a module the workers can import (tournaments also take a .py "
            "file, sent as its text), or run without executor="
        )
    return RuntimeError(f"a chunk of games failed on the executor: {text}")
