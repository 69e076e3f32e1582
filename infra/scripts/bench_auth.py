#!/usr/bin/env python3
"""Sign-in latency (p50/p99) and the no-enumeration timing checks, against a running gateway.

Usage: bench_auth.py BASE_URL. Requests come from rotating loopback addresses (127.0.x.y)
so the per-IP limits measure nothing but themselves. Figures are printed, not asserted:
- sign-in: unknown e-mail vs wrong password (median ratio);
- sign-up: an address with an account and one with a sign-up waiting vs a new one (median
  ratios; every answer the same status and body, the id the same per address);
- password reset request: an address with an account vs an unknown one (median ratio).
The state-dependent work (mail) runs after the answer; a short pause between requests lets it
finish, so it does not land on the next request's time.
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


def mail_link(email: str, kind: str) -> str:
    for _ in range(200):
        _, mail, _ = call("GET", "/dev/mail.json")
        for message in mail["messages"]:
            if message["to"] == email:
                for link in message["links"]:
                    if "/auth/callback" in link and f"type={kind}" in link:
                        return link
        time.sleep(0.05)
    raise SystemExit(f"no {kind} link mailed to {email}")


def confirmed_account(email: str) -> None:
    """Signs up and confirms like another device would (the sign-up's password)."""
    status, _, _ = call("POST", "/api/auth/signup", {"email": email, "password": PASSWORD, "data": {"name": "Bench"}}, next_ip())
    assert status == 201, status
    token = urllib.parse.parse_qs(urllib.parse.urlparse(mail_link(email, "signup")).query)["token"][0]
    status, body, _ = call("POST", "/api/auth/verify", {"token": token, "type": "signup", "password": PASSWORD}, next_ip())
    assert status == 200, (status, body)


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def fresh(kind: str) -> str:
    return f"bench-{kind}-{uuid.uuid4().hex[:10]}@example.com"


def sign_up_timing(n: int = 90) -> list[str]:
    """New vs waiting vs confirmed addresses, interleaved so drift hits every state alike."""
    waiting, confirmed = [fresh("waiting") for _ in range(n)], [fresh("confirmed") for _ in range(n)]
    first_ids = {}
    for email in waiting:
        status, body, _ = call("POST", "/api/auth/signup", {"email": email, "password": PASSWORD, "data": {"name": "Bench"}}, next_ip())
        assert status == 201, status
        first_ids[email] = body["user"]["id"]
    for email in confirmed:
        confirmed_account(email)
    for _ in range(5):  # warm-up
        call("POST", "/api/auth/signup", {"email": fresh("warm"), "password": PASSWORD, "data": {"name": "Bench"}}, next_ip())
    times = {"new": [], "waiting": [], "confirmed": []}
    for i in range(n):
        round_ = [("new", fresh("new")), ("waiting", waiting[i]), ("confirmed", confirmed[i])]
        for state, email in round_[i % 3:] + round_[:i % 3]:  # each state first, second and third alike
            time.sleep(0.05)
            status, body, ms = call("POST", "/api/auth/signup", {"email": email, "password": PASSWORD, "data": {"name": "Bench"}}, next_ip())
            assert status == 201, (state, status, body)
            assert sorted(body) == ["confirmation_sent", "user"] and sorted(body["user"]) == ["app_metadata", "email", "id", "user_metadata"], body
            assert body["user"]["email"] == email and body["user"]["user_metadata"] == {"name": "Bench"} and body["confirmation_sent"] is True
            if email in first_ids:
                assert body["user"]["id"] == first_ids[email], "the same id per address"
            times[state].append(ms)
    new, waiting_ms, confirmed_ms = (statistics.median(times[k]) for k in ("new", "waiting", "confirmed"))
    print(f"sign-up (the same status and body in every state; n={n} each, interleaved)")
    print(f"  new address             : median {new:6.1f} ms")
    print(f"  sign-up already waiting : median {waiting_ms:6.1f} ms   ratio {waiting_ms / new:5.2f}")
    print(f"  address with an account : median {confirmed_ms:6.1f} ms   ratio {confirmed_ms / new:5.2f}   (target within 0.90-1.10)")
    return confirmed


def recover_timing(accounts: list[str]) -> None:
    known, unknown = [], []
    for i, email in enumerate(accounts):
        pair = [(known, email), (unknown, fresh("nobody"))]
        for bucket, address in pair if i % 2 else pair[::-1]:
            time.sleep(0.05)
            status, body, ms = call("POST", "/api/auth/recover", {"email": address}, next_ip())
            assert status == 200 and body == {"sent": True}, (status, body)
            bucket.append(ms)
    mk, mu = statistics.median(known), statistics.median(unknown)
    print(f"password reset request (n={len(known)} each, interleaved, same status and body)")
    print(f"  address with an account : median {mk:6.1f} ms")
    print(f"  unknown address         : median {mu:6.1f} ms")
    print(f"  account / unknown ratio : {mk / mu:5.2f}   (target within 0.90-1.10)")


def main() -> None:
    email = fresh("signin")
    confirmed_account(email)

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
    print()
    accounts = sign_up_timing()
    print()
    recover_timing(accounts)


if __name__ == "__main__":
    main()
