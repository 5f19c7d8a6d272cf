package contracttests

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"taxd/internal/reports"
	"taxd/internal/testwait"
)

// gqlAnswer is a GraphQL answer: data, and the first error's code and message.
type gqlAnswer struct {
	Data    map[string]json.RawMessage
	Code    string
	Message string
}

// gqlRW sends one GraphQL operation with the fixture's ReadWrite key.
func gqlRW(t *testing.T, e *env, query string, vars map[string]any) gqlAnswer {
	t.Helper()
	r, err := sendGQL(http.DefaultClient, e.url, gqlKeyRW, query, vars)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// sendGQL posts one GraphQL operation with a client API key and returns its data and first error.
func sendGQL(c *http.Client, baseURL, key, query string, vars map[string]any) (gqlAnswer, error) {
	body, _ := json.Marshal(map[string]any{"query": query, "variables": vars})
	req, _ := http.NewRequest(http.MethodPost, baseURL+"/graphql", bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("x-api-key", key)
	resp, err := c.Do(req)
	if err != nil {
		return gqlAnswer{}, err
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	var got struct {
		Data   map[string]json.RawMessage `json:"data"`
		Errors []struct {
			Message    string         `json:"message"`
			Extensions map[string]any `json:"extensions"`
		} `json:"errors"`
	}
	if err := json.Unmarshal(raw, &got); err != nil {
		return gqlAnswer{}, fmt.Errorf("not JSON (%d): %.300s", resp.StatusCode, raw)
	}
	r := gqlAnswer{Data: got.Data}
	if len(got.Errors) > 0 {
		r.Code, _ = got.Errors[0].Extensions["code"].(string)
		r.Message = got.Errors[0].Message
	}
	return r, nil
}

// mustGQL is gqlRW that fails the test on an error and decodes the root field into out.
func mustGQL(t *testing.T, e *env, root, query string, vars map[string]any, out any) {
	t.Helper()
	r := gqlRW(t, e, query, vars)
	if r.Code != "" {
		t.Fatalf("%s: %s: %s", root, r.Code, r.Message)
	}
	if out != nil {
		if err := json.Unmarshal(r.Data[root], out); err != nil {
			t.Fatalf("%s: %v: %s", root, err, r.Data[root])
		}
	}
}

// putFile sends body to a signed upload URL of the env's server and returns the status and body.
func putFile(t *testing.T, e *env, signedURL string, body io.Reader, length int64) (int, string) {
	t.Helper()
	u, err := url.Parse(signedURL)
	if err != nil {
		t.Fatal(err)
	}
	req, _ := http.NewRequest(http.MethodPut, e.url+u.RequestURI(), body)
	req.ContentLength = length
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(raw)
}

type uploadURL struct {
	URL           string `json:"url"`
	FileObjectKey string `json:"fileObjectKey"`
	MaxBytes      int64  `json:"maxBytes"`
}

const createUploadURLQuery = `mutation($c: ID!, $n: String) { createUploadUrl(clientId: $c, fileName: $n) { url fileObjectKey maxBytes } }`

const importUploadQuery = `mutation($c: String, $k: String!) { uploadManualTransactions(clientId: $c, fileObjectKey: $k, name: "Kraken CSV") }`

func (e *env) transactionCount(t *testing.T, client uuid.UUID) int {
	t.Helper()
	var n int
	if err := e.pool.QueryRow(ctx(), `SELECT count(*) FROM transactions WHERE client_id = $1 AND deleted_at IS NULL`, client).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// importJob polls getTransactionImportJobs until the import job id has finished; it returns its
// status and error.
func (e *env) importJob(t *testing.T, id string) (string, string) {
	t.Helper()
	return awaitImportJob(t, id, func(query string, vars map[string]any, out any) {
		mustGQL(t, e, "getTransactionImportJobs", query, map[string]any{"c": gqlClient1.String()}, out)
	})
}

// awaitImportJob polls getTransactionImportJobs through run (one client's credentials) until the
// import job id has finished.
func awaitImportJob(t *testing.T, id string, run func(query string, vars map[string]any, out any)) (string, string) {
	t.Helper()
	var status, message string
	testwait.For(t, "import job "+id+" to finish", 60*time.Second, func() bool {
		var r struct {
			Jobs []struct {
				ID, Status string
				Error      *string
			}
		}
		run(`query($c: ID!) { getTransactionImportJobs(clientId: $c) { jobs { id status error } } }`, nil, &r)
		for _, j := range r.Jobs {
			if j.ID == id && (j.Status == "SUCCEEDED" || j.Status == "FAILED") {
				status = j.Status
				if j.Error != nil {
					message = *j.Error
				}
				return true
			}
		}
		return false
	})
	return status, message
}

// TestUploadThenImport: a file PUT to the URL of createUploadUrl is imported by
// uploadManualTransactions's job (all rows); a file with a bad row fails whole, naming the line; a
// tampered signature or expiry, a second PUT and an oversize body are refused with {"message"}.
func TestUploadThenImport(t *testing.T) {
	t.Parallel()
	e := newWorkingGraphQLEnv(t)
	vars := map[string]any{"c": gqlClient1.String(), "n": "kraken-2025.csv"}
	var u uploadURL
	mustGQL(t, e, "createUploadUrl", createUploadURLQuery, vars, &u)
	if !strings.HasPrefix(u.FileObjectKey, "uploads/"+gqlClient1.String()+"/") || u.MaxBytes != 25<<20 {
		t.Fatalf("upload URL %+v", u)
	}

	file := "date,type,sent_quantity,sent_asset,received_quantity,received_asset,fee_quantity,fee_asset,fiat_value_usd\n" +
		"2025-02-01T10:00:00Z,buy,1500,USD,0.5,ETH,,,1500\n" +
		"2025-03-01T10:00:00Z,sell,0.2,ETH,700,USD,,,700\n"
	for name, change := range map[string]func(q url.Values){
		"tampered signature": func(q url.Values) { q.Set("signature", strings.Repeat("0", 64)) },
		"extended expiry":    func(q url.Values) { q.Set("expires", "4102444800") },
	} {
		p, _ := url.Parse(u.URL)
		q := p.Query()
		change(q)
		p.RawQuery = q.Encode()
		if status, body := putFile(t, e, p.String(), strings.NewReader(file), int64(len(file))); status != http.StatusForbidden || !strings.Contains(body, `"message"`) {
			t.Fatalf("%s: %d %s", name, status, body)
		}
	}
	if status, body := putFile(t, e, u.URL, io.LimitReader(zeros{}, u.MaxBytes+1), u.MaxBytes+1); status != http.StatusRequestEntityTooLarge || !strings.Contains(body, `"message"`) {
		t.Fatalf("oversize: %d %s", status, body)
	}
	if status, body := putFile(t, e, u.URL, strings.NewReader(file), int64(len(file))); status != http.StatusCreated {
		t.Fatalf("upload: %d %s", status, body)
	}
	if status, body := putFile(t, e, u.URL, strings.NewReader(file), int64(len(file))); status != http.StatusConflict || !strings.Contains(body, `"message"`) {
		t.Fatalf("second upload: %d %s", status, body)
	}

	before := e.transactionCount(t, gqlClient1)
	var job string
	mustGQL(t, e, "uploadManualTransactions", importUploadQuery, map[string]any{"c": gqlClient1.String(), "k": u.FileObjectKey}, &job)
	if st, why := e.importJob(t, job); st != "SUCCEEDED" {
		t.Fatalf("import: %s %s", st, why)
	}
	if after := e.transactionCount(t, gqlClient1); after != before+2 {
		t.Fatalf("transactions %d -> %d, want 2 imported", before, after)
	}
	e.uploadGone(t, u.FileObjectKey)

	// A file with a bad row: nothing is imported and the error names the line.
	var bad uploadURL
	mustGQL(t, e, "createUploadUrl", createUploadURLQuery, vars, &bad)
	badFile := file + "2025-04-01T10:00:00Z,sell,lots,ETH,700,USD,,,700\n"
	if status, body := putFile(t, e, bad.URL, strings.NewReader(badFile), int64(len(badFile))); status != http.StatusCreated {
		t.Fatalf("upload: %d %s", status, body)
	}
	mustGQL(t, e, "uploadManualTransactions", importUploadQuery, map[string]any{"c": gqlClient1.String(), "k": bad.FileObjectKey}, &job)
	if st, why := e.importJob(t, job); st != "FAILED" || !strings.Contains(why, "line 4") {
		t.Fatalf("bad file: %s %s, want FAILED naming line 4", st, why)
	}
	if after := e.transactionCount(t, gqlClient1); after != before+2 {
		t.Fatalf("a refused file changed the ledger: %d transactions", after)
	}
	e.uploadGone(t, bad.FileObjectKey)
}

// uploadGone fails unless the uploaded file at key was deleted from the bucket (its import ended).
func (e *env) uploadGone(t *testing.T, key string) {
	t.Helper()
	bucket, err := reports.OpenBucket(context.Background(), e.cfg.BlobURL, e.cfg.DataDir)
	if err != nil {
		t.Fatal(err)
	}
	defer bucket.Close()
	if ok, err := bucket.Exists(context.Background(), key); err != nil || ok {
		t.Fatalf("the uploaded file %s is still in the bucket after its import (%v)", key, err)
	}
}

// TestUploadREST: a partner gets a signed URL for its user over REST and the PUT stores the file.
func TestUploadREST(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	c := &apiClient{t: t, base: e.url + "/api"}
	var resp struct {
		Data uploadURL `json:"data"`
	}
	if err := json.Unmarshal(c.send("POST", "/users/user-123/uploads", `{"fileName":"kraken.csv","size":12}`, 201), &resp); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(resp.Data.FileObjectKey, "uploads/"+user123ID.String()+"/") {
		t.Fatalf("key %q", resp.Data.FileObjectKey)
	}
	if status, body := putFile(t, e, resp.Data.URL, strings.NewReader("date,type\n"), 10); status != http.StatusCreated {
		t.Fatalf("upload: %d %s", status, body)
	}
	c.send("POST", "/users/user-123/uploads", `{"size":26214401}`, 413)
}

type zeros struct{}

func (zeros) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}
