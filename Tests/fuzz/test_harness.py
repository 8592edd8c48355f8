"""The harness itself: a server killed in the middle of the suite is noticed, reported with its log
tail, and started again with its data (the tokens still work), so that one crash cannot hide the
findings after it. Runs on each database, on the server the other tests use."""
import signal

from fuzz_probe import Prober


def test_a_killed_server_is_reported_and_restarted(api, report):
    before = len(report.failures)
    api.server.process.send_signal(signal.SIGKILL)
    api.server.process.wait(timeout=10)

    prober = Prober(api, "harness")
    response = prober.send("GET /api/v1/me (server killed)", "none", "GET", api.url + "/api/v1/me", headers=api.headers())

    assert response is None
    assert "exited with status -9" in prober.failures[0]["detail"]
    assert "--- server log tail ---" in prober.failures[0]["detail"]
    assert api.server.healthy()
    assert api.session.get(api.url + "/api/v1/me", headers=api.headers()).status_code == 200
    del report.failures[before:]  # staged, not a finding
    report.count("crashes", -1)
    if not report.counters["crashes"]:
        del report.counters["crashes"]
