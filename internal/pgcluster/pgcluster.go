// Package pgcluster runs a local PostgreSQL cluster from the server binaries on PATH (initdb,
// pg_ctl). `taxd serve` uses it when DATABASE_URL is unset, and the tests use it when neither
// TEST_DATABASE_URL nor a Docker engine is available. The cluster listens on a unix socket in its
// own data folder only, with trust authentication for the OS user that owns it. PostgreSQL refuses
// to run as root, so when we are root the cluster runs as the "postgres" OS user.
package pgcluster

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// Options configures a cluster.
type Options struct {
	// Dir is the data folder; it is created (initdb) when it holds no cluster yet.
	Dir string
	// Port is only the number in the socket's file name (.s.PGSQL.<port>); no TCP listener is opened.
	Port int
	// Fast turns off fsync and friends: for throwaway test clusters only.
	Fast bool
	// Log receives pg_ctl's log file path; empty means <Dir>/postgres.log.
	LogFile string
}

// Cluster is a running local cluster.
type Cluster struct {
	opts    Options
	runAs   *user.User // nil when we run as ourselves
	started bool       // whether we started it (and so stop it)
}

// Available reports whether the PostgreSQL server binaries are on PATH.
func Available() bool {
	for _, bin := range []string{"initdb", "pg_ctl", "postgres"} {
		if _, err := exec.LookPath(bin); err != nil {
			return false
		}
	}
	return true
}

// Start initialises the cluster when needed and starts it, or reuses it when it already runs.
func Start(ctx context.Context, opts Options) (*Cluster, error) {
	if !Available() {
		return nil, errors.New("pgcluster: initdb/pg_ctl/postgres not found on PATH (install the PostgreSQL server binaries, e.g. `apt-get install postgresql`, and add /usr/lib/postgresql/<version>/bin to PATH)")
	}
	if opts.Port == 0 {
		opts.Port = 5432
	}
	abs, err := filepath.Abs(opts.Dir)
	if err != nil {
		return nil, err
	}
	opts.Dir = abs
	if opts.LogFile == "" {
		opts.LogFile = filepath.Join(opts.Dir, "postgres.log")
	}
	if len(filepath.Join(opts.Dir, ".s.PGSQL."+strconv.Itoa(opts.Port))) > 100 {
		return nil, fmt.Errorf("pgcluster: data folder path %q is too long for a unix socket", opts.Dir)
	}
	c := &Cluster{opts: opts}
	if os.Geteuid() == 0 {
		u, err := user.Lookup("postgres")
		if err != nil {
			return nil, errors.New("pgcluster: running as root, and PostgreSQL refuses to run as root; create a `postgres` OS user (apt-get install postgresql does) or run as another user")
		}
		c.runAs = u
	}
	if err := c.initdb(ctx); err != nil {
		return nil, err
	}
	if c.running(ctx) {
		return c, nil
	}
	args := []string{"start", "-w", "-t", "60", "-D", opts.Dir, "-l", opts.LogFile, "-o", c.serverOptions()}
	if out, err := c.run(ctx, "pg_ctl", args...); err != nil {
		logTail, _ := os.ReadFile(opts.LogFile)
		return nil, fmt.Errorf("pgcluster: pg_ctl start: %v: %s\n%s", err, out, tail(logTail, 2000))
	}
	c.started = true
	return c, nil
}

func (c *Cluster) serverOptions() string {
	o := fmt.Sprintf("-c listen_addresses='' -c unix_socket_directories='%s' -p %d -c max_connections=200", c.opts.Dir, c.opts.Port)
	if c.opts.Fast {
		o += " -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
		return o
	}
	// Sized for bulk work on the local cluster: a million-row import writes ~4 GB of WAL and
	// touches indexes in random order, and a recalculation writes and replaces a client's result
	// set (a few hundred MB of rows and WAL at a million transactions). The default 128 MB of
	// buffers made the backend write out and read back index pages, and the default 1 GB of WAL
	// forced checkpoints (then full-page images) in the middle of a run.
	o += " -c shared_buffers=512MB -c max_wal_size=8GB -c checkpoint_timeout=30min -c checkpoint_completion_target=0.9"
	return o
}

func (c *Cluster) initdb(ctx context.Context) error {
	if _, err := os.Stat(filepath.Join(c.opts.Dir, "PG_VERSION")); err == nil {
		return nil
	}
	if err := os.MkdirAll(c.opts.Dir, 0o700); err != nil {
		return err
	}
	if c.runAs != nil {
		uid, _ := strconv.Atoi(c.runAs.Uid)
		gid, _ := strconv.Atoi(c.runAs.Gid)
		if err := os.Chown(c.opts.Dir, uid, gid); err != nil {
			return err
		}
		// The postgres user must be able to reach the folder through its parents.
		for p := filepath.Dir(c.opts.Dir); p != "/" && p != "."; p = filepath.Dir(p) {
			if fi, err := os.Stat(p); err == nil && fi.Mode().Perm()&0o001 == 0 {
				_ = os.Chmod(p, fi.Mode().Perm()|0o011)
			}
		}
	}
	args := []string{"-D", c.opts.Dir, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--locale=C"}
	if c.opts.Fast {
		args = append(args, "--no-sync")
	}
	if out, err := c.run(ctx, "initdb", args...); err != nil {
		return fmt.Errorf("pgcluster: initdb: %v: %s", err, out)
	}
	return nil
}

func (c *Cluster) running(ctx context.Context) bool {
	_, err := c.run(ctx, "pg_ctl", "status", "-D", c.opts.Dir)
	return err == nil
}

// URL returns a connection URL for the given database over the unix socket.
func (c *Cluster) URL(database string) string {
	q := url.Values{}
	q.Set("host", c.opts.Dir)
	q.Set("port", strconv.Itoa(c.opts.Port))
	q.Set("sslmode", "disable")
	return "postgres://postgres@/" + url.PathEscape(database) + "?" + q.Encode()
}

// Stop stops the cluster if this process started it.
func (c *Cluster) Stop() error {
	if c == nil || !c.started {
		return nil
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	out, err := c.run(ctx, "pg_ctl", "stop", "-D", c.opts.Dir, "-m", "fast", "-w")
	if err != nil {
		return fmt.Errorf("pgcluster: pg_ctl stop: %v: %s", err, out)
	}
	c.started = false
	return nil
}

func (c *Cluster) run(ctx context.Context, name string, args ...string) (string, error) {
	path, err := exec.LookPath(name)
	if err != nil {
		return "", err
	}
	cmd := exec.CommandContext(ctx, path, args...)
	cmd.Dir = os.TempDir()
	if c.runAs != nil {
		uid, _ := strconv.Atoi(c.runAs.Uid)
		gid, _ := strconv.Atoi(c.runAs.Gid)
		cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: uint32(uid), Gid: uint32(gid)}}
		cmd.Env = append(os.Environ(), "HOME="+c.runAs.HomeDir, "USER=postgres", "LOGNAME=postgres")
	}
	// pg_ctl start leaves the server holding its stdout; hand it no pipes so Wait returns.
	var buf bytes.Buffer
	if name == "pg_ctl" && len(args) > 0 && args[0] == "start" {
		cmd.Stdout, cmd.Stderr = nil, nil
		err = cmd.Run()
		return "", err
	}
	cmd.Stdout, cmd.Stderr = &buf, &buf
	err = cmd.Run()
	return strings.TrimSpace(buf.String()), err
}

func tail(b []byte, n int) string {
	if len(b) > n {
		b = b[len(b)-n:]
	}
	return string(b)
}
