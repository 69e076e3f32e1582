#!/usr/bin/env python3
"""Fault test: the store dies under load and comes back.

Starts its own DynamoDB Local with persistent storage (-dbPath in a temporary folder) and the
gateway on it, creates a founder with a published form through the API, then submits leads at
concurrency 16 from 127.0.0.1. Mid-run DynamoDB Local is killed with SIGKILL and restarted a few
seconds later on the same port and the same -dbPath; submissions go on until the store has
answered again for a while. Then it asserts:

  - every lead answered 201 is stored afterwards (read back through the founder's /api/leads);
  - while the store was down the gateway answered 503 with Retry-After, and never 500;
  - no answer at all was a 5xx other than 503, and the gateway itself never went away.

Prints the counts, the outage duration and the time to recover; writes bench-results/fault.json.
Exits non-zero on a violation.

Usage: bench_fault.py GATEWAY_BIN
"""
import http.client
import json
import os
import pathlib
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import uuid

ROOT = pathlib.Path(__file__).resolve().parents[2]
DDB_DIR = ROOT / "infra" / "node_modules" / "amplify-dynamodb-simulator" / "emulator"
CONCURRENCY = 16
WARM_SECONDS = 4.0          # submissions before the kill
DOWN_SECONDS = 4.0          # how long the store stays dead before it is restarted
AFTER_RECOVERY_SECONDS = 5.0  # submissions after the first 201 that follows the restart
MAX_SECONDS = 90.0          # hard bound of the submission phase
MAX_SUBMISSIONS = 60_000    # hard bound of the number of submissions


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def answers_http(port: int, timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=1)
            conn.request("GET", "/")
            conn.getresponse().read()
            conn.close()
            return True
        except OSError:
            time.sleep(0.05)
    return False


class DynamoDbLocal:
    def __init__(self, port: int, db_path: str, log_path: str):
        self.port, self.db_path, self.log_path = port, db_path, log_path
        self.process: subprocess.Popen | None = None

    def start(self) -> float:
        """Starts it; returns the seconds it took to answer."""
        started = time.monotonic()
        log = open(self.log_path, "ab")
        self.process = subprocess.Popen(
            ["java", "-Xms64m", f"-Djava.library.path={DDB_DIR / 'DynamoDBLocal_lib'}", "-jar", str(DDB_DIR / "DynamoDBLocal.jar"),
             "-port", str(self.port), "-sharedDb", "-dbPath", self.db_path],
            stdout=log, stderr=log, start_new_session=True,
        )
        if not answers_http(self.port, 60):
            raise SystemExit(f"DynamoDB Local did not start on port {self.port} (see {self.log_path})")
        return time.monotonic() - started

    def kill9(self) -> None:
        if self.process and self.process.poll() is None:
            os.kill(self.process.pid, signal.SIGKILL)
            self.process.wait()

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.kill9()


class Api:
    def __init__(self, port: int):
        self.port = port
        self.token: str | None = None

    def call(self, method: str, path: str, body=None, headers=None) -> tuple[int, dict, dict]:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        hdrs = dict(headers or {})
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            hdrs["Content-Type"] = "application/json"
        if self.token:
            hdrs["Authorization"] = f"Bearer {self.token}"
        conn.request(method, path, body=data, headers=hdrs)
        response = conn.getresponse()
        raw = response.read()
        conn.close()
        try:
            parsed = json.loads(raw or b"{}")
        except json.JSONDecodeError:
            parsed = {}
        return response.status, parsed, dict(response.getheaders())

    def expect(self, status: int | tuple, method: str, path: str, body=None) -> dict:
        got, parsed, _ = self.call(method, path, body)
        wanted = status if isinstance(status, tuple) else (status,)
        if got not in wanted:
            raise SystemExit(f"setup: {method} {path} answered {got}: {parsed}")
        return parsed


def founder_with_published_form(api: Api) -> tuple[str, dict]:
    email = f"fault-{uuid.uuid4().hex[:10]}@example.com"
    api.expect(201, "POST", "/api/auth/signup", {"email": email, "password": "correct horse battery", "data": {"name": "Fault Founder"}})
    link = None
    for _ in range(200):
        _, outbox, _ = api.call("GET", "/dev/mail.json")
        link = next((l for m in outbox.get("messages", []) if m.get("to") == email for l in m.get("links", []) if "/auth/callback" in l), None)
        if link:
            break
        time.sleep(0.05)
    if not link:
        raise SystemExit("setup: no confirmation mail in the local outbox")
    query = urllib.parse.parse_qs(urllib.parse.urlparse(link).query)
    # No cookie jar here (not the signing-up browser): the link asks for the password chosen at sign-up.
    session = api.expect(200, "POST", "/api/auth/verify", {"token": query["token"][0], "type": query.get("type", ["signup"])[0], "password": "correct horse battery"})
    api.token = session["access_token"]
    checkout = api.expect(200, "POST", "/api/create-checkout-session",
                          {"priceId": "price_local_standard", "successUrl": f"http://localhost:{api.port}/dashboard", "isExtendedTrial": False, "discountPercentage": None})
    api.expect((200, 303), "POST", urllib.parse.urlparse(checkout["url"]).path + "/complete")
    form = api.expect(201, "POST", "/api/forms")
    api.expect(200, "POST", f"/api/forms/{form['id']}/publish", {})
    public = api.expect(200, "GET", f"/api/public-forms/{form['id']}")
    return form["id"], public


def lead_body(form: dict, n: int) -> bytes:
    answers = {}
    for field in form["fields"]:
        kind = field.get("type")
        if kind == "email":
            value = f"investor{n}@example.com"
        elif kind == "phone":
            value = "+1 555 123 4567"
        elif kind in ("select", "radio"):
            value = (field.get("options") or [""])[0]
        elif kind == "checkbox":
            value = "yes"
        else:
            value = f"Investor {n}"
        answers[field["id"]] = value
    return json.dumps({"answers": answers, "source": "https://fault.example/"}).encode()


class Load:
    """16 threads, each with its own keep-alive connection, submitting until told to stop."""

    def __init__(self, port: int, form: dict):
        self.port, self.form = port, form
        self.stop = threading.Event()
        self.lock = threading.Lock()
        self.results: list[dict] = []   # {t0, t1, status, retry_after, id, error}
        self.counter = 0
        self.t_origin = time.monotonic()

    def next_n(self) -> int | None:
        with self.lock:
            if self.counter >= MAX_SUBMISSIONS:
                self.stop.set()
                return None
            self.counter += 1
            return self.counter

    def worker(self) -> None:
        conn = None
        while not self.stop.is_set():
            n = self.next_n()
            if n is None:
                return
            body = lead_body(self.form, n)
            t0 = time.monotonic() - self.t_origin
            record = {"n": n, "t0": t0}
            try:
                if conn is None:
                    conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
                conn.request("POST", f"/api/public-forms/{self.form['id']}/leads", body=body,
                             headers={"Content-Type": "application/json", "Idempotency-Key": f"fault-{n:08d}-{uuid.uuid4().hex}"})
                response = conn.getresponse()
                raw = response.read()
                record["status"] = response.status
                record["retry_after"] = response.getheader("Retry-After")
                if response.status == 201:
                    record["id"] = json.loads(raw).get("id")
                elif response.status >= 500:
                    record["body"] = raw[:300].decode(errors="replace")
            except (OSError, http.client.HTTPException) as error:
                record["status"] = None
                record["error"] = repr(error)
                if conn is not None:
                    conn.close()
                conn = None
            record["t1"] = time.monotonic() - self.t_origin
            with self.lock:
                self.results.append(record)
            if record.get("status") != 201:
                time.sleep(0.02)  # do not spin while the store is down

    def now(self) -> float:
        return time.monotonic() - self.t_origin


def stored_lead_ids(api: Api, form_id: str) -> set[str]:
    ids: set[str] = set()
    cursor = None
    for _ in range(100_000):
        path = f"/api/leads?formId={form_id}" + (f"&cursor={urllib.parse.quote(cursor)}" if cursor else "")
        status, page, _ = api.call("GET", path)
        if status != 200:
            raise SystemExit(f"reading the leads back: GET {path} answered {status}: {page}")
        ids.update(lead["id"] for lead in page.get("leads", []))
        cursor = page.get("nextCursor")
        if not cursor:
            return ids
    raise SystemExit("reading the leads back: too many pages")


def main() -> None:
    gateway_bin = sys.argv[1]
    work = pathlib.Path(tempfile.mkdtemp(prefix="raisespark-fault-"))
    db_path = work / "dynamodb"
    db_path.mkdir()
    ddb = DynamoDbLocal(free_port(), str(db_path), str(work / "dynamodb.log"))
    port = free_port()
    gateway = None
    violations: list[str] = []
    try:
        ddb.start()
        env = dict(os.environ, PORT=str(port), TABLE_PREFIX=f"fault-{int(time.time())}-", LOCAL_DATA_DIR=str(work / "data"),
                   OUTBOX_DIR=str(work / "mail"), RUST_LOG="warn", SPA_DIST=str(ROOT / "spa" / "dist"),
                   DYNAMODB_ENDPOINT=f"http://127.0.0.1:{ddb.port}", LEAD_NOTIFICATIONS="stream", PUBLIC_LEADS_PER_MINUTE="1000000000")
        gateway_log = open(work / "gateway.log", "wb")
        gateway = subprocess.Popen([gateway_bin], env=env, stdout=gateway_log, stderr=gateway_log)
        if not answers_http(port, 60):
            raise SystemExit(f"the gateway did not start (see {work / 'gateway.log'})")
        api = Api(port)
        form_id, form = founder_with_published_form(api)

        load = Load(port, form)
        threads = [threading.Thread(target=load.worker, daemon=True) for _ in range(CONCURRENCY)]
        for thread in threads:
            thread.start()
        time.sleep(WARM_SECONDS)
        t_kill = load.now()
        ddb.kill9()
        time.sleep(DOWN_SECONDS)
        t_restart = load.now()
        ddb.start()
        t_store_up = load.now()
        # Wait for the first 201 sent after the store answered again, then a few seconds more.
        t_recovered = None
        while load.now() < MAX_SECONDS and not load.stop.is_set():
            with load.lock:
                t_recovered = min((r["t1"] for r in load.results if r.get("status") == 201 and r["t0"] >= t_store_up), default=None)
            if t_recovered is not None and load.now() >= t_recovered + AFTER_RECOVERY_SECONDS:
                break
            time.sleep(0.1)
        load.stop.set()
        for thread in threads:
            thread.join(timeout=40)
        if gateway.poll() is not None:
            violations.append(f"the gateway exited with {gateway.returncode} during the run")

        results = load.results
        acked = {r["id"] for r in results if r.get("status") == 201}
        if None in acked:
            violations.append("a 201 without a lead id")
            acked.discard(None)
        stored = stored_lead_ids(api, form_id)
        missing = acked - stored
        if missing:
            violations.append(f"{len(missing)} lead(s) answered 201 are not stored, e.g. {sorted(missing)[:3]}")

        # "While the store was down": requests sent after the kill and answered before it answered again.
        down = [r for r in results if r["t0"] >= t_kill and r["t1"] <= t_store_up]
        down_503 = [r for r in down if r.get("status") == 503]
        statuses: dict[str, int] = {}
        for r in results:
            key = str(r.get("status") or "no answer")
            statuses[key] = statuses.get(key, 0) + 1
        if not down_503:
            violations.append("no 503 while the store was down")
        without_retry_after = [r for r in results if r.get("status") == 503 and not r.get("retry_after")]
        if without_retry_after:
            violations.append(f"{len(without_retry_after)} 503 answer(s) without Retry-After")
        server_errors = [r for r in results if r.get("status") and r["status"] >= 500 and r["status"] != 503]
        if server_errors:
            sample = server_errors[0]
            violations.append(f"{len(server_errors)} answer(s) 5xx other than 503, e.g. {sample['status']} at {sample['t0']:.2f}s: {sample.get('body')}")
        no_answer = [r for r in results if r.get("status") is None]
        if no_answer:
            violations.append(f"{len(no_answer)} request(s) got no HTTP answer, e.g. {no_answer[0].get('error')}")
        down_other = [r for r in down if r.get("status") not in (503, 201)]
        if down_other:
            violations.append(f"{len(down_other)} answer(s) other than 503/201 while the store was down")
        if t_recovered is None:
            violations.append(f"no 201 within {MAX_SECONDS:.0f} s after the store came back")

        figures = {
            "concurrency": CONCURRENCY,
            "submissions": len(results),
            "statuses": statuses,
            "answered_201": len(acked),
            "stored_after": len(stored),
            "missing_after": len(missing),
            "stored_without_201": len(stored - acked),
            "while_down": {"requests": len(down), "503": len(down_503), "other": len(down) - len(down_503)},
            "outage_seconds": round(t_store_up - t_kill, 2),
            "store_restart_seconds": round(t_store_up - t_restart, 2),
            "recovery_seconds_after_store_up": None if t_recovered is None else round(t_recovered - t_store_up, 3),
            "recovery_seconds_after_kill": None if t_recovered is None else round(t_recovered - t_kill, 2),
            "violations": violations,
        }
        out = ROOT / "bench-results"
        out.mkdir(exist_ok=True)
        (out / "fault.json").write_text(json.dumps(figures, indent=2))

        print(f"lead submissions at concurrency {CONCURRENCY}, DynamoDB Local (-dbPath) killed with SIGKILL after {WARM_SECONDS:.0f} s, restarted {DOWN_SECONDS:.0f} s later")
        print(f"  submissions                  : {len(results)}  ({', '.join(f'{k}: {v}' for k, v in sorted(statuses.items()))})")
        print(f"  answered 201 / stored after  : {len(acked)} / {len(stored)}  (missing: {len(missing)}; stored without a 201: {len(stored - acked)})")
        print(f"  while the store was down     : {len(down)} answers, {len(down_503)} x 503 with Retry-After, {len(down) - len(down_503)} other")
        print(f"  outage (kill to store answering again): {t_store_up - t_kill:.2f} s (restart took {t_store_up - t_restart:.2f} s)")
        if t_recovered is not None:
            print(f"  first 201 after the store answered: {1000 * (t_recovered - t_store_up):.0f} ms ({t_recovered - t_kill:.2f} s after the kill)")
        print("  result                       : " + ("OK" if not violations else "VIOLATIONS"))
        for violation in violations:
            print(f"    - {violation}")
        log_text = (work / "gateway.log").read_text(errors="replace")
        if " 500 " in log_text or "internal error" in log_text:
            print(f"  the gateway logged internal errors: see {work / 'gateway.log'}")
    finally:
        if gateway is not None and gateway.poll() is None:
            gateway.terminate()
            try:
                gateway.wait(timeout=10)
            except subprocess.TimeoutExpired:
                gateway.kill()
        ddb.stop()
    if violations:
        print(f"  logs kept in {work}")
        sys.exit(1)
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
