#!/usr/bin/env python3
"""Every function's real binary under the Lambda runtime emulator of cargo-lambda.

`cargo lambda watch --only-lambda-apis` serves the Lambda runtime and invoke APIs; each
function's debug binary is started with exactly the environment template.yaml gives it (made
local by the `lambda-env` binary: tables under a fresh prefix in DynamoDB Local, local secrets
and parameters, the endpoint overrides of its needs pointed at a stub of SES, Stripe and Meta)
plus the variables Lambda itself sets. Then each event of events/ is invoked through the
emulator's invoke API, and the status code and a body fragment of every answer are asserted.

Needs DYNAMODB_ENDPOINT and S3_ENDPOINT (make test starts DynamoDB Local and the local S3) and the workspace's debug binaries
(built here when missing; CARGO_TARGET_DIR as in make test). Fails after LAMBDA_STAGE_TIMEOUT
seconds (default 240).
"""

import base64
import datetime
import hashlib
import hmac
import http.server
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
EVENTS = ROOT / "events"
TARGET = Path(os.environ.get("CARGO_TARGET_DIR", Path.home() / ".cache/raisespark/target"))
DEADLINE = time.monotonic() + float(os.environ.get("LAMBDA_STAGE_TIMEOUT", "240"))
# Defect 6 of issue 12: a retried stream batch must not re-send the founder's mail (the
# notification is claimed before sending).
RETRY_SENDS_ONCE = True


def fail(message):
    print(f"lambda runtime stage FAILED: {message}", file=sys.stderr)
    sys.exit(1)


def remaining():
    left = DEADLINE - time.monotonic()
    if left <= 0:
        fail("timed out (LAMBDA_STAGE_TIMEOUT)")
    return left


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


# ---------------------------------------------------------------- stub of SES, Stripe, Meta
class Stub(http.server.BaseHTTPRequestHandler):
    requests = []
    lock = threading.Lock()

    def log_message(self, *args):
        pass

    def do_PUT(self):
        # CloudFormation's presigned response URL (the deploy-time migration answers there).
        body = self.rfile.read(int(self.headers.get("content-length") or 0)).decode()
        with Stub.lock:
            Stub.requests.append({"path": self.path, "body": body, "headers": dict(self.headers), "method": "PUT"})
        self.answer(200, "", "text/plain")

    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("content-length") or 0)).decode()
        with Stub.lock:
            Stub.requests.append({"path": self.path, "body": body, "headers": dict(self.headers)})
        if self.path.startswith("/stripe/v1/checkout/sessions"):
            self.answer(200, {"id": "cs_test_lambda", "object": "checkout.session", "url": "https://checkout.stripe.com/c/pay/cs_test_lambda"})
        elif self.path.startswith("/stripe/v1/billing_portal/sessions"):
            self.answer(200, {"id": "bps_lambda", "object": "billing_portal.session", "url": "https://billing.stripe.com/p/session/lambda"})
        elif self.path.startswith("/stripe/"):
            self.answer(200, {"id": "stripe_lambda", "object": "unknown"})
        elif self.path.startswith("/meta/"):
            self.answer(200, {"events_received": 1, "fbtrace_id": "lambda"})
        elif "Action=SendEmail" in body:
            xml = ('<SendEmailResponse xmlns="http://ses.amazonaws.com/doc/2010-12-01/"><SendEmailResult>'
                   f"<MessageId>{uuid.uuid4()}</MessageId></SendEmailResult><ResponseMetadata>"
                   "<RequestId>lambda</RequestId></ResponseMetadata></SendEmailResponse>")
            self.answer(200, xml, "text/xml")
        else:
            self.answer(404, {"error": "not stubbed"})

    def answer(self, status, body, content_type="application/json"):
        data = (body if isinstance(body, str) else json.dumps(body)).encode()
        self.send_response(status)
        self.send_header("content-type", content_type)
        self.send_header("content-length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)


def mails(subject_fragment):
    """SES SendEmail requests whose subject contains the fragment."""
    found = []
    for request in Stub.requests:
        fields = dict(p.split("=", 1) for p in request["body"].split("&") if "=" in p)
        subject = urllib.parse.unquote_plus(fields.get("Message.Subject.Data", ""))
        if "Action=SendEmail" in request["body"] and subject_fragment in subject:
            found.append({"to": urllib.parse.unquote_plus(fields.get("Destination.ToAddresses.member.1", "")), "subject": subject})
    return found


# ---------------------------------------------------------------- DynamoDB Local (GetItem, Query)
def dynamodb_get(endpoint, table, key):
    """A signed GetItem against DynamoDB Local (fixed local keys), for the stream event."""
    return dynamodb_call(endpoint, "GetItem", {"TableName": table, "Key": key, "ConsistentRead": True}).get("Item")


def dynamodb_query(endpoint, table, email):
    """Every item of one address in the account requests table, for the stream event."""
    body = {"TableName": table, "KeyConditionExpression": "email = :email", "ExpressionAttributeValues": {":email": {"S": email}}, "ConsistentRead": True}
    return dynamodb_call(endpoint, "Query", body).get("Items", [])


def dynamodb_call(endpoint, operation, payload):
    body = json.dumps(payload)
    now = datetime.datetime.now(datetime.UTC)
    amz_date, day = now.strftime("%Y%m%dT%H%M%SZ"), now.strftime("%Y%m%d")
    host = urllib.parse.urlparse(endpoint).netloc
    headers = {"content-type": "application/x-amz-json-1.0", "host": host, "x-amz-date": amz_date, "x-amz-target": f"DynamoDB_20120810.{operation}"}
    signed = ";".join(sorted(headers))
    canonical = "\n".join(["POST", "/", "", "".join(f"{k}:{headers[k]}\n" for k in sorted(headers)), signed, hashlib.sha256(body.encode()).hexdigest()])
    scope = f"{day}/us-east-1/dynamodb/aws4_request"
    to_sign = "\n".join(["AWS4-HMAC-SHA256", amz_date, scope, hashlib.sha256(canonical.encode()).hexdigest()])
    key_bytes = ("AWS4" + "local").encode()
    for part in (day, "us-east-1", "dynamodb", "aws4_request"):
        key_bytes = hmac.new(key_bytes, part.encode(), hashlib.sha256).digest()
    signature = hmac.new(key_bytes, to_sign.encode(), hashlib.sha256).hexdigest()
    headers["authorization"] = f"AWS4-HMAC-SHA256 Credential=local/{scope}, SignedHeaders={signed}, Signature={signature}"
    request = urllib.request.Request(endpoint, data=body.encode(), headers=headers, method="POST")
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.load(response)


# ---------------------------------------------------------------- processes
processes = []


def stop_all():
    for process in processes:
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
    for process in processes:
        try:
            process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            process.kill()


def wait_port(port, what, process):
    while True:
        if process.poll() is not None:
            fail(f"{what} exited with {process.returncode}")
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        remaining()
        time.sleep(0.1)


def ensure_cargo_lambda():
    if subprocess.run(["cargo", "lambda", "--version"], capture_output=True).returncode != 0:
        print("Installing cargo-lambda from PyPI ...")
        subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "cargo-lambda"], check=True)


def main():
    endpoint = os.environ.get("DYNAMODB_ENDPOINT") or fail("DYNAMODB_ENDPOINT is not set (make test starts DynamoDB Local)")
    s3_endpoint = os.environ.get("S3_ENDPOINT") or fail("S3_ENDPOINT is not set (make test starts the local S3)")
    started = time.monotonic()
    ensure_cargo_lambda()
    # The workspace's debug binaries: already built by `make test` just before (with `--tests`,
    # over the libraries the tests compiled), so this only checks.
    subprocess.run(["cargo", "build", "--quiet", "--workspace", "--bins", "--tests"], cwd=ROOT, check=True, timeout=remaining())

    stub = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Stub)
    threading.Thread(target=stub.serve_forever, daemon=True).start()
    stub_url = f"http://127.0.0.1:{stub.server_address[1]}"

    prefix = f"lambda-{uuid.uuid4().hex[:8]}-"
    data_dir = tempfile.mkdtemp(prefix="raisespark-lambda-")
    prepared = subprocess.run(
        [str(TARGET / "debug/lambda-env")],
        env={"PATH": os.environ["PATH"], "DYNAMODB_ENDPOINT": endpoint, "S3_ENDPOINT": s3_endpoint, "TABLE_PREFIX": prefix, "STUB_URL": stub_url,
             "LOCAL_DATA_DIR": data_dir, "RUST_LOG": "off"},
        capture_output=True, text=True, timeout=remaining(),
    )
    if prepared.returncode != 0:
        fail(f"lambda-env failed: {prepared.stderr[-2000:]}")
    setup = json.loads(prepared.stdout)
    print(f"tables under {prefix}, demo founder seeded ({time.monotonic() - started:.1f} s)")

    port = free_port()
    log_dir = Path(data_dir)
    emulator = subprocess.Popen(
        ["cargo", "lambda", "watch", "--only-lambda-apis", "--invoke-address", "127.0.0.1", "--invoke-port", str(port), "--timeout", "30"],
        cwd=ROOT, stdout=open(log_dir / "emulator.log", "w"), stderr=subprocess.STDOUT, start_new_session=True,
    )
    processes.append(emulator)
    wait_port(port, "cargo lambda watch", emulator)

    # Every function of template.yaml but the streaming export (same binary as leads) and the
    # impersonation sweep (the revert-impersonation binary again; started after its API, below).
    later = ("LeadsExportFunction", "ImpersonationSweepFunction", "CampaignDispatcherFunction", "CampaignSenderFunction",
             "ComplianceVaultExportFunction", "VaultDigestFunction", "AuthJobsFunction", "TeamsMigrationFunction", "LeadImportsFunction")
    functions = {f["binary"]: f for f in setup["functions"] if f["logical_id"] not in later}
    sweep_function = next(f for f in setup["functions"] if f["logical_id"] == "ImpersonationSweepFunction")
    campaign_roles = {f["logical_id"]: f for f in setup["functions"] if f["logical_id"] in ("CampaignDispatcherFunction", "CampaignSenderFunction")}
    digest_function = next(f for f in setup["functions"] if f["logical_id"] == "VaultDigestFunction")
    auth_jobs_function = next(f for f in setup["functions"] if f["logical_id"] == "AuthJobsFunction")
    migration_function = next(f for f in setup["functions"] if f["logical_id"] == "TeamsMigrationFunction")
    imports_function = next(f for f in setup["functions"] if f["logical_id"] == "LeadImportsFunction")
    started_processes = {}

    def start_function(binary, function):
        env = dict(function["env"])
        env.update({
            # What Lambda sets for a custom runtime (provided.al2023).
            "AWS_LAMBDA_RUNTIME_API": f"http://127.0.0.1:{port}/.rt/{binary}",
            "AWS_LAMBDA_FUNCTION_NAME": binary,
            "AWS_LAMBDA_FUNCTION_VERSION": "$LATEST",
            "AWS_LAMBDA_FUNCTION_MEMORY_SIZE": "256",
            "AWS_LAMBDA_LOG_GROUP_NAME": f"/aws/lambda/{binary}",
            "AWS_LAMBDA_LOG_STREAM_NAME": "2026/03/12/[$LATEST]lambda-stage",
            "AWS_REGION": "us-east-1",
            "AWS_DEFAULT_REGION": "us-east-1",
            "AWS_ACCESS_KEY_ID": "ASIALAMBDASTAGE",
            "AWS_SECRET_ACCESS_KEY": "lambda-stage",
            "AWS_SESSION_TOKEN": "lambda-stage",
            "_HANDLER": "bootstrap",
            "TZ": "UTC",
            "PATH": "/usr/local/bin:/usr/bin:/bin",
        })
        process = subprocess.Popen([str(TARGET / "debug" / function["binary"])], cwd=data_dir, env=env,
                                   stdout=open(log_dir / f"{binary}.log", "a"), stderr=subprocess.STDOUT)
        processes.append(process)
        started_processes[binary] = process

    for binary, function in functions.items():
        start_function(binary, function)
    print(f"{len(functions)} functions started under the emulator on port {port}")

    demo, fresh, admin = setup["demo"], setup["fresh"], setup["admin"]
    form = demo["form"]
    values = {
        "ACCESS_TOKEN": demo["token"], "FRESH_TOKEN": fresh["token"], "FORM_ID": demo["form_id"],
        "DEMO_EMAIL": demo["email"], "DEMO_PASSWORD": demo["password"], "NEW_EMAIL": f"new-{uuid.uuid4().hex[:8]}@example.com",
        "ADMIN_TOKEN": admin["token"], "ADMIN_ID": admin["user_id"], "STUB_URL": stub_url,
        "ORIGIN_VERIFY_SECRET": setup["origin_verify_secret"], "APP_ORIGIN": functions["auth"]["env"]["APP_ORIGIN"], "IDEMPOTENCY_KEY": str(uuid.uuid4()),
    }

    def load(name, extra=None):
        text = (EVENTS / f"{name}.json").read_text()
        for key, value in {**values, **(extra or {})}.items():
            if isinstance(value, str):
                text = text.replace("${" + key + "}", value)
        event = json.loads(text)
        for key, value in (extra or {}).items():
            if not isinstance(value, str):
                event = json.loads(json.dumps(event).replace(json.dumps("${" + key + "}"), json.dumps(value)))
                if isinstance(event.get("body"), str):
                    event["body"] = event["body"].replace(json.dumps("${" + key + "}"), json.dumps(value))
        if isinstance(event.get("body"), str) and "headers" in event:
            event["headers"]["content-length"] = str(len(event["body"].encode()))
            if event["headers"].get("stripe-signature") == "${STRIPE_SIGNATURE}":
                t = str(int(time.time()))
                mac = hmac.new(setup["stripe_webhook_secret"].encode(), f"{t}.{event['body']}".encode(), hashlib.sha256).hexdigest()
                event["headers"]["stripe-signature"] = f"t={t},v1={mac}"
        left = re.findall(r"\$\{[A-Z_]+\}", json.dumps(event))
        if left:
            fail(f"{name}: no value for {left}")
        return event

    def invoke(binary, event):
        request = urllib.request.Request(f"http://127.0.0.1:{port}/2015-03-31/functions/{binary}/invocations",
                                         data=json.dumps(event).encode(), headers={"content-type": "application/json"}, method="POST")
        try:
            with urllib.request.urlopen(request, timeout=min(30, remaining())) as response:
                return json.load(response)
        except urllib.error.HTTPError as err:
            log = (log_dir / f"{binary}.log").read_text()[-1500:] if (log_dir / f"{binary}.log").exists() else ""
            fail(f"{binary}: the emulator answered {err.code}: {err.read()[:500]!r}\n--- {binary} log ---\n{log}")

    results = []

    def check(binary, name, status, fragment, extra=None):
        at = time.monotonic()
        answer = invoke(binary, load(name, extra))
        body = answer.get("body") or ""
        if answer.get("isBase64Encoded"):
            body = base64.b64decode(body).decode("utf-8", "replace")
        ok = answer.get("statusCode") == status and fragment in body
        results.append((binary, name, answer.get("statusCode"), round((time.monotonic() - at) * 1000)))
        if not ok:
            fail(f"{binary} with events/{name}.json: expected {status} and {fragment!r}, got {answer.get('statusCode')}: {body[:600]}")
        return json.loads(body) if body.startswith(("{", "[")) else body

    # Public and investor-facing.
    check("check-subscription", "check-subscription-plans", 200, "price_local_standard")
    check("raise-capital", "raise-capital-costs", 200, "250")
    shown = check("public-forms", "public-forms-show", 200, form["name"])
    check("public-forms", "public-forms-view", 202, "")
    answers = {}
    for field in form["fields"]:
        kind, label = field["type"], field["label"]
        if kind == "email":
            answers[field["id"]] = "olivia.bennett@example.com"
        elif kind == "phone":
            answers[field["id"]] = "+1 512 555 0142"
        elif field.get("options"):
            answers[field["id"]] = field["options"][0]
        else:
            answers[field["id"]] = "Olivia Bennett" if "name" in label.lower() else "Texas"
    lead = check("public-forms", "public-forms-lead", 201, '"id"', {"LEAD_ANSWERS": answers})
    lead_id = lead.get("id") or lead.get("lead", {}).get("id")
    if not lead_id:
        fail(f"public-forms: no lead id in {lead}")
    if mails("New investor lead"):
        fail("public-forms sent the founder's mail itself: in AWS that is the stream's job")

    # The stream: the real item of the lead, as DynamoDB Streams delivers it.
    lead_table = functions["lead-notifications"]["env"]["LEADS_TABLE"]
    item = dynamodb_get(endpoint, lead_table, {"id": {"S": lead_id}}) or fail(f"lead {lead_id} not in {lead_table}")
    stream_event = load("lead-notifications-insert", {"LEAD_ID": lead_id, "LEAD_ITEM": item})
    def deliver(attempt):
        at = time.monotonic()
        answer = invoke("lead-notifications", stream_event)
        if isinstance(answer, dict) and answer.get("errorType"):
            fail(f"lead-notifications failed: {answer}")
        results.append(("lead-notifications", f"lead-notifications-insert (delivery {attempt})", "ok", round((time.monotonic() - at) * 1000)))

    deliver(1)
    sent = mails("New investor lead")
    if len(sent) != 1 or sent[0]["to"] != demo["email"]:
        fail(f"lead-notifications: expected exactly one 'New investor lead' mail to {demo['email']}, got {sent}")
    # The same batch again, as Lambda retries it: still one mail (issue 12, defect 6).
    deliver(2)
    resent = len(mails("New investor lead")) - 1
    if resent and RETRY_SENDS_ONCE:
        fail(f"lead-notifications: a retried batch sent the 'New investor lead' mail {resent} more time(s)")
    elif resent:
        print(f"  note: a retried batch re-sent the founder's mail ({resent}x): defect 6 of issue 12, not yet enforced here")

    # The founder.
    check("auth", "auth-signin", 200, "access_token")
    check("auth", "auth-user", 200, demo["email"])
    check("auth", "auth-signup", 201, "")
    if [m for m in mails("") if m["to"] == values["NEW_EMAIL"]]:
        fail("auth: the sign-up mailed on its own request; in AWS the account requests' stream does (AuthJobsFunction)")
    # The sign-up's pending registration, as the account requests table's stream delivers it,
    # to the same binary as AuthJobsFunction (AUTH_ROLE=jobs): one confirmation mail, through
    # SES, however often the batch is retried.
    requests_table = auth_jobs_function["env"]["ACCOUNT_REQUESTS_TABLE"]
    registration = next((i for i in dynamodb_query(endpoint, requests_table, values["NEW_EMAIL"]) if i["sk"]["S"].startswith("reg#")), None)
    if not registration:
        fail(f"auth: no pending registration for {values['NEW_EMAIL']} in {requests_table}")
    started_processes["auth"].terminate()
    started_processes["auth"].wait(timeout=10)
    start_function("auth", auth_jobs_function)
    jobs_event = load("auth-jobs-insert", {"REQUEST_EMAIL": values["NEW_EMAIL"], "REQUEST_SK": registration["sk"]["S"], "REQUEST_ITEM": registration})
    for attempt in (1, 2):
        at = time.monotonic()
        answer = invoke("auth", jobs_event)
        if '"processed":1' not in json.dumps(answer, separators=(",", ":")):
            fail(f"AuthJobsFunction answered {answer}")
        results.append(("auth", f"auth-jobs-insert (AuthJobsFunction, delivery {attempt})", "ok", round((time.monotonic() - at) * 1000)))
    sent = [m for m in mails("Confirm your RaiseSpark account") if m["to"] == values["NEW_EMAIL"]]
    if len(sent) != 1:
        fail(f"AuthJobsFunction: expected exactly one confirmation mail to {values['NEW_EMAIL']} through SES, got {sent}")
    started_processes["auth"].terminate()
    started_processes["auth"].wait(timeout=10)
    start_function("auth", functions["auth"])
    check("profiles", "profiles-me", 200, demo["user_id"])
    # The demo founder owns the company made with their account (its id is theirs).
    check("teams", "teams-current", 200, '"role":"owner"')
    # The same binary as the deploy-time migration (TEAMS_ROLE=migrate), as CloudFormation's
    # custom resource invokes it: it answers SUCCESS on the presigned URL; run again (the next
    # deploy's Update), it makes nothing: idempotent.
    started_processes["teams"].terminate()
    started_processes["teams"].wait(timeout=10)
    start_function("teams", migration_function)
    at = time.monotonic()
    for attempt in (1, 2):
        migrated = invoke("teams", load("teams-migration"))
        answers = [json.loads(r["body"]) for r in Stub.requests if r.get("method") == "PUT" and r["path"].startswith("/cloudformation/response")]
        if migrated.get("Status") != "SUCCESS" or len(answers) != attempt or answers[-1].get("Status") != "SUCCESS" or answers[-1].get("RequestId") != "3c1f3ab8-lambda-stage":
            fail(f"TeamsMigrationFunction answered {migrated}; CloudFormation received {answers}")
    if answers[-1]["Data"].get("CompaniesCreated") != "0":
        fail(f"TeamsMigrationFunction made companies again on its second run: {answers}")
    results.append(("teams", "teams-migration (TeamsMigrationFunction)", "ok", round((time.monotonic() - at) * 1000)))
    started_processes["teams"].terminate()
    started_processes["teams"].wait(timeout=10)
    start_function("teams", functions["teams"])
    check("forms", "forms-list", 200, form["name"])
    check("leads", "leads-summary", 200, "")
    check("leads", "leads-list", 200, lead_id)
    check("leads", "leads-trends", 200, '"weeks"')
    # The same binary as the portal imports' worker (LEADS_ROLE=imports), as the investments
    # table's stream delivers a job: one whose file never reached the uploads bucket is failed
    # with the reason the founder reads (S3 and DynamoDB reached with the worker's variables).
    investments_table = imports_function["env"]["INVESTMENTS_TABLE"]
    job_id = str(uuid.uuid4())
    job_key = {"company_id": {"S": demo["user_id"]}, "sk": {"S": f"import#{job_id}"}}
    job_item = {**job_key, "id": {"S": job_id}, "portal": {"S": "wefunder"}, "file_name": {"S": "investors.csv"}, "size": {"N": "120"},
                "status": {"S": "reading"}, "created_at": {"S": "2026-03-12T10:00:00Z"}, "created_by": {"S": demo["email"]},
                "created_by_id": {"S": demo["user_id"]}, "upload_key": {"S": f"imports/{demo['user_id']}/{job_id}"}}
    dynamodb_call(endpoint, "PutItem", {"TableName": investments_table, "Item": job_item})
    started_processes["leads"].terminate()
    started_processes["leads"].wait(timeout=10)
    start_function("leads", imports_function)
    at = time.monotonic()
    answer = invoke("leads", load("leads-imports-job", {"JOB_COMPANY": demo["user_id"], "JOB_SK": f"import#{job_id}", "JOB_ITEM": job_item}))
    job = dynamodb_get(endpoint, investments_table, job_key) or {}
    if job.get("status", {}).get("S") != "failed" or "has not arrived" not in job.get("error", {}).get("S", ""):
        fail(f"LeadImportsFunction answered {answer}; the job is {job}")
    results.append(("leads", "leads-imports-job (LeadImportsFunction)", "ok", round((time.monotonic() - at) * 1000)))
    started_processes["leads"].terminate()
    started_processes["leads"].wait(timeout=10)
    start_function("leads", functions["leads"])
    # The demo founder is on a Pro trial: insights computed from the seeded aggregates.
    check("generate-insights", "generate-insights", 200, "Investors have indicated $")
    check("campaigns", "campaigns-list", 200, '"campaigns"')
    check("ses-events", "ses-events-forged", 400, '"invalid_sns_message"')
    # The same binary as the dispatcher's minute (EventBridge) and the stream sender.
    for logical_id, event, expected in (("CampaignDispatcherFunction", "campaign-dispatcher", '"started"'), ("CampaignSenderFunction", "campaign-sender-insert", '"processed":1')):
        started_processes["campaigns"].terminate()
        started_processes["campaigns"].wait(timeout=10)
        start_function("campaigns", campaign_roles[logical_id])
        at = time.monotonic()
        answer = invoke("campaigns", load(event))
        if expected not in json.dumps(answer, separators=(",", ":")):
            fail(f"{logical_id} answered {answer}, expected {expected}")
        results.append(("campaigns", f"{event} ({logical_id})", "ok", round((time.monotonic() - at) * 1000)))
    # The compliance vault: the demo founder's forms were published through the forms API while
    # seeding, so their snapshots are in the vault (S3 through the local S3 server); an upload
    # gets its presigned POST; the offering's status. Then the same binary as the daily digest.
    check("compliance-vault", "compliance-vault-records", 200, '"kind":"form_snapshot"')
    check("compliance-vault", "compliance-vault-upload", 201, '"x-amz-signature"')
    check("compliance-vault", "compliance-vault-offering", 200, '"testing_the_waters"')
    started_processes["compliance-vault"].terminate()
    started_processes["compliance-vault"].wait(timeout=10)
    start_function("compliance-vault", digest_function)
    at = time.monotonic()
    digest = invoke("compliance-vault", load("vault-digest"))
    if not isinstance(digest, dict) or "filed" not in digest or len(digest.get("days", [])) != 2:
        fail(f"the vault digest answered {digest}")
    results.append(("compliance-vault", "vault-digest (VaultDigestFunction)", "ok", round((time.monotonic() - at) * 1000)))
    check("rewards", "rewards", 200, "code")
    check("check-subscription", "check-subscription", 200, "subscribed")
    check("send-event-notification", "send-event-notification", 202, "\"success\":true")
    check("contact", "contact", 201, "\"received\":true")
    check("facebook-conversions", "facebook-conversions", 200, "")
    check("create-checkout-session", "create-checkout-session", 200, "https://checkout.stripe.com/c/pay/cs_test_lambda")
    check("billing-portal", "billing-portal", 200, "https://billing.stripe.com/p/session/lambda")
    # The admin area: the demo administrator's figures and directory; a founder is refused.
    check("ai-chat", "ai-chat", 200, "hot lead")
    check("ai-chat", "ai-chat-help", 200, "/help/embed-wordpress")
    check("ai-chat", "ai-chat-popular", 200, '"questions"')
    check("admin", "admin-stats", 200, '"mrr_cents"')
    check("admin", "admin-users", 200, demo["email"])
    check("admin", "admin-users-forbidden", 403, '"forbidden"')
    # A support session: the admin's link, its exchange, the revert and the user's mail, then
    # the scheduled sweep (the same binary as revert-impersonation, as EventBridge runs it).
    link = check("impersonate-user", "impersonate-user", 200, "type=impersonation")["signInLink"]
    link_token = urllib.parse.parse_qs(urllib.parse.urlparse(link).query)["token"][0]
    session = check("auth", "auth-verify-impersonation", 200, f'"admin_id":"{admin["user_id"]}"', {"LINK_TOKEN": link_token})
    # A read in the support session, recorded by the real binary in its own actions table.
    support_token = {"ACCESS_TOKEN": session["access_token"]}
    check("profiles", "profiles-me", 200, demo["user_id"], support_token)
    check("revert-impersonation", "revert-impersonation", 200, "type=magiclink", {"IMPERSONATION_TOKEN": session["access_token"]})
    # Ended means ended for reads too: the same token, well inside its own expiry.
    check("profiles", "profiles-me", 401, "This support session has ended.", support_token)
    if [m["to"] for m in mails("support session")] != [demo["email"]]:
        fail(f"revert-impersonation: expected one support-session mail to {demo['email']}, got {mails('support session')}")
    ended_mail = next(urllib.parse.unquote_plus(r["body"]) for r in Stub.requests
                      if "Action=SendEmail" in r["body"] and "support session" in urllib.parse.unquote_plus(r["body"]))
    if "Viewed the profile" not in ended_mail:
        fail("revert-impersonation: the support-session mail does not list the profile the session viewed")
    started_processes["revert-impersonation"].terminate()
    started_processes["revert-impersonation"].wait(timeout=10)
    start_function("revert-impersonation", sweep_function)
    at = time.monotonic()
    swept = invoke("revert-impersonation", load("impersonation-sweep"))
    if swept != {"ended": 0}:
        fail(f"the impersonation sweep answered {swept}")
    results.append(("revert-impersonation", "impersonation-sweep (ImpersonationSweepFunction)", "ok", round((time.monotonic() - at) * 1000)))
    check("stripe-webhook", "stripe-webhook", 200, '"received":true')
    check("stripe-webhook", "stripe-webhook-forged", 400, "")

    # The production providers were really called, with the function's own configuration.
    if not any(r["path"].startswith("/meta/") and "PIXEL_LOCAL" in r["path"] for r in Stub.requests):
        fail("facebook-conversions did not call the Meta Conversions API stub")
    if not [m for m in mails("") if m["to"] == functions["contact"]["env"]["SUPPORT_EMAIL"]]:
        fail("contact sent no mail to the support address through SES")
    if not any(r["path"].startswith("/stripe/v1/checkout/sessions") and {k.lower(): v for k, v in r["headers"].items()}.get("authorization") == "Bearer sk_test_lambda_stage" for r in Stub.requests):
        fail("create-checkout-session did not call Stripe with the secret key template.yaml gives it")
    for binary, name, status, ms in results:
        print(f"  {binary:<24} {name:<42} {status!s:<4} {ms:>6} ms")
    invoked = {r[0] for r in results}
    missing = set(functions) - invoked
    if missing:
        fail(f"not invoked: {sorted(missing)}")
    print(f"lambda runtime stage: {len(results)} invocations of {len(invoked)} functions passed in {time.monotonic() - started:.1f} s")
    shutil.rmtree(data_dir, ignore_errors=True)


if __name__ == "__main__":
    import urllib.parse  # noqa: E402  (used by the stub and the signer)
    try:
        main()
    finally:
        stop_all()
