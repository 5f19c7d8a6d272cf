-- +goose Up
-- A change of a partner credential (revoked, rotated, deleted with its partner) and a login
-- failure recorded for a credential at an address are announced to every taxd process by the
-- transaction that makes them: each process drops what its verified-credential cache holds for
-- them (internal/auth CredentialCache). The notification is sent at the commit, so no process
-- hears of a change that rolled back.
-- +goose StatementBegin
CREATE FUNCTION notify_partner_credentials_changed() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
    PERFORM pg_notify('partner_credentials_changed', '');
    RETURN NULL;
END;
$$;
-- +goose StatementEnd

CREATE TRIGGER partner_credentials_changed
    AFTER UPDATE OR DELETE OR TRUNCATE ON partner_credentials
    FOR EACH STATEMENT EXECUTE FUNCTION notify_partner_credentials_changed();

-- +goose StatementBegin
CREATE FUNCTION notify_login_failure_recorded() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
    PERFORM pg_notify('login_failure_recorded', NEW.key);
    RETURN NULL;
END;
$$;
-- +goose StatementEnd

-- Only a credential's keys ("cred:..."): an address's count never refuses a valid credential.
CREATE TRIGGER login_failure_recorded
    AFTER INSERT OR UPDATE ON login_failures
    FOR EACH ROW WHEN (NEW.key LIKE 'cred:%') EXECUTE FUNCTION notify_login_failure_recorded();

-- +goose Down
DROP TRIGGER login_failure_recorded ON login_failures;
DROP FUNCTION notify_login_failure_recorded();
DROP TRIGGER partner_credentials_changed ON partner_credentials;
DROP FUNCTION notify_partner_credentials_changed();
