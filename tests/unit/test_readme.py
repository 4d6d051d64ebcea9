"""The README's API tour runs as written."""

from __future__ import annotations

import re
from pathlib import Path

README = Path(__file__).resolve().parents[2] / "README.md"


def test_the_api_tour_runs():
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), flags=re.S)
    assert blocks, "the README has no python block"
    namespace: dict = {}
    for block in blocks:
        exec(compile(block, str(README), "exec"), namespace)
    pw = namespace["pw"]
    assert isinstance(namespace["w"], pw.PachisiWidget)
    assert namespace["r"].games == 2_000
    assert namespace["game"].pieces(0) == (0, 0, 16, 59)
