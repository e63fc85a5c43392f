"""Shared test setup.

Animations are switched off before Textual is imported anywhere, so UI tests and snapshots do
not hang on timing.
"""

import asyncio
import inspect
import os

import pytest

os.environ["TEXTUAL_ANIMATIONS"] = "none"


@pytest.hookimpl(tryfirst=True)
def pytest_pyfunc_call(pyfuncitem: pytest.Function):
    """Run `async def` tests (Textual's App.run_test) on a fresh event loop, without a plugin."""
    if not inspect.iscoroutinefunction(pyfuncitem.obj):
        return None
    names = pyfuncitem._fixtureinfo.argnames
    asyncio.run(pyfuncitem.obj(**{name: pyfuncitem.funcargs[name] for name in names}))
    return True


@pytest.fixture(autouse=True)
def _private_data_dir(tmp_path, monkeypatch):
    """Saves, scores, logs and the remembered table of every test go to its own temporary folder,
    never the user's."""
    folder = tmp_path / "rainboard-data"
    monkeypatch.setenv("RAINBOARD_DATA_DIR", str(folder))
    monkeypatch.setenv("RAINBOARD_CONFIG_DIR", str(tmp_path / "rainboard-config"))
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    return folder


@pytest.fixture
def simulator_fails(monkeypatch):
    """The simulator's 50th engine step raises, as a rule gone wrong would (for its error reports)."""
    import rainboard.sim.play

    calls = {"n": 0}
    real_apply = rainboard.sim.play.apply

    def flaky_apply(state, action):
        calls["n"] += 1
        if calls["n"] == 50:
            raise RuntimeError("a rule went wrong")
        return real_apply(state, action)

    monkeypatch.setattr(rainboard.sim.play, "apply", flaky_apply)
    return calls
