package typed

import "taxd/gen/db"

// Row hands a sqlc row to the adapter.
func Row() db.Client { return db.Client{} }

var _ = Row()
