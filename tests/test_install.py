"""A real, non-editable install carries its own decks and assets and works away from the checkout."""

from __future__ import annotations

import os
import subprocess
import sys
import sysconfig
import tarfile
import venv
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent

pytest.importorskip("hatchling", reason="the install test builds with --no-build-isolation")


def _run(args: list, **kwargs) -> subprocess.CompletedProcess:
    result = subprocess.run([str(a) for a in args], capture_output=True, text=True, timeout=300, **kwargs)
    assert result.returncode == 0, f"{args} failed:\n{result.stdout}\n{result.stderr}"
    return result


def test_wheel_install_runs_outside_the_checkout(tmp_path):
    wheels = tmp_path / "wheels"
    _run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation",
          "--wheel-dir", wheels, REPO])
    (wheel,) = wheels.glob("rainboard-*.whl")

    target = tmp_path / "venv"
    venv.create(target, with_pip=False)  # this environment's pip installs into it: no download
    new_python = target / "bin" / "python"
    _run([sys.executable, "-m", "pip", "--python", new_python, "install", "--quiet", "--no-deps", wheel])

    # The dependencies (textual, attrs, cattrs...) come from this test environment.
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONHOME", "VIRTUAL_ENV", "RAINBOARD_DEBUG")}
    env["PYTHONPATH"] = sysconfig.get_paths()["purelib"]
    where = _run(
        [new_python, "-c", "import rainboard, rainboard.paths as p; print(rainboard.__file__); print(p.decks_dir())"],
        cwd=tmp_path, env=env,
    ).stdout.splitlines()
    package_file, decks = Path(where[0]), Path(where[1])
    assert not package_file.is_relative_to(REPO)
    assert package_file.is_relative_to(target)
    assert decks.is_relative_to(target) and (decks / "rules.toml").is_file()

    result = subprocess.run(
        [target / "bin" / "rainboard", "decks", "check"],
        capture_output=True, text=True, cwd=tmp_path, env=env, timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Traceback" not in result.stderr


def test_sdist_includes_decks_and_assets(tmp_path):
    build = _run(
        [sys.executable, "-c", "import sys, hatchling.build as b; print(b.build_sdist(sys.argv[1]))", tmp_path],
        cwd=REPO,
    )
    sdist = tmp_path / build.stdout.strip().splitlines()[-1]
    with tarfile.open(sdist) as archive:
        names = {name.split("/", 1)[1] for name in archive.getnames() if "/" in name}
    assert "decks/rules.toml" in names
    assert "assets/title.txt" in names
    assert "rainboard/cli.py" in names
