# Phase timing for the two commands (sourced): `phase NAME CMD...` runs CMD, prints one line when
# it starts and one when it ends with the time since the command began, and records both;
# `phase_report` prints every phase's time and the total, then checks the total against
# UNIHIP_TIME_BUDGET_S (when set) so that growth is seen before a limit is met by surprise.
phase_start_s=${phase_start_s:-$(date +%s)}
phase_names=()
phase_secs=()
phase_results=()

phase_clock() {
  local s=$(( $(date +%s) - phase_start_s ))
  printf '%d:%02d' $((s / 60)) $((s % 60))
}

# Runs one phase; returns its status (callers decide whether a failure stops the command).
phase() {
  local name=$1 t0 rc
  shift
  t0=$(date +%s)
  echo "== [$(phase_clock)] $name"
  rc=0
  "$@" || rc=$?
  phase_names+=("$name")
  phase_secs+=($(( $(date +%s) - t0 )))
  if [ $rc -eq 0 ]; then phase_results+=(ok); else phase_results+=("FAILED ($rc)"); fi
  echo "== [$(phase_clock)] $name: $(( $(date +%s) - t0 )) s, ${phase_results[-1]}"
  return $rc
}

# Prints the phase table; exits non-zero (status 3) when the total passes the budget.
phase_report() {
  local i total=$(( $(date +%s) - phase_start_s ))
  echo "== phase times"
  for i in "${!phase_names[@]}"; do
    printf '  %-28s %6d s  %s\n' "${phase_names[$i]}" "${phase_secs[$i]}" "${phase_results[$i]}"
  done
  printf '  %-28s %6d s (%s)\n' total "$total" "$(phase_clock)"
  if [ -n "${UNIHIP_TIME_BUDGET_S:-}" ] && [ "$total" -gt "$UNIHIP_TIME_BUDGET_S" ]; then
    echo "TIME BUDGET EXCEEDED: ${total} s > ${UNIHIP_TIME_BUDGET_S} s. CI's hard limit is 5400 s;"
    echo "find the phase that grew in the table above and make it faster before adding more."
    return 3
  fi
  return 0
}
