package typed

// Count is a domain value: nothing of gen/db.
var Count int
