"""Deterministic extremes for every input the OpenAPI document describes, found by walking the
served document (no route is listed here): each JSON body property (nested ones too), path and query
parameter, multipart field and CSV column gets Int.max, Int.max+1, -1, 1e400, NaN, "", 10,000
characters, invalid UTF-8, far dates, null and wrong types, with every other input valid. Malformed
multipart envelopes go to every operation with a body (a JSON route must refuse them cleanly too).

Expected: never a 5xx, an API 4xx carries a JSON `reason`, the server still answers /healthz after
each field's batch, and no 2xx for a value the document forbids (wrong type, beyond maxLength or
maximum, not in the enum, not a uuid or date where the format says so). Every problem is collected and reported in one assertion per test."""
import uuid
from urllib.parse import quote

import pytest

from fuzz_openapi import CSV, JSON, MULTIPART, OMIT, Filler, body_fields, body_with, describe_path, multipart_fields, violates
from fuzz_payloads import EXTREMES, csv_cases, image_cases, malformed_multipart, schema_boundaries, whole_json_bodies
from fuzz_probe import Prober, excerpt

VALID_CSV = b"date,value\n2025-01-01,1\n"


def ordered(operations):
    """DELETEs last, so that what they remove is not missed by the others."""
    return sorted(operations, key=lambda op: op.method == "delete")


def real_path(api, op, filler, override: dict | None = None) -> str:
    values = {}
    for name, schema, _ in op.parameters("path"):
        values[name] = api.context.ids.get(name) or str(filler.value(name, schema))
    values.update(override or {})
    return api.url + op.url_path(values)


def valid_query(op, filler) -> dict:
    query = {}
    for name, schema, _ in op.parameters("query"):
        value = filler.value(name, schema, required=False)
        if value is not None and value is not OMIT:
            query[name] = value
    return query


def valid_body(api, op, filler) -> dict:
    """requests keyword arguments for a valid body of whatever media type the operation takes."""
    media = op.media_types()
    headers = api.headers()
    if JSON in media:
        return {"json": filler.object(op.body_schema(JSON)), "headers": headers}
    if MULTIPART in media:
        return {"files": multipart_fields(api.doc, op, filler), "headers": headers}
    if CSV in media:
        return {"data": VALID_CSV, "headers": {**headers, "Content-Type": "text/csv"}}
    return {"headers": headers}


def test_json_body_fields(api, report):
    prober, filler = Prober(api, "json body"), Filler(api.doc, api.context)
    for op in ordered(op for op in api.doc.operations() if JSON in op.media_types()):
        report.count("operations probed (json)")
        schema = op.body_schema(JSON)
        headers = {**api.headers(), "Content-Type": "application/json"}
        if op.method != "delete":
            prober.send(f"{op.label} (valid body)", "valid", op.method, real_path(api, op, filler),
                        json=filler.object(schema), headers=api.headers())
        for path, sub in body_fields(api.doc, schema):
            report.count("json fields probed")
            where = f"{op.label} field {describe_path(path)}"
            for extreme in EXTREMES + schema_boundaries(sub):
                prober.send(where, extreme.label, op.method, real_path(api, op, filler),
                            violation=violates(sub, extreme.json),
                            data=body_with(filler.object(schema), path, extreme.json), headers=headers)
            prober.end_batch(where)
        for label, raw in whole_json_bodies():
            prober.send(f"{op.label} whole body", label, op.method, real_path(api, op, filler), data=raw, headers=headers)
        prober.end_batch(f"{op.label} whole body")
    prober.assert_clean()


def path_values(api, name: str) -> list[tuple[str, bytes | str]]:
    real = api.context.ids.get(name, "")
    extras = [("random uuid", str(uuid.uuid4())), ("encoded dot-dot", "%2E%2E"), ("encoded slash", "a%2Fb"),
              ("upper-case id", real.upper())]
    if name in api.context.foreign_ids:
        extras.append(("other user's id", api.context.foreign_ids[name]))
    return [(e.label, e.text) for e in EXTREMES] + extras


def test_path_parameters(api, report):
    prober, filler = Prober(api, "path"), Filler(api.doc, api.context)
    for op in ordered(api.doc.operations()):
        for name, schema, _ in op.parameters("path"):
            report.count("path parameters probed")
            where = f"{op.label} path {name}"
            for label, value in path_values(api, name) + [(e.label, e.text) for e in schema_boundaries(schema)]:
                segment = value if label.startswith("encoded") else quote(value, safe="")
                url = real_path(api, op, filler, {name: segment})
                prober.send(where, label, op.method, url, params=valid_query(op, filler), **valid_body(api, op, filler))
            prober.end_batch(where)
    prober.assert_clean()


def query_contexts(op, filler, probed: str) -> list[dict]:
    """The other query parameters absent, then valid, once with each value of their enums (an
    enum such as period=custom decides whether from/to are read at all)."""
    variants = [{**valid_query(op, filler), name: value}
                for name, schema, _ in op.parameters("query") if name != probed
                for value in schema.get("enum", []) if value]
    return [{}] + (variants or [valid_query(op, filler)])


def test_query_parameters(api, report):
    prober, filler = Prober(api, "query"), Filler(api.doc, api.context)
    for op in ordered(api.doc.operations()):
        for name, schema, _ in op.parameters("query"):
            report.count("query parameters probed")
            where = f"{op.label} query {name}"
            values = [(e.label, e.text) for e in EXTREMES + schema_boundaries(schema)]
            for others in query_contexts(op, filler, name):
                for label, value in values:
                    query = {key: v for key, v in others.items() if key != name} | {name: value}
                    context = ",".join(f"{key}={v}" for key, v in sorted(others.items()) if key != name) or "nothing else"
                    prober.send(where, f"{label} with {context}", op.method, real_path(api, op, filler),
                                violation=None, params=query, **valid_body(api, op, filler))
            prober.send(where, "given twice", op.method, real_path(api, op, filler),
                        params={name: ["2025-01", "x"]}, **valid_body(api, op, filler))
            prober.end_batch(where)
    prober.assert_clean()


def test_multipart_fields(api, report):
    prober, filler = Prober(api, "multipart"), Filler(api.doc, api.context)
    for op in ordered(op for op in api.doc.operations() if MULTIPART in op.media_types()):
        report.count("operations probed (multipart)")
        for name, sub in op.body_schema(MULTIPART).get("properties", {}).items():
            sub = api.doc.resolve(sub)
            report.count("multipart fields probed")
            where = f"{op.label} part {name}"
            if sub.get("format") == "binary":
                cases = [(label, (f"f.{kind.split('/')[-1]}", data, kind)) for label, data, kind in image_cases()]
            else:
                cases = [(e.label, (None, e.text)) for e in EXTREMES + schema_boundaries(sub)]
            for label, part in cases:
                files = multipart_fields(api.doc, op, filler) | {name: part}
                prober.send(where, label, op.method, real_path(api, op, filler), files=files, headers=api.headers())
            prober.end_batch(where)
    prober.assert_clean()


def test_malformed_multipart_envelopes(api, report):
    """Every operation with a body, JSON ones included: Vapor decodes a multipart body wherever the
    Content-Type says multipart, so a broken envelope must be refused cleanly everywhere."""
    prober, filler = Prober(api, "multipart envelope"), Filler(api.doc, api.context)
    for op in ordered(op for op in api.doc.operations() if op.media_types()):
        report.count("operations probed (malformed multipart)")
        fields = op.body_schema(MULTIPART).get("properties", {}) if MULTIPART in op.media_types() else {}
        file_field = next((n for n, s in fields.items() if api.doc.resolve(s).get("format") == "binary"), "file")
        where = f"{op.label} multipart envelope"
        for label, content_type, body in malformed_multipart(file_field):
            response = prober.send(where, label, op.method, real_path(api, op, filler), data=body,
                                   headers={**api.headers(), "Content-Type": content_type})
            if response is not None and response.status_code < 300 and label != "1x1 PNG" and MULTIPART in op.media_types():
                report.notes.append(f"[{prober.database}] {where}: {label} accepted ({response.status_code})")
        prober.end_batch(where)
    prober.assert_clean()


def test_csv_columns(api, report):
    prober, filler = Prober(api, "csv"), Filler(api.doc, api.context)
    operations = [op for op in api.doc.operations() if CSV in op.media_types()]
    if not operations:
        pytest.skip("no operation of the document takes text/csv")
    for op in operations:
        report.count("operations probed (csv)")
        where = f"{op.label} csv"
        for label, body in csv_cases():
            response = prober.send(where, label, op.method, real_path(api, op, filler), data=body,
                                   headers={**api.headers(), "Content-Type": "text/csv"})
            if response is not None and label.startswith(("10,001", "1,000", "1 MB")):
                report.notes.append(f"[{prober.database}] {where}: {label} -> {response.status_code} {excerpt(response)[:120]}")
        prober.end_batch(where)
    prober.assert_clean()
