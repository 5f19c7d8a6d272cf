package rest

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"time"

	api "taxd/gen/rest"
	"taxd/internal/fileimport"
)

// CreateUploadUrl hands the partner a signed URL for one file of its user (fileimport.CreateUploadURL).
func (h *Handler) CreateUploadUrl(ctx context.Context, req api.CreateUploadUrlRequestObject) (api.CreateUploadUrlResponseObject, error) {
	scope, err := h.userScope(ctx, req.ReferenceId)
	if err != nil {
		return nil, err
	}
	var name string
	var size int64
	if req.Body != nil {
		if req.Body.FileName != nil {
			name = *req.Body.FileName
		}
		if req.Body.Size != nil {
			size = *req.Body.Size
		}
	}
	u, err := h.files.CreateUploadURL(ctx, scope, name, size)
	if err != nil {
		return nil, err
	}
	return api.CreateUploadUrl201JSONResponse{Type: api.Success, Message: "Upload URL created", Data: api.UploadUrl{
		Url: u.URL, Method: api.UploadUrlMethod(u.Method), FileObjectKey: u.Key, ExpiresAt: u.ExpiresAt, MaxBytes: u.MaxBytes,
	}}, nil
}

// UploadHandler serves the signed PUTs of upload URLs (PUT /uploads/...: the path after the first
// slash is the object key; the query carries expires and signature). The signature is the
// credential, so it is mounted outside the partner gate.
//
// The URL is verified before a byte of the body is read: a refused PUT is answered at once and its
// connection closed (net/http would otherwise read up to 256 KB of the unread body first, for as
// long as the client takes to send it). Only a verified upload gets the long read timeout of a file.
func UploadHandler(files *fileimport.Service) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		key := strings.TrimPrefix(r.URL.Path, "/")
		q := r.URL.Query()
		up, err := files.VerifyUpload(r.Context(), key, q.Get("expires"), q.Get("signature"), r.ContentLength)
		if err != nil {
			w.Header().Set("Connection", "close")
			WriteError(w, r, err)
			return
		}
		_ = http.NewResponseController(w).SetReadDeadline(time.Now().Add(fileimport.UploadReadTimeout))
		n, err := up.Receive(r.Context(), r.Body)
		if err != nil {
			w.Header().Set("Connection", "close") // the rest of the body, if any, is not read
			WriteError(w, r, err)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusCreated)
		_ = json.NewEncoder(w).Encode(map[string]any{"fileObjectKey": key, "size": n})
	})
}
