#!/usr/bin/env bash
# Codebase figures (issue 23), printed by `make bench` or alone with `make figures`:
#   - lines of code now vs a reference commit (FIGURES_REF, the last commit before the
#     domain/repository refactor), by language;
#   - test executables `cargo test --workspace` links (and doctest runs it makes);
#   - the wall time of `make test` on a fresh clone with a cold target dir (FIGURES_FRESH=0 skips it:
#     it takes as long as CI), then the incremental `cargo test` after touching one domain rule.
source infra/scripts/lib.sh
REF=${FIGURES_REF:-0975891}

count_lines() { # $1 = commit; prints "rust ts other-total" for tracked source files
  git ls-tree -r --name-only "$1" | grep -Ev '(^|/)(package-lock\.json|Cargo\.lock)$|^spa/public/|\.(png|jpg|svg|pdf|ico|woff2?)$' \
    | grep -E '\.(rs|ts|tsx)$' | while read -r path; do
      printf '%s %s\n' "${path##*.}" "$(git show "$1:$path" | wc -l)"
    done | awk '{ lines[$1] += $2; files[$1]++ } END {
      printf "%d %d %d %d\n", lines["rs"], files["rs"], lines["ts"] + lines["tsx"], files["ts"] + files["tsx"] }'
}

printf '\n== Lines of code (Rust; TypeScript) ==\n'
read -r rs_then rsf_then ts_then tsf_then < <(count_lines "$REF")
read -r rs_now rsf_now ts_now tsf_now < <(count_lines HEAD)
printf '  Rust        %6d lines in %3d files at %s  ->  %6d lines in %3d files now\n' "$rs_then" "$rsf_then" "$REF" "$rs_now" "$rsf_now"
printf '  TypeScript  %6d lines in %3d files at %s  ->  %6d lines in %3d files now\n' "$ts_then" "$tsf_then" "$REF" "$ts_now" "$tsf_now"
printf '  largest Rust files now: %s\n' "$(git ls-files '*.rs' | xargs wc -l | sort -rn | sed -n 2,6p | awk '{printf "%s (%d)  ", $2, $1}')"

printf '\n== Test executables linked by cargo test --workspace ==\n'
cargo test --workspace --no-run --message-format=json 2>/dev/null | python3 -c '
import json, sys
exes = set()
for line in sys.stdin:
    m = json.loads(line)
    if m.get("reason") == "compiler-artifact" and m.get("profile", {}).get("test") and m.get("executable"):
        exes.add(m["executable"])
print(f"  {len(exes)} test executables")'
python3 - <<'PY'
import json, subprocess
meta = json.loads(subprocess.run(["cargo", "metadata", "--no-deps", "--format-version", "1"], capture_output=True, text=True, check=True).stdout)
doctests = sum(1 for p in meta["packages"] for t in p["targets"] if "lib" in t["kind"] and t.get("doctest"))
examples = sum(1 for p in meta["packages"] for t in p["targets"] if "example" in t["kind"] and not t.get("required-features"))
print(f"  {doctests} doctest runs, {examples} examples linked by cargo test")
PY

if [[ ${FIGURES_FRESH:-1} == 1 ]]; then
  printf '\n== Fresh clone: make test, cold target dir ==\n'
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
  git clone --quiet "$ROOT" "$work/repo"
  start=$SECONDS
  if (cd "$work/repo" && CARGO_TARGET_DIR="$work/target" make test >"$work/make-test.log" 2>&1); then status=passed; else status=FAILED; fi
  elapsed=$(( SECONDS - start ))
  cp "$work/make-test.log" /tmp/figures-make-test.log
  printf '  make test %s in %d min %02d s (goal <= 15 min on 2 cores); log /tmp/figures-make-test.log\n' "$status" $((elapsed / 60)) $((elapsed % 60))
  grep -E '^==> .* \([0-9]+ s\)$|took [0-9]+ s' "$work/make-test.log" | sed 's/^/    /' || true
  printf '\n== Incremental: cargo test --workspace after touching one domain rule ==\n'
  rule=$work/repo/shared/domain/src/leads.rs
  touch "$rule"
  start=$SECONDS
  (cd "$work/repo" && CARGO_TARGET_DIR="$work/target" cargo test --workspace --no-run --quiet >/dev/null 2>&1)
  build=$(( SECONDS - start ))
  printf '  touched %s: compile and link %d s\n' "${rule#$work/repo/}" "$build"
fi
