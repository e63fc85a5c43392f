"""Write the README's list of keys anew from the key table (rainboard/ui/keys.py).

    python scripts/readme_keys.py          rewrite README.md's keys between its markers
    python scripts/readme_keys.py --check  exit 1 if README.md's keys are not the table's

tests/ui/test_keys.py runs the check, so a key changed in the table and not here fails the suite.
"""

from __future__ import annotations

import sys
from pathlib import Path

from rainboard.ui.keys import readme_with_keys

README = Path(__file__).resolve().parents[1] / "README.md"


def main(argv: list[str]) -> int:
    text = README.read_text(encoding="utf-8")
    written = readme_with_keys(text)
    if "--check" in argv:
        if written != text:
            print("README.md's keys are not the key table's: run python scripts/readme_keys.py", file=sys.stderr)
            return 1
        return 0
    if written != text:
        README.write_text(written, encoding="utf-8")
        print("README.md: keys written from rainboard/ui/keys.py")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
