package adapter

import "taxd/internal/auth"

var _ auth.ClientScope
