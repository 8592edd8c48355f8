"""The `scanbook` command line, run as a user would: against a fresh data directory."""
import json
import os
import subprocess
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BINARY = os.environ.get("SCANBOOK_BIN", str(ROOT / ".build" / "debug" / "scanbook"))


@pytest.fixture
def data_dir():
    with tempfile.TemporaryDirectory(prefix="scanbook-cli-") as directory:
        yield directory


def scanbook(*arguments, data_dir, stdin=None, env=None):
    environment = dict(os.environ, SCANBOOK_DATA_DIR=data_dir, SCANBOOK_BCRYPT_COST="4", LOG_LEVEL="error")
    environment.pop("DATABASE_URL", None)
    environment.update(env or {})
    return subprocess.run([BINARY, *arguments], input=stdin, capture_output=True, text=True,
                          env=environment, timeout=120)


def test_user_add_list_and_set_password(data_dir):
    added = scanbook("user", "add", "--name", "Root", "--email", "Root@Example.org", "--admin",
                     data_dir=data_dir, stdin="Sommer2025!\n")
    assert added.returncode == 0, added.stderr
    assert "Created administrator root@example.org." in added.stdout

    weak = scanbook("user", "add", "--name", "Eve", "--email", "eve@example.org", data_dir=data_dir, stdin="password\n")
    assert weak.returncode != 0
    assert "at least 2 of" in weak.stderr

    duplicate = scanbook("user", "add", "--name", "Root", "--email", "root@example.org", data_dir=data_dir, stdin="Sommer2025!\n")
    assert duplicate.returncode != 0
    assert "already exists" in duplicate.stderr

    listed = scanbook("user", "list", "--json", data_dir=data_dir)
    assert listed.returncode == 0, listed.stderr
    accounts = json.loads(listed.stdout)
    assert [(a["email"], a["isAdmin"]) for a in accounts] == [("root@example.org", True)]

    changed = scanbook("user", "set-password", "root@example.org", data_dir=data_dir, stdin="Winter2026#\n")
    assert changed.returncode == 0, changed.stderr
    missing = scanbook("user", "set-password", "nobody@example.org", data_dir=data_dir, stdin="Winter2026#\n")
    assert missing.returncode != 0 and "No account" in missing.stderr
    assert (Path(data_dir) / "scanbook.sqlite").exists()


def test_bad_configuration_lists_every_problem(data_dir):
    result = scanbook("migrate", data_dir=data_dir, env={"SCANBOOK_PORT": "0", "DATABASE_URL": "mysql://x"})
    assert result.returncode != 0
    assert "SCANBOOK_PORT=0" in result.stderr and "DATABASE_URL" in result.stderr


@pytest.mark.parametrize("command", [[], ["serve"], ["migrate"], ["user"], ["user", "add"], ["user", "list"], ["ocr"], ["detect"], ["barcode"],
                                     ["user", "set-password"], ["version"], ["slip"], ["form", "scan"], ["audit", "verify"], ["secrets", "rotate"]])
def test_every_command_has_help(command, data_dir):
    result = scanbook(*command, "--help", data_dir=data_dir)
    assert result.returncode == 0
    assert "USAGE: scanbook" in result.stdout


def test_version(data_dir):
    assert scanbook("version", data_dir=data_dir).stdout.strip() == scanbook("--version", data_dir=data_dir).stdout.strip()
