package browsertests

import (
	"context"
	"os/exec"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// startChromium starts a headless Chromium for the test and returns its browser context (no timeout:
// a timeout on it would stop the browser). A browser that exits before it listens is started again,
// up to three times: Chromium's start on a loaded machine occasionally dies in its own set-up (no
// message beyond D-Bus noise), which says nothing about the pages under test; every failed start is
// logged. /dev/shm is not used, so a small shared-memory mount cannot crash a page.
func startChromium(t *testing.T, extra ...chromedp.ExecAllocatorOption) context.Context {
	t.Helper()
	chromium, err := exec.LookPath("chromium")
	if err != nil {
		t.Fatal("the browser tests need Chromium: run `apt-get update && apt-get install -y chromium` (make test installs it)")
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(chromium),
		chromedp.Flag("no-sandbox", true),
		chromedp.Flag("disable-gpu", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-dev-shm-usage", true),
	)
	opts = append(opts, extra...)
	const attempts = 3
	for attempt := 1; ; attempt++ {
		allocCtx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
		ctx, cancel := chromedp.NewContext(allocCtx)
		err := chromedp.Do(ctx)
		if err == nil {
			t.Cleanup(cancelAlloc)
			t.Cleanup(cancel)
			return ctx
		}
		cancel()
		cancelAlloc()
		if attempt == attempts || !strings.Contains(err.Error(), "chrome failed to start") {
			t.Fatalf("Chromium did not start (attempt %d of %d): %v", attempt, attempts, err)
		}
		t.Logf("Chromium did not start (attempt %d of %d), starting it again: %v", attempt, attempts, err)
	}
}
