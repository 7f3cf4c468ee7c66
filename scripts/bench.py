#!/usr/bin/env python3
"""`make bench`: laundry's figures beside a baseline measured in the same run, one table.

Each part runs in a notification session of its own (scripts/notification-session.sh: a private bus,
real dunst under Xvfb, PulseAudio) with a binary capture of every Notify call (the text monitor is too
slow to time a burst), in the default configuration: no config.json, live cards on. The bus-limit part's
bus lets a connection wait for at most 16 replies.

    bench.py                    every part, then the table
    bench.py STEP...            those steps only (instructions startup latency household history loads
                                lateness burst wakeups buslimit memory tick clear machine tray)
With LAUNDRY_BENCH_BUILD=FOLDER, the binaries of another build (say, an older commit's .build/release)
are measured instead, against the same baselines."""
import glob, json, os, re, shutil, subprocess, sys, tempfile, time

import bench_machine
import bench_tray

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BUILD = os.environ.get("LAUNDRY_BENCH_BUILD", os.path.join(ROOT, ".build/release"))
BENCH_PREFIX = os.path.join(ROOT, ".build/bench")
LAUNDRY = os.path.join(BENCH_PREFIX, "bin/laundry")
PY = "/usr/bin/python3"
PARTS = [
    # The idle daemon's wake-ups first, in a session of their own: popups other parts leave on dunst's
    # screen must not count as the daemon's.
    ({}, ["wakeups"]),
    ({}, ["instructions", "startup", "latency", "household", "history", "loads", "lateness", "burst",
          "memory", "tick", "clear"]),
    ({"LAUNDRY_SESSION_MAX_REPLIES": "16"}, ["buslimit"]),
    ({}, ["machine"]),
    ({}, ["tray"]),
]
rows = []

def row(metric, ours, baseline, ratio, target, met):
    rows.append((metric, ours, baseline, ratio, target, "yes" if met else "NO"))

def install_stripped():
    """The release binaries as `make install` lays them out, stripped: what users run."""
    shutil.rmtree(BENCH_PREFIX, ignore_errors=True)
    os.makedirs(os.path.join(BENCH_PREFIX, "bin"))
    os.makedirs(os.path.join(BENCH_PREFIX, "share"))
    for program in ("laundry", "laundryd"):
        subprocess.run(["strip", "-o", os.path.join(BENCH_PREFIX, "bin", program), os.path.join(BUILD, program)],
                       check=True)
    os.symlink(os.path.join(ROOT, "data"), os.path.join(BENCH_PREFIX, "share/laundry"))
    os.symlink(os.path.join(ROOT, ".build/locale"), os.path.join(BENCH_PREFIX, "share/locale"))

def fresh_env():
    base = tempfile.mkdtemp(prefix="laundry-bench-")
    env = dict(os.environ, LAUNDRY_HOME=base + "/home", XDG_RUNTIME_DIR=base + "/run", XDG_STATE_HOME=base + "/state",
               XDG_CONFIG_HOME=base + "/config", XDG_CACHE_HOME=base + "/cache")
    # A config folder of its own: the machine's own config.json must not change what is measured.
    os.makedirs(env["XDG_CONFIG_HOME"] + "/laundry")
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

def load_ends(env):
    """Each washing pet's name and its load's end (seconds since 1970), from the records."""
    ends = {}
    for path in glob.glob(env["LAUNDRY_HOME"] + "/machines/*/pets/*.json"):
        record = json.load(open(path))
        load = record.get("cycle", {}).get("value", {}).get("load")
        if load:
            stamp = load["endsAt"]
            ends[record["identity"]["value"]["name"]] = time.mktime(time.strptime(stamp[:19], "%Y-%m-%dT%H:%M:%S")) \
                - time.timezone + float("0." + stamp[20:23])
    return ends

sys.path.insert(0, os.path.join(ROOT, "scripts"))
notify_pcap = __import__("notify-pcap")

def notify_calls(marker_regex, since):
    """(bus time, first group) of every Notify call since `since` whose summary or body matches."""
    calls = []
    for sent, summary, body in notify_pcap.notify_calls(os.environ["LAUNDRY_NOTIFY_PCAP"]):
        match = re.search(marker_regex, summary + " " + body)
        if match and sent >= since:
            calls.append((sent, match.group(1)))
    return calls

def first_times(calls):
    times = {}
    for sent, key in calls:
        times.setdefault(key, sent)
    return times

def percentiles(values):
    values = sorted(values)
    pick = lambda p: values[min(len(values) - 1, int(p / 100 * len(values)))]
    return pick(50), pick(99), values[-1]

def spelled(p):
    return f"p50 {p[0]:.1f} / p99 {p[1]:.1f} / max {p[2]:.1f} ms"

def notify_send_at(deadlines):
    """The baseline: what most people would script, one `sleep N; notify-send` per load. Returns the
    tags of those that ran."""
    procs = []
    for tag, due in deadlines.items():
        procs.append(subprocess.Popen(["sh", "-c", f'sleep {max(0, due - time.time()):.3f}; notify-send "base" "{tag} done"'],
                                      stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
    for proc in procs:
        try:
            proc.wait(timeout=120)
        except subprocess.TimeoutExpired:
            proc.kill()
    time.sleep(1)

def finish_lateness(count, spread, rounds, align_to_minute):
    """laundryd's lateness for `count` loads ending within `spread` seconds, and the baseline's (run
    after it, on its own: together each would slow the other). With `align_to_minute` the middle load
    ends on a wall-clock minute, when every live card is updated: a finish's popup must not wait behind
    them."""
    ours_late, base_late = [], []
    for _ in range(rounds):
        base, env = fresh_env()
        started = time.time()
        first_end = int(time.time()) + 8
        if align_to_minute:
            minute = (int(time.time() + 8 + spread / 2) // 60 + 1) * 60
            first_end = minute - spread * (count // 2) / max(1, count - 1)
        make_pets(env, count, "--timer-every", "1", "--ends-at", str(first_end), "--spread", str(spread))
        daemon(env, "start")
        time.sleep(max(0, first_end - time.time()) + spread + 4)
        ends = load_ends(env)
        posted = first_times(notify_calls(r"(Pet \d+) is ready", started))
        ours_late += [(posted[name] - end) * 1000 for name, end in ends.items() if name in posted]
        daemon(env, "stop")
        shutil.rmtree(base, ignore_errors=True)

        first_end = time.time() + 8
        deadlines = {f"Base{len(base_late) + index:05d}": first_end + (spread * index / max(1, count - 1))
                     for index in range(count)}
        notify_send_at(deadlines)
        posted = first_times(notify_calls(r"(Base\d+) done", started))
        base_late += [(posted[tag] - due) * 1000 for tag, due in deadlines.items() if tag in posted]
    return ours_late, base_late

def lateness():
    count, rounds = 10, 3
    ours, base = finish_lateness(count, 25, rounds, align_to_minute=True)
    label = (f"lateness on dunst, {count} loads ending within 25 s, one on the minute the cards move "
             f"({rounds} rounds: posted {len(ours)}/{count * rounds}; baseline {len(base)})")
    if not ours or not base:
        row(label, "none posted", "-", "-", "p99 <= 20 ms", False)
        return
    o, b = percentiles(ours), percentiles(base)
    row(label, spelled(o), spelled(b) + " (sleep; notify-send)", f"{o[1] / max(b[1], 0.001):.2f}", "p99 <= 20 ms",
        o[1] <= 20 and len(ours) == count * rounds)

def burst():
    count = 300
    ours, base = finish_lateness(count, 0, 1, align_to_minute=False)
    if not ours or not base:
        row(f"lateness on dunst, a burst of {count} in the same second (a figure)", "none posted", "-", "-", "-", True)
        return
    o, b = percentiles(ours), percentiles(base)
    row(f"lateness on dunst, a burst of {count} in the same second (a figure; posted {len(ours)}; baseline {len(base)})",
        spelled(o), spelled(b) + " (sleep; notify-send)", f"{o[1] / max(b[1], 0.001):.2f}", "-", True)

def wake_ups(pid, seconds):
    """What strace sees of `pid`'s threads over `seconds`: (wake-ups, returns). A wake-up is the return
    of a call that slept: poll or epoll with a timeout other than 0, a futex wait, a sleep. A poll that
    returns only because the same thread wrote to one of its eventfds since its last poll did not sleep:
    GLib signals its own loop's eventfd whenever it dispatches a source that watches a file descriptor
    (g_main_context_remove_poll and add_poll, around the dispatch), so the poll after every such event
    returns at once; those are not counted (`self-woken`, third in the tuple). Returns counts every return
    of those calls, the ones that never slept too (GDBus's thread polls with a timeout of 0 once for each
    message it writes; a futex wake returns at once)."""
    out = tempfile.mktemp(prefix="wakeups-")
    subprocess.run(["timeout", "-s", "INT", str(seconds), "strace", "-f", "-qq", "-o", out, "-p", str(pid),
                    "-e", "trace=poll,ppoll,futex,nanosleep,clock_nanosleep,epoll_wait,epoll_pwait,select,pselect6,"
                    "write"], capture_output=True)
    started, calls = {}, []
    for line in open(out):
        match = re.match(r"(\d+)\s+(.*)", line.rstrip("\n"))
        if not match or match.group(2).startswith(("---", "+++")):
            continue
        thread, text = match.groups()
        if text.endswith("<unfinished ...>"):  # cut by another thread's line: joined with its end
            started[thread] = text[:-len("<unfinished ...>")]
            continue
        resumed = re.match(r"<\.\.\. (\w+) resumed>(.*)", text)
        if resumed:
            text = started.pop(thread, resumed.group(1) + "(") + resumed.group(2)
        calls.append((thread, text))
    os.unlink(out)
    def slept(call):
        name = call.split("(")[0]
        if name in ("poll", "ppoll", "epoll_wait", "epoll_pwait"):
            timeout = re.search(r", (-?\d+)\)? *(?:<[^>]*>)?\)? = ", call) or re.search(r"\], \d+, (-?\d+)", call)
            return not timeout or timeout.group(1) != "0"
        if name == "futex":
            return "FUTEX_WAIT" in call
        return name in ("nanosleep", "clock_nanosleep", "select", "pselect6", "restart_syscall")
    signalled, woke, returns, self_woken = {}, 0, 0, 0
    for thread, call in calls:
        name = call.split("(")[0]
        if name == "write":
            eventfd = re.match(r'write\((\d+), "\\1\\0\\0\\0\\0\\0\\0\\0", 8\) += 8', call)
            if eventfd:
                signalled.setdefault(thread, set()).add(eventfd.group(1))
            continue
        returns += 1
        if not slept(call):
            continue
        ready = set(re.findall(r"\{fd=(\d+), revents=", call.split(" = ", 1)[-1]))
        if name in ("poll", "ppoll") and ready and ready <= signalled.get(thread, set()):
            self_woken += 1
        else:
            woke += 1
        if name in ("poll", "ppoll"):
            signalled[thread] = set()
    return woke, returns, self_woken

def wakeups():
    """100 loads ending in 50 minutes (each card's words change at every minute), measured over a 65 s
    that holds the second minute after the daemon started (the first may change no card's words)."""
    base, env = fresh_env()
    make_pets(env, 100, "--timer-every", "1", "--ends-at", str(int(time.time()) + 3000))
    daemon(env, "start")
    pid = daemon_pid(env)
    now = time.time()
    time.sleep((int(now) // 60 + 2) * 60 - 30 - now)
    ours, our_returns, our_self = wake_ups(pid, 65)
    daemon(env, "stop")
    shutil.rmtree(base, ignore_errors=True)
    poller = subprocess.Popen([PY, "-c", "import time\nwhile True: time.sleep(1)"])
    time.sleep(1)
    theirs, _, _ = wake_ups(poller.pid, 65)
    poller.kill()
    row("wake-ups of the idle daemon over 65 s, 100 loads with live cards (strace, every thread)",
        f"{ours} ({our_returns} returns of those calls; {our_self} polls GLib's own eventfd ended at once)",
        f"{theirs} (a 1 s sleep loop)",
        f"{ours / max(theirs, 1):.2f}", "<= 20", ours <= 20)

def buslimit():
    """200 loads started by `laundry wash` while the daemon runs, ending together, on a bus that lets a
    connection wait for 16 replies: each finish's popup on the bus once, within 10 s of its end."""
    count = 200
    base, env = fresh_env()
    quiet = dict(env, LAUNDRY_NO_AUTOSTART="1")
    for index in range(count):
        subprocess.run([LAUNDRY, "adopt", f"Pet {index:05d}"], env=quiet, check=True, capture_output=True)
    daemon(env, "start")
    started = time.time()
    target = time.time() + count * 0.03 + 10
    for index in range(count):
        subprocess.run([LAUNDRY, "wash", f"Pet {index:05d}", "--for", f"{round(target - time.time())}s"], env=env,
                       check=True, capture_output=True)
    ends = load_ends(env)
    time.sleep(max(0, max(ends.values()) - time.time()) + 10)
    # Then until every popup is on the bus (dunst redraws its whole stack for each call, so 400
    # notifications on screen take it tens of seconds), for at most two minutes.
    calls = notify_calls(r"(Pet \d+) is ready", started)
    while len(first_times(calls)) < count and time.time() < max(ends.values()) + 120:
        time.sleep(2)
        calls = notify_calls(r"(Pet \d+) is ready", started)
    daemon(env, "stop")
    shutil.rmtree(base, ignore_errors=True)
    late = [(sent - ends[name]) for sent, name in calls if name in ends]
    names = [name for _, name in calls]
    once = sum(1 for name in ends if names.count(name) == 1)
    firsts = first_times(calls)
    within = sum(1 for name in ends if name in firsts and firsts[name] - ends[name] <= 10)

    deadlines = {f"Limit{index:05d}": time.time() + 5 for index in range(count)}
    since = time.time()
    notify_send_at(deadlines)
    base_firsts = first_times(notify_calls(r"(Limit\d+) done", since))
    base_late = [base_firsts[tag] - due for tag, due in deadlines.items() if tag in base_firsts]
    slowest = f"{max(late):.1f} s" if late else "-"
    row(f"{count} loads ending together on a bus that allows 16 pending replies: finish popups shown once, "
        f"and within 10 s of the end", f"{once} once, {within} within 10 s (slowest {slowest})",
        f"{len(base_late)} of {count}, slowest {max(base_late, default=float('nan')):.1f} s (notify-send each)", "-",
        f"{count} and {count}", once == count and within == count)

def memory():
    """laundryd's resident memory idle with 10 pets (one load, one card), and what each armed load adds:
    1,010 pets with one load beside the same with 1,010 loads, each with its live card on dunst; by
    VmRSS (everything resident, code pages included, which moves by a megabyte from run to run) and by
    RssAnon (the memory the loads themselves take). 10,000 loads (live cards off: 10,000 cards measure
    dunst) as a figure."""
    results = {}
    for label, count, every, config in (("idle", 10, "1000000", None), ("one", 1010, "1000000", None),
                                        ("all", 1010, "1", None), ("ten thousand", 10000, "1", '{"liveCard": false}')):
        base, env = fresh_env()
        if config:
            open(env["XDG_CONFIG_HOME"] + "/laundry/config.json", "w").write(config)
        make_pets(env, count, "--timer-every", every)
        daemon(env, "start")
        # The two runs compared are read at the same moment after the start (file pages come in over the first seconds).
        time.sleep(8 if label in ("one", "all") else 3)
        status = open(f"/proc/{daemon_pid(env)}/status").read()
        field = lambda name: int(re.search(name + r":\s+(\d+)", status).group(1))
        results[label] = (field("VmRSS"), field("RssAnon"))
        daemon(env, "stop")
        shutil.rmtree(base, ignore_errors=True)
    per_load = (results["all"][0] - results["one"][0]) * 1024 / 1009
    per_load_anon = (results["all"][1] - results["one"][1]) * 1024 / 1009
    row("laundryd's memory (RSS), idle with 10 pets", f"{results['idle'][0]} kB", "-", "-", "<= 20 MB",
        results["idle"][0] <= 20 * 1024)
    row("bytes per armed load, with its live card (VmRSS, 1,010 pets: 1 load vs 1,010)", f"{per_load:.0f} B", "-", "-",
        "<= 1 KB", per_load <= 1024)
    row("bytes per armed load, with its live card (RssAnon: the loads' own memory)", f"{per_load_anon:.0f} B", "-",
        "-", "<= 1 KB", per_load_anon <= 1024)
    row("daemon memory (RSS) with 10,000 loads, live cards off (a figure)", f"{results['ten thousand'][0]} kB", "-",
        "-", "-", True)

def hyperfine(commands, runs=30, warmup=3, prepare=None):
    """Each command's mean and slowest run, in ms."""
    out = tempfile.mktemp(suffix=".json")
    subprocess.run(["hyperfine", "-N", "--warmup", str(warmup), "--runs", str(runs), "--export-json", out,
                    *(["--prepare", prepare] if prepare else []), *commands], check=True, capture_output=True)
    results = json.load(open(out))["results"]
    os.unlink(out)
    return [(r["mean"] * 1000, r["max"] * 1000) for r in results]

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
    wash = f"env LAUNDRY_HOME={wash_home} LAUNDRY_NO_AUTOSTART=1 sh -c '{LAUNDRY} wash Socks >/dev/null; {LAUNDRY} cancel Socks >/dev/null'"
    listing = f"env LAUNDRY_HOME={homes[1000]} {LAUNDRY} list --json"
    # What a status bar runs each second when it does not use --follow.
    waybar = f"env LAUNDRY_HOME={homes[10]} {LAUNDRY} status --format waybar"
    times = [mean for mean, _ in hyperfine(status + cat + ["/bin/true", wash, listing, waybar] + household)]
    true_ms = times[6]
    for index, count in enumerate((10, 100, 1000)):
        ours, floor = times[index], times[3 + index]
        if count == 10:
            row("`laundry status`, 10 pets", f"{ours:.1f} ms", f"{true_ms:.1f} ms (/bin/true)", f"{ours / true_ms:.1f}",
                "<= 5x /bin/true", ours <= 5 * true_ms)
        else:
            row(f"`laundry status`, {count} pets (a figure)", f"{ours:.1f} ms", f"{floor:.1f} ms (cat of its files)",
                f"{ours / floor:.1f}", "-", True)
    ours, floor = times[10], times[11]
    row("`laundry status`, 1000 pets, each in 3 machines' files (a figure)", f"{ours:.1f} ms",
        f"{floor:.1f} ms (cat of its files)", f"{ours / floor:.1f}", "-", True)
    row("`laundry wash` (no --for) + `laundry cancel`", f"{times[7]:.1f} ms", f"{true_ms:.1f} ms (/bin/true)",
        f"{times[7] / true_ms:.1f}", "-", True)
    row("`laundry list --json`, 1,000 pets (a figure)", f"{times[8]:.1f} ms", f"{times[5]:.1f} ms (cat)",
        f"{times[8] / times[5]:.1f}", "-", True)
    row("`laundry status --format waybar`, 10 pets", f"{times[9]:.1f} ms", f"{true_ms:.1f} ms (/bin/true)",
        f"{times[9] / true_ms:.1f}", "<= 5x /bin/true", times[9] <= 5 * true_ms)

def read_everything(pets, weeks, target):
    """`loads`, `history --limit 20` and `stats` over `pets` pets with `weeks` weekly loads each, beside
    `cat` of their files; `target`: the slowest run's limit in ms (None: a figure)."""
    base, env = fresh_env()
    make_pets(env, pets, "--history-weeks", str(weeks))
    home = env["LAUNDRY_HOME"]
    prefix = f"env LAUNDRY_HOME={home} XDG_STATE_HOME={env['XDG_STATE_HOME']} XDG_CACHE_HOME={env['XDG_CACHE_HOME']} {LAUNDRY}"
    floor = hyperfine([f"sh -c 'cat {home}/machines/*/pets/* {home}/machines/*/history/* > /dev/null'"])[0][0]
    what = f"{pets} pets with {weeks // 52} years of weekly loads ({pets * weeks} loads, {pets * weeks * 5} history lines)"
    for arguments in ("loads", "history --limit 20", "stats"):
        mean, slowest = hyperfine([f"{prefix} {arguments}"], runs=20)[0]
        if target:
            row(f"`laundry {arguments}`, {what}", f"mean {mean:.1f} / slowest {slowest:.1f} ms",
                f"{floor:.1f} ms (cat of their files)", f"{slowest / floor:.1f}", f"<= {target} ms every run",
                slowest <= target)
        else:
            row(f"`laundry {arguments}`, {what} (a figure)", f"{mean:.1f} ms", f"{floor:.1f} ms (cat of their files)",
                f"{mean / floor:.1f}", "-", True)
    shutil.rmtree(base, ignore_errors=True)

def loads():
    """`laundry loads` over 1,000 pets with a year of weekly loads each: a scale no household reaches."""
    base, env = fresh_env()
    make_pets(env, 1000, "--history-weeks", "52")
    home = env["LAUNDRY_HOME"]
    (ours, _), (floor, _) = hyperfine([f"env LAUNDRY_HOME={home} {LAUNDRY} loads",
                                       f"sh -c 'cat {home}/machines/*/pets/* {home}/machines/*/history/* > /dev/null'"],
                                      runs=10)
    row("`laundry loads`, 1000 pets with a year of weekly loads (a figure)", f"{ours:.1f} ms",
        f"{floor:.1f} ms (cat of their files)", f"{ours / floor:.1f}", "-", True)
    shutil.rmtree(base, ignore_errors=True)

def ten_pets(env):
    """10 pets, 3 washing, as a person makes them."""
    quiet = dict(env, LAUNDRY_NO_AUTOSTART="1")
    for index in range(10):
        subprocess.run([LAUNDRY, "adopt", f"Pet {index}"], env=quiet, check=True, capture_output=True)
    for index in range(3):
        subprocess.run([LAUNDRY, "wash", f"Pet {index}", "--for", "2h"], env=quiet, check=True, capture_output=True)

def startup_vs_peer():
    """`laundry status` with 10 pets (3 washing) beside taskwarrior's `task list` with 10 tasks, a real
    peer in C++, and `/bin/true`, in one hyperfine run; each command goes through `env` alike."""
    base, env = fresh_env()
    env["TZ"] = "America/New_York"
    ten_pets(env)
    taskrc, taskdata = base + "/taskrc", base + "/taskdata"
    os.makedirs(taskdata)
    with open(taskrc, "w") as f:
        f.write(f"data.location={taskdata}\nconfirmation=off\nverbose=nothing\n")
    task_env = dict(os.environ, TASKRC=taskrc, TASKDATA=taskdata)
    for index in range(10):
        subprocess.run(["task", "add", f"Chore {index}"], env=task_env, check=True, capture_output=True)
    laundry = f"env TZ=America/New_York LAUNDRY_HOME={env['LAUNDRY_HOME']} LAUNDRY_NO_AUTOSTART=1 {LAUNDRY}"
    # German: the locale from the test locales (make-test-locales.sh), the catalogue beside the binary.
    locpath = os.path.join(ROOT, ".build/test-locales")
    german = f"env TZ=America/New_York LANG=de_DE.UTF-8 LOCPATH={locpath} LAUNDRY_HOME={env['LAUNDRY_HOME']} LAUNDRY_NO_AUTOSTART=1 {LAUNDRY}"
    # A few milliseconds each on a shared machine: 30 runs moved the ratio by 0.1 from one run of
    # `make bench` to the next, so these take 300 after 30 to warm up.
    times = hyperfine([f"{laundry} status", f"env TZ=America/New_York TASKRC={taskrc} TASKDATA={taskdata} task list",
                       f"{laundry} --version", "env /bin/true", f"{german} status"], runs=300, warmup=30)
    ours, task, version, true_ms, in_german = [mean for mean, _ in times]
    row("`laundry status`, 10 pets (3 washing)", f"{ours:.1f} ms", f"{task:.1f} ms (`task list`, 10 tasks)",
        f"{ours / task:.2f}", "faster than task list", ours < task)
    row("`laundry status`, 10 pets (3 washing), `LANG=de_DE.UTF-8`", f"{in_german:.1f} ms",
        f"{task:.1f} ms (`task list`, 10 tasks)", f"{in_german / task:.2f}", "faster than task list", in_german < task)
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
    (static standard library, -Osize, stripped; scripts/bench-floor/hello.swift), in instructions, in
    a zone with daylight saving time."""
    folder = tempfile.mkdtemp(prefix="laundry-floor-")
    hello = os.path.join(folder, "hello")
    subprocess.run(["swiftc", "-Osize", "-static-stdlib", "-Xlinker", "--no-export-dynamic",
                    os.path.join(ROOT, "scripts/bench-floor/hello.swift"), "-o", hello], check=True, capture_output=True)
    subprocess.run(["strip", hello], check=True)
    base, env = fresh_env()
    # The same few variables for every program measured: counts then depend on nothing else of the
    # machine's environment.
    env = {key: env[key] for key in ("LAUNDRY_HOME", "XDG_RUNTIME_DIR", "XDG_STATE_HOME", "XDG_CONFIG_HOME", "HOME", "PATH")}
    env.update(LAUNDRY_NO_AUTOSTART="1", LAUNDRY_DATA_DIR=os.path.join(ROOT, "data"), LANG="C.UTF-8",
               TZ="America/New_York")
    ten_pets(env)
    floor = instructions([hello], env)
    version = instructions([LAUNDRY, "--version"], env)
    status = instructions([LAUNDRY, "status"], env)
    fmt = lambda n: f"{n / 1e6:.2f} M"
    row("`laundry --version`, instructions", fmt(version), f"{fmt(floor)} (hello world)", f"{version / floor:.2f}",
        "<= 1.25x", version <= 1.25 * floor)
    row("`laundry status`, 10 pets (3 washing), instructions", fmt(status), f"{fmt(floor)} (hello world)",
        f"{status / floor:.2f}", "<= 2.5x", status <= 2.5 * floor)
    many_base, many = fresh_env()
    many = dict(env, LAUNDRY_HOME=many["LAUNDRY_HOME"])
    make_pets(many, 1000, "--timer-every", "3")
    thousand = instructions([LAUNDRY, "status"], many)
    row("`laundry status`, 1,000 pets, instructions (a figure)", fmt(thousand), f"{fmt(floor)} (hello world)",
        f"{thousand / floor:.1f}", "-", True)
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
    row("health tick over 10,000 pets (a steady tick; a figure)", f"{steady:.1f} ms", "-", "-", "-", bool(ticks))

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

STEPS = {
    "instructions": startup_instructions, "startup": startup_vs_peer, "latency": command_latency,
    "household": lambda: read_everything(8, 260, 150), "history": lambda: read_everything(20, 520, None),
    "loads": loads, "lateness": lateness, "burst": burst, "wakeups": wakeups, "buslimit": buslimit,
    "memory": memory, "tick": tick, "clear": clear_everywhere,
    "machine": lambda: bench_machine.run(ROOT, LAUNDRY, fresh_env, row, wake_ups, daemon_pid),
    "tray": lambda: bench_tray.run(ROOT, LAUNDRY, fresh_env, row, daemon_pid),
}

def print_table(all_rows):
    header = ("metric", "laundry", "baseline", "ratio", "target", "met")
    widths = [max(len(str(r[i])) for r in all_rows + [header]) for i in range(6)]
    for line in [header, tuple("-" * w for w in widths)] + all_rows:
        print(" | ".join(str(cell).ljust(width) for cell, width in zip(line, widths)))

if __name__ == "__main__":
    if len(sys.argv) > 2 and sys.argv[1] == "--inside":
        # One part, inside its notification session: its rows go to the file the table is made from.
        rows_file, steps = sys.argv[2], sys.argv[3:]
        for step in steps:
            try:
                STEPS[step]()
            except Exception as error:  # one step's failure is a row, not the end of the table
                row(f"{step}: did not finish", str(error).splitlines()[0][:120] if str(error) else repr(error),
                    "-", "-", "-", False)
        with open(rows_file, "a") as f:
            for line in rows:
                f.write(json.dumps(line) + "\n")
        sys.exit(0)
    wanted = sys.argv[1:] or [step for _, steps in PARTS for step in steps]
    unknown = [step for step in wanted if step not in STEPS]
    if unknown:
        sys.exit(f"bench.py: no step {', '.join(unknown)} (steps: {' '.join(STEPS)})")
    install_stripped()
    rows_file = tempfile.mktemp(prefix="laundry-bench-rows-")
    for session_env, steps in PARTS:
        chosen = [step for step in steps if step in wanted]
        if chosen:
            subprocess.run([os.path.join(ROOT, "scripts/notification-session.sh"), PY, os.path.abspath(__file__),
                            "--inside", rows_file, *chosen],
                           env=dict(os.environ, LAUNDRY_SESSION_CAPTURE="pcap", **session_env), check=True)
    all_rows = [tuple(json.loads(line)) for line in open(rows_file)] if os.path.exists(rows_file) else []
    print_table(all_rows)
