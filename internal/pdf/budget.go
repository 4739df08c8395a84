package pdf

import (
	"bytes"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
)

// ErrBudget means the document went over its CPU or memory budget and its
// renderer was killed (422). Errors of Convert that match it are a
// *BudgetError naming the budget.
var ErrBudget = errors.New("pdf: document over its budget")

// BudgetError names the budget a document went over.
type BudgetError struct {
	Resource string // "CPU" or "memory"
	Limit    string // the budget, as people read it: "10s", "512 MiB"
}

func (e *BudgetError) Error() string {
	return fmt.Sprintf("pdf: the document went over its %s budget (%s); its renderer was stopped", e.Resource, e.Limit)
}

// Is makes errors.Is(err, ErrBudget) hold.
func (e *BudgetError) Is(target error) bool { return target == ErrBudget }

// Budget is what one document may use. Every tab renders in a renderer
// process of its own, so the renderer's figures are the document's (see
// README.md, "The PDF converter").
type Budget struct {
	// CPU is the CPU time a document's renderer may use, where time its
	// main thread spent waiting for a core counts too (see mainThreadBusy):
	// counted from the start of the job on it, and from the last pause of
	// idleReset for a renderer of no known tab; 0: no CPU budget.
	CPU time.Duration
	// Memory is the largest resident set size of a renderer; 0: none.
	Memory int64
}

const (
	// watchTick is how often the renderers' CPU time and RSS are read: a
	// script can fill memory at gigabytes a second, so often.
	watchTick = 50 * time.Millisecond
	// rescanEvery is how many ticks pass between looks for renderers of no
	// known tab (a whole /proc scan; a tab's own renderer is known from its
	// job's start, and reading known renderers is cheap).
	rescanEvery = 10
	// idleReset: a renderer that used no CPU for this long is idle, and its
	// CPU count starts again (the next document's budget is whole).
	idleReset = 500 * time.Millisecond
	// clockTicks is USER_HZ, the unit of utime and stime in /proc/<pid>/stat;
	// Linux fixes it at 100 for user space on every architecture Chromium
	// runs on.
	clockTicks = 100
)

var pageSize = int64(os.Getpagesize())

// watchdog enforces a Budget on the renderer processes of one browser: it
// finds them in /proc (descendants of the browser's process whose command
// line says --type=renderer) and stops one that goes over. A renderer of a
// known tab is stopped by closing the tab, so the browser ends the process
// itself: a renderer killed from outside while it runs a page can bring the
// whole browser down (Chromium 156 dies with SIGTRAP about every other
// time). Only a renderer that is still there killGrace later, or belongs to
// no known tab, gets SIGKILL. The job learns of it from the tab and asks
// killedSince which budget it was.
type watchdog struct {
	root   int
	budget Budget
	log    *slog.Logger
	stop   chan struct{}
	done   chan struct{}

	mu     sync.Mutex
	procs  map[int]*procState
	owners map[int]func() // renderer pid -> closes its tab
	kills  []kill
	jobs   map[*job]struct{} // documents being rendered now
	// stuck is set when a process the watchdog killed is still there
	// killGrace later: the browser must be replaced (its tree is killed).
	stuck bool
}

// job is one document being rendered: the watchdog charges it for the
// browser's helper processes (GPU, utility, print compositor: shared, not
// the tab's own) that worked while it ran, and stops it through abort when
// one of them goes over the budget.
type job struct {
	abort func()
	over  *BudgetError // set by the watchdog, under its lock
}

// killGrace is how long a renderer whose tab was closed may take to go
// before it is killed outright.
const killGrace = 3 * time.Second

type procState struct {
	base, last uint64        // CPU ticks: at the start of the current count, at the last read
	baseBusy   time.Duration // the main thread's busy time at the start of the count
	active     time.Time
	doomed     time.Time // when it went over budget and its tab was closed
	// helper marks a process that is not a document's renderer (GPU,
	// utility, print compositor, network...): no tab owns it, so the jobs
	// running during its busy spell are charged for it.
	helper bool
	jobs   map[*job]struct{} // jobs that ran during the current busy spell
	killed time.Time         // when it was sent SIGKILL
}

type kill struct {
	at  time.Time
	pid int
	err *BudgetError
}

// startWatchdog watches the renderers under root until stop is called; a
// zero budget watches nothing.
func startWatchdog(root int, b Budget, log *slog.Logger) *watchdog {
	w := &watchdog{root: root, budget: b, log: log, stop: make(chan struct{}), done: make(chan struct{}),
		procs: map[int]*procState{}, owners: map[int]func(){}, jobs: map[*job]struct{}{}}
	if root <= 0 || (b.CPU <= 0 && b.Memory <= 0) {
		close(w.done)
		return w
	}
	go w.run()
	return w
}

// active reports whether w enforces anything.
func (w *watchdog) active() bool { return w.budget.CPU > 0 || w.budget.Memory > 0 }

func (w *watchdog) close() {
	select {
	case <-w.stop:
	default:
		close(w.stop)
	}
	<-w.done
}

func (w *watchdog) run() {
	defer close(w.done)
	t := time.NewTicker(watchTick)
	defer t.Stop()
	for n := 0; ; n++ {
		if n%rescanEvery == 0 {
			w.rescan()
		}
		w.check(time.Now())
		select {
		case <-w.stop:
			return
		case <-t.C:
		}
	}
}

// rescan adds processes of the browser that appeared since the last scan:
// document renderers, and every other process the browser started (GPU,
// utility, print compositor, zygotes), which work for the documents too.
func (w *watchdog) rescan() {
	procs := browserProcs(w.root)
	w.mu.Lock()
	defer w.mu.Unlock()
	for _, p := range procs {
		if _, ok := w.procs[p.pid]; ok {
			continue
		}
		cpu, _, ok := procStat(p.pid)
		if !ok {
			continue
		}
		st := &procState{base: cpu, last: cpu, active: time.Now(), helper: !p.renderer}
		if p.renderer {
			st.baseBusy = mainThreadBusy(p.pid)
		}
		w.procs[p.pid] = st
	}
}

// check reads every known renderer and kills those over budget.
func (w *watchdog) check(now time.Time) {
	w.mu.Lock()
	defer w.mu.Unlock()
	for pid, st := range w.procs {
		cpu, rss, ok := procStat(pid)
		if !ok {
			delete(w.procs, pid)
			continue
		}
		if !st.killed.IsZero() {
			// SIGKILL cannot be ignored; a process still there (not a
			// zombie) killGrace later is out of reach: replace the browser.
			if now.Sub(st.killed) >= killGrace {
				w.stuck = true
				w.log.Warn("pdf: browser process still there after SIGKILL; the browser will be replaced", "pid", pid)
				delete(w.procs, pid)
			}
			continue
		}
		if st.helper {
			w.checkHelper(now, pid, st, cpu)
			continue
		}
		if !st.doomed.IsZero() {
			if now.Sub(st.doomed) >= killGrace {
				err := syscall.Kill(pid, syscall.SIGKILL)
				delete(w.procs, pid)
				w.log.Warn("pdf: renderer still there after its tab closed; killed", "pid", pid, "err", err)
			}
			continue
		}
		if cpu != st.last {
			st.last, st.active = cpu, now
		} else if now.Sub(st.active) >= idleReset {
			st.base, st.baseBusy = cpu, mainThreadBusy(pid)
		}
		var over *BudgetError
		used := max(time.Duration(cpu-st.base)*time.Second/clockTicks, mainThreadBusy(pid)-st.baseBusy)
		switch {
		case w.budget.Memory > 0 && rss > w.budget.Memory:
			over = &BudgetError{Resource: "memory", Limit: humanBytes64(w.budget.Memory)}
		case w.budget.CPU > 0 && used > w.budget.CPU:
			over = &BudgetError{Resource: "CPU", Limit: w.budget.CPU.String()}
		}
		if over == nil {
			continue
		}
		// Record first: the job learns of the kill from its tab, which
		// can only follow.
		w.kills = append(w.kills, kill{at: now, pid: pid, err: over})
		if len(w.kills) > 64 {
			w.kills = w.kills[len(w.kills)-64:]
		}
		how := "tab closed"
		if closeTab := w.owners[pid]; closeTab != nil {
			st.doomed = now
			go closeTab()
		} else {
			how = "killed"
			_ = syscall.Kill(pid, syscall.SIGKILL)
			delete(w.procs, pid)
		}
		w.log.Warn("pdf: renderer over its budget; "+how, "pid", pid, "budget", over.Resource, "limit", over.Limit,
			"rss_mib", rss>>20, "cpu", (time.Duration(cpu-st.base) * time.Second / clockTicks).String(),
			"used", used.Round(time.Millisecond).String())
	}
}

// checkHelper charges a helper process's busy spell to the jobs that ran
// during it: each such job brings one budget (so a GPU process serving many
// documents back to back is not stopped for their sum), and one going over
// is killed (helpers hold no document of their own; the browser starts a
// new one when it needs it) and its jobs fail with the budget's error. A
// spell with no job at all (work left over from a finished document) gets
// one budget too. Callers hold w.mu.
func (w *watchdog) checkHelper(now time.Time, pid int, st *procState, cpu uint64) {
	if cpu != st.last {
		st.last, st.active = cpu, now
		if st.jobs == nil {
			st.jobs = map[*job]struct{}{}
		}
		for j := range w.jobs {
			st.jobs[j] = struct{}{}
		}
	} else if now.Sub(st.active) >= idleReset {
		st.base, st.jobs = cpu, nil
	}
	if w.budget.CPU <= 0 {
		return
	}
	used := time.Duration(cpu-st.base) * time.Second / clockTicks
	allowed := w.budget.CPU * time.Duration(max(1, len(st.jobs)))
	if used <= allowed {
		return
	}
	over := &BudgetError{Resource: "CPU", Limit: w.budget.CPU.String()}
	w.kills = append(w.kills, kill{at: now, pid: pid, err: over})
	if len(w.kills) > 64 {
		w.kills = w.kills[len(w.kills)-64:]
	}
	err := syscall.Kill(pid, syscall.SIGKILL)
	st.killed = now
	for j := range st.jobs {
		if _, running := w.jobs[j]; running && j.over == nil {
			j.over = over
			go j.abort()
		}
	}
	w.log.Warn("pdf: browser helper process over the CPU budget of its documents; killed", "pid", pid,
		"cmd", procType(pid), "jobs", len(st.jobs), "cpu", used.Round(time.Millisecond).String(), "err", err)
}

// startJob starts a document's CPU count on its tab's renderer, so
// documents rendered back to back on one tab (with no idle pause between
// them) each get their whole budget, and registers the job for the helper
// processes' budget; abort stops the job. finishJob must follow.
func (w *watchdog) startJob(pid int, abort func()) *job {
	j := &job{abort: abort}
	if !w.active() {
		return j
	}
	w.mu.Lock()
	w.jobs[j] = struct{}{}
	w.mu.Unlock()
	if pid <= 0 {
		return j
	}
	cpu, _, ok := procStat(pid)
	if !ok {
		return j
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	st := w.procs[pid]
	if st == nil {
		st = &procState{}
		w.procs[pid] = st
	}
	if st.doomed.IsZero() {
		st.base, st.last, st.baseBusy, st.active = cpu, cpu, mainThreadBusy(pid), time.Now()
	}
	return j
}

// finishJob ends a job's charge; it returns the budget a helper process
// went over on its behalf, or nil.
func (w *watchdog) finishJob(j *job) *BudgetError {
	w.mu.Lock()
	defer w.mu.Unlock()
	delete(w.jobs, j)
	return j.over
}

// unhealthy reports whether a process the watchdog killed would not go:
// the browser must be replaced.
func (w *watchdog) unhealthy() bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.stuck
}

// busyHelpers returns the helper processes that used CPU within the last
// idleReset: after a job ran out of time, such work is the job's leftover.
func (w *watchdog) busyHelpers() []int {
	w.mu.Lock()
	defer w.mu.Unlock()
	var out []int
	now := time.Now()
	for pid, st := range w.procs {
		if st.helper && st.killed.IsZero() && now.Sub(st.active) < idleReset && st.last != st.base {
			out = append(out, pid)
		}
	}
	return out
}

// own registers the renderer of a tab: over budget, closeTab is called.
func (w *watchdog) own(pid int, closeTab func()) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.owners[pid] = closeTab
}

// disown forgets a tab's renderer when the tab closes.
func (w *watchdog) disown(pid int) {
	w.mu.Lock()
	defer w.mu.Unlock()
	delete(w.owners, pid)
}

// killedSince returns the budget of the latest kill at or after t, or nil.
func (w *watchdog) killedSince(t time.Time) *BudgetError {
	w.mu.Lock()
	defer w.mu.Unlock()
	for i := len(w.kills) - 1; i >= 0; i-- {
		if !w.kills[i].at.Before(t) {
			return w.kills[i].err
		}
	}
	return nil
}

// mainThreadBusy is how long the process's main thread (where a document's
// scripts, layout and printing run) has been running or waiting for a core,
// from /proc/<pid>/schedstat (0 where the kernel does not keep it). On a
// busy machine a spinning document gets a fraction of a core; counting its
// wait too makes the budget hold in wall-clock terms there as well.
func mainThreadBusy(pid int) time.Duration {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/schedstat")
	if err != nil {
		return 0
	}
	f := strings.Fields(string(b))
	if len(f) < 2 {
		return 0
	}
	run, err1 := strconv.ParseInt(f[0], 10, 64)
	wait, err2 := strconv.ParseInt(f[1], 10, 64)
	if err1 != nil || err2 != nil {
		return 0
	}
	return time.Duration(run + wait)
}

// procStat reads a process's CPU time (user+system, in clock ticks) and
// resident set size (bytes) from /proc/<pid>/stat.
func procStat(pid int) (cpu uint64, rss int64, ok bool) {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return 0, 0, false
	}
	f, ok := statFields(b)
	if !ok || len(f) < 22 || f[0] == "Z" {
		return 0, 0, false
	}
	ut, err1 := strconv.ParseUint(f[11], 10, 64)
	st, err2 := strconv.ParseUint(f[12], 10, 64)
	pages, err3 := strconv.ParseInt(f[21], 10, 64)
	if err1 != nil || err2 != nil || err3 != nil {
		return 0, 0, false
	}
	return ut + st, pages * pageSize, true
}

// statFields splits /proc/<pid>/stat after the command name (which may
// hold spaces and parentheses): f[0] is the state, f[1] the parent pid.
func statFields(b []byte) ([]string, bool) {
	i := bytes.LastIndexByte(b, ')')
	if i < 0 || i+2 > len(b) {
		return nil, false
	}
	return strings.Fields(string(b[i+2:])), true
}

// descendants returns the processes under root (root excluded), found by
// one scan of /proc.
func descendants(root int) []int {
	ents, err := os.ReadDir("/proc")
	if err != nil {
		return nil
	}
	parent := map[int]int{}
	for _, e := range ents {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		b, err := os.ReadFile("/proc/" + e.Name() + "/stat")
		if err != nil {
			continue
		}
		if f, ok := statFields(b); ok && len(f) > 1 {
			if pp, err := strconv.Atoi(f[1]); err == nil {
				parent[pid] = pp
			}
		}
	}
	var out []int
	for pid := range parent {
		for p, hops := parent[pid], 0; p > 1 && hops < 16; p, hops = parent[p], hops+1 {
			if p == root {
				out = append(out, pid)
				break
			}
		}
	}
	return out
}

type browserProc struct {
	pid      int
	renderer bool // a document's renderer (rendererPIDs' rule)
}

// browserProcs returns every process under root, marking documents'
// renderers. Chromium's own WebUI and extension renderers count as
// helpers: they work for no document but are the browser's all the same.
func browserProcs(root int) []browserProc {
	var out []browserProc
	for _, pid := range descendants(root) {
		b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/cmdline")
		if err != nil {
			continue
		}
		out = append(out, browserProc{pid: pid, renderer: isDocRenderer(b)})
	}
	return out
}

func isDocRenderer(cmdline []byte) bool {
	return bytes.Contains(cmdline, []byte("--type=renderer")) &&
		!bytes.Contains(cmdline, []byte("--top-chrome-webui")) && !bytes.Contains(cmdline, []byte("--extension-process"))
}

// procType names a Chromium process for the logs: its --type and
// --utility-sub-type.
func procType(pid int) string {
	b, _ := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/cmdline")
	var parts []string
	for _, f := range strings.FieldsFunc(string(b), func(r rune) bool { return r == 0 || r == ' ' }) {
		if strings.HasPrefix(f, "--type=") || strings.HasPrefix(f, "--utility-sub-type=") {
			parts = append(parts, f[strings.IndexByte(f, '=')+1:])
		}
	}
	return strings.Join(parts, " ")
}

// procID is a process as it was seen: its pid and start time, so a pid
// the kernel gave to another process since is never signalled.
type procID struct {
	pid   int
	start string
}

// treeOf returns the processes under root with their start times.
func treeOf(root int) []procID {
	var out []procID
	for _, pid := range descendants(root) {
		if s := startTime(pid); s != "" {
			out = append(out, procID{pid, s})
		}
	}
	return out
}

// startTime reads field 22 of /proc/<pid>/stat (start time in ticks since
// boot); "" when the process is gone.
func startTime(pid int) string {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return ""
	}
	f, ok := statFields(b)
	if !ok || len(f) < 20 {
		return ""
	}
	return f[19]
}

// killTree sends SIGKILL to every process of ps that is still the same
// process (a browser's helpers can outlive it, reparented, while busy).
func killTree(ps []procID) (killed int) {
	for _, p := range ps {
		if startTime(p.pid) == p.start {
			if syscall.Kill(p.pid, syscall.SIGKILL) == nil {
				killed++
			}
		}
	}
	return killed
}

// rendererPIDs returns the renderer processes of documents under root:
// not Chromium's own WebUI or extension renderers. Chromium rewrites a
// zygote child's command line into one space-separated string, so the flags
// are looked for anywhere in it.
func rendererPIDs(root int) []int {
	var out []int
	for _, pid := range descendants(root) {
		b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/cmdline")
		if err == nil && isDocRenderer(b) {
			out = append(out, pid)
		}
	}
	return out
}

func humanBytes64(n int64) string {
	if n >= 1<<30 && n%(1<<30) == 0 {
		return fmt.Sprintf("%d GiB", n>>30)
	}
	if n <= 1<<31 {
		return humanBytes(int(n))
	}
	return fmt.Sprintf("%d MiB", n>>20)
}
