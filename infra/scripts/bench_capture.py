#!/usr/bin/env python3
"""The investor path's figures: embed and form-view sizes, the public-forms Lambda artefact,
lead-submission latency and throughput beside a raw PutItem loop, the funnel's view and start
pings beside the lead path, and exactly-once storage under retries. Printed (and written to bench-results/capture.json), never asserted.

Usage: bench_capture.py GATEWAY_BIN BENCH_BIN DYNAMODB_ENDPOINT
"""
import gzip
import json
import os
import pathlib
import re
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
import zipfile

ROOT = pathlib.Path(__file__).resolve().parents[2]
DIST = ROOT / "spa" / "dist"
gateway_bin, bench_bin, endpoint = sys.argv[1:4]


# The bench's stand-in for CloudFront's origin secret: pings name their visitor's address.
ORIGIN_SECRET = "bench-origin-secret"


def gz(data: bytes) -> int:
    return len(gzip.compress(data, 9))


def sizes() -> dict:
    html = (DIST / "form-view.html").read_text()
    scripts = re.findall(r'(?:src|href)="(/assets/[^"]+\.js)"', html)
    entry = sum(gz((DIST / s.lstrip("/")).read_bytes()) for s in scripts)
    return {
        "embed_js_gzip": gz((DIST / "embed.js").read_bytes()),
        "iframe_resize_js_gzip": gz((DIST / "form-resize.js").read_bytes()),
        "form_view_js_gzip": entry,
        "form_view_js_files": scripts,
    }


def lambda_artefact() -> dict:
    target = pathlib.Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target"))
    binary = target / "lambda" / "public-forms" / "bootstrap"
    if not binary.exists():
        return {"lambda": "not built (cargo lambda build --release --arm64 -p public-forms)"}
    archive = pathlib.Path(tempfile.mkdtemp()) / "public-forms.zip"
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
        z.write(binary, "bootstrap")
    kind = subprocess.run(["file", "-b", str(binary)], capture_output=True, text=True).stdout.strip() if shutil_which("file") else ""
    return {"lambda_binary_bytes": binary.stat().st_size, "lambda_zip_bytes": archive.stat().st_size, "lambda_binary_kind": kind}


def shutil_which(name: str):
    import shutil

    return shutil.which(name)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def bench(*args: str) -> dict | str:
    out = subprocess.run([bench_bin, *args], capture_output=True, text=True, check=True).stdout.strip()
    try:
        return json.loads(out)
    except json.JSONDecodeError:
        return out


def main() -> None:
    results = {"sizes": sizes(), "artefact": lambda_artefact()}
    prefix = f"bench-cap-{int(time.time())}-"
    port = free_port()
    env = dict(os.environ, PORT=str(port), TABLE_PREFIX=prefix, LOCAL_DATA_DIR=tempfile.mkdtemp(), RUST_LOG="error",
               SPA_DIST=str(DIST), DYNAMODB_ENDPOINT=endpoint, LEAD_NOTIFICATIONS="stream", PUBLIC_LEADS_PER_MINUTE="1000000000",
               ORIGIN_VERIFY_SECRET=ORIGIN_SECRET)
    gateway = subprocess.Popen([gateway_bin], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        base = f"http://127.0.0.1:{port}"
        for _ in range(300):
            try:
                urllib.request.urlopen(base + "/", timeout=1)
                break
            except Exception:
                time.sleep(0.1)
        leads, forms = f"{prefix}LeadsTable", f"{prefix}FormsTable"
        form = bench("seed-form", endpoint, forms)
        bench("raw-put", endpoint, leads, "8", "400")  # warm-up
        bench("submit", base, form, "8", "400")
        load = {}
        for concurrency, requests in ((1, 1500), (16, 4000)):
            load[f"raw_c{concurrency}"] = bench("raw-put", endpoint, leads, str(concurrency), str(requests))
            load[f"submit_c{concurrency}"] = bench("submit", base, form, str(concurrency), str(requests))
        results["load"] = load
        # The funnel's pings at the lead path's concurrency, each a new visitor (the costly case:
        # the day's visit mark plus a write per source dimension).
        funnel = {}
        for step in ("views", "starts"):
            funnel[step] = bench("ping", base, form, step, "16", "4000", ORIGIN_SECRET)
        results["funnel"] = funnel
        exact_form = bench("seed-form", endpoint, forms)
        retries = bench("retries", base, exact_form, "32", "10000")
        stored = int(bench("count-leads", endpoint, leads, exact_form))
        results["exactly_once"] = {"submissions": 10000, "requests_sent": retries["sent"], "leads_stored": stored, "seconds": retries["seconds"]}
    finally:
        gateway.terminate()
        gateway.wait(timeout=10)

    out = ROOT / "bench-results"
    out.mkdir(exist_ok=True)
    (out / "capture.json").write_text(json.dumps(results, indent=2))

    s, a = results["sizes"], results["artefact"]
    print("investor path sizes (gzip -9)")
    print(f"  embed.js                     : {s['embed_js_gzip']:6d} B   (target <= 2000)")
    print(f"  iframe resize script         : {s['iframe_resize_js_gzip']:6d} B   (target <= 500)")
    budget = 12 * 1024  # the design pass's budget (issue 24): 12 KB
    verdict = "within budget" if s["form_view_js_gzip"] <= budget else "OVER BUDGET"
    print(f"  /form-view JavaScript, total : {s['form_view_js_gzip']:6d} B   (budget <= {budget}: {verdict})")
    if "lambda_binary_bytes" in a:
        print(f"public-forms Lambda (arm64, release): binary {a['lambda_binary_bytes'] / 1e6:.1f} MB (target <= 8), zip {a['lambda_zip_bytes'] / 1e6:.1f} MB (target <= 4)")
    else:
        print(f"public-forms Lambda: {a['lambda']}")
    print("lead submission vs raw PutItem (same DynamoDB Local, same run)")
    print(f"  {'':22} {'p50 ms':>8} {'p99 ms':>8} {'req/s':>9}")
    for key in ("raw_c1", "submit_c1", "raw_c16", "submit_c16"):
        r = load[key]
        print(f"  {key:22} {r['p50_ms']:8.2f} {r['p99_ms']:8.2f} {r['rps']:9.0f}")
    for c in (1, 16):
        raw, sub = load[f"raw_c{c}"], load[f"submit_c{c}"]
        print(f"  concurrency {c:2}: throughput {sub['rps'] / raw['rps']:.2f}x raw, p99 {sub['p99_ms'] / raw['p99_ms']:.2f}x raw")
    print("funnel pings (each a new visitor), concurrency 16, against lead submissions")
    sub = load["submit_c16"]
    for step in ("views", "starts"):
        r = results["funnel"][step]
        print(f"  {step:22} {r['p50_ms']:8.2f} {r['p99_ms']:8.2f} {r['rps']:9.0f}   p50 {r['p50_ms'] / sub['p50_ms']:.2f}x a lead's, throughput {r['rps'] / sub['rps']:.2f}x")
    e = results["exactly_once"]
    print(f"exactly once: {e['submissions']} submissions, {e['requests_sent']} requests (a third retried with the same key), {e['leads_stored']} leads stored")


if __name__ == "__main__":
    main()
