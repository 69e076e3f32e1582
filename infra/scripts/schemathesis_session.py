#!/usr/bin/env python3
"""A confirmed founder on a trial, for schemathesis's authenticated routes.

Signs up through the API, reads the confirmation link from the local outbox (/dev/mail.json),
exchanges it at POST /api/auth/verify, starts the trial through the local checkout (so form
routes answer as they do for a subscriber, not 402), creates a published form and a draft, and
prints {"token", "email", "published_form", "draft_form"} as JSON.

Usage: schemathesis_session.py BASE_URL
"""
import json
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid

BASE = sys.argv[1].rstrip("/")


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


OPENER = urllib.request.build_opener(NoRedirect)


def call(method: str, path: str, body=None, token: str | None = None) -> tuple[int, dict]:
    url = path if path.startswith("http") else BASE + path
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method=method)
    if data is not None:
        request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    try:
        with OPENER.open(request, timeout=15) as response:
            status, raw = response.status, response.read()
    except urllib.error.HTTPError as error:
        status, raw = error.code, error.read()
    try:
        return status, json.loads(raw or b"{}")
    except json.JSONDecodeError:
        return status, {}


def main() -> None:
    email = f"schemathesis-{uuid.uuid4().hex[:12]}@example.com"
    status, body = call("POST", "/api/auth/signup", {"email": email, "password": "correct horse battery", "data": {"name": "Schema Thesis"}})
    if status != 201:
        sys.exit(f"sign-up answered {status}: {body}")
    link = None
    for _ in range(100):
        _, outbox = call("GET", "/dev/mail.json")
        for message in outbox.get("messages", []):
            if message.get("to") == email:
                link = next((l for l in message.get("links", []) if "/auth/callback" in l), None)
        if link:
            break
        time.sleep(0.1)
    if not link:
        sys.exit(f"no confirmation mail to {email} in /dev/mail.json")
    query = urllib.parse.parse_qs(urllib.parse.urlparse(link).query)
    # This script keeps no cookie (not the signing-up browser): the link asks for the password.
    status, session = call("POST", "/api/auth/verify", {"token": query["token"][0], "type": query.get("type", ["signup"])[0], "password": "correct horse battery"})
    if status != 200:
        sys.exit(f"verify answered {status}: {session}")
    token = session["access_token"]
    status, checkout = call("POST", "/api/create-checkout-session", {
        "priceId": "price_local_standard", "successUrl": BASE.replace("127.0.0.1", "localhost") + "/dashboard", "isExtendedTrial": False, "discountPercentage": None,
    }, token)
    if status != 200:
        sys.exit(f"create-checkout-session answered {status}: {checkout}")
    status, _ = call("POST", BASE + urllib.parse.urlparse(checkout["url"]).path + "/complete")
    if status not in (200, 303):
        sys.exit(f"local checkout completion answered {status}")
    status, published = call("POST", "/api/forms", None, token)
    if status != 201:
        sys.exit(f"creating a form answered {status}: {published}")
    status, body = call("POST", f"/api/forms/{published['id']}/publish", {}, token)
    if status != 200:
        sys.exit(f"publishing the form answered {status}: {body}")
    status, draft = call("POST", "/api/forms", None, token)
    if status != 201:
        sys.exit(f"creating a form answered {status}: {draft}")
    print(json.dumps({"token": token, "email": email, "published_form": published["id"], "draft_form": draft["id"]}))


if __name__ == "__main__":
    main()
