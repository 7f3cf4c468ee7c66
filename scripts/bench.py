#!/usr/bin/env python3
"""`make bench`: laundry's figures beside a baseline measured in the same run, one table.

Runs inside scripts/notification-session.sh with its recording server (LAUNDRY_SESSION_SERVER=recording:
it answers at once and draws nothing; dunst falls over under 1,000 notify-send processes) and a
binary capture of every Notify call (LAUNDRY_SESSION_CAPTURE=pcap: the text monitor is too slow to
time a burst). Rows:
lateness of notifications, idle wake-ups, daemon memory, command latency (hyperfine), health tick, clearing
every surface after an acknowledgement."""
import glob, json, os, re, shutil, statistics, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BENCH_PREFIX = os.path.join(ROOT, ".build/bench")
LAUNDRY = os.path.join(BENCH_PREFIX, "bin/laundry")

def install_stripped():
    """The release binaries as `make install` lays them out, stripped: what users run."""
    shutil.rmtree(BENCH_PREFIX, ignore_errors=True)
    os.makedirs(os.path.join(BENCH_PREFIX, "bin"))
    os.makedirs(os.path.join(BENCH_PREFIX, "share"))
    for program in ("laundry", "laundryd"):
        subprocess.run(["strip", "-o", os.path.join(BENCH_PREFIX, "bin", program),
                        os.path.join(ROOT, ".build/release", program)], check=True)
    os.symlink(os.path.join(ROOT, "data"), os.path.join(BENCH_PREFIX, "share/laundry"))
    os.symlink(os.path.join(ROOT, ".build/locale"), os.path.join(BENCH_PREFIX, "share/locale"))
PY = "/usr/bin/python3"
rows = []

def row(metric, ours, baseline, ratio, target, met):
    rows.append((metric, ours, baseline, ratio, target, "yes" if met else "NO"))

def fresh_env():
    base = tempfile.mkdtemp(prefix="laundry-bench-")
    env = dict(os.environ, LAUNDRY_HOME=base + "/home", XDG_RUNTIME_DIR=base + "/run", XDG_STATE_HOME=base + "/state")
    os.makedirs(env["XDG_RUNTIME_DIR"], mode=0o700)
    env.pop("LAUNDRY_NO_AUTOSTART", None)
    return base, env

def make_pets(env, count, *extra):
    subprocess.run([PY, os.path.join(ROOT, "scripts/make-pets.py"), env["LAUNDRY_HOME"], str(count), *extra], check=True)

def daemon(env, *args):
    return subprocess.run([LAUNDRY, "daemon", *args], env=env, capture_output=True, text=True)

def daemon_pid(env):
    with open(env["XDG_RUNTIME_DIR"] + "/laundry/daemon.json") as f:
        return json.load(f)["pid"]

sys.path.insert(0, os.path.join(ROOT, "scripts"))
notify_pcap = __import__("notify-pcap")

def notify_times(marker_regex, since):
    """Bus times of Notify calls since `since` whose summary or body matches, keyed by the first group."""
    times = {}
    for sent, summary, body in notify_pcap.notify_calls(os.environ["LAUNDRY_NOTIFY_PCAP"]):
        match = re.search(marker_regex, summary + " " + body)
        if match and sent >= since:
            times.setdefault(match.group(1), sent)
    return times

def percentiles(values):
    values = sorted(values)
    pick = lambda p: values[min(len(values) - 1, int(p / 100 * len(values)))]
    return pick(50), pick(99), values[-1]

def lateness(count, spread, label, tag_prefix, config=None):
    """laundry's daemon first, then the baseline on its own: run together, each would slow the other.
    `config`: config.json's text for the daemon (else none: the defaults, live cards on)."""
    base, env = fresh_env()
    # A config folder of its own: the machine's own config.json must not change what is measured.
    env["XDG_CONFIG_HOME"] = base + "/config"
    os.makedirs(env["XDG_CONFIG_HOME"] + "/laundry")
    if config:
        with open(env["XDG_CONFIG_HOME"] + "/laundry/config.json", "w") as f:
            f.write(config)
    started = time.time()
    deadline = int(time.time()) + 8
    make_pets(env, count, "--timer-every", "1", "--ends-at", str(deadline), "--spread", str(spread))
    daemon(env, "start")
    time.sleep(deadline - time.time() + spread + 4)
    ours = {}
    for path in glob.glob(env["LAUNDRY_HOME"] + "/machines/*/pets/*.json"):
        record = json.load(open(path))
        timer = record.get("cycle", {}).get("value", {}).get("load")
        if not timer: continue
        ours[record["identity"]["value"]["name"]] = time.mktime(time.strptime(timer["endsAt"][:19], "%Y-%m-%dT%H:%M:%S")) - time.timezone \
            + float("0." + timer["endsAt"][20:23])
    posted = notify_times(r"(Pet \d+) is ready", started)
    ours_late = [(posted[n] - d) * 1000 for n, d in ours.items() if n in posted]
    daemon(env, "stop")
    shutil.rmtree(base, ignore_errors=True)

    # The baseline: what most people would script, one `sleep N; notify-send` per load.
    deadline = int(time.time()) + 8
    deadlines = {}
    procs = []
    for index in range(count):
        due = deadline + (spread * index / max(1, count - 1) if spread else 0)
        tag = f"{tag_prefix}{index:05d}"
        deadlines[tag] = due
        procs.append(subprocess.Popen(["sh", "-c", f'sleep {max(0, due - time.time()):.3f}; notify-send "base" "{tag} done"'],
                                      stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
    for proc in procs:
        try:
            proc.wait(timeout=120)
        except subprocess.TimeoutExpired:
            proc.kill()
    time.sleep(1)
    base_posted = notify_times(rf"({tag_prefix}\d+) done", started)
    base_late = [(base_posted[t] - d) * 1000 for t, d in deadlines.items() if t in base_posted]
    if not ours_late or not base_late:
        row(f"lateness, {count} timers {label}", f"{len(ours_late)} posted", f"{len(base_late)} posted", "-", "p99 <= 20 ms", False)
        return
    o, b = percentiles(ours_late), percentiles(base_late)
    fmt = lambda p: f"p50 {p[0]:.1f} / p99 {p[1]:.1f} / max {p[2]:.1f} ms"
    row(f"lateness, {count} timers {label} (posted {len(ours_late)}/{count}; baseline {len(base_late)}/{count})",
        fmt(o), fmt(b), f"{o[1] / max(b[1], 0.001):.2f}", "p99 <= 20 ms", o[1] <= 20 and len(ours_late) == count)

def bus_floor(count):
    """How fast GDBus itself can put a burst on this bus: a C program that only posts."""
    folder = tempfile.mkdtemp(prefix="laundry-floor-")
    binary = os.path.join(folder, "bus-floor")
    flags = subprocess.run(["pkg-config", "--cflags", "--libs", "gio-2.0"], capture_output=True, text=True, check=True).stdout.split()
    subprocess.run(["clang", "-O2", os.path.join(ROOT, "scripts/bus-floor.c"), "-o", binary, *flags], check=True)
    # The same window of calls in flight as laundryd (DBusNotifier.window).
    first, wall, cpu = subprocess.run([binary, str(count), "8"], capture_output=True, text=True, check=True).stdout.split()
    shutil.rmtree(folder, ignore_errors=True)
    time.sleep(1)
    posted = notify_times(r"(Floor \d+) is ready", float(first))
    last = (max(posted.values()) - float(first)) * 1000 if posted else float("nan")
    row(f"the floor: {count} Notify calls from a C program through GDBus, 8 in flight, nothing else (posted {len(posted)}/{count})",
        f"last on the bus {last:.1f} ms after its first call", f"{cpu} ms of CPU to make the calls", "-", "-", True)

def wakeups():
    base, env = fresh_env()
    make_pets(env, 100, "--timer-every", "1")
    daemon(env, "start")
    pid = daemon_pid(env)
    poller = subprocess.Popen(["bash", "-c", "while sleep 1; do :; done"])
    def switches(p):
        total = 0
        for task in os.listdir(f"/proc/{p}/task"):
            for line in open(f"/proc/{p}/task/{task}/status"):
                if line.startswith("voluntary_ctxt_switches"):
                    total += int(line.split()[1])
        return total
    time.sleep(1)
    before, pbefore = switches(pid), switches(poller.pid)
    time.sleep(65)
    ours, theirs = switches(pid) - before, switches(poller.pid) - pbefore
    poller.kill()
    daemon(env, "stop")
    shutil.rmtree(base, ignore_errors=True)
    row("wake-ups over 65 s, 100 timers an hour away", str(ours), f"{theirs} (1 s poll loop)", f"{ours / max(theirs, 1):.2f}",
        "only the 30 s ticks (<= 3)", ours <= 3)

def memory():
    """laundryd's resident memory, and what each armed timer adds: by VmRSS (everything resident,
    code pages included, whose count moves by a megabyte or two from run to run as the kernel maps
    the binary around each fault) and by RssAnon (the memory the timers themselves take)."""
    results = {}
    for count in ("10 idle", 0, 1000, 10000):
        base, env = fresh_env()
        os.makedirs(env["LAUNDRY_HOME"])
        if count == "10 idle":
            make_pets(env, 10, "--timer-every", "1000000")
        elif count:
            make_pets(env, count, "--timer-every", "1")
        daemon(env, "start")
        time.sleep(2)
        status = open(f"/proc/{daemon_pid(env)}/status").read()
        field = lambda name: int(re.search(name + r":\s+(\d+)", status).group(1))
        results[count] = (field("VmRSS"), field("RssAnon"))
        daemon(env, "stop")
        shutil.rmtree(base, ignore_errors=True)
    per_timer = (results[10000][0] - results[0][0]) * 1024 / 10000
    per_timer_anon = (results[10000][1] - results[0][1]) * 1024 / 10000
    row("laundryd's memory (RSS), idle with 10 pets", f"{results['10 idle'][0]} kB", "-", "-", "<= 14 MB",
        results["10 idle"][0] <= 14 * 1024)
    row("daemon memory (RSS) with 0 / 1,000 / 10,000 timers",
        f"{results[0][0]} / {results[1000][0]} / {results[10000][0]} kB", "-", "-", "-", True)
    row("bytes per armed timer (VmRSS)", f"{per_timer:.0f} B", "-", "-", "<= 1 KB", per_timer <= 1024)
    row("bytes per armed timer (RssAnon: the timers' own memory)", f"{per_timer_anon:.0f} B", "-", "-", "<= 1 KB",
        per_timer_anon <= 1024)

def hyperfine(commands, runs=30, warmup=3):
    out = tempfile.mktemp(suffix=".json")
    subprocess.run(["hyperfine", "-N", "--warmup", str(warmup), "--runs", str(runs), "--export-json", out, *commands],
                   check=True, capture_output=True)
    return [r["mean"] * 1000 for r in json.load(open(out))["results"]]

def command_latency():
    homes = {}
    for count in (10, 100, 1000, "household"):
        base, env = fresh_env()
        make_pets(env, 1000 if count == "household" else count, *(["--machines", "3"] if count == "household" else []))
        homes[count] = env["LAUNDRY_HOME"]
    status = [f"env LAUNDRY_HOME={homes[n]} {LAUNDRY} status" for n in (10, 100, 1000)]
    cat = [f"sh -c 'cat {homes[n]}/machines/*/pets/* > /dev/null'" for n in (10, 100, 1000)]
    household = [f"env LAUNDRY_HOME={homes['household']} {LAUNDRY} status",
                 f"sh -c 'cat {homes['household']}/machines/*/pets/* > /dev/null'"]
    wash_home = tempfile.mkdtemp(prefix="laundry-bench-wash-")
    subprocess.run([LAUNDRY, "adopt", "Socks"], env=dict(os.environ, LAUNDRY_HOME=wash_home), check=True, capture_output=True)
    wash = f"env LAUNDRY_HOME={wash_home} LAUNDRY_NO_AUTOSTART=1 sh -c '{LAUNDRY} wash Socks --for 1h >/dev/null; {LAUNDRY} cancel Socks >/dev/null'"
    listing = f"env LAUNDRY_HOME={homes[1000]} {LAUNDRY} list --json"
    # What a status bar runs each second when it does not use --follow.
    waybar = f"env LAUNDRY_HOME={homes[10]} {LAUNDRY} status --format waybar"
    times = hyperfine(status + cat + ["/bin/true", wash, listing, waybar] + household)
    true_ms = times[6]
    for index, count in enumerate((10, 100, 1000)):
        ours, floor = times[index], times[3 + index]
        if count == 10:
            row("`laundry status`, 10 pets", f"{ours:.1f} ms", f"{true_ms:.1f} ms (/bin/true)", f"{ours / true_ms:.1f}",
                "<= 5x /bin/true", ours <= 5 * true_ms)
        else:
            row(f"`laundry status`, {count} pets", f"{ours:.1f} ms", f"{floor:.1f} ms (cat of its files)", f"{ours / floor:.1f}",
                "<= 2x cat" if count == 1000 else "-", ours <= 2 * floor if count == 1000 else True)
    ours, floor = times[10], times[11]
    row("`laundry status`, 1000 pets, each in 3 machines' files", f"{ours:.1f} ms", f"{floor:.1f} ms (cat of its files)",
        f"{ours / floor:.1f}", "<= 3x cat", ours <= 3 * floor)
    row("`laundry wash` + `laundry cancel`", f"{times[7]:.1f} ms", f"{true_ms:.1f} ms (/bin/true)", f"{times[7] / true_ms:.1f}", "-", True)
    row("`laundry list --json`, 1,000 pets", f"{times[8]:.1f} ms", f"{times[5]:.1f} ms (cat)", f"{times[8] / times[5]:.1f}", "-", True)
    row("`laundry status --format waybar`, 10 pets", f"{times[9]:.1f} ms", f"{true_ms:.1f} ms (/bin/true)",
        f"{times[9] / true_ms:.1f}", "<= 5x /bin/true", times[9] <= 5 * true_ms)

def household_history():
    """A household's ten years: 20 pets with 520 weekly loads each (10,400 loads, 52,000 history lines).
    `loads`, `history --limit 20` and `stats`, the first time (state and cache folders emptied before each
    run: no cache of laundry's own) and the second (warm), beside `cat` of their files."""
    base, env = fresh_env()
    make_pets(env, 20, "--history-weeks", "520")
    home, state, cache = env["LAUNDRY_HOME"], env["XDG_STATE_HOME"], base + "/cache"
    prefix = f"env LAUNDRY_HOME={home} XDG_STATE_HOME={state} XDG_CACHE_HOME={cache} {LAUNDRY}"
    commands = [("loads", "loads"), ("history --limit 20", "history --limit 20"), ("stats", "stats")]
    floor = hyperfine([f"sh -c 'cat {home}/machines/*/pets/* {home}/machines/*/history/* > /dev/null'"])[0]
    for label, arguments in commands:
        out = tempfile.mktemp(suffix=".json")
        subprocess.run(["hyperfine", "-N", "--runs", "15", "--prepare", f"rm -rf {state}/laundry {cache}/laundry",
                        "--export-json", out, f"{prefix} {arguments}"], check=True, capture_output=True)
        first = json.load(open(out))["results"][0]["mean"] * 1000
        second = hyperfine([f"{prefix} {arguments}"], runs=30)[0]
        row(f"`laundry {label}`, 20 pets with ten years of weekly loads, the first time", f"{first:.1f} ms",
            f"{floor:.1f} ms (cat of their files)", f"{first / floor:.1f}", "<= 150 ms", first <= 150)
        row(f"`laundry {label}`, 20 pets with ten years of weekly loads, the second time", f"{second:.1f} ms",
            f"{floor:.1f} ms (cat of their files)", f"{second / floor:.1f}", "<= 60 ms", second <= 60)
    shutil.rmtree(base, ignore_errors=True)

def loads():
    """`laundry loads` over 1,000 pets with a year of weekly loads each, beside reading their files: with this
    machine's cache of load records (every run after the first), and without it. A scale no household
    reaches: figures, without a target."""
    base, env = fresh_env()
    make_pets(env, 1000, "--history-weeks", "52")
    home, state = env["LAUNDRY_HOME"], env["XDG_STATE_HOME"]
    command = f"env LAUNDRY_HOME={home} XDG_STATE_HOME={state} {LAUNDRY} loads"
    ours, floor = hyperfine([command, f"sh -c 'cat {home}/machines/*/pets/* {home}/machines/*/history/* > /dev/null'"])
    row("`laundry loads`, 1000 pets with a year of weekly loads", f"{ours:.1f} ms",
        f"{floor:.1f} ms (cat of their files)", f"{ours / floor:.1f}", "-", True)
    out = tempfile.mktemp(suffix=".json")
    subprocess.run(["hyperfine", "-N", "--runs", "10", "--prepare", f"rm -f {state}/laundry/loads.cache",
                    "--export-json", out, command], check=True, capture_output=True)
    cold = json.load(open(out))["results"][0]["mean"] * 1000
    row("`laundry loads`, the same, its cache removed first", f"{cold:.1f} ms", f"{floor:.1f} ms (cat of their files)",
        f"{cold / floor:.1f}", "-", True)
    shutil.rmtree(base, ignore_errors=True)

def startup_vs_peer():
    """`laundry status` with 10 pets (3 washing) beside taskwarrior's `task list` with 10 tasks, a real
    peer in C++, and `/bin/true`, in one hyperfine run; each command goes through `env` alike."""
    base, env = fresh_env()
    quiet = dict(env, LAUNDRY_NO_AUTOSTART="1")
    for index in range(10):
        subprocess.run([LAUNDRY, "adopt", f"Pet {index}"], env=quiet, check=True, capture_output=True)
    for index in range(3):
        subprocess.run([LAUNDRY, "wash", f"Pet {index}", "--for", "2h"], env=quiet, check=True, capture_output=True)
    taskrc, taskdata = base + "/taskrc", base + "/taskdata"
    os.makedirs(taskdata)
    with open(taskrc, "w") as f:
        f.write(f"data.location={taskdata}\nconfirmation=off\nverbose=nothing\n")
    task_env = dict(os.environ, TASKRC=taskrc, TASKDATA=taskdata)
    for index in range(10):
        subprocess.run(["task", "add", f"Chore {index}"], env=task_env, check=True, capture_output=True)
    laundry = f"env LAUNDRY_HOME={env['LAUNDRY_HOME']} LAUNDRY_NO_AUTOSTART=1 {LAUNDRY}"
    # German: the locale from the test locales (make-test-locales.sh), the catalogue beside the binary.
    locpath = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), ".build/test-locales")
    german = f"env LANG=de_DE.UTF-8 LOCPATH={locpath} LAUNDRY_HOME={env['LAUNDRY_HOME']} LAUNDRY_NO_AUTOSTART=1 {LAUNDRY}"
    # A few milliseconds each on a shared machine: 30 runs moved the ratio by 0.1 from one run of
    # `make bench` to the next, so these take 300 after 30 to warm up.
    times = hyperfine([f"{laundry} status", f"env TASKRC={taskrc} TASKDATA={taskdata} task list",
                       f"{laundry} --version", "env /bin/true", f"{german} status"], runs=300, warmup=30)
    ours, task, version, true_ms, in_german = times
    row("`laundry status`, 10 pets (3 washing)", f"{ours:.1f} ms", f"{task:.1f} ms (`task list`, 10 tasks)",
        f"{ours / task:.2f}", "<= 0.6x task list", ours <= 0.6 * task)
    row("`laundry status`, 10 pets (3 washing), `LANG=de_DE.UTF-8`", f"{in_german:.1f} ms",
        f"{task:.1f} ms (`task list`, 10 tasks)", f"{in_german / task:.2f}", "<= 0.6x task list",
        in_german <= 0.6 * task)
    row("`laundry --version`", f"{version:.1f} ms", f"{true_ms:.1f} ms (`env /bin/true`)", f"{version / true_ms:.1f}", "-", True)
    shutil.rmtree(base, ignore_errors=True)

def instructions(argv, env):
    """Instructions executed, by callgrind: the same on every run of the same binary and input."""
    out = tempfile.mktemp(prefix="callgrind-")
    subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", *argv], env=env,
                   check=True, capture_output=True)
    total = int(re.search(r"^summary:\s+(\d+)", open(out).read(), re.M).group(1))
    os.unlink(out)
    return total

def startup_instructions():
    """laundry's start-up beside the floor: a FoundationEssentials hello world built the same way
    (static standard library, -Osize, stripped; scripts/bench-floor/hello.swift), in instructions."""
    folder = tempfile.mkdtemp(prefix="laundry-floor-")
    hello = os.path.join(folder, "hello")
    subprocess.run(["swiftc", "-Osize", "-static-stdlib", "-Xlinker", "--no-export-dynamic",
                    os.path.join(ROOT, "scripts/bench-floor/hello.swift"), "-o", hello], check=True, capture_output=True)
    subprocess.run(["strip", hello], check=True)
    laundry = LAUNDRY  # stripped by install_stripped (valgrind gives up on the release binary's debug info)
    base, env = fresh_env()
    # The same few variables for every program measured: counts then depend on nothing else of the
    # machine's environment.
    env = {key: env[key] for key in ("LAUNDRY_HOME", "XDG_RUNTIME_DIR", "XDG_STATE_HOME", "HOME", "PATH")}
    env.update(LAUNDRY_NO_AUTOSTART="1", LAUNDRY_DATA_DIR=os.path.join(ROOT, "data"), LANG="C.UTF-8")
    for index in range(10):
        subprocess.run([LAUNDRY, "adopt", f"Pet {index}"], env=env, check=True, capture_output=True)
    for index in range(3):
        subprocess.run([LAUNDRY, "wash", f"Pet {index}", "--for", "2h"], env=env, check=True, capture_output=True)
    floor = instructions([hello], env)
    version = instructions([laundry, "--version"], env)
    status = instructions([laundry, "status"], env)
    fmt = lambda n: f"{n / 1e6:.2f} M"
    row("`laundry --version`, instructions", fmt(version), f"{fmt(floor)} (hello world)", f"{version / floor:.2f}",
        "<= 1.25x", version <= 1.25 * floor)
    row("`laundry status`, 10 pets (3 washing), instructions", fmt(status), f"{fmt(floor)} (hello world)",
        f"{status / floor:.2f}", "<= 1.6x", status <= 1.6 * floor)
    many_base, many = fresh_env()
    many = dict(env, LAUNDRY_HOME=many["LAUNDRY_HOME"])
    make_pets(many, 1000, "--timer-every", "3")
    thousand = instructions([laundry, "status"], many)
    row("`laundry status`, 1,000 pets, instructions (a figure: no household has them)", fmt(thousand),
        f"{fmt(floor)} (hello world)", f"{thousand / floor:.1f}", "-", True)
    for folder_ in (folder, base, many_base):
        shutil.rmtree(folder_, ignore_errors=True)

def tick():
    base, env = fresh_env()
    make_pets(env, 10000, "--timer-every", "1000000")
    env["LAUNDRY_LOG_TIMINGS"] = "1"
    daemon(env, "start")
    time.sleep(33)
    log = open(env["XDG_STATE_HOME"] + "/laundry/daemon.log").read()
    daemon(env, "stop")
    shutil.rmtree(base, ignore_errors=True)
    ticks = [float(t) for t in re.findall(r"tick: 10000 pets in ([0-9.]+) ms", log)]
    steady = ticks[-1] if ticks else float("nan")
    row("health tick over 10,000 pets (a steady tick)", f"{steady:.1f} ms", "-", "-", "<= 5 ms", steady <= 5)

def clear_everywhere():
    """The random run of 200 loads (ClearEverywhereEndToEndTests, run by `make bench` against the release
    binaries before this script, in a session of its own as `make test` runs it): how long after each
    acknowledgement its popup, Home Assistant's event and the phone's ntfy push were gone. The popups'
    own figures are the baseline: the notification server is the nearest surface."""
    report = os.environ.get("LAUNDRY_CLEAR_REPORT", "")
    if not os.path.exists(report):
        row("clear everywhere after an acknowledgement", "did not run", "-", "-", "< 2 s", False)
        return
    seconds = json.load(open(report))
    popup = seconds.pop("popup")
    others = [value for values in seconds.values() for value in values]
    p95 = lambda values: sorted(values)[int(0.95 * (len(values) - 1))]
    for label, pick in (("p95", p95), ("slowest", max)):
        ours, base = pick(others), pick(popup)
        row(f"clear everywhere, {label} of {len(popup)} (Home Assistant, ntfy vs the popup)",
            f"{ours * 1000:.0f} ms", f"{base * 1000:.0f} ms", f"{ours / base:.2f}", "< 2 s every surface",
            max(ours, base) < 2)

if __name__ == "__main__":
    install_stripped()
    steps = sys.argv[1:] or ["instructions", "startup", "latency", "history", "loads", "lateness", "wakeups", "memory",
                             "tick", "clear"]
    if "instructions" in steps: startup_instructions()
    if "startup" in steps: startup_vs_peer()
    if "latency" in steps: command_latency()
    if "history" in steps: household_history()
    if "loads" in steps: loads()
    if "lateness" in steps:
        lateness(1000, 0, "in the same second", "SameSecond")
        # The same without the live cards, side by side: what their 1,000 withdrawals at the finish cost.
        lateness(1000, 0, "in the same second, live cards off", "NoCards", config='{"liveCard": false}')
        bus_floor(1000)
        lateness(100, 60, "spread over a minute", "Spread")
    if "wakeups" in steps: wakeups()
    if "memory" in steps: memory()
    if "tick" in steps: tick()
    if "clear" in steps: clear_everywhere()
    widths = [max(len(str(r[i])) for r in rows + [("metric", "laundry", "baseline", "ratio", "target", "met")]) for i in range(6)]
    header = ("metric", "laundry", "baseline", "ratio", "target", "met")
    for line in [header, tuple("-" * w for w in widths)] + rows:
        print(" | ".join(str(cell).ljust(width) for cell, width in zip(line, widths)))
