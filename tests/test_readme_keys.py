"""The README's list of keys is the key table's (rainboard/ui/keys.py), written by scripts/readme_keys.py."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from rainboard.ui import keys

ROOT = Path(__file__).resolve().parents[1]


def test_the_readme_keys_are_the_tables():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert keys.readme_with_keys(readme) == readme, "run python scripts/readme_keys.py"
    checked = subprocess.run([sys.executable, str(ROOT / "scripts" / "readme_keys.py"), "--check"], cwd=ROOT,
                             capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert checked.returncode == 0, checked.stderr


def test_the_readme_check_sees_a_key_missing():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    stale = readme.replace("| `q` | quit (asks first during a game) |\n", "")
    assert stale != readme and keys.readme_with_keys(stale) != stale
