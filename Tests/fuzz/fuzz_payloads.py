"""The extreme values, malformed images, broken multipart envelopes and hostile CSV files that the
fuzz suite sends. Everything here is plain data built from the standard library, so the same cases
serve the OpenAPI walk (test_boundaries.py) and the web forms (test_web_forms.py)."""
import json
import struct
import zlib
from dataclasses import dataclass

INT_MAX = 9223372036854775807
LONG_STRING = "x" * 10_000
FAR_DATES = ["0001-01-01", "9999-12-31", "2199-12-31", "2200-01-01", "1899-12-31"]


@dataclass(frozen=True)
class Extreme:
    """One value to send: `json` is the raw JSON text (bytes, may be invalid JSON such as NaN),
    `text` the bytes for a query string, path segment, form field or CSV cell."""
    label: str
    json: bytes
    text: bytes


def _text(label: str, value: str) -> Extreme:
    encoded = value.encode()
    return Extreme(label, json.dumps(value).encode(), encoded)


def _number(label: str, raw: str) -> Extreme:
    return Extreme(label, raw.encode(), raw.encode())


# Numbers as JSON numbers (and as text where there is no type), then the same as strings: the API
# carries money and meter values as decimal strings, so the string forms reach the parsers.
EXTREMES = [
    _number("Int.max", str(INT_MAX)),
    _number("Int.max+1", str(INT_MAX + 1)),
    _number("Int.min", str(-INT_MAX - 1)),
    _number("Int.min-1", str(-INT_MAX - 2)),
    _number("-1", "-1"),
    _number("0", "0"),
    _number("1.5", "1.5"),
    _number("1e400", "1e400"),
    _number("-1e400", "-1e400"),
    Extreme("NaN", b"NaN", b"NaN"),
    Extreme("Infinity", b"Infinity", b"Infinity"),
    Extreme("null", b"null", b"null"),
    Extreme("true", b"true", b"true"),
    Extreme("object", b"{}", b"{}"),
    Extreme("array", b"[]", b"[]"),
    _text("empty", ""),
    _text("10k chars", LONG_STRING),
    Extreme("invalid UTF-8", b'"a\xff\xfe\xfdb"', b"a\xff\xfe\xfdb"),
    Extreme("NUL char", b'"a\\u0000b"', b"a\x00b"),
    _text('"Int.max"', str(INT_MAX)),
    _text('"Int.max+1"', str(INT_MAX + 1)),
    _text('"-1"', "-1"),
    _text('"1e400"', "1e400"),
    _text('"NaN"', "NaN"),
    _text("huge decimal", "99999999999999999999999999999.99"),
    _text("tiny decimal", "0.000000000000000000000001"),
    _text("Int.max cents", "92233720368547758.07"),
    *[_text(date, date) for date in FAR_DATES],
    _text("far date-time", "9999-12-31T23:59:59Z"),
    _text("year 0 date-time", "0000-01-01T00:00:00Z"),
]


def schema_boundaries(schema: dict) -> list[Extreme]:
    """Values just past the limits the schema itself declares (maximum+1, maxLength+1, ...)."""
    found = []
    for key, delta in (("minimum", -1), ("maximum", 1)):
        if isinstance(schema.get(key), (int, float)):
            found.append(_number(f"{key}{delta:+d}", str(schema[key] + delta)))
    if isinstance(schema.get("maxLength"), int):
        found.append(_text(f"maxLength+1 ({schema['maxLength'] + 1} chars)", "y" * (schema["maxLength"] + 1)))
    if isinstance(schema.get("minLength"), int) and schema["minLength"] > 0:
        found.append(_text(f"minLength-1", "y" * (schema["minLength"] - 1)))
    if schema.get("enum"):
        found.append(_text("not in enum", "not-an-enum-value"))
    return found


def whole_json_bodies() -> list[tuple[str, bytes]]:
    """Bodies that are not the expected object at all."""
    return [
        ("body Int.max", str(INT_MAX).encode()),
        ("body array", b"[]"),
        ("body string", b'""'),
        ("body null", b"null"),
        ("body NaN", b"NaN"),
        ("body truncated", b'{"a": '),
        ("body invalid UTF-8", b'{"\xff\xfe": 1}'),
        ("body nested 100k deep", b"[" * 100_000 + b"]" * 100_000),
        ("body nested objects 10k deep", b'{"a":' * 10_000 + b"1" + b"}" * 10_000),
        ("body 10k keys", json.dumps({f"k{i}": i for i in range(10_000)}).encode()),
    ]


# --- images -----------------------------------------------------------------------------------

def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def png_header(width: int, height: int) -> bytes:
    """Signature and IHDR only (33 bytes): what a decoder reads before allocating pixels."""
    return PNG_SIGNATURE + _chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))


def png(width: int = 1, height: int = 1) -> bytes:
    """A valid RGB PNG of the given size, every pixel grey."""
    row = b"\x00" + b"\x80" * (3 * width)
    return png_header(width, height) + _chunk(b"IDAT", zlib.compress(row * height)) + _chunk(b"IEND", b"")


def image_cases() -> list[tuple[str, bytes, str]]:
    """(label, bytes, content type) for a file field."""
    return [
        ("zero-byte file", b"", "image/png"),
        ("1x1 PNG", png(), "image/png"),
        ("PNG header 4294967295x4294967295", png_header(0xFFFFFFFF, 0xFFFFFFFF), "image/png"),
        ("PNG header 0x0", png_header(0, 0), "image/png"),
        ("PNG header 100000x100000", png_header(100_000, 100_000), "image/png"),
        ("PNG signature only", PNG_SIGNATURE, "image/png"),
        ("truncated PNG", png(64, 64)[:-20], "image/png"),
        ("JPEG SOI+EOI only", b"\xff\xd8\xff\xd9", "image/jpeg"),
        ("garbage bytes", bytes(range(256)) * 8, "image/png"),
        ("text as image", b"hello", "image/png"),
        ("PNG as text/plain", png(), "text/plain"),
    ]


# --- multipart envelopes --------------------------------------------------------------------------

BOUNDARY = "fuzzBoundary7MA4YWxkTrZu0gW"


def multipart(parts: list[tuple[bytes, bytes]], boundary: str = BOUNDARY, close: bool = True) -> bytes:
    """parts: (raw header block without the final CRLF, body)."""
    out = b""
    for headers, body in parts:
        out += b"--" + boundary.encode() + b"\r\n" + headers + b"\r\n\r\n" + body + b"\r\n"
    if close:
        out += b"--" + boundary.encode() + b"--\r\n"
    return out


def file_part(name: str, data: bytes, content_type: str = "image/png", filename: str = "photo.png"):
    header = f'Content-Disposition: form-data; name="{name}"; filename="{filename}"\r\nContent-Type: {content_type}'
    return (header.encode(), data)


def text_part(name: str, value: bytes):
    return (f'Content-Disposition: form-data; name="{name}"'.encode(), value)


def malformed_multipart(file_field: str) -> list[tuple[str, str, bytes]]:
    """(label, Content-Type header, body) for broken envelopes around a `file_field` upload."""
    ok_type = f"multipart/form-data; boundary={BOUNDARY}"
    image = png()
    good = file_part(file_field, image)
    high_byte = (f'Content-Disposition\xff: form-data; name="{file_field}"; filename="a.png"'.encode("latin-1"), image)
    high_value = (f'Content-Disposition: form-data; name="{file_field}\xe9"; filename="\xff.png"'.encode("latin-1"), image)
    return [
        ("part header name with byte 0xFF", ok_type, multipart([high_byte])),
        ("part header value with bytes >= 0x80", ok_type, multipart([high_value])),
        ("no closing boundary", ok_type, multipart([good], close=False)),
        ("boundary parameter missing", "multipart/form-data", multipart([good])),
        ("empty boundary parameter", "multipart/form-data; boundary=", multipart([good])),
        ("boundary of 1000 characters", "multipart/form-data; boundary=" + "b" * 1000, multipart([good], boundary="b" * 1000)),
        ("garbage preamble", ok_type, bytes(range(256)) * 4 + b"\r\n" + multipart([good])),
        ("empty body", ok_type, b""),
        ("only the closing boundary", ok_type, f"--{BOUNDARY}--\r\n".encode()),
        ("part header without colon", ok_type, multipart([(b"Content-Disposition form-data", image)])),
        ("part without Content-Disposition", ok_type, multipart([(b"Content-Type: image/png", image)])),
        ("part header line of 100k bytes", ok_type, multipart([(b"X-Long: " + b"a" * 100_000 + b"\r\n" + good[0], image)])),
        ("LF-only line endings", ok_type, multipart([good]).replace(b"\r\n", b"\n")),
        ("PNG claiming 4294967295x4294967295", ok_type, multipart([file_part(file_field, png_header(0xFFFFFFFF, 0xFFFFFFFF))])),
        ("zero-byte file", ok_type, multipart([file_part(file_field, b"")])),
        ("1x1 PNG", ok_type, multipart([good])),
        ("file field twice", ok_type, multipart([good, good])),
        ("10k parts", ok_type, multipart([text_part(f"f{i}", b"1") for i in range(10_000)] + [good])),
    ]


# --- CSV ------------------------------------------------------------------------------------------

def csv_cases() -> list[tuple[str, bytes]]:
    """(label, body) for a date,value CSV import."""
    cases = [
        ("empty CSV", b""),
        ("header only", b"date,value\n"),
        ("invalid UTF-8 header", b"\xff\xfe,value\n2025-01-01,1\n"),
        ("BOM and German header", "\ufeffDatum;Wert\n01.01.2025;1.234,5\n".encode()),
        ("1,000 columns", b"date,value" + b",extra" * 998 + b"\n2025-01-01,1" + b",1" * 998 + b"\n"),
        ("1 MB single cell", b"date,value\n2025-01-01," + b"9" * 1_000_000 + b"\n"),
        ("1 MB quoted cell", b'date,value\n"' + b"a" * 1_000_000 + b'",1\n'),
        ("unterminated quote", b'date,value\n"2025-01-01,1\n'),
        ("10,001 rows", b"date,value\n" + b"".join(
            f"{2000 + i // 365:04d}-{1 + (i % 365) // 31:02d}-{1 + (i % 365) % 28:02d},{i}\n".encode() for i in range(10_001))),
    ]
    for extreme in EXTREMES:
        cell = _csv_cell(extreme.text)
        cases.append((f"value {extreme.label}", b"date,value\n2025-01-01," + cell + b"\n"))
        cases.append((f"date {extreme.label}", b"date,value\n" + cell + b",1\n"))
    return cases


def _csv_cell(raw: bytes) -> bytes:
    if any(c in raw for c in b',;"\n\r'):
        return b'"' + raw.replace(b'"', b'""') + b'"'
    return raw
