package jobs

import (
	"os"
	"strconv"
	"strings"
)

// A heartbeat names the process that runs the attempt: "<boot id>/<pid namespace>/<pid>/<start
// time>" on Linux (empty elsewhere). A worker on the same machine and in the same pid namespace
// can then tell for certain that the process is gone (no such pid, or a pid reused by a process
// started later) and take its jobs over at once, instead of waiting for the heartbeat to go stale:
// a worker restarted after a crash resumes its jobs within a second.

// self is this process's owner string ("" when it cannot be told).
var self = ownerOf(os.Getpid())

// ownerOf is the owner string of a process of this machine and pid namespace, "" when unknown.
func ownerOf(pid int) string {
	boot, err := os.ReadFile("/proc/sys/kernel/random/boot_id")
	if err != nil {
		return ""
	}
	ns, err := os.Readlink("/proc/self/ns/pid")
	if err != nil {
		return ""
	}
	start := startTime(pid)
	if start == "" {
		return ""
	}
	return strings.TrimSpace(string(boot)) + "/" + ns + "/" + strconv.Itoa(pid) + "/" + start
}

// startTime is field 22 of /proc/<pid>/stat (clock ticks after boot), "" when there is no such
// process.
func startTime(pid int) string {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return ""
	}
	s := string(b)
	// The command name (field 2) is in parentheses and may hold spaces: fields count after it.
	i := strings.LastIndexByte(s, ')')
	if i < 0 {
		return ""
	}
	f := strings.Fields(s[i+1:])
	if len(f) < 20 {
		return ""
	}
	return f[19] // field 22 is the 20th after the name
}

// goneHere reports whether owner names a process of this machine and pid namespace that no
// longer runs. Owners of other machines or namespaces, and unknown ones, are never gone here.
func goneHere(owner string) bool {
	if self == "" || owner == "" {
		return false
	}
	parts := strings.Split(owner, "/")
	mine := strings.Split(self, "/")
	if len(parts) != 4 || len(mine) != 4 || parts[0] != mine[0] || parts[1] != mine[1] {
		return false
	}
	pid, err := strconv.Atoi(parts[2])
	if err != nil || pid <= 0 {
		return false
	}
	return startTime(pid) != parts[3]
}
