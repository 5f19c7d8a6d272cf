package clients

import (
	"context"
	"fmt"
	"sort"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"taxd/internal/apperr"
	"taxd/internal/auth"
	"taxd/internal/ledger"
	"taxd/internal/store"
)

// The review queue: the transactions of the open insights, each once, under the first of its
// problems in ledger.PatternOrder (recorded insights after the derived ones), with all its problems.
// It reads the insights' own transaction sets, so a transaction is in the queue exactly when an
// open insight counts it.

// ReviewQueue is a page of the queue with its groups.
type ReviewQueue struct {
	Total  int
	Groups []ReviewGroup
	Items  []ReviewItem
}

// ReviewGroup is the transactions listed under one open insight.
type ReviewGroup struct {
	PatternID, Type, Severity, Title string
	AssetID                          *uuid.UUID
	Count                            int
}

// ReviewItem is one transaction of the queue.
type ReviewItem struct {
	TransactionID uuid.UUID
	PatternID     string
	Type          string
	Problems      []string // insight types in the order of fixes, the first being Type
	occurredAt    time.Time
}

// ReviewQueueFilter selects a page of the queue's items.
type ReviewQueueFilter struct {
	PatternID *string
	Page      int // zero-based
	Limit     int // 1..500
}

// ReviewQueue lists the scope's client's review queue.
func (s *Service) ReviewQueue(ctx context.Context, scope auth.ClientScope, f ReviewQueueFilter) (ReviewQueue, error) {
	if err := scope.Check(); err != nil {
		return ReviewQueue{}, err
	}
	if f.Limit < 1 || f.Limit > 500 {
		return ReviewQueue{}, apperr.InvalidField("limit", "must be 1 to 500")
	}
	if f.Page < 0 || f.Page > 10000 {
		return ReviewQueue{}, apperr.InvalidField("page", "must be 0 to 10000")
	}
	var q ReviewQueue
	err := pgx.BeginTxFunc(ctx, s.pool, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly}, func(tx pgx.Tx) error {
		return store.WithSharedSnapshot(ctx, s.pool, tx, func(second pgx.Tx) error {
			var err error
			q, err = reviewQueue(ctx, readers{tx, second}, scope.ClientID(), f, s.now())
			return err
		})
	})
	return q, err
}

func reviewQueue(ctx context.Context, rd readers, clientID uuid.UUID, f ReviewQueueFilter, now time.Time) (ReviewQueue, error) {
	open := "OPEN"
	all, err := insights(ctx, rd, clientID, InsightFilter{Status: &open}, now)
	if err != nil {
		return ReviewQueue{}, err
	}
	// the order of fixes; within a rank (the possible-spam tokens, the recorded insights) by pattern
	sort.SliceStable(all, func(i, j int) bool {
		ri, rj := ledger.PatternRank(all[i].PatternID), ledger.PatternRank(all[j].PatternID)
		if ri != rj {
			return ri < rj
		}
		return all[i].PatternID < all[j].PatternID
	})
	items := map[uuid.UUID]*ReviewItem{}
	var order []*ReviewItem
	counts := make([]int, len(all))
	capped := make([]bool, len(all))
	// each group's transactions read on the readers, then taken in the order of fixes
	groups := make([][]member, len(all))
	err = rd.each(ctx, len(all), func(tx pgx.Tx, gi int) error {
		in := all[gi]
		ms, err := members(ctx, tx, in.members, MaxInsightCount+1, in.membersArgs...)
		if err != nil {
			return fmt.Errorf("review queue %s: %w", in.PatternID, err)
		}
		groups[gi] = ms
		return nil
	})
	if err != nil {
		return ReviewQueue{}, err
	}
	for gi, in := range all {
		ms := groups[gi]
		if len(ms) > MaxInsightCount {
			ms, capped[gi] = ms[:MaxInsightCount], true
		}
		for _, m := range ms {
			if it, ok := items[m.ID]; ok {
				if it.Problems[len(it.Problems)-1] != in.Type {
					it.Problems = append(it.Problems, in.Type)
				}
				continue
			}
			it := &ReviewItem{TransactionID: m.ID, PatternID: in.PatternID, Type: in.Type, Problems: []string{in.Type}, occurredAt: m.OccurredAt}
			items[m.ID] = it
			order = append(order, it)
			counts[gi]++
		}
	}
	var q ReviewQueue
	for gi, in := range all {
		if counts[gi] == 0 {
			continue
		}
		q.Total += counts[gi]
		q.Groups = append(q.Groups, ReviewGroup{PatternID: in.PatternID, Type: in.Type, Severity: in.Severity,
			Title: in.titleOf(counts[gi], capped[gi]), AssetID: in.AssetID, Count: counts[gi]})
	}
	// the order of the groups (order lists each group's new items together), then oldest first
	rank := map[string]int{}
	for i, g := range q.Groups {
		rank[g.PatternID] = i
	}
	sort.SliceStable(order, func(i, j int) bool {
		a, b := order[i], order[j]
		if rank[a.PatternID] != rank[b.PatternID] {
			return rank[a.PatternID] < rank[b.PatternID]
		}
		if !a.occurredAt.Equal(b.occurredAt) {
			return a.occurredAt.Before(b.occurredAt)
		}
		return a.TransactionID.String() < b.TransactionID.String()
	})
	var sel []ReviewItem
	for _, it := range order {
		if f.PatternID == nil || *f.PatternID == it.PatternID {
			sel = append(sel, *it)
		}
	}
	from := f.Page * f.Limit
	q.Items = []ReviewItem{}
	if from < len(sel) {
		q.Items = sel[from:min(from+f.Limit, len(sel))]
	}
	return q, nil
}
