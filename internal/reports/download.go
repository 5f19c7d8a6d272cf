package reports

import (
	"encoding/json"
	"io"
	"log/slog"
	"mime"
	"net/http"
	"strconv"

	"github.com/google/uuid"

	"taxd/internal/apperr"
)

// DownloadHandler serves GET /downloads/reports/{reportId}?expires=...&signature=...: the URLs of
// DownloadURL (GraphQL getReportDownloadUrl). The signature alone authorises the read, as in the
// REST signed downloads: an invalid or expired one is a 401, an unknown or unready report a 404.
func (s *Service) DownloadHandler() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		fail := func(status int, msg string) {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(status)
			_ = json.NewEncoder(w).Encode(map[string]string{"message": msg})
		}
		id, err := uuid.Parse(req.PathValue("reportId"))
		if err != nil {
			fail(http.StatusNotFound, "report not found")
			return
		}
		exp, err := strconv.ParseInt(req.URL.Query().Get("expires"), 10, 64)
		if err != nil {
			fail(http.StatusUnauthorized, "the download signature is invalid")
			return
		}
		r, err := s.VerifySigned(req.Context(), id, exp, req.URL.Query().Get("signature"), nil)
		var f Download
		if err == nil {
			f, err = s.Open(req.Context(), r)
		}
		if err != nil {
			switch apperr.KindOf(err) {
			case apperr.Unauthenticated:
				fail(http.StatusUnauthorized, err.Error())
			case apperr.NotFound:
				fail(http.StatusNotFound, "report not found")
			default:
				slog.ErrorContext(req.Context(), "report download", "report", id, "err", err)
				fail(http.StatusInternalServerError, "internal server error")
			}
			return
		}
		defer f.Body.Close()
		w.Header().Set("Content-Type", f.ContentType)
		w.Header().Set("Content-Length", strconv.FormatInt(f.Size, 10))
		w.Header().Set("Content-Disposition", mime.FormatMediaType("attachment", map[string]string{"filename": f.Filename}))
		_, _ = io.Copy(w, f.Body)
	})
}
