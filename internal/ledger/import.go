package ledger

import (
	"bufio"
	"bytes"
	"context"
	"crypto/rand"
	"errors"
	"io"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/shopspring/decimal"

	"taxd/gen/db"
	"taxd/internal/imports"
	"taxd/internal/pgcopy"
	"taxd/internal/prices"
	"taxd/internal/store"
)

// PriceFunc returns the USD price of one unit of asset at a time; found=false when no price is
// known (the transfer's value stays missing and is flagged, never made up).
type PriceFunc func(ctx context.Context, asset imports.AssetRef, at time.Time) (usd decimal.Decimal, found bool, err error)

// Import writes transactions fetched for one account (a sync page, a small file) through the bulk
// path of Importer. It returns how many transactions were added.
func (e *Editor) Import(accountID uuid.UUID, txs []imports.Tx, price PriceFunc) (int, error) {
	if len(txs) == 0 {
		return 0, nil
	}
	im, err := e.NewImporter(accountID, price)
	if err != nil {
		return 0, err
	}
	for i := range txs {
		if err := im.Add(&txs[i]); err != nil {
			im.Abort()
			return 0, err
		}
	}
	return im.Finish()
}

// Importer writes many transactions of one account in bulk, in the Editor's database transaction:
// Add encodes each one into a chunk of staged rows, and a writer goroutine moves each full chunk
// into the ledger set-wise while Add goes on with the next (the parse and the checks of later rows
// run on one core while the database writes earlier ones on the other). Each chunk is staged into
// a temporary table with COPY and written:
//
//   - new assets are created, the transactions go in with one INSERT ... SELECT ... ON CONFLICT
//     (account_id, external_id) DO NOTHING, so a transaction imported before is skipped and a
//     re-sync or re-upload adds nothing twice;
//   - then only the transfers and dirty marks of the transactions actually added are written, by
//     one more statement.
//
// Finish writes the last chunk (or all of them) and one audit entry for the import (none for a
// re-import). A chunk holds whole transactions (a transaction's transfers are staged with it).
// Everything is written in the one database transaction, so an import is all or nothing: an error
// in any chunk, or in a row after many chunks were written, leaves the caller's transaction to roll
// back every chunk.
//
// Only an import into an account without transactions is written chunk by chunk: elsewhere the
// known external ids are dropped by hashing the account's (see writeStaged), a cost each chunk
// would pay again, and a replacing import matches the account's transactions once; there the
// chunks are staged as they fill and written together by Finish. Memory stays bounded whatever the
// number of transactions: at most three chunks (one filling, one queued, one being staged or
// written) are held.
//
// Fiat legs (USD and the like) are not stored (isFiatLeg): their value is carried by the crypto
// leg's fiat value, and a transaction of fiat legs only is not stored. A transfer with neither side
// the client's is not part of its ledger and is dropped.
// While an Importer is open the Editor's transaction is busy with its writes: call Finish or Abort
// before any other edit.
type Importer struct {
	e        *Editor
	account  uuid.UUID
	source   string
	provider string               // the account's chain or exchange
	address  string               // the account's own address, lower case ("" for none)
	own      map[ownKey]uuid.UUID // (chain, lower-case address) -> own account
	// known: asset key -> the user's price override, for every asset of the client and every one
	// a chunk creates (without an override)
	known map[string]decimal.NullDecimal
	price PriceFunc
	// replace: the staged transactions replace the account's transactions of the same external
	// ids in place (a re-classification), keeping their ids and links; see NewReplacer.
	replace bool
	// fresh: the account had no transactions when the import began.
	fresh bool
	// eachChunk: each chunk is written as soon as it is staged, not all of them at Finish.
	eachChunk bool
	// chunkRows is the number of transactions of a chunk.
	chunkRows int

	rnd    *bufio.Reader // random bits of the ids, read from crypto/rand 4 KiB at a time
	cur    *importChunk  // the chunk Add fills
	chunks chan *importChunk
	free   chan []byte // rows buffers of written chunks, for reuse
	failed chan struct{}
	done   chan struct{}
	werr   error // the writer's error; read after failed or done is closed
	added  int   // transactions written by the writer; read after done is closed
	row    []byte
	legs   []byte // the current transaction's transfer rows, written after its own row
	staged int
	closed bool
}

// importChunk is a run of staged transactions: their COPY rows (without header and trailer) and
// what its write needs to know of them.
type importChunk struct {
	rows      []byte
	staged    int
	newAssets map[string]imports.AssetRef // assets the client does not have yet, first named here
	assetKeys map[string]struct{}         // the assets its transfers name
	accounts  map[uuid.UUID]struct{}      // the client's accounts they name (the import's account among them)
	crossOwn  bool                        // a transfer names another of the client's accounts
	figures   figureSums
}

// importChunkRows is the number of transactions of a chunk: big enough that the statements of a
// chunk cost little beside its rows, small enough that the first chunk's parse (before anything
// overlaps) is short and that three chunks stay a few tens of MB.
const importChunkRows = 25_000

// stagedChunkRows is the number of transactions of a chunk that is only staged (written at the
// end): its COPY follows the parse closely, as one streamed COPY would.
const stagedChunkRows = 2_500

// stageTable holds the staged rows: one row per transaction (pos -1) and one per transfer;
// addedTable the staged transactions written (new, or replaced), with their time and whether they
// count in the portfolio (neither deleted nor hidden) and among the shown ones (nor failed).
const (
	stageTable = "ledger_import_stage"
	addedTable = "ledger_import_added"
)

// stagedValue is the value of a staged transaction (transactions.fiat_value) from its staged
// transfers, as the database defines it (transaction_fiat_values, migration 00197) for a
// transaction whose transfers are exactly these, none hidden and none valued by a result set: the
// greater of the values in and out (fee legs left out), rounded to cents half away from zero as
// numeric's round does, and 0 for a transaction without transfers. Add sums it while it stages
// the transfers, so that the write does not group the staged rows again.
func stagedValue(legs int, in, out decimal.Decimal) string {
	if legs == 0 {
		return "0"
	}
	return decimal.Max(in, out).Round(2).StringFixed(2)
}

// writingValues tells the transfers' triggers that the next statements write the values of the
// transactions whose transfers they change (on), or no longer (off). It lasts for the database
// transaction at most.
func writingValues(e *Editor, on bool) error {
	v := "off"
	if on {
		v = "on"
	}
	return e.q.SetTransactionValuesWritten(e.ctx, v)
}

// writingBulkTransfers tells the insert triggers of transfers and dirty marks that the next
// statements insert rows whose parents the importer proved (proveParents) and whose portfolio
// figures and client fees it writes (writeTransferFigures) (on), or no longer (off). It lasts for
// the database transaction at most.
func writingBulkTransfers(e *Editor, on bool) error {
	v := "off"
	if on {
		v = "on"
	}
	return e.q.SetBulkTransfersWritten(e.ctx, v)
}

// proveParents proves what the transfers' and dirty marks' parent checks (in place of foreign keys)
// would, once for the import rather than row by row: their transactions are the rows of
// addedTable, which this database transaction has just inserted or updated for the client (and so
// holds); their assets and accounts are the ones Add staged in the chunk, which must be the
// client's and are locked here as a foreign key would lock them, before the statement that names
// them reads them.
func (im *Importer) proveParents(c *importChunk) error {
	e := im.e
	keys := make([]string, 0, len(c.assetKeys))
	for k := range c.assetKeys {
		keys = append(keys, k)
	}
	accounts := make([]uuid.UUID, 0, len(c.accounts))
	for id := range c.accounts {
		accounts = append(accounts, id)
	}
	found, err := e.q.LockImportParents(e.ctx, db.LockImportParentsParams{ClientID: e.client, AssetKeys: keys, AccountIds: accounts})
	if err != nil {
		return err
	}
	if int(found.AssetsFound) != len(keys) || int(found.AccountsFound) != len(accounts) {
		return store.MissingReference(nil)
	}
	return nil
}

// writeTransferFigures writes what the transfers' insert triggers would have for the transfers the
// import just wrote: the portfolio's balances and days (portfolio_apply_sql, as
// portfolio_transfers_changed) from the transfers of the transactions that count, and the client's
// fees (as client_transaction_fees_changed) from the fee legs of the shown ones. A transfer written
// by the import is never hidden.
//
// In an import into a new account, Add sums them while it stages the rows (figureSums); when every
// staged transaction of c was added (none repeated, none dropped as a known move), they all count
// and the shown ones are those not failed, so those sums are exact and the database only applies
// them. Otherwise the staged rows of the added transactions are grouped here. Either way the sides
// are summed per account, asset and UTC day first, all that portfolio_apply_sql needs (it sums them
// per account and asset, and per day and asset): its aggregates then read a few rows a day rather
// than every transfer.
func (im *Importer) writeTransferFigures(c *importChunk, allAdded bool) error {
	e := im.e
	if allAdded {
		return im.applyFigureSums(c)
	}
	apply, err := e.q.PortfolioApplySQL(e.ctx, `
SELECT $1::uuid AS client_id, g.account_id, a.id AS asset_id, g.q, g.at
  FROM (SELECT v.account_id, s.asset_key, sum(v.sign * s.quantity::numeric) AS q, min(n.occurred_at) AS at
          FROM `+stageTable+` s
          JOIN `+addedTable+` n ON n.id = s.tx_id
         CROSS JOIN LATERAL (VALUES (s.to_account_id, 1), (s.from_account_id, -1)) v (account_id, sign)
         WHERE s.pos >= 0 AND n.counts AND v.account_id IS NOT NULL
         GROUP BY v.account_id, s.asset_key, (n.occurred_at AT TIME ZONE 'UTC')::date) g
  JOIN assets a ON a.client_id = $1 AND a.key = g.asset_key`)
	if err != nil {
		return err
	}
	if _, err := e.tx.Exec(e.ctx, apply, e.client); err != nil {
		return err
	}
	_, err = e.tx.Exec(e.ctx, `
UPDATE client_transaction_counts c SET fees = c.fees + d.fees
  FROM (SELECT sum(CASE WHEN s.is_fee THEN coalesce(s.fiat_value::numeric, 0) ELSE 0 END + coalesce(s.fee_fiat::numeric, 0)) AS fees
          FROM `+stageTable+` s JOIN `+addedTable+` n ON n.id = s.tx_id
         WHERE s.pos >= 0 AND n.shown AND (s.is_fee OR s.fee_fiat IS NOT NULL)) d
 WHERE c.client_id = $1 AND d.fees <> 0`, e.client)
	return err
}

// applyFigureSums applies the figures Add summed for the transactions of c.
func (im *Importer) applyFigureSums(c *importChunk) error {
	e := im.e
	f := &c.figures
	if len(f.sides) > 0 {
		accounts := make([]uuid.UUID, 0, len(f.sides))
		assets := make([]string, 0, len(f.sides))
		qs := make([]string, 0, len(f.sides))
		days := make([]time.Time, 0, len(f.sides))
		for k, v := range f.sides {
			accounts, assets, days = append(accounts, k.account), append(assets, k.asset), append(days, k.day)
			qs = append(qs, v.String())
		}
		apply, err := e.q.PortfolioApplySQL(e.ctx, `
SELECT $1::uuid AS client_id, g.account_id, a.id AS asset_id, g.q::numeric AS q, g.at
  FROM unnest($2::uuid[], $3::text[], $4::text[], $5::timestamptz[]) g (account_id, asset_key, q, at)
  JOIN assets a ON a.client_id = $1 AND a.key = g.asset_key`)
		if err != nil {
			return err
		}
		if _, err := e.tx.Exec(e.ctx, apply, e.client, accounts, assets, qs, days); err != nil {
			return err
		}
	}
	if f.fees.sum.IsZero() {
		return nil
	}
	return e.q.AddClientFees(e.ctx, db.AddClientFeesParams{ClientID: e.client, Fees: f.fees.String()})
}

// figureSums are the kept figures of a chunk's transfers, summed by Add as the database would sum
// them for transactions that all count: the signed sides per account, asset and UTC day, and the
// fees of the transactions not failed.
type figureSums struct {
	sides map[figureKey]*numericSum
	fees  numericSum
}

type figureKey struct {
	account uuid.UUID
	asset   string
	day     time.Time // midnight UTC
}

// numericSum is a sum of numeric values as Postgres sums them: exact, at the largest scale of its
// terms (so that "1.50" + "2.5" is "4.00", as sum() over numeric gives).
type numericSum struct {
	sum   decimal.Decimal
	scale int32
}

// add adds d, whose text as staged is s, or subtracts it.
func (n *numericSum) add(d decimal.Decimal, s string, negative bool) {
	if negative {
		n.sum = n.sum.Sub(d)
	} else {
		n.sum = n.sum.Add(d)
	}
	if i := strings.IndexByte(s, '.'); i >= 0 {
		n.scale = max(n.scale, int32(len(s)-i-1))
	}
}

func (n *numericSum) String() string { return n.sum.StringFixed(n.scale) }

// side adds a transfer's side to its account's sum of the asset and day.
func (f *figureSums) side(account uuid.UUID, asset string, day time.Time, q decimal.Decimal, qs string, negative bool) {
	k := figureKey{account: account, asset: asset, day: day}
	n := f.sides[k]
	if n == nil {
		n = &numericSum{}
		f.sides[k] = n
	}
	n.add(q, qs, negative)
}

var stageColumns = []string{"tx_id", "pos", "occurred_at", "txn_hash", "external_id", "label", "is_failed",
	"id", "asset_key", "quantity", "from_account_id", "to_account_id", "from_address", "to_address", "fiat_value",
	"fee_fiat", "is_fee", "notes", "position", "rule", "confidence", "explanation", "digest", "value"}

// NewImporter opens a bulk import into one of the client's accounts.
func (e *Editor) NewImporter(accountID uuid.UUID, price PriceFunc) (*Importer, error) {
	acct, err := e.q.GetAccount(e.ctx, db.GetAccountParams{ClientID: e.client, ID: accountID})
	if err != nil {
		return nil, store.Err(err, "account")
	}
	own, err := e.ownAddresses()
	if err != nil {
		return nil, err
	}
	known := map[string]decimal.NullDecimal{}
	rows, err := e.tx.Query(e.ctx, `SELECT key, price_override FROM assets WHERE client_id = $1`, e.client)
	if err != nil {
		return nil, err
	}
	for rows.Next() {
		var key string
		var override decimal.NullDecimal
		if err := rows.Scan(&key, &override); err != nil {
			rows.Close()
			return nil, err
		}
		known[key] = override
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	// Several imports may run in one database transaction (the table is dropped at its end).
	// The time and the amounts are staged as text and cast only for the rows that are written: a
	// re-import, whose rows are all known, parses none of them.
	if _, err := e.tx.Exec(e.ctx, `CREATE TEMP TABLE IF NOT EXISTS `+stageTable+` (
		tx_id uuid NOT NULL, pos integer NOT NULL, occurred_at text, txn_hash text, external_id text, label text,
		is_failed boolean, id uuid, asset_key text, quantity text, from_account_id uuid, to_account_id uuid,
		from_address text, to_address text, fiat_value text, fee_fiat text, is_fee boolean, notes text,
		position text, rule text, confidence text, explanation text, digest text, value text
	) ON COMMIT DROP;
	CREATE TEMP TABLE IF NOT EXISTS `+addedTable+` (id uuid NOT NULL, occurred_at timestamptz NOT NULL, counts boolean NOT NULL,
		shown boolean NOT NULL) ON COMMIT DROP;
	TRUNCATE `+stageTable+`, `+addedTable); err != nil {
		return nil, err
	}
	has, err := e.q.AccountHasTransactions(e.ctx, db.AccountHasTransactionsParams{ClientID: e.client, AccountID: accountID})
	if err != nil {
		return nil, err
	}
	addr := ""
	if acct.Address != nil {
		addr = strings.ToLower(*acct.Address)
	}
	im := &Importer{e: e, account: accountID, source: "import:" + acct.Provider, provider: acct.Provider, address: addr, own: own, known: known,
		price: price, fresh: !has, eachChunk: !has, chunkRows: stagedChunkRows, rnd: bufio.NewReaderSize(rand.Reader, 4096),
		chunks: make(chan *importChunk, 1), free: make(chan []byte, 2), failed: make(chan struct{}), done: make(chan struct{})}
	if im.eachChunk {
		im.chunkRows = importChunkRows
	}
	im.cur = im.newChunk()
	go im.write()
	return im, nil
}

func (im *Importer) newChunk() *importChunk {
	c := &importChunk{newAssets: map[string]imports.AssetRef{}, assetKeys: map[string]struct{}{}, accounts: map[uuid.UUID]struct{}{im.account: {}},
		figures: figureSums{sides: map[figureKey]*numericSum{}}}
	select {
	case b := <-im.free:
		c.rows = b[:0]
	default:
	}
	return c
}

// write is the writer goroutine: it stages the chunks in turn until the channel closes, and writes
// each as soon as it is staged (eachChunk) or all of them at the end. After an error it does
// nothing more (the caller's transaction must roll back) but takes the remaining chunks, so that
// Add and Finish never wait for it in vain.
func (im *Importer) write() {
	defer close(im.done)
	fail := func(err error) {
		im.werr = err
		close(im.failed)
	}
	all := &importChunk{newAssets: map[string]imports.AssetRef{}, assetKeys: map[string]struct{}{}, accounts: map[uuid.UUID]struct{}{}}
	staged := false
	for c := range im.chunks {
		if im.werr != nil {
			continue
		}
		// The stage holds one chunk when each is written, all of them otherwise.
		if err := im.stage(c, staged && im.eachChunk); err != nil {
			fail(err)
			continue
		}
		if im.eachChunk {
			n, err := im.writeStaged(c, !staged)
			if err != nil {
				fail(err)
				continue
			}
			im.added += n
		} else {
			all.merge(c)
		}
		staged = true
		select {
		case im.free <- c.rows:
		default:
		}
	}
	if im.werr == nil && !im.eachChunk && all.staged > 0 {
		n, err := im.writeStaged(all, true)
		if err != nil {
			fail(err)
			return
		}
		im.added = n
	}
}

// merge adds what the write of c needs to know to a.
func (a *importChunk) merge(c *importChunk) {
	a.staged += c.staged
	a.crossOwn = a.crossOwn || c.crossOwn
	for k, v := range c.newAssets {
		a.newAssets[k] = v
	}
	for k := range c.assetKeys {
		a.assetKeys[k] = struct{}{}
	}
	for k := range c.accounts {
		a.accounts[k] = struct{}{}
	}
}

// NewReplacer opens a bulk import whose transactions replace the account's live transactions of
// the same external ids, in place: the transaction keeps its id, links and notes, takes the staged
// label and failed flag, its transfers are replaced by the staged ones and its classification is
// the staged one; each is marked dirty. A staged transaction without a live one of its external
// id is added as by Import. The caller chooses what to replace (Reclassify leaves edited
// transactions alone).
func (e *Editor) NewReplacer(accountID uuid.UUID, price PriceFunc) (*Importer, error) {
	im, err := e.NewImporter(accountID, price)
	if err != nil {
		return nil, err
	}
	im.replace = true
	im.eachChunk = false // the account's transactions are matched once (replaceKnown)
	im.chunkRows = stagedChunkRows
	return im, nil
}

// Staged is the number of transactions staged so far.
func (im *Importer) Staged() int { return im.staged }

// Add stages one transaction.
func (im *Importer) Add(t *imports.Tx) error {
	if im.closed {
		return errors.New("ledger: Add after Finish or Abort")
	}
	select {
	case <-im.failed:
		return im.werr
	default:
	}
	if fiatOnly(t) {
		return nil // a bank deposit or withdrawal: nothing of the ledger moved (see isFiatLeg)
	}
	txID := im.newID()
	b := im.row[:0]
	b = pgcopy.Fields(b, len(stageColumns))
	b = pgcopy.UUID(b, txID)
	b = pgcopy.Int4(b, -1)
	b = binText(b, t.Time.UTC().Format(time.RFC3339Nano), false)
	b = binText(b, t.Hash, true)
	b = binText(b, t.ExternalID, false)
	txLabel := ""
	if l := ledgerLabel(t.Label); l != nil {
		txLabel = *l
	}
	b = binText(b, txLabel, true)
	b = pgcopy.Bool(b, t.Failed)
	for range 10 {
		b = pgcopy.Null(b)
	}
	b = binText(b, strings.TrimSpace(t.Notes), true)
	b = pgcopy.Null(b) // position
	if c := t.Classification; c != nil {
		b = binText(b, c.Rule, false)
		b = binText(b, string(c.Confidence), false)
		b = binText(b, c.Explanation, false)
		b = binText(b, c.Digest, false)
	} else {
		for range 4 {
			b = pgcopy.Null(b)
		}
	}

	pos := 0
	var in, out decimal.Decimal
	legs := im.legs[:0]
	day := utcDay(t.Time)
	// The kept figures are summed for an import into a new account (eachChunk), whose rows are all
	// new unless the file repeats one: elsewhere most rows of a big file are often known ones.
	var figures *figureSums
	if im.eachChunk {
		figures = &im.cur.figures
	}
	for i := range t.Transfers {
		tr := &t.Transfers[i]
		if isFiatLeg(tr) {
			continue
		}
		if tr.Quantity.Sign() <= 0 {
			continue
		}
		from, fromAddr := im.side(tr.From)
		to, toAddr := im.side(tr.To)
		if from == nil && to == nil {
			continue // neither side is the client's: not part of its ledger
		}
		c := im.cur
		if from != nil && *from != im.account {
			c.crossOwn = true
			c.accounts[*from] = struct{}{}
		}
		if to != nil && *to != im.account {
			c.crossOwn = true
			c.accounts[*to] = struct{}{}
		}
		key := tr.Asset.Key()
		if _, ok := c.assetKeys[key]; !ok {
			c.assetKeys[key] = struct{}{}
		}
		override, ok := im.known[key]
		if !ok {
			// created by this chunk's write, before its transfers (no override yet)
			c.newAssets[key] = tr.Asset
			im.known[key] = decimal.NullDecimal{}
		}
		fiat := decimal.NullDecimal{}
		switch {
		case tr.FiatValue != nil: // the file's own value
			fiat = decimal.NullDecimal{Decimal: *tr.FiatValue, Valid: true}
		case override.Valid: // the user's price for the asset wins over the market's
			fiat = decimal.NullDecimal{Decimal: override.Decimal.Mul(tr.Quantity).Round(18), Valid: true}
		case im.price != nil:
			usd, found, err := im.price(im.e.ctx, tr.Asset, t.Time)
			if err != nil {
				return err
			}
			if found {
				fiat = decimal.NullDecimal{Decimal: usd.Mul(tr.Quantity).Round(18), Valid: true}
			}
		}
		// Where a label lives (docs/ledger-edits.md): the transaction's label governs its legs, so a
		// leg gets a label of its own only where the file labels it apart (a fee leg is a fee).
		label := ""
		if l := ledgerLabel(tr.Label); l != nil && *l != txLabel {
			label = *l
		}
		if tr.IsFee {
			label = "fee"
		}
		if fiat.Valid && !tr.IsFee {
			if to != nil {
				in = in.Add(fiat.Decimal)
			}
			if from != nil {
				out = out.Add(fiat.Decimal)
			}
		}
		b := legs
		b = pgcopy.Fields(b, len(stageColumns))
		b = pgcopy.UUID(b, txID)
		b = pgcopy.Int4(b, int32(pos))
		b = pgcopy.Null(b) // occurred_at
		b = pgcopy.Null(b) // txn_hash
		b = pgcopy.Null(b) // external_id
		b = binText(b, label, true)
		b = pgcopy.Null(b) // is_failed
		b = pgcopy.UUID(b, im.newID())
		b = binText(b, key, false)
		qs := tr.Quantity.String()
		b = binText(b, qs, false)
		b = binUUIDPtr(b, from)
		b = binUUIDPtr(b, to)
		b = binTextPtr(b, fromAddr)
		b = binTextPtr(b, toAddr)
		if figures != nil && to != nil {
			figures.side(*to, key, day, tr.Quantity, qs, false)
		}
		if figures != nil && from != nil {
			figures.side(*from, key, day, tr.Quantity, qs, true)
		}
		if fiat.Valid {
			fs := fiat.Decimal.String()
			b = binText(b, fs, false)
			if figures != nil && tr.IsFee && !t.Failed {
				figures.fees.add(fiat.Decimal, fs, false)
			}
		} else {
			b = pgcopy.Null(b)
		}
		if tr.FeeFiat != nil {
			fs := tr.FeeFiat.String()
			b = binText(b, fs, false)
			if figures != nil && !t.Failed {
				figures.fees.add(*tr.FeeFiat, fs, false)
			}
		} else {
			b = pgcopy.Null(b)
		}
		b = pgcopy.Bool(b, tr.IsFee)
		b = pgcopy.Null(b) // notes
		b = binText(b, tr.Position, true)
		for range 4 { // the transaction's classification
			b = pgcopy.Null(b)
		}
		b = pgcopy.Null(b) // value
		legs = b
		pos++
	}
	b = binText(b, stagedValue(pos, in, out), false)
	b = append(b, legs...)
	im.legs = legs
	im.row = b
	c := im.cur
	c.rows = append(c.rows, b...)
	c.staged++
	im.staged++
	if c.staged == im.chunkRows {
		im.chunks <- c // waits while a chunk is queued behind the one being written
		im.cur = im.newChunk()
	}
	return nil
}

// utcDay is the UTC day of t as the database reads the staged time: rounded to microseconds
// (timestamptz input rounds a tie to the even one; the one tie that crosses midnight, .9999995 s,
// goes up either way), then (at AT TIME ZONE 'UTC')::date.
func utcDay(t time.Time) time.Time {
	return t.Round(time.Microsecond).UTC().Truncate(24 * time.Hour)
}

// isFiatLeg says whether a transfer moves fiat money (USD, EUR...), which the ledger does not store:
// fiat is not a capital asset, the amount paid or received is the crypto leg's fiat value (and a fiat
// fee its FeeFiat), and taxd keeps no cash balance, which would need every bank deposit and
// withdrawal of the account (files rarely hold them all) to be anything but wrong. See
// internal/imports/CSV.md.
func isFiatLeg(tr *imports.Transfer) bool {
	return tr.Asset.Chain == "" && imports.IsFiat(tr.Asset.Symbol)
}

// fiatOnly says whether every transfer of t is a fiat leg (a bank deposit or withdrawal): such a
// transaction would be stored empty, so it is not stored at all.
func fiatOnly(t *imports.Tx) bool {
	for i := range t.Transfers {
		if !isFiatLeg(&t.Transfers[i]) {
			return false
		}
	}
	return len(t.Transfers) > 0
}

// newID is a UUIDv7 like newID's, without a system call for each one's random bits.
func (im *Importer) newID() uuid.UUID { return uuid.Must(uuid.NewV7FromReader(im.rnd)) }

// Abort ends the import without writing anything more (the caller's transaction must roll back:
// earlier chunks may have been written). It returns once the writer has stopped using the
// transaction.
func (im *Importer) Abort() {
	if im.closed {
		return
	}
	im.closed = true
	close(im.chunks)
	<-im.done
}

// Finish writes the last chunk and the import's audit entry. It returns how many transactions were
// added (the others were imported before).
func (im *Importer) Finish() (int, error) {
	if im.closed {
		return 0, errors.New("ledger: Finish after Abort")
	}
	im.closed = true
	if im.cur.staged > 0 {
		im.chunks <- im.cur
	}
	im.cur = nil
	close(im.chunks)
	<-im.done
	if im.werr != nil {
		return 0, im.werr
	}
	if im.added == 0 {
		return 0, nil // a re-import: nothing else to write
	}
	// One audit entry for the whole import (see importAudit).
	if err := im.audit(im.added); err != nil {
		return 0, err
	}
	// The first chunk's ANALYZE (see writeStaged) counted that chunk; the statements that follow
	// the import (its recalculation, a delete) are planned for all of it.
	if err := im.analyzeIfSmall(im.added); err != nil {
		return 0, err
	}
	return im.added, nil
}

// stage copies a chunk's rows into the stage, after emptying it (truncate) or beside the rows of
// the chunks before.
func (im *Importer) stage(c *importChunk, truncate bool) error {
	e := im.e
	if truncate {
		if _, err := e.tx.Exec(e.ctx, `TRUNCATE `+stageTable+`, `+addedTable); err != nil {
			return err
		}
	}
	_, err := e.tx.Conn().PgConn().CopyFrom(e.ctx, io.MultiReader(bytes.NewReader(pgcopy.Header), bytes.NewReader(c.rows), bytes.NewReader(pgcopy.Trailer)),
		"COPY "+stageTable+" ("+strings.Join(stageColumns, ", ")+") FROM STDIN (FORMAT binary)")
	return err
}

// analyzeIfSmall analyzes the transactions when the statistics count fewer rows than the import
// has just added (at least 1000).
func (im *Importer) analyzeIfSmall(added int) error {
	e := im.e
	if added < 1000 {
		return nil
	}
	var reltuples float64
	if err := e.tx.QueryRow(e.ctx, `SELECT reltuples FROM pg_class WHERE oid = 'transactions'::regclass`).Scan(&reltuples); err != nil {
		return err
	}
	if reltuples >= float64(added) {
		return nil
	}
	_, err := e.tx.Exec(e.ctx, `ANALYZE (SKIP_LOCKED) transactions`)
	return err
}

// writeStaged writes the staged rows of c (one chunk, or all of them) into the ledger; first says
// it is the import's first write. It returns how many of its transactions were added (or
// replaced).
func (im *Importer) writeStaged(c *importChunk, first bool) (int, error) {
	e := im.e
	for key, a := range c.newAssets {
		if _, err := e.q.UpsertAsset(e.ctx, db.UpsertAssetParams{
			ID: newID(), ClientID: e.client, Key: key, Symbol: symbolOf(a), Name: prices.AssetName(a),
			Type: "COIN", Chain: nonEmpty(a.Chain), ContractAddress: nonEmpty(a.Contract), Decimals: &a.Decimals,
		}); err != nil {
			return 0, store.Err(err, "asset")
		}
	}
	if first {
		// The joins below hash up to a few million staged rows.
		if _, err := e.tx.Exec(e.ctx, `SET LOCAL work_mem = '64MB'`); err != nil {
			return 0, err
		}
	}
	replaced := 0
	if im.replace {
		n, err := im.replaceKnown()
		if err != nil {
			return 0, err
		}
		replaced = n
	}
	if c.crossOwn {
		if err := im.skipKnownMoves(); err != nil {
			return 0, err
		}
	}
	// 1. The transactions: those the account has already (same external id) are skipped; the ids
	// of the new ones are kept for the next statements. ON CONFLICT is what guarantees it (a
	// concurrent import included), but for a big file an anti-join first is much cheaper: probing
	// the unique index and the heap row by row cost ~5 s of a million-row re-import, hashing the
	// account's external ids ~1.5 s. A sync page probes (the planner would too, most of the time).
	// The anti-join must be a hash (or merge) join: with statistics that say the table is empty
	// (a new database, right after a vacuum) the planner picks a nested loop that scans the
	// transactions once per staged row, and the rows this statement inserts make each scan longer.
	// An account without transactions when the import began has none to skip but those of the
	// import's own earlier chunks and of a concurrent import, which ON CONFLICT skips.
	known := ""
	if !im.fresh && c.staged >= 10_000 {
		known = ` AND NOT EXISTS (SELECT 1 FROM transactions t WHERE t.client_id = $1 AND t.account_id = $2 AND t.external_id = s.external_id)`
		if _, err := e.tx.Exec(e.ctx, `SET LOCAL enable_nestloop = off`); err != nil {
			return 0, err
		}
	}
	tag, err := e.tx.Exec(e.ctx, `
WITH added AS (
    INSERT INTO transactions (id, client_id, account_id, occurred_at, txn_hash, external_id, label, is_failed, source, notes, fiat_value)
    SELECT s.tx_id, $1, $2, s.occurred_at::timestamptz, s.txn_hash, s.external_id, s.label, s.is_failed, $3, s.notes, s.value::numeric
      FROM `+stageTable+` s WHERE s.pos < 0`+known+`
    ON CONFLICT (account_id, external_id, client_id) WHERE external_id IS NOT NULL DO NOTHING
    RETURNING id, occurred_at, deleted_at IS NULL AND NOT is_hidden AS counts, is_failed
)
INSERT INTO `+addedTable+` SELECT id, occurred_at, counts, counts AND NOT is_failed FROM added`, e.client, im.account, im.source)
	if err != nil {
		return 0, store.Err(err, "transaction")
	}
	if known != "" {
		if _, err := e.tx.Exec(e.ctx, `SET LOCAL enable_nestloop = on`); err != nil {
			return 0, err
		}
	}
	added := int(tag.RowsAffected()) + replaced
	// every staged transaction is new, and Add summed their figures (see writeTransferFigures)
	allAdded := im.eachChunk && int(tag.RowsAffected()) == c.staged
	if added == 0 {
		return 0, nil // a re-import: nothing else to write
	}
	// 2. The foreign-key checks of the classifications and the labeling rules' update look each
	// transaction up; with statistics that say the table is (nearly) empty, as on a new database or
	// right after a client was deleted, the planner may pick an index that does not lead with id
	// and every check scans it whole. ANALYZE counts our own uncommitted rows, so the lookups use
	// the primary key. Only a big import into a small table needs it; SKIP_LOCKED because its lock
	// lasts until commit, and concurrent imports must not queue behind one another for it.
	if err := im.analyzeIfSmall(added); err != nil {
		return 0, err
	}
	// 3. Their transfers and dirty marks, set-wise. Their transactions' values were written with
	// them (stagedValue), and the parents and figures the insert triggers would derive from the
	// rows one by one are the importer's to prove and write (writeBulkTransfers): the triggers are
	// told so.
	if err := im.proveParents(c); err != nil {
		return 0, err
	}
	if err := writingValues(e, true); err != nil {
		return 0, err
	}
	if err := writingBulkTransfers(e, true); err != nil {
		return 0, err
	}
	if _, err := e.tx.Exec(e.ctx, `
WITH marks AS (
    -- occurred_at given here spares the marks' and the transfers' fill triggers (their WHEN
    -- clauses skip them): it is the time of the transaction just inserted
    INSERT INTO dirty_marks (client_id, transaction_id, occurred_at)
    SELECT $1, n.id, n.occurred_at FROM `+addedTable+` n
)
INSERT INTO transfers (id, client_id, transaction_id, occurred_at, position, asset_id, quantity, from_account_id, to_account_id,
                       from_address, to_address, fiat_value, original_fiat_value, fee_fiat, is_fee, label, staking_account_identifier)
SELECT s.id, $1, s.tx_id, n.occurred_at, s.pos, a.id, s.quantity::numeric, s.from_account_id, s.to_account_id,
       s.from_address, s.to_address, s.fiat_value::numeric, s.fiat_value::numeric, s.fee_fiat::numeric, s.is_fee, s.label, s.position
  FROM `+stageTable+` s
  JOIN `+addedTable+` n ON n.id = s.tx_id
  JOIN assets a ON a.client_id = $1 AND a.key = s.asset_key
 WHERE s.pos >= 0`, e.client); err != nil {
		return 0, store.Err(err, "transfer")
	}
	if err := im.writeTransferFigures(c, allAdded); err != nil {
		return 0, err
	}
	if err := writingBulkTransfers(e, false); err != nil {
		return 0, err
	}
	if err := writingValues(e, false); err != nil {
		return 0, err
	}
	// The classification of the chain transactions added (internal/classify).
	if _, err := e.tx.Exec(e.ctx, `
INSERT INTO transaction_classifications (transaction_id, client_id, rule, confidence, explanation, digest)
SELECT s.tx_id, $1, s.rule, s.confidence, s.explanation, s.digest
  FROM `+stageTable+` s JOIN `+addedTable+` n ON n.id = s.tx_id
 WHERE s.pos < 0 AND s.rule IS NOT NULL
ON CONFLICT (transaction_id, client_id) DO UPDATE
   SET rule = EXCLUDED.rule, confidence = EXCLUDED.confidence, explanation = EXCLUDED.explanation, digest = EXCLUDED.digest`, e.client); err != nil {
		return 0, store.Err(err, "transaction")
	}
	// 4. Labeling rules (updateTransaction with createDefaultRule): a new unlabeled transaction
	// takes the label of the rule matching its first transfer with one side outside the client
	// (direction and counterparty, as ruleKey), set-wise; skipped when the client has no rule.
	var hasRules bool
	if err := e.tx.QueryRow(e.ctx, `SELECT EXISTS (SELECT 1 FROM label_rules WHERE client_id = $1 AND provider = $2)`,
		e.client, im.provider).Scan(&hasRules); err != nil {
		return 0, err
	}
	if hasRules {
		if _, err := e.tx.Exec(e.ctx, `
UPDATE transactions t SET label = r.label
  FROM (SELECT DISTINCT ON (s.tx_id) s.tx_id,
               CASE WHEN s.from_account_id IS NULL THEN 'in' ELSE 'out' END AS dir,
               lower(CASE WHEN s.from_account_id IS NULL THEN s.from_address ELSE s.to_address END) AS cp
          FROM `+stageTable+` s JOIN `+addedTable+` n ON n.id = s.tx_id
         WHERE s.pos >= 0 AND NOT s.is_fee AND (s.from_account_id IS NULL) <> (s.to_account_id IS NULL)
         ORDER BY s.tx_id, s.pos) f
  JOIN label_rules r ON r.client_id = $1 AND r.provider = $2 AND r.direction = f.dir AND r.counterparty = f.cp
 WHERE t.id = f.tx_id AND t.label IS NULL`, e.client, im.provider); err != nil {
			return 0, err
		}
	}
	return added, nil
}

// replaceKnown turns the staged transactions whose external id the account has into replacements
// of those transactions (see NewReplacer): their label and failed flag are updated, their
// transfers removed, and their ids listed as added, so that the next statements write the staged
// transfers and classifications onto them. The staged rows then carry the existing ids and no
// longer count as new. It returns how many transactions it replaces.
func (im *Importer) replaceKnown() (int, error) {
	e := im.e
	// Their values are the staged transfers' (the transfers they had go, and the results' figures
	// name those): written here, so the triggers of the transfers removed now and written next do
	// not compute them.
	if err := writingValues(e, true); err != nil {
		return 0, err
	}
	tag, err := e.tx.Exec(e.ctx, `
WITH target AS (
    SELECT s.tx_id AS staged, t.id, s.value::numeric AS value FROM `+stageTable+` s
      JOIN transactions t ON t.client_id = $1 AND t.account_id = $2 AND t.external_id = s.external_id AND t.deleted_at IS NULL
     WHERE s.pos < 0
), moved AS (
    UPDATE `+stageTable+` s SET tx_id = target.id FROM target WHERE s.tx_id = target.staged
    RETURNING s.tx_id, s.pos, s.label, s.is_failed
), updated AS (
    UPDATE transactions t SET label = nullif(m.label, ''), is_failed = m.is_failed, fiat_value = g.value, updated_at = now()
      FROM moved m JOIN target g ON g.id = m.tx_id WHERE m.pos < 0 AND t.client_id = $1 AND t.id = m.tx_id
    RETURNING t.id, t.occurred_at, t.deleted_at IS NULL AND NOT t.is_hidden AS counts, t.is_failed
), gone AS (
    DELETE FROM transfers tr USING updated u WHERE tr.client_id = $1 AND tr.transaction_id = u.id
)
INSERT INTO `+addedTable+` SELECT id, occurred_at, counts, counts AND NOT is_failed FROM updated`, e.client, im.account)
	if err != nil {
		return 0, store.Err(err, "transaction")
	}
	if err := writingValues(e, false); err != nil {
		return 0, err
	}
	// Their staged transaction rows stay: the next statement's ON CONFLICT skips them (the
	// external id is taken), and their classification is read from them.
	return int(tag.RowsAffected()), nil
}

// skipKnownMoves drops the staged transactions that another of the client's accounts imported
// already: a move between two own wallets is seen from both, and is one transaction (its transfer
// from one account to the other), not one per account. A staged transaction is that move when it
// names another own account on a transfer and that account has a transaction on the same chain
// (provider) with the same hash at the same instant (the (client, account, time) index finds it).
// If that transaction still shows this account as an outside address (it was imported before this
// account was added), it is linked to this account now.
func (im *Importer) skipKnownMoves() error {
	e := im.e
	_, err := e.tx.Exec(e.ctx, `
WITH dup AS (
    SELECT DISTINCT s.tx_id, t.id AS existing
      FROM `+stageTable+` s
      JOIN `+stageTable+` x ON x.tx_id = s.tx_id AND x.pos >= 0
      JOIN transactions t ON t.client_id = $1
                         AND t.account_id = coalesce(nullif(x.from_account_id, $2), nullif(x.to_account_id, $2))
                         AND t.occurred_at = s.occurred_at::timestamptz AND t.txn_hash = s.txn_hash AND t.deleted_at IS NULL
      JOIN accounts a ON a.id = t.account_id AND a.provider = $3
     WHERE s.pos < 0 AND s.txn_hash IS NOT NULL
), linked AS (
    UPDATE transfers tr
       SET from_account_id = CASE WHEN tr.from_account_id IS NULL AND lower(tr.from_address) = $4 THEN $2 ELSE tr.from_account_id END,
           to_account_id = CASE WHEN tr.to_account_id IS NULL AND lower(tr.to_address) = $4 THEN $2 ELSE tr.to_account_id END
      FROM dup d
     WHERE $4 <> '' AND tr.transaction_id = d.existing
       AND ((tr.from_account_id IS NULL AND lower(tr.from_address) = $4) OR (tr.to_account_id IS NULL AND lower(tr.to_address) = $4))
    RETURNING tr.transaction_id
), marks AS (
    INSERT INTO dirty_marks (client_id, transaction_id) SELECT DISTINCT $1, transaction_id FROM linked
)
DELETE FROM `+stageTable+` s USING dup d WHERE s.tx_id = d.tx_id`, e.client, im.account, im.provider, im.address)
	return err
}

func (im *Importer) side(addr string) (*uuid.UUID, *string) {
	if addr == imports.Self {
		return &im.account, nil
	}
	if addr == "" {
		return nil, nil
	}
	if id, ok := im.own[ownKey{chain: im.provider, address: strings.ToLower(addr)}]; ok {
		return &id, &addr
	}
	return nil, &addr
}

// ownKey is one of the client's addresses on one chain (the account's provider).
type ownKey struct{ chain, address string }

// ownAddresses maps the client's account addresses to their accounts, so that a transfer between
// two of the client's wallets is recorded as an internal move. The key is the chain and the
// address: an EVM address tracked on two chains is two accounts, and a transaction on one chain
// moves the account of that chain, never the other chain's.
func (e *Editor) ownAddresses() (map[ownKey]uuid.UUID, error) {
	accts, err := e.q.ListAccounts(e.ctx, db.ListAccountsParams{ClientID: e.client})
	if err != nil {
		return nil, err
	}
	m := make(map[ownKey]uuid.UUID, len(accts))
	for _, a := range accts {
		if a.Address != nil {
			m[ownKey{chain: a.Provider, address: strings.ToLower(*a.Address)}] = a.ID
		}
	}
	return m, nil
}

// The staging COPY is FORMAT binary (internal/pgcopy); the importer's own fields are the
// nullable ones and text, whose NULs it drops.

func binUUIDPtr(b []byte, id *uuid.UUID) []byte {
	if id == nil {
		return pgcopy.Null(b)
	}
	return pgcopy.UUID(b, *id)
}

// binText writes a text field; Postgres text cannot hold NUL, so NULs are dropped (as the text
// format's encoder did).
func binText(b []byte, s string, emptyIsNull bool) []byte {
	if s == "" && emptyIsNull {
		return pgcopy.Null(b)
	}
	if strings.IndexByte(s, 0) >= 0 {
		s = strings.ReplaceAll(s, "\x00", "")
	}
	return pgcopy.Text(b, s)
}

func binTextPtr(b []byte, s *string) []byte {
	if s == nil {
		return pgcopy.Null(b)
	}
	return binText(b, *s, false)
}

// ledgerLabel maps import labels onto ledger (tax) labels; "transfer" carries no label: whether it
// is an internal move follows from its two sides.
func ledgerLabel(l string) *string {
	if l == imports.LabelTransfer {
		return nil
	}
	return &l
}

func symbolOf(a imports.AssetRef) string {
	if a.Symbol != "" {
		return a.Symbol
	}
	return a.Key()
}

func nonEmpty(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

// importAudit is the new value of an import's audit entry.
type importAudit struct {
	Added  int    `json:"added"`
	Source string `json:"source"`
}

// audit records the import as one audit entry on the account ("account.import", the number of
// transactions added), not one "transaction.create" entry per transaction: at a million rows those
// entries were a fifth of the write (a row, four index entries and two foreign-key checks each).
// Nothing is lost to undo or to the history: an import entry was never undone as a whole (and
// deleting the imported transactions is itself audited and undoable), the "edited after import"
// filters look for entries other than the creation, and each imported transaction still says
// where it came from (source) and when (created_at). The entry is not undoable (CanUndo).
func (im *Importer) audit(added int) error {
	action := "import"
	if im.replace {
		action = "reclassify"
	}
	return im.e.audit(nil, "account", im.account, action, "transactions", nil, importAudit{Added: added, Source: im.source})
}
