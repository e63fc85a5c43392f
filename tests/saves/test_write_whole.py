"""disk.write_whole: the small files (a table's seats, the tutorial's step) are written whole."""

from __future__ import annotations

import pytest

from rainboard.saves import disk


def test_a_file_is_written_and_replaced_whole(tmp_path):
    path = tmp_path / "seats.json"
    disk.write_whole(path, b"first\n")
    assert path.read_bytes() == b"first\n"
    disk.write_whole(path, b"second, longer\n")
    assert path.read_bytes() == b"second, longer\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["seats.json"]


@pytest.mark.parametrize("failing", ["write_all", "fsync", "replace"])
def test_a_failed_write_keeps_the_old_file_and_leaves_no_temp(tmp_path, monkeypatch, failing):
    path = tmp_path / "tutorial.json"
    disk.write_whole(path, b"old\n")

    def full(*_args):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(disk, failing, full)
    with pytest.raises(OSError):
        disk.write_whole(path, b"new\n")
    assert path.read_bytes() == b"old\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["tutorial.json"]
