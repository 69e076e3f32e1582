#!/usr/bin/env python3
"""Local gateway: time from process start to the first served request, and idle memory.

Runs the gateway binary several times against the DynamoDB Local given in
DYNAMODB_ENDPOINT: the first run creates the tables from template.yaml (a first start on a
new machine), the next runs find them (every later start). Figures are printed, not asserted.
"""
import http.client
import os
import statistics
import subprocess
import sys
import tempfile
import time
import uuid


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def first_response_ms(port: int, started: float, proc: subprocess.Popen) -> float:
    while True:
        if proc.poll() is not None:
            raise SystemExit(f"gateway exited with {proc.returncode}")
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            conn.request("GET", "/api/profiles/me")
            response = conn.getresponse()
            response.read()
            conn.close()
            if response.status == 401:
                return (time.perf_counter() - started) * 1000
        except OSError:
            pass
        time.sleep(0.002)


def rss_mib(pid: int) -> float:
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return float("nan")


def run(binary: str, prefix: str, data_dir: str) -> tuple[float, float]:
    port = free_port()
    env = dict(os.environ, PORT=str(port), TABLE_PREFIX=prefix, LOCAL_DATA_DIR=data_dir, RUST_LOG="warn", SPA_DIST="spa/dist")
    started = time.perf_counter()
    proc = subprocess.Popen([binary], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        ms = first_response_ms(port, started, proc)
        time.sleep(2)
        return ms, rss_mib(proc.pid)
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def main() -> None:
    binary = sys.argv[1]
    runs = int(os.environ.get("BENCH_RUNS", "6"))
    prefix = f"bench-{uuid.uuid4().hex[:8]}-"
    data_dir = tempfile.mkdtemp(prefix="raisespark-bench-")
    cold_ms, cold_rss = run(binary, prefix, data_dir)
    warm = [run(binary, prefix, data_dir) for _ in range(runs - 1)]
    warm_ms = [ms for ms, _ in warm]
    print("local gateway start-up (process start -> first served API request)")
    print(f"  first start, creating tables : {cold_ms:7.1f} ms")
    print(f"  later starts, median of {len(warm_ms)}   : {statistics.median(warm_ms):7.1f} ms  (min {min(warm_ms):.1f}, max {max(warm_ms):.1f})")
    print("local gateway idle memory (VmRSS 2 s after the first request)")
    print(f"  median                       : {statistics.median([rss for _, rss in warm] + [cold_rss]):7.1f} MiB")


if __name__ == "__main__":
    main()
