#!/usr/bin/env python3
"""The founder's side at volume: dashboard summary latency with 10,000 leads stored (beside
the same founder with no leads, and beside the COUNT query a per-load count would need), and
the CSV export of 50,000 leads: time, size, rows, and the gateway's peak memory. Then at
100,000 leads for one founder: the leads page's first page, its filters (temperature, a
search, a form), a campaign audience count, the insights' aggregates and the CSV export, each
p50/p99, with the gateway's peak memory.
Printed (and written to bench-results/leads.json), never asserted.

Usage: bench_leads.py GATEWAY_BIN BENCH_BIN DYNAMODB_ENDPOINT
"""
import json
import os
import pathlib
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
import uuid

ROOT = pathlib.Path(__file__).resolve().parents[2]
gateway_bin, bench_bin, endpoint = sys.argv[1:4]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def bench(*args: str) -> str:
    return subprocess.run([bench_bin, *args], capture_output=True, text=True, check=True).stdout.strip()


def memory_kib(pid: int, field: str) -> int:
    for line in pathlib.Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1])
    return 0


def timed_get(url: str, token: str) -> float:
    request = urllib.request.Request(url, headers={"Authorization": f"Bearer {token}"})
    started = time.perf_counter()
    with urllib.request.urlopen(request, timeout=30) as response:
        response.read()
    return (time.perf_counter() - started) * 1000


def timed_post(url: str, token: str, body: dict, timeout: float = 900) -> float:
    request = urllib.request.Request(url, data=json.dumps(body).encode(), method="POST",
                                     headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json", "Origin": url.split("/api/")[0]})
    started = time.perf_counter()
    with urllib.request.urlopen(request, timeout=timeout) as response:
        response.read()
    return (time.perf_counter() - started) * 1000


def latencies(url: str, token: str, n: int, warm: int = 20, body: dict | None = None) -> dict:
    call = (lambda: timed_post(url, token, body)) if body is not None else (lambda: timed_get(url, token))
    for _ in range(warm):
        call()
    samples = sorted(call() for _ in range(n))
    return {"n": n, "p50_ms": statistics.median(samples), "p99_ms": samples[int(0.99 * (n - 1))]}


def get_json(url: str, token: str):
    return json.loads(urllib.request.urlopen(urllib.request.Request(url, headers={"Authorization": f"Bearer {token}"}), timeout=60).read())


def export(base: str, token: str, gateway_pid: int) -> dict:
    rss_before = memory_kib(gateway_pid, "VmRSS")
    hwm_before = memory_kib(gateway_pid, "VmHWM")
    request = urllib.request.Request(f"{base}/api/leads/export", headers={"Authorization": f"Bearer {token}"})
    started = time.perf_counter()
    size = rows = 0
    first_byte = None
    last = b""
    with urllib.request.urlopen(request, timeout=900) as response:
        while chunk := response.read(64 * 1024):
            if first_byte is None:
                first_byte = (time.perf_counter() - started) * 1000
            size += len(chunk)
            # A row's CRLF may be split between two chunks.
            rows += (last + chunk).count(b"\r\n") - last.count(b"\r\n")
            last = chunk[-1:]
    return {
        "data_rows": rows - 1,
        "bytes": size,
        "seconds": time.perf_counter() - started,
        "first_byte_ms": first_byte,
        "gateway_rss_before_kib": rss_before,
        "gateway_peak_before_kib": hwm_before,
        "gateway_peak_after_kib": memory_kib(gateway_pid, "VmHWM"),
    }


def count_query_ms(prefix: str, owner: str, n: int) -> dict:
    samples = [json.loads(bench("count-owner", endpoint, f"{prefix}LeadsTable", owner)) for _ in range(n)]
    return {"n": n, "count": samples[0]["count"], "p50_ms": statistics.median(s["ms"] for s in samples)}


def main() -> None:
    prefix = f"bench-leads-{int(time.time())}-"
    port = free_port()
    # An access-token key pair of its own: the gateway verifies with it, the bench mints with it.
    keys = json.loads(bench("keypair"))
    key_file = pathlib.Path(tempfile.mkdtemp()) / "signing-key.pem"
    key_file.write_text(keys["signing_key"])
    env = dict(os.environ, PORT=str(port), TABLE_PREFIX=prefix, LOCAL_DATA_DIR=tempfile.mkdtemp(), RUST_LOG="error",
               SPA_DIST=str(ROOT / "spa" / "dist"), DYNAMODB_ENDPOINT=endpoint, SEED_DEMO="false",
               ACCESS_TOKEN_SIGNING_KEY=keys["signing_key"], ACCESS_TOKEN_PUBLIC_KEYS=keys["public_keys"])
    gateway = subprocess.Popen([gateway_bin], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    results = {}
    try:
        base = f"http://127.0.0.1:{port}"
        for _ in range(300):
            try:
                urllib.request.urlopen(base + "/", timeout=1)
                break
            except Exception:
                time.sleep(0.1)
        empty_owner, owner = str(uuid.uuid4()), str(uuid.uuid4())
        empty_token, token = bench("token", str(key_file), empty_owner), bench("token", str(key_file), owner)

        # The same published form for both founders: the only difference is 10,000 leads.
        bench("seed-leads", endpoint, prefix, empty_owner, "0")
        started = time.perf_counter()
        bench("seed-leads", endpoint, prefix, owner, "10000")
        seeded = time.perf_counter() - started
        summary_url = f"{base}/api/leads/summary"
        results["summary"] = {
            "leads_stored": 10000,
            "seed_seconds": seeded,
            "with_10k_leads": latencies(summary_url, token, 300),
            "with_no_leads": latencies(summary_url, empty_token, 300),
            "count_query_reference": count_query_ms(prefix, owner, 5),
        }
        check = json.loads(urllib.request.urlopen(urllib.request.Request(summary_url, headers={"Authorization": f"Bearer {token}"})).read())
        results["summary"]["total_leads_reported"] = check["totalLeads"]

        bench("seed-leads", endpoint, prefix, owner, "40000")
        results["export"] = {"leads": 50000, **export(base, token, gateway.pid)}

        # 100,000 leads for one founder (a third form's worth more), on Pro.
        started = time.perf_counter()
        form_id = bench("seed-leads", endpoint, prefix, owner, "50000").splitlines()[-1].strip()
        bench("subscribe-pro", endpoint, prefix, owner)
        at_100k = {"leads_stored": 100000, "seed_seconds": time.perf_counter() - started}
        first = get_json(f"{base}/api/leads", token)
        at_100k["first_page_rows"] = len(first.get("leads", []))
        n = int(os.environ.get("BENCH_100K_REQUESTS", "40"))
        at_100k["first_page"] = latencies(f"{base}/api/leads", token, n, warm=5)
        at_100k["filter_hot"] = latencies(f"{base}/api/leads?temperature=hot", token, n, warm=5)
        at_100k["filter_form"] = latencies(f"{base}/api/leads?formId={form_id}", token, n, warm=5)
        at_100k["search"] = latencies(f"{base}/api/leads?q=investor%2099999", token, n, warm=5)
        at_100k["search_rows"] = len(get_json(f"{base}/api/leads?q=investor%2099999", token).get("leads", []))
        at_100k["summary"] = latencies(f"{base}/api/leads/summary", token, n, warm=5)
        at_100k["trends"] = latencies(f"{base}/api/leads/trends", token, n, warm=5)
        # The audience count reads every lead of the founder (a Query of the whole partition):
        # a few requests only.
        audience_n = int(os.environ.get("BENCH_AUDIENCE_REQUESTS", "3"))
        at_100k["audience_hot"] = latencies(f"{base}/api/campaigns/audience", token, audience_n, warm=0, body={"segment": {"temperatures": ["hot"]}})
        at_100k["peak_before_export_kib"] = memory_kib(gateway.pid, "VmHWM")
        at_100k["export"] = export(base, token, gateway.pid)
        results["at_100k"] = at_100k
    finally:
        gateway.terminate()
        gateway.wait(timeout=10)

    out = ROOT / "bench-results"
    out.mkdir(exist_ok=True)
    (out / "leads.json").write_text(json.dumps(results, indent=2))

    s, e = results["summary"], {**results["export"]}
    print(f"dashboard summary (GET /api/leads/summary, {s['with_10k_leads']['n']} sequential requests)")
    print(f"  10,000 leads stored : p50 {s['with_10k_leads']['p50_ms']:.2f} ms, p99 {s['with_10k_leads']['p99_ms']:.2f} ms (reports {s['total_leads_reported']} leads)")
    print(f"  no leads            : p50 {s['with_no_leads']['p50_ms']:.2f} ms, p99 {s['with_no_leads']['p99_ms']:.2f} ms")
    ratio = s['with_10k_leads']['p50_ms'] / s['with_no_leads']['p50_ms']
    print(f"  10k / none          : {ratio:.2f}x   (counters: the cost does not grow with leads)")
    ref = s['count_query_reference']
    print(f"  reference           : counting the {ref['count']:,} leads per load (COUNT query, all pages) takes p50 {ref['p50_ms']:.1f} ms, "
          f"{ref['p50_ms'] / s['with_10k_leads']['p50_ms']:.1f}x a whole summary request")
    peak_growth = (e["gateway_peak_after_kib"] - e["gateway_peak_before_kib"]) / 1024
    print(f"CSV export of {e['leads']:,} leads: {e['seconds']:.2f} s, {e['bytes'] / 1e6:.1f} MB, {e['data_rows']:,} data rows, first byte after {e['first_byte_ms']:.0f} ms")
    print(f"  gateway memory: {e['gateway_rss_before_kib'] / 1024:.1f} MiB before, peak {e['gateway_peak_after_kib'] / 1024:.1f} MiB during "
          f"(+{peak_growth:.1f} MiB for a {e['bytes'] / 1e6:.1f} MB file: streamed)")

    h = results["at_100k"]
    print(f"at 100,000 leads for one founder ({h['first_page']['n']} sequential requests each; seeding took {h['seed_seconds']:.0f} s)")
    for key, label in [("first_page", f"leads page, first page ({h['first_page_rows']} rows)"), ("filter_hot", "filter: hot"),
                       ("filter_form", "filter: one form"), ("search", f"search for a name no lead has ({h['search_rows']} rows)"),
                       ("summary", "dashboard summary"), ("trends", "insights' trends"),
                       ("audience_hot", f"campaign audience count: hot ({h['audience_hot']['n']} requests)")]:
        print(f"  {label:<42}: p50 {h[key]['p50_ms']:8.2f} ms, p99 {h[key]['p99_ms']:8.2f} ms")
    x = h["export"]
    print(f"  CSV export of 100,000 leads            : {x['seconds']:.2f} s, {x['bytes'] / 1e6:.1f} MB, {x['data_rows']:,} data rows, first byte after {x['first_byte_ms']:.0f} ms")
    print(f"  gateway memory: peak {h['peak_before_export_kib'] / 1024:.1f} MiB before the export, {x['gateway_peak_after_kib'] / 1024:.1f} MiB after it")


if __name__ == "__main__":
    main()
