package server

import (
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"

	"taxd/internal/config"
	"taxd/internal/mail"
)

// Workers registers every background job's worker.
func Workers(cfg *config.Config, pool *pgxpool.Pool) (*river.Workers, error) {
	w := river.NewWorkers()
	var sender mail.Sender = mail.DirSender{Dir: cfg.MailDir, From: cfg.SMTPFrom}
	if cfg.SMTPAddr != "" {
		sender = mail.SMTPSender{Addr: cfg.SMTPAddr, From: cfg.SMTPFrom, User: cfg.SMTPUser, Password: cfg.SMTPPassword}
	}
	river.AddWorker(w, &mail.Worker{Pool: pool, Sender: sender})
	return w, nil
}
