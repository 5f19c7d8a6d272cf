// Package page is keyset pagination for the partner API's lists: a page is at most Limit rows
// after a position (created_at, id) in the list's order, and the opaque cursor of the next page
// names the list, the client it belongs to and the last row's position.
package page

import (
	"encoding/base64"
	"strconv"
	"strings"
	"time"

	"github.com/google/uuid"

	"taxd/internal/apperr"
)

// Request is one page of a list as asked: at most Limit rows after After (nil: the first page).
type Request struct {
	Limit int
	After *Key
}

// Key is a row's position in a list ordered by (created_at, id).
type Key struct {
	At time.Time
	ID uuid.UUID
}

// Parse reads the limit and cursor parameters of the list named list of owner's rows; limit nil
// takes def. A cursor of another list or owner, or one that does not decode, is a 400 naming it.
func Parse(list string, owner uuid.UUID, limit *int, cursor *string, def int) (Request, error) {
	r := Request{Limit: def}
	if limit != nil {
		if *limit < 1 || *limit > 100 {
			return r, apperr.InvalidField("limit", "must be 1 to 100")
		}
		r.Limit = *limit
	}
	if cursor == nil {
		return r, nil
	}
	k, ok := decode(list, owner, *cursor)
	if !ok {
		return r, apperr.InvalidField("cursor", "is not a cursor of this list; send the next_cursor of its previous page")
	}
	r.After = &k
	return r, nil
}

// Next returns the cursor of the page after rows (fetched with Limit+1, so that a further row
// shows there is one) and the rows of this page; the cursor is nil on the last page.
func Next[T any](list string, owner uuid.UUID, r Request, rows []T, key func(T) Key) ([]T, *string) {
	if len(rows) <= r.Limit {
		return rows, nil
	}
	rows = rows[:r.Limit]
	c := encode(list, owner, key(rows[len(rows)-1]))
	return rows, &c
}

// The cursor is base64url("v1|<list>|<owner>|<unix nanoseconds>|<id>").
func encode(list string, owner uuid.UUID, k Key) string {
	s := strings.Join([]string{"v1", list, owner.String(), strconv.FormatInt(k.At.UnixNano(), 10), k.ID.String()}, "|")
	return base64.RawURLEncoding.EncodeToString([]byte(s))
}

func decode(list string, owner uuid.UUID, c string) (Key, bool) {
	b, err := base64.RawURLEncoding.DecodeString(c)
	if err != nil {
		return Key{}, false
	}
	parts := strings.Split(string(b), "|")
	if len(parts) != 5 || parts[0] != "v1" || parts[1] != list || parts[2] != owner.String() {
		return Key{}, false
	}
	ns, err := strconv.ParseInt(parts[3], 10, 64)
	if err != nil {
		return Key{}, false
	}
	id, err := uuid.Parse(parts[4])
	if err != nil {
		return Key{}, false
	}
	return Key{At: time.Unix(0, ns).UTC(), ID: id}, true
}
