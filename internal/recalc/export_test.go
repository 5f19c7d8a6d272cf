package recalc

// AfterConflict sets the hook that runs between a request's insert and its read of the active job.
func AfterConflict(fn func()) { afterConflict = fn }
