#!/usr/bin/env python3
"""The translators' files (``pachisi_widget/locale/<lang>/<domain>.po``): check them, or bring the
translations in step with the English. Standard library only (no Babel, no gettext tools).

    python scripts/words.py check     # every problem, one a line; exit status 1 if there are any
    python scripts/words.py update    # msgmerge's work: a changed English marks its translations
                                      # fuzzy (#| msgid "<old English>"), a new code is added empty
                                      # and fuzzy, a code English dropped is removed

Both take ``--locale PATH`` to work on another ``locale/`` folder. After ``update``, translate
each fuzzy entry, then remove its ``#, fuzzy`` and ``#|`` lines; ``check`` passes when none is left.
``update`` also writes every file the way the package writes them (one line a string, so diffs
stay small), for example after Poedit wrapped its lines.
"""

from __future__ import annotations

import argparse
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # this tree's package, not an installed one

from pachisi_widget.words import tools  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("command", choices=["check", "update"])
    parser.add_argument(
        "--locale",
        type=pathlib.Path,
        default=ROOT / "pachisi_widget" / "locale",
        help="the locale/ folder (default: this tree's)",
    )
    args = parser.parse_args(argv)
    if args.command == "update":
        changes = tools.update(args.locale)
        print("\n".join(changes) if changes else "every translation is in step with the English")
        return 0
    found = tools.problems(args.locale)
    if found:
        print("\n".join(found))
        print(f"{len(found)} problem(s)", file=sys.stderr)
        return 1
    print("the catalogues are complete and in step with the English")
    return 0


if __name__ == "__main__":
    sys.exit(main())
