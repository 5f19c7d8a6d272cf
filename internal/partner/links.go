package partner

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"sort"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"taxd/gen/db"
	"taxd/internal/accounts"
	"taxd/internal/apperr"
	"taxd/internal/auth"
	"taxd/internal/mail"
	"taxd/internal/store"
)

// LinkWallet is a wallet of a hosted link.
type LinkWallet struct {
	Address string  `json:"address"`
	Name    *string `json:"name,omitempty"`
}

// Link is a hosted portal link for a set of wallets.
type Link struct {
	ID        uuid.UUID
	PartnerID uuid.UUID
	Token     string
	CreatedAt time.Time
	Wallets   []LinkWallet
	URL       string
}

// CreateLink returns the partner's link for this set of wallets, creating it when there is none
// (created reports which). The set is keyed by its addresses, case-insensitively and unordered.
func (s *Service) CreateLink(ctx context.Context, p *auth.Partner, wallets []LinkWallet) (Link, bool, error) {
	var out Link
	var created bool
	err := store.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		var err error
		out, created, err = s.createLink(ctx, tx, p, wallets)
		return err
	})
	return out, created, err
}

func (s *Service) createLink(ctx context.Context, tx pgx.Tx, p *auth.Partner, wallets []LinkWallet) (Link, bool, error) {
	if p.Method == auth.MethodAccessToken {
		return Link{}, false, apperr.New(apperr.Forbidden, "links need partner credentials")
	}
	hash, err := LinkKey(wallets)
	if err != nil {
		return Link{}, false, err
	}
	for i, w := range wallets {
		if _, err := accounts.Detect(w.Address, fmt.Sprintf("wallets.%d.address", i)); err != nil {
			return Link{}, false, err
		}
	}
	q := db.New(tx)
	walletsJSON, _ := json.Marshal(wallets)
	row, err := q.InsertLink(ctx, db.InsertLinkParams{
		ID: uuid.Must(uuid.NewV7()), PartnerID: p.PartnerID, WalletsHash: hash, Wallets: walletsJSON, Token: "lnk_" + auth.RandomToken(24),
	})
	created := err == nil
	if errors.Is(err, pgx.ErrNoRows) { // it exists already
		row, err = q.GetLinkByWallets(ctx, db.GetLinkByWalletsParams{PartnerID: p.PartnerID, WalletsHash: hash})
	}
	if err != nil {
		return Link{}, false, store.Err(err, "link")
	}
	partner, err := q.GetPartner(ctx, p.PartnerID)
	if err != nil {
		return Link{}, false, err
	}
	var stored []LinkWallet
	if err := json.Unmarshal(row.Wallets, &stored); err != nil {
		return Link{}, false, err
	}
	return Link{ID: row.ID, PartnerID: row.PartnerID, Token: row.Token, CreatedAt: row.CreatedAt, Wallets: stored, URL: linkURL(partner.PortalUrl, row.Token)}, created, nil
}

// LinkKey identifies a set of wallets: a hash of the sorted, lower-cased addresses. It trims the
// addresses in place and rejects empty or repeated ones.
func LinkKey(wallets []LinkWallet) (string, error) {
	if len(wallets) == 0 {
		return "", apperr.InvalidField("wallets", "must hold at least one wallet")
	}
	keys := make([]string, 0, len(wallets))
	seen := map[string]bool{}
	for i, w := range wallets {
		a := strings.TrimSpace(w.Address)
		if a == "" {
			return "", apperr.InvalidField(fmt.Sprintf("wallets.%d.address", i), "must not be empty")
		}
		k := strings.ToLower(a)
		if seen[k] {
			return "", apperr.InvalidField(fmt.Sprintf("wallets.%d.address", i), "is listed twice")
		}
		seen[k] = true
		keys = append(keys, k)
		wallets[i].Address = a
	}
	sort.Strings(keys)
	sum := sha256.Sum256([]byte(strings.Join(keys, "\n")))
	return hex.EncodeToString(sum[:]), nil
}

func linkURL(base, token string) string {
	u, err := url.Parse(base)
	if err != nil {
		u = &url.URL{Path: base}
	}
	q := u.Query()
	q.Set("link", token)
	u.RawQuery = q.Encode()
	return u.String()
}

// EmailLink gets or creates the link and queues an e-mail with it to the recipient, within the
// recipient's daily limit (LimitExceeded past it). Link and e-mail commit together.
func (s *Service) EmailLink(ctx context.Context, p *auth.Partner, wallets []LinkWallet, recipient string) (Link, error) {
	var link Link
	err := store.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		var err error
		if link, _, err = s.createLink(ctx, tx, p, wallets); err != nil {
			return err
		}
		partner, err := db.New(tx).GetPartner(ctx, p.PartnerID)
		if err != nil {
			return err
		}
		body := fmt.Sprintf("Hello,\n\n%s invites you to review the crypto taxes of your wallets:\n\n%s\n\nIf you did not expect this message, you can ignore it.\n", partner.Name, link.URL)
		_, err = mail.Queue(ctx, tx, s.jobs, mail.Message{
			PartnerID: &p.PartnerID, To: recipient, Subject: partner.Name + ": your crypto tax portal", Body: body, Kind: "link",
		}, s.settings.EmailDailyLimit, s.now())
		return err
	})
	return link, err
}

// LinkReferencePrefix starts the referenceId of the embedded user that holds a hosted link's
// wallets ("link-<link id>").
const LinkReferencePrefix = "link-"

// OpenLink signs a visitor of a hosted link in: the link's wallets belong to an embedded user of the
// link's partner (referenceId "link-<link id>", created with the wallets on first use), and the
// visitor gets an access token for that user only. An unknown link token is not found.
func (s *Service) OpenLink(ctx context.Context, token string) (AccessToken, uuid.UUID, error) {
	var out AccessToken
	var partnerID uuid.UUID
	err := store.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		link, err := q.GetLinkByToken(ctx, token)
		if err != nil {
			return store.Err(err, "link")
		}
		partnerID = link.PartnerID
		ref := LinkReferencePrefix + link.ID.String()
		c, err := q.GetClientByReference(ctx, db.GetClientByReferenceParams{PartnerID: &link.PartnerID, ReferenceID: &ref})
		if errors.Is(err, pgx.ErrNoRows) {
			if c, err = createUser(ctx, q, link.PartnerID, NewUser{ReferenceID: ref}); err != nil {
				return err
			}
			var stored []LinkWallet
			if err := json.Unmarshal(link.Wallets, &stored); err != nil {
				return err
			}
			wallets := make([]accounts.Wallet, len(stored))
			for i, w := range stored {
				chain, err := accounts.Detect(w.Address, fmt.Sprintf("wallets.%d.address", i))
				if err != nil {
					return err
				}
				wallets[i] = accounts.Wallet{Address: w.Address, Chain: chain, Name: w.Name}
			}
			if _, _, err := accounts.Add(ctx, q, c.ID, wallets, "wallets"); err != nil {
				return err
			}
		} else if err != nil {
			return store.Err(err, "user")
		}
		issued, err := s.tokens.Issue(link.PartnerID, c.ID, ref, s.now(), auth.DefaultTokenLifetime)
		if err != nil {
			return err
		}
		out = AccessToken{Token: issued.Token, ReferenceID: ref, ExpiresIn: int(auth.DefaultTokenLifetime / time.Second), ExpiresAt: issued.ExpiresAt}
		return nil
	})
	return out, partnerID, err
}
