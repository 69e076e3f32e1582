"""The local S3: moto's server (PyPI `moto[server]`), which models versioning and Object Lock
retention, so the vault's code runs the same `aws-sdk-s3` calls as in AWS.

    python3 infra/scripts/s3_local.py --port 9000                 # in memory (tests)
    python3 infra/scripts/s3_local.py --port 9000 --data .local/s3  # kept across restarts (make dev)

moto keeps everything in memory. With --data, the buckets (objects, versions, lock settings)
are pickled to DATA/buckets.pickle after every change (at most once a second) and on exit,
and loaded at start, so `make dev` keeps the vault's files beside DynamoDB Local's data.
"""

import argparse
import logging
import os
import pickle
import signal
import sys
import threading
import time


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--data", default=None)
    args = parser.parse_args()

    from moto.moto_server.werkzeug_app import DomainDispatcherApplication, create_backend_app
    from moto.core import DEFAULT_ACCOUNT_ID
    from moto.s3.models import s3_backends
    from werkzeug.serving import make_server

    # Buckets live in the default account's global S3 backend.
    def backend():
        return s3_backends[DEFAULT_ACCOUNT_ID]["aws"]

    path = os.path.join(args.data, "buckets.pickle") if args.data else None
    if path and os.path.exists(path):
        with open(path, "rb") as f:
            backend().buckets.update(pickle.load(f))

    dirty = threading.Event()
    lock = threading.Lock()

    def save():
        if not path:
            return
        with lock:
            os.makedirs(args.data, exist_ok=True)
            tmp = path + ".tmp"
            with open(tmp, "wb") as f:
                pickle.dump(dict(backend().buckets), f)
            os.replace(tmp, path)

    # moto's own WSGI app, wrapped to notice requests that can change the store.
    app = DomainDispatcherApplication(create_backend_app)

    def tracking(environ, start_response):
        if environ.get("REQUEST_METHOD") in ("PUT", "POST", "DELETE"):
            dirty.set()
        return app(environ, start_response)

    logging.getLogger("werkzeug").setLevel(logging.ERROR)
    server = make_server("127.0.0.1", args.port, tracking, threaded=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()

    stop = threading.Event()

    def on_signal(*_):
        stop.set()

    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGINT, on_signal)
    while not stop.is_set():
        if dirty.wait(timeout=0.5):
            time.sleep(1)
            dirty.clear()
            try:
                save()
            except Exception as err:  # a failed save is reported, the server keeps going
                print(f"s3_local: could not save: {err}", file=sys.stderr)
    save()
    server.shutdown()


if __name__ == "__main__":
    main()
