"""A teacher's mode: where an exercise and a code task show their answers.

A student's kernel is not in it; ``scripts/teacher.sh`` and the tests are (:data:`TEACHER_VARIABLE`).
"""

from __future__ import annotations

import os

__all__ = ["TEACHER_VARIABLE", "teacher_mode"]

TEACHER_VARIABLE = "PACHISI_TEACHER"
"""The environment variable of a teacher's mode (``1``): ``scripts/teacher.sh`` sets it for the
teacher's tools and for ``teacher.sh lab``, the tests set it; a student's kernel does not."""


def teacher_mode() -> bool:
    """Whether this process is in a teacher's mode, where an exercise shows its answer
    (``.expected``, ``.solution()``): the environment variable :data:`TEACHER_VARIABLE` is ``1``
    (or ``yes``, ``true``), read at each call."""
    return os.environ.get(TEACHER_VARIABLE, "").strip().lower() in {"1", "yes", "true", "on"}
