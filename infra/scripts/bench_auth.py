#!/usr/bin/env python3
"""Sign-in latency (p50/p99) and the no-enumeration timing check, against a running gateway.

Usage: bench_auth.py BASE_URL. Requests come from rotating loopback addresses (127.0.x.y)
so the per-IP limits measure nothing but themselves. Figures are printed, not asserted.
"""
import http.client
import json
import statistics
import sys
import time
import urllib.parse
import uuid

BASE = urllib.parse.urlparse(sys.argv[1])
PASSWORD = "correct horse battery"
_ip = [0]


def next_ip() -> str:
    _ip[0] += 1
    return f"127.0.{60 + _ip[0] // 250}.{1 + _ip[0] % 250}"


def call(method: str, path: str, body=None, ip="127.0.0.1") -> tuple[int, dict, float]:
    conn = http.client.HTTPConnection(BASE.hostname, BASE.port, timeout=30, source_address=(ip, 0))
    payload = json.dumps(body) if body is not None else None
    headers = {"Content-Type": "application/json"} if payload else {}
    started = time.perf_counter()
    conn.request(method, path, body=payload, headers=headers)
    response = conn.getresponse()
    data = response.read()
    elapsed = (time.perf_counter() - started) * 1000
    conn.close()
    return response.status, (json.loads(data) if data else {}), elapsed


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def main() -> None:
    email = f"bench-{uuid.uuid4().hex[:10]}@example.com"
    status, _, _ = call("POST", "/api/auth/signup", {"email": email, "password": PASSWORD, "data": {"name": "Bench"}}, next_ip())
    assert status == 201, status
    _, mail, _ = call("GET", "/dev/mail.json")
    link = next(l for m in mail["messages"] if m["to"] == email for l in m["links"] if "/auth/callback" in l)
    token = urllib.parse.parse_qs(urllib.parse.urlparse(link).query)["token"][0]
    assert call("POST", "/api/auth/verify", {"token": token, "type": "signup"})[0] == 200

    for _ in range(5):  # warm-up
        call("POST", "/api/auth/signin", {"email": email, "password": PASSWORD}, next_ip())
    ok = []
    for i in range(200):
        status, _, ms = call("POST", "/api/auth/signin", {"email": email, "password": PASSWORD}, next_ip())
        assert status == 200, status
        ok.append(ms)

    wrong, unknown = [], []
    for i in range(60):
        status, body_w, ms_w = call("POST", "/api/auth/signin", {"email": email, "password": "not the password"}, next_ip())
        assert status == 400, status
        wrong.append(ms_w)
        status, body_u, ms_u = call("POST", "/api/auth/signin", {"email": f"nobody-{uuid.uuid4().hex[:8]}@example.com", "password": "not the password"}, next_ip())
        assert status == 400 and body_u == body_w, (status, body_u)
        unknown.append(ms_u)

    print("sign-in (local gateway, DynamoDB Local, argon2id m=19456 KiB t=2 p=1, sequential)")
    print(f"  successful sign-in      : p50 {percentile(ok, 50):6.1f} ms   p99 {percentile(ok, 99):6.1f} ms   (n={len(ok)})")
    mw, mu = statistics.median(wrong), statistics.median(unknown)
    print(f"  wrong password          : median {mw:6.1f} ms   (n={len(wrong)})")
    print(f"  unknown e-mail          : median {mu:6.1f} ms   (n={len(unknown)}, same status and body)")
    print(f"  unknown / wrong ratio   : {mu / mw:5.2f}   (target within 0.90-1.10)")


if __name__ == "__main__":
    main()
