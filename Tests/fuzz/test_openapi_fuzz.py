"""Schemathesis over every operation of the served OpenAPI document (`GET /api/v1/openapi.yaml`),
so that a route added later is fuzzed without being named here. Generated requests, valid and
invalid alike, carry user A's bearer token; path ids are the generated ones, user A's real objects
or user B's (foreign) objects, chosen per case. Checked: no 5xx (`not_a_server_error`), no request
that kills or hangs the server (the test fails with the log tail, and the server is restarted for
the next case), a server that still answers /healthz after the run, and every other check
Schemathesis runs on one response (`CHECKS`): documented status codes, content types, headers and
bodies, schema-violating requests refused and schema-valid ones accepted, missing auth refused.

SCANBOOK_FUZZ_EXAMPLES sets the examples per operation (default 25; `make bench` uses many more);
SCANBOOK_FUZZ_COVERAGE=0 leaves out Schemathesis' coverage phase (schema boundary values, requests
without their body or with another media type)."""
import os

import pytest
import requests
import schemathesis
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from schemathesis.checks import (
    content_type_conformance, ignored_auth, missing_required_header, negative_data_rejection, not_a_server_error,
    positive_data_acceptance, response_headers_conformance, response_schema_conformance, status_code_conformance,
    unsupported_method,
)

EXAMPLES = int(os.environ.get("SCANBOOK_FUZZ_EXAMPLES", "25"))
COVERAGE = os.environ.get("SCANBOOK_FUZZ_COVERAGE", "1") not in ("", "0")
# Every check Schemathesis has that judges one response (the stateful ones need its stateful phase;
# response time is the bench's business): a finding of any of them fails the run.
CHECKS = [
    not_a_server_error, status_code_conformance, content_type_conformance, response_headers_conformance,
    response_schema_conformance, negative_data_rejection, positive_data_acceptance, missing_required_header,
    unsupported_method, ignored_auth,
]


@pytest.fixture(scope="session")
def api_schema(api):
    config = schemathesis.Config.from_dict({
        "base-url": api.url,
        "headers": api.headers(),
        "request-timeout": 30,
        # No NUL and no lone surrogates: the document's patterns say a request's text holds no NUL,
        # and test_boundaries sends both on purpose (a 400 with a reason); here they would only
        # turn every request into that one refusal. Unknown parameters are ignored, as documented.
        "generation": {"max-examples": EXAMPLES, "no-shrink": True, "database": "none", "mode": "all",
                       "allow-x00": False, "codec": "utf-8", "allow-extra-parameters": False},
        "phases": {"coverage": {"enabled": COVERAGE}, "stateful": {"enabled": False}},
        # A 422 is the server understanding a request the schema allows and refusing it by a rule a
        # schema cannot state (IBAN check digits, a password's character classes, an end date
        # before the start, an image's pixels), and a 415 the bytes of a file that are not the
        # image its part must be: both answers to schema-valid data. A 400 (unreadable: not JSON,
        # a NUL, a malformed upload) is not.
        "checks": {"positive_data_acceptance": {"expected-statuses": ["2xx", "3xx", "401", "403", "404", "409", "415", "422", "429"]}},
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
def test_schemathesis_checks(case, api, report):
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
        case.validate_response(response, checks=CHECKS, headers=api.headers())
    except Exception as failure:
        report.fail(kind="schemathesis check", suite="schemathesis", database=api.server.database,
                    where=case.operation.label, value=case.as_curl_command(), detail=str(failure)[:600])
        failure.add_note(f"server log: {log}")
        raise


def test_server_alive_after_fuzz(api):
    """Runs after the fuzzing (same module, same server): /healthz still answers."""
    crash = api.server.check("the Schemathesis run")
    assert crash is None, crash
