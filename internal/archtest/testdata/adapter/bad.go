package adapter

import "taxd/gen/db"

var _ db.Client
