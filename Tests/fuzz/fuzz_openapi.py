"""Walks the served OpenAPI document: its operations, their parameters and body fields (nested ones
too), valid example values derived from each schema, and real objects created through the API's own
collection POSTs so that path ids point at something. Nothing here names a route: a route added to
the document later is walked the same way."""
import copy
import datetime as dt
import itertools
import json
import uuid
from dataclasses import dataclass, field

import yaml

JSON = "application/json"
MULTIPART = "multipart/form-data"
CSV = "text/csv"
PASSWORD = "Fuzz-Pass-2026!"
SENTINEL = "@@FUZZ-SENTINEL@@"
OMIT = object()
EMAILS = itertools.count()  # fresh addresses, unique across every filler of a run

# Valid values by field name, where the schema's type alone says too little (decimal strings, a
# counter's digits): what a careful client would send. Ids come from the created objects instead.
NAME_HINTS = {
    "amount": "12.50", "total": "12.50", "budget": "100.00", "pricePerUnit": "0.2735", "value": "1234.5",
    "currency": "CHF", "crop": "150,420,700,160", "unit": "kWh", "digits": 6, "decimals": 1,
    "barcode": "4006381333931", "confidence": 0.9, "quantity": "500 g", "split": "equal", "period": "custom",
    "x": 0, "y": 0, "w": 1000, "h": 1000, "password": PASSWORD, "locale": "en",
    "date": dt.date.today().isoformat(), "warrantyUntil": (dt.date.today() + dt.timedelta(days=365)).isoformat(),
    "takenAt": dt.datetime.now(dt.timezone.utc).strftime("%Y-%m-%dT%H:%M"),
}
# Optional references whose valid use changes what later requests may do (a receipt can be shared
# once, a photo belongs to one reading): left out of the valid bodies.
SKIP_OPTIONAL = {"receipt", "photo"}
USER_A_FIELDS = {"paidBy", "member", "from"}
USER_B_FIELDS = {"to"}


def types_of(schema: dict) -> list[str]:
    kind = schema.get("type", [])
    return kind if isinstance(kind, list) else [kind]


class OpenAPI:
    def __init__(self, text: str):
        self.document = yaml.safe_load(text)
        self.paths = set(self.document.get("paths", {}))

    def resolve(self, schema: dict) -> dict:
        while isinstance(schema, dict) and "$ref" in schema:
            node = self.document
            for part in schema["$ref"].lstrip("#/").split("/"):
                node = node[part]
            schema = node
        return schema or {}

    def operations(self) -> list["Operation"]:
        found = []
        for path, item in self.document.get("paths", {}).items():
            for method, spec in item.items():
                if method in ("get", "post", "put", "patch", "delete"):
                    found.append(Operation(self, method, path, spec))
        return found


@dataclass
class Operation:
    doc: OpenAPI
    method: str
    path: str
    spec: dict

    @property
    def label(self) -> str:
        return f"{self.method.upper()} {self.path}"

    @property
    def secured(self) -> bool:
        return bool(self.spec.get("security"))

    def parameters(self, where: str) -> list[tuple[str, dict, bool]]:
        """(name, schema, required) of the path or query parameters."""
        found = []
        for parameter in self.spec.get("parameters", []):
            parameter = self.doc.resolve(parameter)
            if parameter.get("in") == where:
                found.append((parameter["name"], self.doc.resolve(parameter.get("schema", {})), parameter.get("required", False)))
        return found

    def media_types(self) -> list[str]:
        return list(self.doc.resolve(self.spec.get("requestBody", {})).get("content", {}))

    def body_schema(self, media: str) -> dict:
        content = self.doc.resolve(self.spec.get("requestBody", {})).get("content", {})
        return self.doc.resolve(content.get(media, {}).get("schema", {}))

    def url_path(self, values: dict[str, str]) -> str:
        path = self.path
        for name, value in values.items():
            path = path.replace("{" + name + "}", value)
        return path


@dataclass
class Context:
    """What valid values can point at: the two users and the objects created for each."""
    user_a: dict
    user_b: dict
    ids: dict[str, str] = field(default_factory=dict)
    foreign_ids: dict[str, str] = field(default_factory=dict)
    seeding: bool = False
    counter: itertools.count = field(default_factory=itertools.count)


class Filler:
    """Valid values for a schema: hints by name, then the schema's example, enum, default, format."""

    def __init__(self, doc: OpenAPI, context: Context):
        self.doc = doc
        self.context = context

    def value(self, name: str | None, schema: dict, required: bool = True):
        schema = self.doc.resolve(schema)
        kinds = types_of(schema)
        if name in SKIP_OPTIONAL and not required:
            return OMIT
        if schema.get("format") == "uuid" or (name or "").endswith("ID"):
            return self.identifier(name, required)
        if name == "category" and "categoryID" in self.context.ids:
            return self.context.ids["categoryID"]
        if name == "email" and schema.get("format") != "email":
            return self.context.user_b["email"]
        if name in NAME_HINTS and not {"object", "array"} & set(kinds):
            return NAME_HINTS[name]
        if "example" in schema:
            return schema["example"]
        if schema.get("enum"):
            return next(value for value in schema["enum"] if value is not None)
        if "default" in schema:
            return schema["default"]
        return self.by_type(name, schema, kinds)

    def by_type(self, name, schema, kinds):
        today = dt.date.today()
        formats = {
            "date": today.isoformat(),
            "date-time": dt.datetime.now(dt.timezone.utc).replace(microsecond=0).isoformat().replace("+00:00", "Z"),
            "email": self.email(),
        }
        if schema.get("format") in formats:
            return formats[schema["format"]]
        if "object" in kinds or "properties" in schema:
            return self.object(schema)
        if "array" in kinds:
            items = self.doc.resolve(schema.get("items", {}))
            return [self.value(None, items)] if "object" in types_of(items) else []
        if "integer" in kinds:
            low, high = schema.get("minimum", 1), schema.get("maximum", 1_000)
            return low + (high - low) // 2
        if "number" in kinds:
            return 1.5
        if "boolean" in kinds:
            return False
        limit = schema.get("maxLength", 40)
        return f"fuzz{next(self.context.counter)}"[:limit]

    def object(self, schema: dict) -> dict:
        schema = self.doc.resolve(schema)
        required = set(schema.get("required", []))
        out = {}
        for name, sub in schema.get("properties", {}).items():
            value = self.value(name, sub, name in required)
            if value is not OMIT:
                out[name] = value
        return out

    def identifier(self, name: str | None, required: bool):
        ids = self.context.ids
        for key in (name, f"{name}ID"):
            if key in ids:
                return ids[key]
        if name in USER_A_FIELDS:
            return self.context.user_a["id"]
        if name in USER_B_FIELDS:
            return self.context.user_b["id"]
        return self.context.user_a["id"] if required else OMIT

    def email(self) -> str:
        if self.context.seeding:
            return self.context.user_b["email"]
        return f"fuzz-new-{next(EMAILS)}@example.org"


# --- walking fields -----------------------------------------------------------------------------------

def body_fields(doc: OpenAPI, schema: dict, prefix: tuple = ()) -> list[tuple[tuple, dict]]:
    """(path into the body, schema) for every property, nested objects and array items included."""
    schema = doc.resolve(schema)
    found = []
    for name, sub in schema.get("properties", {}).items():
        sub = doc.resolve(sub)
        path = prefix + (name,)
        found.append((path, sub))
        if "object" in types_of(sub) or "properties" in sub:
            found += body_fields(doc, sub, path)
        items = doc.resolve(sub.get("items", {}))
        if "array" in types_of(sub) and ("object" in types_of(items) or "properties" in items):
            found += body_fields(doc, items, path + (0,))
    return found


def body_with(template: dict, path: tuple, raw: bytes) -> bytes:
    """The template as JSON with the raw bytes (possibly invalid JSON) at `path`."""
    body = copy.deepcopy(template)
    node = body
    for position, key in enumerate(path[:-1]):
        empty = [] if isinstance(path[position + 1], int) else {}
        if isinstance(key, int):
            while len(node) <= key:
                node.append(empty)
            if not isinstance(node[key], type(empty)):
                node[key] = empty
        elif not isinstance(node.get(key), type(empty)):
            node[key] = empty
        node = node[key]
    if isinstance(path[-1], int):
        while len(node) <= path[-1]:
            node.append(None)
    node[path[-1]] = SENTINEL
    return json.dumps(body).encode().replace(json.dumps(SENTINEL).encode(), raw, 1)


def describe_path(path: tuple) -> str:
    return ".".join(f"[{key}]" if isinstance(key, int) else key for key in path).replace(".[", "[")


# --- creating objects ----------------------------------------------------------------------------------

def creators(doc: OpenAPI) -> list[Operation]:
    """Authenticated POSTs on collection paths (no trailing parameter): they create objects."""
    found = [op for op in doc.operations()
             if op.method == "post" and op.secured and not op.path.endswith("}")
             and (JSON in op.media_types() or MULTIPART in op.media_types())]
    # Fewer path parameters first; uploads before JSON, so that the JSON-made object wins a name.
    return sorted(found, key=lambda op: (op.path.count("{"), JSON in op.media_types()))


def id_names_for(doc: OpenAPI, op: Operation) -> list[str]:
    """The path parameter that names an object made by `op`: `/things` makes `/things/{thingID}`;
    `/things/manual` does too."""
    names = []
    for base in (op.path, op.path.rsplit("/", 1)[0]):
        for path in doc.paths:
            if path.startswith(base + "/{") and path.endswith("}") and path.count("/") == base.count("/") + 1:
                names.append(path[len(base) + 2:-1])
    return names


def seed(doc: OpenAPI, session, base_url: str, token: str, context: Context, rounds: int = 2,
         only: str | None = None) -> dict[str, str]:
    """Create objects through every creator, twice (the second round can refer to everything the
    first made). Returns {path parameter name: id}; `context.ids` is filled as it goes.
    `only`: after a DELETE, create again just what is named by that path parameter (once), and
    what lives under it."""
    filler = Filler(doc, context)
    context.seeding = True
    chosen = [op for op in creators(doc)
              if only is None or only in id_names_for(doc, op) or "{" + only + "}" in op.path]
    try:
        for _ in range(rounds if only is None else 1):
            for op in chosen:
                if only is not None and only in id_names_for(doc, op):
                    context.ids.pop(only, None)
                _create(doc, op, filler, session, base_url, token, context)
    finally:
        context.seeding = False
    return dict(context.ids)


def _create(doc, op, filler, session, base_url, token, context):
    names = [name for name, _, _ in op.parameters("path")]
    if any(name not in context.ids for name in names):
        return
    url = base_url + op.url_path({name: context.ids[name] for name in names})
    headers = {"Authorization": f"Bearer {token}"}
    if JSON in op.media_types():
        response = session.post(url, json=filler.object(op.body_schema(JSON)), headers=headers)
    else:
        response = session.post(url, files=multipart_fields(doc, op, filler), headers=headers)
    try:
        created = response.json()
    except ValueError:
        return
    if response.status_code < 300 and isinstance(created, dict) and isinstance(created.get("id"), str):
        known = set(context.ids.values())
        for name in id_names_for(doc, op):
            if created["id"] not in known:
                context.ids[name] = created["id"]


def multipart_fields(doc: OpenAPI, op: Operation, filler: Filler, image: bytes | None = None) -> dict:
    """requests `files=` for a valid multipart body: binary fields get a small PNG."""
    from fuzz_payloads import png

    schema = op.body_schema(MULTIPART)
    out = {}
    for name, sub in schema.get("properties", {}).items():
        sub = doc.resolve(sub)
        if sub.get("format") == "binary":
            out[name] = ("photo.png", image if image is not None else png(16, 12), "image/png")
        else:
            value = filler.value(name, sub)
            out[name] = (None, str(value).encode() if not isinstance(value, bytes) else value)
    return out


def violates(schema: dict, raw: bytes) -> str | None:
    """Why the value breaks the schema's own declared limits (None when it does not, or when that
    cannot be told): used to flag extremes a route accepted although its document forbids them."""
    try:
        value = json.loads(raw)
    except ValueError:
        return "not JSON"
    if value is None:
        return None  # null for an optional field reads as absent
    kinds = types_of(schema)
    checks = {"string": str, "integer": int, "number": (int, float), "boolean": bool, "object": dict, "array": list}
    if kinds and not any(isinstance(value, checks.get(kind, object)) and not (kind in ("integer", "number") and isinstance(value, bool))
                         for kind in kinds if kind != "null"):
        return f"type {'/'.join(kinds)}"
    if isinstance(value, str) and len(value) > schema.get("maxLength", 10**9):
        return f"maxLength {schema['maxLength']}"
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        if value > schema.get("maximum", float("inf")) or value < schema.get("minimum", float("-inf")):
            return f"range {schema.get('minimum')}...{schema.get('maximum')}"
    if schema.get("enum") and value not in schema["enum"]:
        return "enum"
    if isinstance(value, str) and value and schema.get("format") in FORMAT_CHECKS and not FORMAT_CHECKS[schema["format"]](value):
        return f"format {schema['format']}"
    return None


def _parses(parse):
    def check(value: str) -> bool:
        try:
            parse(value)
            return True
        except ValueError:
            return False
    return check


FORMAT_CHECKS = {"uuid": _parses(lambda v: uuid.UUID(v) if len(v) == 36 else int("x")),
                 "date": _parses(lambda v: dt.date.fromisoformat(v) if len(v) == 10 else int("x"))}
