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
}

// killGrace is how long a renderer whose tab was closed may take to go
// before it is killed outright.
const killGrace = 3 * time.Second

type procState struct {
	base, last uint64        // CPU ticks: at the start of the current count, at the last read
	baseBusy   time.Duration // the main thread's busy time at the start of the count
	active     time.Time
	doomed     time.Time // when it went over budget and its tab was closed
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
		procs: map[int]*procState{}, owners: map[int]func(){}}
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

// rescan adds renderers that appeared since the last scan.
func (w *watchdog) rescan() {
	pids := rendererPIDs(w.root)
	w.mu.Lock()
	defer w.mu.Unlock()
	for _, pid := range pids {
		if _, ok := w.procs[pid]; ok {
			continue
		}
		cpu, _, ok := procStat(pid)
		if !ok {
			continue
		}
		w.procs[pid] = &procState{base: cpu, last: cpu, baseBusy: mainThreadBusy(pid), active: time.Now()}
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

// startJob starts a document's CPU count on its tab's renderer, so
// documents rendered back to back on one tab (with no idle pause between
// them) each get their whole budget.
func (w *watchdog) startJob(pid int) {
	if pid <= 0 || !w.active() {
		return
	}
	cpu, _, ok := procStat(pid)
	if !ok {
		return
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

// rendererPIDs returns the renderer processes of documents under root:
// not Chromium's own WebUI or extension renderers. Chromium rewrites a
// zygote child's command line into one space-separated string, so the flags
// are looked for anywhere in it.
func rendererPIDs(root int) []int {
	var out []int
	for _, pid := range descendants(root) {
		b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/cmdline")
		if err == nil && bytes.Contains(b, []byte("--type=renderer")) &&
			!bytes.Contains(b, []byte("--top-chrome-webui")) && !bytes.Contains(b, []byte("--extension-process")) {
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
