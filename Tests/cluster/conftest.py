"""Fixtures for the cluster tests: one throw-away PostgreSQL for the session, a fresh database per
test, and real Scanbook processes on loopback, each with its own data folder (Tools/cluster)."""
import re
from pathlib import Path

import pytest

from cluster_support import require_postgres
from cluster import Instance, Postgres


@pytest.fixture(scope="session")
def postgres():
    require_postgres()
    with Postgres.create() as pg:
        yield pg


@pytest.fixture
def database(postgres, request):
    """A new, empty database for this test: (name, url)."""
    name = "c_" + re.sub(r"[^a-z0-9]+", "_", request.node.name.lower())[:50]
    postgres.drop_database(name)
    url = postgres.create_database(name)
    yield name, url
    postgres.drop_database(name)


class Cluster:
    """Starts instances on one database; kills every one at the end and prints their logs (pytest
    shows them for a failed test)."""

    def __init__(self, url: str, folder: Path):
        self.url, self.folder, self.instances = url, folder, []

    def start(self, name: str, role: str = "serve", wait: bool = True, **env) -> Instance:
        instance = Instance(database_url=self.url, data_dir=self.folder / name, env=env, role=role, name=name)
        self.instances.append(instance)
        return instance.start(wait=wait)

    def close(self):
        for instance in self.instances:
            instance.kill()
        for instance in self.instances:
            print(f"----- {instance.name} ({instance.role}) log, last lines -----")
            print("\n".join(instance.log().splitlines()[-40:]))


@pytest.fixture
def cluster(database, tmp_path):
    group = Cluster(database[1], tmp_path)
    yield group
    group.close()
