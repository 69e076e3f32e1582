#!/usr/bin/env python3
"""Checks that infra/openapi.yaml documents exactly the routes the functions serve.

Each function declares its routes in `router()` of functions/<name>/src/lib.rs as
`.route("<path>", get(..).patch(..))`, mounted under /api/<name> (shared::http::mount).
Local-only /dev routes of the gateway are not part of the API and are not checked.
"""
import pathlib
import re
import sys

import yaml

ROOT = pathlib.Path(__file__).resolve().parents[2]
METHODS = ("get", "post", "put", "patch", "delete")


def call_argument(text: str, start: int) -> str:
    """The text between the parenthesis at `start` and its matching close."""
    depth = 0
    for i in range(start, len(text)):
        if text[i] == "(":
            depth += 1
        elif text[i] == ")":
            depth -= 1
            if depth == 0:
                return text[start + 1 : i]
    raise ValueError("unbalanced parentheses")


def served_routes() -> set[tuple[str, str]]:
    routes = set()
    for lib in sorted((ROOT / "functions").glob("*/src/lib.rs")):
        name = lib.parent.parent.name
        source = lib.read_text()
        for match in re.finditer(r"\.route\(", source):
            argument = call_argument(source, match.end() - 1)
            path_match = re.match(r'\s*"([^"]*)"\s*,(.*)', argument, re.S)
            if not path_match:
                raise SystemExit(f"{lib}: cannot read the route declaration {argument!r}")
            path, chain = path_match.groups()
            full = f"/api/{name}" + ("" if path == "/" else path)
            methods = set(re.findall(r"(?:^|[\s.:])(" + "|".join(METHODS) + r")\(", chain))
            if not methods:
                raise SystemExit(f"{lib}: no method found for route {path!r}")
            routes.update((method, full) for method in methods)
    return routes


def documented_routes() -> set[tuple[str, str]]:
    spec = yaml.safe_load((ROOT / "infra" / "openapi.yaml").read_text())
    assert spec["openapi"].startswith("3.1"), "openapi.yaml must be OpenAPI 3.1"
    return {
        (method, path)
        for path, item in spec.get("paths", {}).items()
        for method in item
        if method in METHODS
    }


def main() -> int:
    from openapi_spec_validator import validate

    validate(yaml.safe_load((ROOT / "infra" / "openapi.yaml").read_text()))
    served, documented = served_routes(), documented_routes()
    missing = sorted(served - documented)
    stale = sorted(documented - served)
    for method, path in missing:
        print(f"undocumented route: {method.upper()} {path} (add it to infra/openapi.yaml)")
    for method, path in stale:
        print(f"documented but not served: {method.upper()} {path}")
    if missing or stale:
        return 1
    print(f"openapi.yaml is valid OpenAPI 3.1 and documents all {len(served)} routes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
