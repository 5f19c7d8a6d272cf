package config

import (
	"flag"
	"fmt"
	"io"
	"testing"
)

func TestQueueWorkerDefaults(t *testing.T) {
	for _, k := range []string{"TAXD_WORKERS", "TAXD_WORKERS_SYNC", "TAXD_WORKERS_RECALC", "TAXD_WORKERS_REPORT", "TAXD_WORKERS_MAIL"} {
		t.Setenv(k, "")
	}
	parse := func(args ...string) [4]int {
		t.Helper()
		c := &Config{}
		fs := flag.NewFlagSet("t", flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		c.Register(fs)
		if err := fs.Parse(args); err != nil {
			t.Fatal(err)
		}
		if err := c.Finish(); err != nil {
			t.Fatal(err)
		}
		return [4]int{c.WorkersSync, c.WorkersRecalc, c.WorkersReport, c.WorkersMail}
	}
	for _, tc := range []struct {
		args []string
		want [4]int
	}{
		{nil, [4]int{4, 2, 2, 2}},
		{[]string{"--workers", "1"}, [4]int{1, 1, 1, 1}},
		{[]string{"--workers", "0"}, [4]int{0, 0, 0, 0}}, // API-only
		{[]string{"--workers", "0", "--workers-recalc", "3"}, [4]int{0, 3, 0, 0}},
		{[]string{"--workers-sync", "8", "--workers-mail", "0"}, [4]int{8, 2, 2, 0}},
	} {
		if got := parse(tc.args...); got != tc.want {
			t.Errorf("%v: sync/recalc/report/mail = %v, want %v", tc.args, got, tc.want)
		}
	}
	t.Setenv("TAXD_WORKERS", "0")
	if got := parse(); got != [4]int{} {
		t.Errorf("TAXD_WORKERS=0: %v, want an API-only node", got)
	}
}

func TestTrustedProxies(t *testing.T) {
	c := &Config{Env: "development", Workers: 1, EmailDailyLimit: 1, TrustedProxies: "10.0.0.0/8, 192.0.2.7,::1"}
	if err := c.Finish(); err != nil {
		t.Fatal(err)
	}
	if got := fmt.Sprint(c.TrustedProxyPrefixes); got != "[10.0.0.0/8 192.0.2.7/32 ::1/128]" {
		t.Errorf("prefixes %s", got)
	}
	c = &Config{Env: "development", Workers: 1, EmailDailyLimit: 1, TrustedProxies: "10.0.0.0/8,proxy.local"}
	if err := c.Finish(); err == nil {
		t.Error("a host name is accepted as a trusted proxy")
	}
}
