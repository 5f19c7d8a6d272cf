package auth

import (
	"testing"

	"github.com/google/uuid"

	"taxd/internal/apperr"
)

func TestClientScopeFailsClosed(t *testing.T) {
	var zero ClientScope
	if apperr.KindOf(zero.Check()) != apperr.Forbidden || apperr.KindOf(zero.CheckWrite()) != apperr.Forbidden {
		t.Error("the zero scope passes a check")
	}
	client := uuid.New()
	read := ClientScope{clientID: client, perm: PermRead, actor: "apikey:x"}
	if read.Check() != nil {
		t.Error("a Read scope cannot read")
	}
	if apperr.KindOf(read.CheckWrite()) != apperr.Forbidden {
		t.Error("a Read scope reaches a write path")
	}
	if JobScope(client, "report").CheckWrite() == nil {
		t.Error("a job scope is read-only")
	}
	partner := uuid.New()
	p := &Partner{PartnerID: partner, Method: MethodSecretPair}
	if s, err := PartnerUserScope(p, client, &partner); err != nil || s.ClientID() != client || s.CheckWrite() != nil {
		t.Errorf("the partner's own user: %v", err)
	}
	other := uuid.New()
	if _, err := PartnerUserScope(p, client, &other); apperr.KindOf(err) != apperr.NotFound {
		t.Errorf("another partner's user: %v, want NotFound", err)
	}
	tok := &Partner{PartnerID: partner, Method: MethodAccessToken, ClientID: uuid.New()}
	if _, err := PartnerUserScope(tok, client, &partner); apperr.KindOf(err) != apperr.NotFound {
		t.Errorf("an access token on another user: %v, want NotFound", err)
	}
}
