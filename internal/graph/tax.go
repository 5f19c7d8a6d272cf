package graph

import (
	"context"

	"taxd/gen/db"
	"taxd/gen/graph/model"
	"taxd/internal/recalc"
)

func (r *queryResolver) CountDirty(ctx context.Context, clientID string) (int, error) {
	id, _, err := r.client(ctx, clientID)
	if err != nil {
		return 0, err
	}
	n, err := db.New(r.pool).CountDirty(ctx, id)
	return int(n), err
}

func (r *queryResolver) GetActiveRecalculateJob(ctx context.Context, clientID string) (*model.ActiveRecalculateJob, error) {
	id, _, err := r.client(ctx, clientID)
	if err != nil {
		return nil, err
	}
	j, err := recalc.Active(ctx, r.pool, id)
	if err != nil || j == nil {
		return nil, err
	}
	return &model.ActiveRecalculateJob{
		ID: j.ID.String(), ClientID: j.ClientID.String(), Status: model.RecalculateJobStatusEnum(upper(j.Status)),
		Progress: int(j.Progress), StartedAt: j.StartedAt, CreatedAt: j.CreatedAt, Attempt: 1,
	}, nil
}

func (r *mutationResolver) RerunGraph(ctx context.Context, clientID string, doNotReplay *bool, skipPlugins *bool, useSpeedup *bool) (string, error) {
	id, _, err := r.client(ctx, clientID)
	if err != nil {
		return "", err
	}
	j, err := recalc.Request(ctx, r.pool, r.jobs, id)
	if err != nil {
		return "", err
	}
	return j.ID.String(), nil
}

func upper(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c >= 'a' && c <= 'z' {
			b[i] = c - 32
		}
	}
	return string(b)
}
