#!/bin/sh
# The linker cargo calls on x86-64 Linux (.cargo/config.toml): the C compiler driver with mold
# when mold is installed, else the C compiler driver as is (what cargo would call by default).
if command -v mold >/dev/null 2>&1; then exec cc -fuse-ld=mold "$@"; fi
exec cc "$@"
