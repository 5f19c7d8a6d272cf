package jobs

import (
	"strconv"
	"strings"
)

// OwnerOf is ownerOf, for tests.
var OwnerOf = ownerOf

// WithPid is owner with another pid (and a start time no process has).
func WithPid(owner string, pid int) string {
	parts := strings.Split(owner, "/")
	parts[2], parts[3] = strconv.Itoa(pid), "0"
	return strings.Join(parts, "/")
}
