// Command withpostgres runs a command with TEST_DATABASE_URL pointing at one throwaway Postgres
// cluster, so that every test package of `make test` shares one server (and one migrated template)
// instead of each starting its own. When TEST_DATABASE_URL is already set, or no server binaries
// are on PATH (pgtest then tries Docker), it runs the command as it is.
//
//	go run ./internal/pgtest/withpostgres -- make test-go test-contract
package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"syscall"

	"taxd/internal/pgcluster"
)

func main() {
	args := os.Args[1:]
	if len(args) > 0 && args[0] == "--" {
		args = args[1:]
	}
	if len(args) == 0 {
		fmt.Fprintln(os.Stderr, "usage: withpostgres -- COMMAND [ARG...]")
		os.Exit(2)
	}
	os.Exit(run(args))
}

func run(args []string) int {
	if os.Getenv("TEST_DATABASE_URL") == "" && pgcluster.Available() {
		dir, err := os.MkdirTemp("", "taxd-test-pg-")
		if err != nil {
			fmt.Fprintln(os.Stderr, "withpostgres:", err)
			return 1
		}
		defer os.RemoveAll(dir)
		c, err := pgcluster.Start(context.Background(), pgcluster.Options{Dir: dir, Fast: true})
		if err != nil {
			fmt.Fprintln(os.Stderr, "withpostgres:", err)
			return 1
		}
		defer c.Stop() //nolint:errcheck
		os.Setenv("TEST_DATABASE_URL", c.URL("postgres"))
		fmt.Fprintln(os.Stderr, "withpostgres: one test Postgres for the whole run:", c.URL("postgres"))
	}
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	// An interrupt reaches the command (same process group); we wait for it and then stop the
	// cluster.
	signal.Ignore(syscall.SIGINT, syscall.SIGTERM)
	err := cmd.Run()
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		return exit.ExitCode()
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "withpostgres:", err)
		return 1
	}
	return 0
}
