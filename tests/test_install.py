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


def _sdist(tmp_path) -> Path:
    build = _run(
        [sys.executable, "-c", "import sys, hatchling.build as b; print(b.build_sdist(sys.argv[1]))", tmp_path],
        cwd=REPO,
    )
    return tmp_path / build.stdout.strip().splitlines()[-1]


def test_sdist_holds_what_its_tests_and_make_need(tmp_path):
    with tarfile.open(_sdist(tmp_path)) as archive:
        names = {name.split("/", 1)[1] for name in archive.getnames() if "/" in name}
    for needed in ("decks/rules.toml", "assets/title.txt", "rainboard/cli.py", "LICENSE", "Makefile",
                   "scripts/readme_keys.py", "scripts/fuzz_checkpoints.py", "tests/test_readme_keys.py",
                   "tests/fixtures/guard-saves.tar.xz", ".ci/run", "benchmarks/ui_speed.py"):
        assert needed in names, needed
    assert not any(part in ("__pycache__", ".venv") for name in names for part in name.split("/"))


def test_the_sdist_runs_its_own_tests_away_from_the_checkout(tmp_path):
    """Unpacked elsewhere, the sdist's tests import the sdist's own code and pass (a few of them:
    the whole suite is run from the checkout; tests/test_readme_keys.py once failed here for want
    of scripts/)."""
    with tarfile.open(_sdist(tmp_path)) as archive:
        archive.extractall(tmp_path / "unpacked", filter="data")
    (root,) = (tmp_path / "unpacked").iterdir()
    env = {k: v for k, v in os.environ.items() if k not in ("RAINBOARD_DEBUG", "PYTHONPATH")}
    env["PYTHONPATH"] = str(root)
    found = _run([sys.executable, "-c", "import rainboard; print(rainboard.__file__)"], cwd=root, env=env)
    assert Path(found.stdout.strip()).is_relative_to(root)
    _run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests/test_readme_keys.py",
          "tests/data/test_loader.py", "tests/engine/test_setup.py"], cwd=root, env=env)


def test_the_wheel_holds_the_game_and_its_licence_but_no_tests(tmp_path):
    import zipfile

    wheels = tmp_path / "wheels"
    _run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation",
          "--wheel-dir", wheels, REPO])
    (wheel,) = wheels.glob("rainboard-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        (metadata,) = [n for n in names if n.endswith(".dist-info/METADATA")]
        told = archive.read(metadata).decode("utf-8")
    assert "rainboard/_bundled/decks/rules.toml" in names and "rainboard/_bundled/assets/title.txt" in names
    assert any(n.endswith(".dist-info/licenses/LICENSE") for n in names)
    assert not any(n.startswith(("tests/", "scripts/", "benchmarks/")) for n in names)
    assert "License-Expression: MIT" in told and "Classifier: Topic :: Games/Entertainment :: Board Games" in told
    assert "Provides-Extra: web" in told and "Provides-Extra: test" in told
