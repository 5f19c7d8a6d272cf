package graph

import (
	"context"
	"strings"

	"github.com/google/uuid"
	"gocloud.dev/gcerrors"

	"taxd/gen/graph/model"
	"taxd/internal/apperr"
	"taxd/internal/auth"
	"taxd/internal/fileimport"
	"taxd/internal/imports"
)

// UploadManualTransactions imports a file from the upload bucket (key "uploads/<clientId>/..."):
// all rows or none, bad rows reported with their line numbers. It returns the import's job id
// (the completed sync of the file account).
func (r *mutationResolver) UploadManualTransactions(ctx context.Context, accountID *string, clientID *string, fileObjectKey string, importType *model.UploadManualTransactionFileType, name *string, provider *string) (string, error) {
	v, err := auth.ViewerFrom(ctx)
	if err != nil {
		return "", err
	}
	client := v.KeyClient.String()
	if clientID != nil && *clientID != "" {
		client = *clientID
	}
	cid, v, err := r.client(ctx, client)
	if err != nil {
		return "", err
	}
	format := imports.CSVGeneric
	if importType != nil {
		switch *importType {
		case model.UploadManualTransactionFileTypeTemplateCSV:
		case model.UploadManualTransactionFileTypeProviderCSV:
			if provider == nil {
				return "", apperr.InvalidField("provider", "is required for PROVIDER_CSV")
			}
			format = strings.ToLower(*provider)
		default:
			return "", apperr.NotImplementedOp("uploadManualTransactions with " + string(*importType))
		}
	}
	if !strings.HasPrefix(fileObjectKey, "uploads/"+cid.String()+"/") {
		return "", apperr.InvalidField("fileObjectKey", "must be an upload of this client (uploads/%s/...)", cid)
	}
	if r.bucket == nil {
		return "", apperr.NotImplementedOp("uploadManualTransactions (no upload bucket configured)")
	}
	rd, err := r.bucket.NewReader(ctx, fileObjectKey, nil)
	if gcerrors.Code(err) == gcerrors.NotFound {
		return "", apperr.InvalidField("fileObjectKey", "no uploaded file at this key")
	}
	if err != nil {
		return "", err
	}
	defer rd.Close()
	req := fileimport.Request{ClientID: cid, Format: format, File: rd, Size: rd.Size(), Actor: v.Actor()}
	if name != nil {
		req.Name = *name
	}
	if accountID != nil && *accountID != "" {
		id, err := uuid.Parse(*accountID)
		if err != nil {
			return "", apperr.InvalidField("accountId", "must be a UUID")
		}
		req.AccountID = &id
	}
	res, err := fileimport.Import(ctx, r.pool, req)
	if err != nil {
		return "", err
	}
	return res.SyncID.String(), nil
}
