package tax

// DropReleasedEngines forgets the released Engines (benchmarks of a worker's first run).
var DropReleasedEngines = dropReleased

// ReleasedEngines is how many released Engines wait to be taken.
var ReleasedEngines = releasedEngines
