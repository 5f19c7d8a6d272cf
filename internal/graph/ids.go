package graph

// Id arguments: every id the API receives is parsed here, so an id argument means the same
// everywhere. An optional id given as "" is absent (clients send "" for an unset form field);
// where "" clears a stored id (a transfer's account), clearableID says so.

import (
	"github.com/google/uuid"

	"taxd/internal/apperr"
	"taxd/internal/ledger"
)

// parseID parses a required id argument (BAD_USER_INPUT naming field when it is not a UUID).
func parseID(field, s string) (uuid.UUID, error) {
	id, err := uuid.Parse(s)
	if err != nil {
		return uuid.Nil, apperr.InvalidField(field, "must be a UUID")
	}
	return id, nil
}

// optionalID parses an optional id argument: nil and "" are none.
func optionalID(field string, s *string) (*uuid.UUID, error) {
	id, _, err := clearableID(field, s)
	return id, err
}

// clearableID is optionalID for an argument whose "" clears the stored id: clear reports it.
func clearableID(field string, s *string) (id *uuid.UUID, clear bool, err error) {
	if s == nil {
		return nil, false, nil
	}
	if *s == "" {
		return nil, true, nil
	}
	v, err := parseID(field, *s)
	if err != nil {
		return nil, false, err
	}
	return &v, false, nil
}

// parseIDs parses a list argument of at most ledger.MaxIDs ids, naming the one that is not a UUID.
func parseIDs(field string, ids []string) ([]uuid.UUID, error) {
	if len(ids) > ledger.MaxIDs {
		return nil, apperr.InvalidField(field, "must hold at most %d ids", ledger.MaxIDs)
	}
	out := make([]uuid.UUID, len(ids))
	for i, s := range ids {
		id, err := uuid.Parse(s)
		if err != nil {
			return nil, apperr.InvalidField(field, "%q is not a UUID", s)
		}
		out[i] = id
	}
	return out, nil
}

// idList parses a required list argument of 1 to max ids.
func idList(field string, ids []string, max int) ([]uuid.UUID, error) {
	if len(ids) == 0 || len(ids) > max {
		return nil, apperr.InvalidField(field, "must hold 1 to %d ids", max)
	}
	return parseIDs(field, ids)
}
