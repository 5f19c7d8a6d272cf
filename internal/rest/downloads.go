package rest

import (
	"io"
	"mime"
	"net/http"
	"strconv"

	"github.com/google/uuid"

	"taxd/internal/apperr"
	"taxd/internal/reports"
)

// DownloadHandler serves GET /downloads/reports/{reportId}?expires=...&signature=...: the URLs of
// reports.Service.DownloadURL (GraphQL getReportDownloadUrl). The signature alone authorises the
// read, as in the REST signed downloads: an invalid or expired one is a 401, an unknown or unready
// report a 404. Errors are written by WriteError, as on /api.
func DownloadHandler(s *reports.Service) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		id, err := uuid.Parse(req.PathValue("reportId"))
		if err != nil {
			WriteError(w, req, apperr.NotFoundf("report not found"))
			return
		}
		exp, err := strconv.ParseInt(req.URL.Query().Get("expires"), 10, 64)
		if err != nil {
			WriteError(w, req, apperr.New(apperr.Unauthenticated, "the download signature is invalid"))
			return
		}
		f, err := s.OpenSigned(req.Context(), id, exp, req.URL.Query().Get("signature"), nil)
		if apperr.KindOf(err) == apperr.NotFound {
			err = apperr.NotFoundf("report not found")
		}
		if err != nil {
			WriteError(w, req, err)
			return
		}
		defer f.Body.Close()
		w.Header().Set("Content-Type", f.ContentType)
		w.Header().Set("Content-Length", strconv.FormatInt(f.Size, 10))
		w.Header().Set("Content-Disposition", mime.FormatMediaType("attachment", map[string]string{"filename": f.Filename}))
		_, _ = io.Copy(w, f.Body)
	})
}
