"""Schemathesis over every operation of the served OpenAPI document (`GET /api/v1/openapi.yaml`),
so that a route added later is fuzzed without being named here. Generated requests, valid and
invalid alike, carry user A's bearer token; path ids are the generated ones, user A's real objects
or user B's (foreign) objects, chosen per case. Checked: no 5xx (`not_a_server_error`), no request
that kills or hangs the server (the test fails with the log tail, and the server is restarted for
the next case), and a server that still answers /healthz after the run.

SCANBOOK_FUZZ_EXAMPLES sets the examples per operation (default 25; `make bench` uses many more);
SCANBOOK_FUZZ_COVERAGE=1 adds Schemathesis' coverage phase (schema boundary values)."""
import os

import pytest
import requests
import schemathesis
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from schemathesis.checks import not_a_server_error

EXAMPLES = int(os.environ.get("SCANBOOK_FUZZ_EXAMPLES", "25"))
COVERAGE = os.environ.get("SCANBOOK_FUZZ_COVERAGE", "") not in ("", "0")


@pytest.fixture(scope="session")
def api_schema(api):
    config = schemathesis.Config.from_dict({
        "base-url": api.url,
        "headers": api.headers(),
        "request-timeout": 30,
        "generation": {"max-examples": EXAMPLES, "no-shrink": True, "database": "none"},
        "phases": {"coverage": {"enabled": COVERAGE}, "stateful": {"enabled": False}},
    })
    schema = schemathesis.openapi.from_url(api.url + "/api/v1/openapi.yaml", config=config)

    @schema.hook
    def flatmap_path_parameters(context, path_parameters):
        if not path_parameters:
            return st.just(path_parameters)

        def choose(which: str) -> dict:
            source = {"real": api.context.ids, "foreign": api.context.foreign_ids}.get(which, {})
            return {name: source.get(name, value) for name, value in path_parameters.items()}
        return st.sampled_from(["generated", "real", "real", "foreign"]).map(choose)

    return schema


schema = schemathesis.pytest.from_fixture("api_schema")


@schema.parametrize()
@settings(deadline=None, suppress_health_check=list(HealthCheck))
def test_no_server_error(case, api, report):
    report.count("schemathesis cases")
    offset = api.server.log_size()
    try:
        response = case.call(session=api.session, headers=api.headers())
    except requests.RequestException as error:
        detail = api.server.no_answer(f"Schemathesis {case.operation.label}", error, offset)
        report.fail(kind="no answer", suite="schemathesis", database=api.server.database,
                    where=case.operation.label, value=case.as_curl_command(), detail=detail)
        raise AssertionError(f"no answer to\n{case.as_curl_command()}\n{detail}") from None
    if response.status_code < 300 and case.method.upper() == "DELETE":
        api.reseed(case.operation.path)
    log = api.server.log_since(offset) if response.status_code >= 500 else ""
    if response.status_code >= 500:
        report.fail(kind="server error", suite="schemathesis", database=api.server.database,
                    where=case.operation.label, value=case.as_curl_command(),
                    detail=f"{response.status_code} {response.text[:200]}\n    log: {log}")
    try:
        case.validate_response(response, checks=[not_a_server_error])
    except Exception as failure:
        failure.add_note(f"server log: {log}")
        raise


def test_server_alive_after_fuzz(api):
    """Runs after the fuzzing (same module, same server): /healthz still answers."""
    crash = api.server.check("the Schemathesis run")
    assert crash is None, crash
